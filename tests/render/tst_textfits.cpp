// No clipped text: in every view of every preset, at its natural size and fitted to a
// 1920x1080 slide, every text the renderer draws fits the room its geometry reserves for it,
// measured with the font the renderer draws it in, and that room lies inside the image. Fitted
// to the slide, no text is smaller than 10 px.

#include "io/scene.h"
#include "render/diagram.h"
#include "render/diagramrenderer.h"
#include "render/diagramstyle.h"
#include "render/figurefit.h"
#include "render/viewregistry.h"

#include "presetrequests.h"

#include <QFontMetrics>
#include <QTest>

using namespace lx;
using namespace lx::diagramstyle;
using namespace Qt::StringLiterals;

namespace {

int advance(const QString &text, int pixelSize, bool bold = false)
{
    const QFontMetrics fm(DiagramRenderer::textFont(pixelSize, bold));
    int w = 0;
    for (const QString &line : text.split(QLatin1Char('\n')))
        w = std::max(w, fm.horizontalAdvance(line));
    return w;
}

// Every text of the figure that does not fit its room, one line each.
QStringList clippedTexts(const Diagram &d, const RenderOptions &options)
{
    const DiagramRenderer r(d, options);
    const DiagramGeometry &g = r.geometry();
    const double s = g.scale();
    const int labelPx = g.textPx(kLabelPx);
    const int headerPx = g.textPx(kHeaderPx);
    const QRect image(QPoint(0, 0), g.size());
    QStringList out;
    auto check = [&](const QString &what, const QString &text, int need, int room,
                     const QRect &where) {
        if (text.isEmpty())
            return;
        if (need > room)
            out << u"%1 '%2': %3 px in %4 px"_s.arg(what, text).arg(need).arg(room);
        if (!image.contains(where))
            out << u"%1 '%2' outside the image"_s.arg(what, text);
    };
    for (size_t i = 0; i < d.panels.size(); ++i) {
        const DiagramPanel &dp = d.panels[i];
        const DiagramGeometry::Panel &pg = g.panels()[i];
        const QString name = u"panel %1"_s.arg(i);
        if (!image.contains(pg.bounds))
            out << name + u" outside the image"_s;
        check(name + u" title"_s, dp.title, advance(dp.title, labelPx, true), pg.title.width(),
              pg.title);
        if (!options.labels)
            continue;
        const QString rowAxis = dp.rowAxisLabel.isEmpty() ? d.rowAxisLabel : dp.rowAxisLabel;
        const QString colAxis =
            dp.columnAxisLabel.isEmpty() ? d.columnAxisLabel : dp.columnAxisLabel;
        if (pg.rowAxis.isValid()) // drawn rotated: its length runs along the rect's height
            check(name + u" row axis"_s, rowAxis, advance(rowAxis, labelPx), pg.rowAxis.height(),
                  pg.rowAxis);
        if (pg.columnAxis.isValid())
            check(name + u" column axis"_s, colAxis, advance(colAxis, labelPx),
                  pg.columnAxis.width(), pg.columnAxis);
        // Row headers end 4 px before the cells and are drawn unclipped: they may use their
        // column's whole width.
        if (pg.rowHeaders.isValid() && headerPx >= DiagramRenderer::kMinTextPixelSize)
            for (const QString &h : dp.rowHeaders)
                check(name + u" row header"_s, h, advance(h, headerPx), pg.rowHeaders.width(),
                      pg.rowHeaders);
    }
    for (size_t i = 0; i < d.tables.size(); ++i) {
        const DiagramTable &t = d.tables[i];
        const DiagramGeometry::Table &tg = g.tables()[i];
        const QString name = u"table '%1'"_s.arg(t.title);
        if (!image.contains(tg.bounds))
            out << name + u" outside the image"_s;
        // A cell's text starts after a 5 px padding and is drawn unclipped: it may run into
        // the right padding, up to the grid line.
        auto row = [&](const QStringList &cells, bool bold) {
            for (qsizetype c = 0; c < cells.size(); ++c) {
                const int room =
                    tg.columnLefts[size_t(c) + 1] - tg.columnLefts[size_t(c)] - px(5 * s) - 1;
                check(name + u" cell"_s, cells[c], advance(cells[c], headerPx, bold), room,
                      tg.bounds);
            }
        };
        row(t.header, true);
        for (const QStringList &cells : t.rows)
            row(cells, false);
    }
    if (options.legend)
        for (size_t i = 0; i < g.legendItems().size(); ++i) {
            const QRect &tr = g.legendItems()[i].text;
            check(u"legend entry"_s, d.legend[i].text, advance(d.legend[i].text, labelPx),
                  image.right() - tr.left(), tr);
        }
    return out;
}

// Every text the renderer draws smaller than `minPx`, one line each: titles, panel titles,
// axis labels, headers, tables, the legend, cell labels, group labels (every font the geometry
// and the renderer size).
QStringList smallTexts(const Diagram &d, const RenderOptions &options, int minPx)
{
    const DiagramRenderer r(d, options);
    const DiagramGeometry &g = r.geometry();
    QStringList out;
    auto need = [&](const QString &what, bool present, int size) {
        if (present && size < minPx)
            out << u"%1: %2 px"_s.arg(what).arg(size);
    };
    bool panelText = false, headers = false;
    for (const DiagramPanel &p : d.panels) {
        panelText = panelText || !p.title.isEmpty() || !p.rowAxisLabel.isEmpty() ||
                    !p.columnAxisLabel.isEmpty();
        headers = headers || !p.rowHeaders.isEmpty() || !p.columnHeaders.isEmpty() ||
                  std::any_of(p.groups.begin(), p.groups.end(),
                              [](const DiagramGroup &grp) { return !grp.label.isEmpty(); });
    }
    need(u"title"_s, !d.title.isEmpty(), g.textPx(kTitlePx));
    need(u"subtitle"_s, !d.subtitle.isEmpty(), g.textPx(kSubtitlePx));
    need(u"panel title or axis"_s, panelText || !d.rowAxisLabel.isEmpty(), g.textPx(kLabelPx));
    need(u"headers"_s, headers && options.labels, g.textPx(kHeaderPx));
    need(u"tables"_s, !d.tables.empty(), g.textPx(kHeaderPx));
    need(u"legend"_s, options.legend && !d.legend.empty(), g.textPx(kLabelPx));
    need(u"annotations"_s, !d.annotations.empty(), g.textPx(kLabelPx));
    need(u"cell labels"_s, r.labelPixelSize() > 0, r.labelPixelSize());
    return out;
}

} // namespace

