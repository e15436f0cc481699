// A fitted figure is the page it was asked for: every preset's figure fitted to a page is a PNG of
// exactly that many pixels, and each format writes exactly that page (SVG width, height and
// viewBox; PDF MediaBox; TikZ paper size), the figure centred on it. The sweep over every preset
// uses a small page so it stays fast under a sanitizer; each format is checked once on a slide.

#include "io/scene.h"
#include "render/diagramrenderer.h"
#include "render/exporter.h"
#include "render/figurefit.h"
#include "render/scenefigure.h"
#include "render/viewregistry.h"

#include "presetrequests.h"

#include <QRegularExpression>
#include <QTest>

using namespace lx;
using namespace Qt::StringLiterals;

namespace {

// The figure `render --preset NAME --fit` draws: the scene's first view, or all its views when
// they are of one kind, titled by the scene.
Expected<Diagram> presetFigure(const std::string &name)
{
    Expected<Scene> scene = loadPreset(name);
    if (!scene)
        return scene.error();
    Expected<ViewRequest> request = sceneRequest(*scene);
    if (!request)
        return request.error();
    const QString title = QString::fromStdString(scene->title.empty() ? scene->name : scene->title);
    if (sceneFigureShowsEveryView(*scene)) {
        std::vector<Diagram> parts;
        for (const ViewRequest &v : sceneViewRequests(*scene, *request)) {
            Expected<Diagram> d = buildView(v);
            if (!d)
                return d.error();
            parts.push_back(std::move(*d));
        }
        return combineDiagrams(parts, title);
    }
    if (!scene->views.empty())
        *request = withSceneView(std::move(*request), scene->views.front());
    request->title = title.toStdString();
    return buildView(*request);
}

// A length attribute of the SVG's root element in px (96 per inch; Qt writes millimetres).
double svgLength(const QByteArray &svg, const char *name)
{
    const QRegularExpression re(u"<svg[^>]*\\s%1=\"([0-9.]+)(mm|px)?\""_s.arg(QLatin1String(name)));
    const QRegularExpressionMatch m = re.match(QString::fromUtf8(svg));
    if (!m.hasMatch())
        return -1;
    const double v = m.captured(1).toDouble();
    return m.captured(2) == u"mm"_s ? v * 96.0 / 25.4 : v;
}

} // namespace