class TestTextFits : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyPresetView_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<int>("view");
        QTest::addColumn<bool>("fitted");
        for (const PresetInfo &p : listPresets()) {
            QString error;
            const auto requests = test::presetRequests(p.name, &error);
            QVERIFY2(!requests.empty(), qPrintable(error));
            for (size_t v = 0; v < requests.size(); ++v)
                for (bool fitted : {false, true})
                    QTest::addRow("%s view %d%s", p.name.c_str(), int(v), fitted ? " fitted" : "")
                        << QString::fromStdString(p.name) << int(v) << fitted;
        }
    }
    void everyPresetView()
    {
        QFETCH(QString, preset);
        QFETCH(int, view);
        QFETCH(bool, fitted);
        QString error;
        const auto requests = test::presetRequests(preset.toStdString(), &error);
        QVERIFY2(size_t(view) < requests.size(), qPrintable(error));
        Expected<Diagram> d = buildView(requests[size_t(view)]);
        QVERIFY2(d, d ? "" : d.message().c_str());
        QStringList clipped;
        if (fitted) {
            const FittedFigure f = fitDiagram(*d, RenderOptions{}, QSize(1920, 1080));
            QVERIFY(f.fits);
            clipped = clippedTexts(f.diagram, f.options);
            // Readable on a slide: no text under 10 px at 1920 x 1080.
            clipped += smallTexts(f.diagram, f.options, 10);
        } else {
            clipped = clippedTexts(*d, RenderOptions{});
        }
        QVERIFY2(clipped.isEmpty(), qPrintable(clipped.join(u"\n"_s)));
    }
};

QTEST_MAIN(TestTextFits)
#include "tst_textfits.moc"