class TestFigurePage : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Every preset on a slide (1920x1080) and on a quarter of one (960x540), where text that
    // does not shrink with the grids takes a larger share. (A 480x270 page cannot hold the
    // three 128x128 panels of nv-tmem-accumulator even at the smallest scale: render says so
    // and names the size it needs.)
    void everyPresetIsThePage_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QSize>("page");
        for (const QSize page : {QSize(1920, 1080), QSize(960, 540)})
            for (const PresetInfo &p : listPresets())
                QTest::addRow("%s %dx%d", p.name.c_str(), page.width(), page.height())
                    << QString::fromStdString(p.name) << page;
    }
    void everyPresetIsThePage()
    {
        QFETCH(QString, preset);
        QFETCH(QSize, page);
        const Expected<Diagram> d = presetFigure(preset.toStdString());
        QVERIFY2(d, d ? "" : d.message().c_str());
        const FittedFigure f = fitDiagram(*d, RenderOptions{}, page);
        QVERIFY(f.fits);
        QCOMPARE(f.options.page, page);
        QString error;
        const QImage image = renderImage(f.diagram, f.options, &error);
        QVERIFY2(!image.isNull(), qPrintable(error));
        QCOMPARE(image.size(), page);
        // The figure fills the page on one side (on a page this small its 10 px text, which
        // does not shrink with the grids, can leave a margin) and is centred on both.
        const DiagramRenderer r(f.diagram, f.options);
        const QSize figure = r.size();
        QVERIFY2(figure.width() >= page.width() * 0.8 || figure.height() >= page.height() * 0.8,
                 qPrintable(u"%1x%2"_s.arg(figure.width()).arg(figure.height())));
        const QPoint at = r.figureOffset();
        QVERIFY(std::abs(2 * at.x() + figure.width() - page.width()) <= 1);
        QVERIFY(std::abs(2 * at.y() + figure.height() - page.height()) <= 1);
        // The vector formats' page is the same size in units (SVG viewBox, PDF MediaBox at
        // 0.75 pt a unit; Qt's PDF writer keeps whole points, so 270 units are 203 pt, not
        // 202.5).
        const QByteArray svg = renderSvg(f.diagram, f.options);
        QVERIFY(
            svg.contains(u"viewBox=\"0 0 %1 %2\""_s.arg(page.width()).arg(page.height()).toUtf8()));
        const QRegularExpressionMatch m =
            QRegularExpression(u"/MediaBox \\[\\s*0 0 ([0-9.]+) ([0-9.]+)\\s*\\]"_s)
                .match(QString::fromLatin1(renderPdf(f.diagram, f.options)));
        QVERIFY(m.hasMatch());
        QVERIFY2(std::abs(m.captured(1).toDouble() - page.width() * 0.75) <= 0.5 &&
                     std::abs(m.captured(2).toDouble() - page.height() * 0.75) <= 0.5,
                 qPrintable(m.captured(0)));
    }

    // A subtitle wraps at word boundaries on the page: its longest line (fig9's note is one
    // line of about 1600 px at scale 1) must not hold the figure at that line's width. Every
    // preset on a 1920x1080 slide is drawn at least at 3/4 of the scale the same figure
    // without a subtitle gets (the wrapped lines take some height, never the width).
    void theSubtitleWrapsRatherThanBoundingTheScale_data()
    {
        QTest::addColumn<QString>("preset");
        for (const PresetInfo &p : listPresets())
            QTest::newRow(p.name.c_str()) << QString::fromStdString(p.name);
    }
    void theSubtitleWrapsRatherThanBoundingTheScale()
    {
        QFETCH(QString, preset);
        const QSize page(1920, 1080);
        const Expected<Diagram> d = presetFigure(preset.toStdString());
        QVERIFY2(d, d ? "" : d.message().c_str());
        if (d->subtitle.isEmpty())
            QSKIP("no subtitle");
        Diagram bare = *d;
        bare.subtitle.clear();
        const FittedFigure with = fitDiagram(*d, RenderOptions{}, page);
        const FittedFigure without = fitDiagram(bare, RenderOptions{}, page);
        QVERIFY(with.fits && without.fits);
        QVERIFY2(with.options.scale >= 0.75 * without.options.scale,
                 qPrintable(u"scale %1 with the subtitle, %2 without"_s.arg(with.options.scale)
                                .arg(without.options.scale)));
    }

    // fig2b's 2048 lane labels cannot be 10 px on a slide: the page itself says they are left
    // out (not only the warning), and is still the slide.
    void leftOutLabelsAreSaidOnThePage()
    {
        const Expected<Diagram> d = presetFigure("fig2b");
        QVERIFY2(d, d ? "" : d.message().c_str());
        const QSize page(1920, 1080);
        const FittedFigure f = fitDiagram(*d, RenderOptions{}, page);
        QVERIFY(f.fits);
        QVERIFY(!f.warnings.isEmpty());
        QVERIFY2(f.diagram.subtitle.contains(u"cell labels are left out"_s),
                 qPrintable(f.diagram.subtitle));
        QCOMPARE(renderImage(f.diagram, f.options).size(), page);
        // A page large enough keeps the labels and says nothing of them.
        const FittedFigure large = fitDiagram(*d, RenderOptions{}, QSize(3840, 2160));
        QVERIFY(!large.diagram.subtitle.contains(u"left out"_s));
    }

    void everyFormatIsThePage_data()
    {
        QTest::addColumn<QSize>("page");
        QTest::newRow("slide") << QSize(1920, 1080);
        QTest::newRow("portrait") << QSize(600, 900);
    }
    void everyFormatIsThePage()
    {
        QFETCH(QSize, page);
        const Expected<Diagram> d = presetFigure("fig9");
        QVERIFY2(d, d ? "" : d.message().c_str());
        const FittedFigure f = fitDiagram(*d, RenderOptions{}, page);
        QVERIFY(f.fits);
        QVERIFY(f.size != page); // else centring on the page shows nothing

        QCOMPARE(renderImage(f.diagram, f.options).size(), page);

        const QByteArray svg = renderSvg(f.diagram, f.options);
        QVERIFY(
            svg.contains(u"viewBox=\"0 0 %1 %2\""_s.arg(page.width()).arg(page.height()).toUtf8()));
        QVERIFY(std::abs(svgLength(svg, "width") - page.width()) < 0.5);
        QVERIFY(std::abs(svgLength(svg, "height") - page.height()) < 0.5);

        // 1 unit = 0.75 pt.
        const QByteArray pdf = renderPdf(f.diagram, f.options);
        const QRegularExpression box(u"/MediaBox \\[\\s*0 0 ([0-9.]+) ([0-9.]+)\\s*\\]"_s);
        const QRegularExpressionMatch m = box.match(QString::fromLatin1(pdf));
        QVERIFY(m.hasMatch());
        QVERIFY(std::abs(m.captured(1).toDouble() - page.width() * 0.75) < 0.01);
        QVERIFY(std::abs(m.captured(2).toDouble() - page.height() * 0.75) < 0.01);

        const QByteArray tex = renderTikz(f.diagram, f.options);
        QVERIFY(tex.contains(u"\\setlength{\\paperwidth}{%1bp}\\setlength{\\paperheight}{%2bp}"_s
                                 .arg(page.width() * 0.75)
                                 .arg(page.height() * 0.75)
                                 .toUtf8()));
    }

    // A scene that compares views of one kind ("before and after") draws every one of them.
    void aComparisonDrawsEverySide()
    {
        Expected<Scene> scene = loadPreset("lds-r1");
        QVERIFY(bool(scene));
        QVERIFY(sceneFigureShowsEveryView(*scene));
        const Expected<Diagram> both = presetFigure("lds-r1");
        QVERIFY2(both, both ? "" : both.message().c_str());
        Expected<ViewRequest> base = sceneRequest(*scene);
        QVERIFY(bool(base));
        size_t panels = 0, tables = 0;
        for (const ViewRequest &v : sceneViewRequests(*scene, *base)) {
            const Expected<Diagram> one = buildView(v);
            QVERIFY(bool(one));
            panels += one->panels.size();
            tables += one->tables.size();
        }
        QCOMPARE(both->panels.size(), panels);
        QCOMPARE(both->tables.size(), tables);
        QVERIFY(panels + tables >= 2);
        // A scene of several kinds is still its first view.
        Expected<Scene> mixed = loadPreset("lds-a1");
        QVERIFY(bool(mixed));
        QVERIFY(!sceneFigureShowsEveryView(*mixed));
    }

    // A scene drawn as all its views gives each panel a title of its own, computed from the
    // view's parameters: nv-tmem-accumulator draws its layout "tmem" twice, by warp and by
    // register, and two panels both titled "Ownership of tmem" said neither. (The bank tables of
    // lds-r1, lds-t2 and store-transposed still share titles such as "ds_write_b32 per
    // instruction of wave 0": the tables are not checked here.)
    void everyPartOfASceneFigureHasItsOwnTitle()
    {
        int scenes = 0;
        for (const PresetInfo &p : listPresets()) {
            Expected<Scene> scene = loadPreset(p.name);
            QVERIFY2(bool(scene), p.name.c_str());
            if (!sceneFigureShowsEveryView(*scene))
                continue;
            const Expected<Diagram> d = presetFigure(p.name);
            QVERIFY2(d, d ? "" : d.message().c_str());
            QStringList titles;
            for (const DiagramPanel &panel : d->panels)
                titles << panel.title;
            titles.removeAll(QString());
            for (const QString &t : titles)
                QVERIFY2(titles.count(t) == 1,
                         qPrintable(u"%1: \"%2\" titles %3 parts"_s.arg(
                             QString::fromStdString(p.name), t, QString::number(titles.count(t)))));
            ++scenes;
        }
        QVERIFY(scenes >= 5);
        const Expected<Diagram> tmem = presetFigure("nv-tmem-accumulator");
        QVERIFY2(tmem, tmem ? "" : tmem.message().c_str());
        QCOMPARE(tmem->panels.size(), size_t(3));
        QCOMPARE(tmem->panels[0].title, u"Ownership of tmem, by warp"_s);
        QCOMPARE(tmem->panels[1].title, u"Ownership of tmem, by register"_s);
    }

    // The page is filled with the figure's background, the figure in its middle.
    void thePageAroundTheFigureIsBackground()
    {
        Diagram d;
        DiagramPanel &p = d.addPanel(2, 2);
        p.cell(0, 0).fill = qRgb(200, 0, 0);
        RenderOptions o;
        o.page = QSize(400, 100);
        const QImage image = renderImage(d, o);
        QCOMPARE(image.size(), o.page);
        QCOMPARE(image.pixel(0, 0), qRgb(255, 255, 255));
        QCOMPARE(image.pixel(399, 99), qRgb(255, 255, 255));
        const DiagramRenderer r(d, o);
        const QPoint cell = r.figureOffset() + r.geometry().cellRect(0, 0, 0).center();
        QCOMPARE(image.pixel(cell), qRgb(200, 0, 0));
        QVERIFY(r.figureOffset().x() > 100);
    }
};

QTEST_MAIN(TestFigurePage)
#include "tst_figurepage.moc"
