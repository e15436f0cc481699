// Computed cells (DiagramCellSource) and the one-label-size rule of the renderer.
//  - An ownership panel stores no cell: what it computes equals what a stored copy holds, and
//    its text extent bounds every label it writes.
//  - Every cell label of a view has one size; when the widest label does not fit, no label is
//    drawn (never only the short ones, which made owned cells look unowned).

#include "layout/linearlayout.h"
#include "render/celltextpainter.h"
#include "render/diagram.h"
#include "render/diagramrenderer.h"
#include "render/exporter.h"
#include "render/ownershipdiagram.h"
#include "render/palette.h"

#include <QPainter>
#include <QTest>

#include <malloc.h>

using namespace Qt::StringLiterals;
using lx::Diagram;
using lx::DiagramRenderer;
using lx::LinearLayout;
using lx::RenderOptions;

namespace {

// Ownership views that exercise every label form: one owner with warp and block lines, two
// owners on two lines, more owners than listed ("×4"), unowned cells, a shared layout.
std::vector<std::pair<QString, Diagram>> ownershipViews()
{
    std::vector<std::pair<QString, Diagram>> views;
    const LinearLayout replicated = *LinearLayout::tryCreate(
        {{"register", {{0, 1}}}, {"lane", {{1, 0}, {2, 0}}}, {"warp", {{2, 1}, {1, 0}}}},
        {{"dim0", 4}, {"dim1", 2}}, false);
    const LinearLayout twoOwners =
        *LinearLayout::tryCreate({{"register", {{1, 0}, {0, 4}}},
                                  {"lane", {{0, 1}, {0, 2}, {2, 0}, {4, 0}, {8, 0}}},
                                  {"warp", {{0, 0}, {16, 0}}},
                                  {"block", {{0, 8}}}},
                                 {{"dim0", 32}, {"dim1", 16}}, false);
    const LinearLayout partial = *LinearLayout::tryCreate(
        {{"register", {{1, 0}, {2, 0}, {4, 0}, {8, 0}}}, {"lane", {{0, 1}, {0, 2}}}},
        {{"dim0", 16}, {"dim1", 8}}, false);
    const LinearLayout shared = *LinearLayout::tryCreate(
        {{"offset", {{0, 1}, {0, 2}, {1, 1}, {2, 0}, {4, 0}}}, {"block", {{0, 0}}}},
        {{"dim0", 8}, {"dim1", 4}}, false);
    for (const auto &[name, layout] : {std::pair{u"replicated"_s, replicated},
                                       {u"two owners, warps, blocks"_s, twoOwners},
                                       {u"partial"_s, partial},
                                       {u"shared"_s, shared}}) {
        for (const auto colorBy : {lx::OwnerColor::Warp, lx::OwnerColor::Lane}) {
            lx::OwnershipDiagramOptions o;
            o.colorBy = colorBy;
            for (const auto label : {lx::OwnerLabel::Owner, lx::OwnerLabel::Register}) {
                o.label = label;
                const auto d = lx::ownershipDiagram(layout, o);
                if (d)
                    views.emplace_back(name, *d);
            }
        }
    }
    return views;
}

// The number of pixels of `rect` in `image` that differ from `color`.
int pixelsOtherThan(const QImage &image, const QRect &rect, QRgb color)
{
    int n = 0;
    for (int y = rect.top(); y <= rect.bottom(); ++y)
        for (int x = rect.left(); x <= rect.right(); ++x)
            n += (image.pixel(x, y) & 0xffffff) != (color & 0xffffff);
    return n;
}

// One panel of 1×3 cells: two short labels and, when `withLong`, a long one in the third cell.
Diagram shortAndLong(bool withLong)
{
    Diagram d;
    d.cellSize = QSizeF(40, 20);
    lx::DiagramPanel &p = d.addPanel(1, 3);
    for (int c = 0; c < 3; ++c)
        p.cell(0, c).fill = qRgb(255, 255, 255);
    p.setText(0, 0, u"T1"_s);
    p.setText(0, 1, u"T2"_s);
    if (withLong)
        p.setText(0, 2, u"T10:R15"_s);
    return d;
}

} // namespace

class TestCellLabels : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void ownershipCellsAreComputed()
    {
        const auto views = ownershipViews();
        QVERIFY(views.size() >= 12);
        for (const auto &[name, d] : views) {
            const lx::DiagramPanel &computed = d.panels.at(0);
            QVERIFY2(computed.isComputed(), qPrintable(name));
            // Writing to a copy stores its cells; they must be the cells the source computes.
            lx::DiagramPanel stored = computed;
            stored.cell(0, 0);
            QVERIFY(!stored.isComputed());
            const auto extent = computed.textExtent();
            for (int r = 0; r < computed.rows(); ++r) {
                for (int c = 0; c < computed.columns(); ++c) {
                    const lx::DiagramCell a = computed.cell(r, c);
                    const lx::DiagramCell b = std::as_const(stored).cell(r, c);
                    QCOMPARE(a.fill, b.fill);
                    QCOMPARE(a.outline, b.outline);
                    QCOMPARE(a.elementId, b.elementId);
                    const QString text = computed.text(r, c);
                    QCOMPARE(stored.text(r, c), text);
                    // The extent bounds every label.
                    const QStringList lines = text.split(u'\n');
                    QVERIFY2(text.isEmpty() || lines.size() <= extent.lines,
                             qPrintable(name + u": "_s + text));
                    for (const QString &line : lines)
                        QVERIFY2(line.size() <= extent.chars, qPrintable(name + u": "_s + text));
                }
            }
            // Stored and computed panels paint the same cells. (Their labels may differ in size:
            // a computed extent is an upper bound from the in-dim sizes, a stored one is exact.)
            Diagram copy = d;
            copy.panels[0] = stored;
            RenderOptions noLabels;
            noLabels.labels = false;
            QCOMPARE(lx::renderImage(copy, noLabels), lx::renderImage(d, noLabels));
            const auto exact = stored.textExtent();
            QVERIFY(exact.lines <= extent.lines && exact.chars <= extent.chars);
        }
    }

    void oneLabelSizePerView()
    {
        // The long label sets the size of the short ones too.
        RenderOptions o;
        const DiagramRenderer alone(shortAndLong(false), o);
        const DiagramRenderer mixed(shortAndLong(true), o);
        QVERIFY(alone.labelPixelSize() > 0);
        QVERIFY(mixed.labelPixelSize() > 0);
        QVERIFY(mixed.labelPixelSize() < alone.labelPixelSize());
        // A second panel with a longer text shrinks the labels of the first.
        Diagram two = shortAndLong(false);
        lx::DiagramPanel &q = two.addPanel(1, 1);
        q.setText(0, 0, u"T10:R15"_s);
        QCOMPARE(DiagramRenderer(two, o).labelPixelSize(), mixed.labelPixelSize());
    }

    void labelsGoAllAtOnce()
    {
        // A scale where "T1" would still be readable but "T10:R15" is not: no label at all, so
        // the cell labelled "T1" looks exactly like an unlabelled cell.
        RenderOptions o;
        o.legend = false;
        o.grid = false;
        double scale = 1.0;
        for (; scale > 0.1; scale -= 0.05) {
            o.scale = scale;
            if (DiagramRenderer(shortAndLong(true), o).labelPixelSize() == 0 &&
                DiagramRenderer(shortAndLong(false), o).labelPixelSize() > 0)
                break;
        }
        QVERIFY2(scale > 0.1, "no scale separates the short and the long label");
        const Diagram withLong = shortAndLong(true);
        const DiagramRenderer r(withLong, o);
        const QImage image = lx::renderImage(withLong, o);
        const QRect first = r.geometry().cellRect(0, 0, 0).adjusted(1, 1, -1, -1);
        QCOMPARE(pixelsOtherThan(image, first, qRgb(255, 255, 255)), 0);
        // Without the long label the short one is drawn at that scale.
        const Diagram onlyShort = shortAndLong(false);
        const QImage drawn = lx::renderImage(onlyShort, o);
        QVERIFY(pixelsOtherThan(drawn, first, qRgb(255, 255, 255)) > 0);
    }

    void zoomedOutOwnershipHidesEveryLabel()
    {
        // Two-digit lanes and registers next to one-digit ones: at any scale either every owned
        // cell has a label or none has.
        const LinearLayout l =
            *LinearLayout::tryCreate({{"register", {{1, 0}, {2, 0}, {4, 0}, {8, 0}}},
                                      {"lane", {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {16, 0}}}},
                                     {{"dim0", 32}, {"dim1", 16}}, true);
        const auto d = lx::ownershipDiagram(l, {});
        QVERIFY(d.hasValue());
        for (const double scale : {1.0, 0.75, 0.5, 0.35, 0.25}) {
            RenderOptions o;
            o.scale = scale;
            o.grid = false;
            o.legend = false;
            const DiagramRenderer r(*d, o);
            const QImage image = lx::renderImage(*d, o);
            int labelled = 0, cells = 0;
            for (int row = 0; row < 32; row += 5) {
                for (int col = 0; col < 16; col += 3) {
                    const QRect cr = r.geometry().cellRect(0, row, col).adjusted(1, 1, -1, -1);
                    if (cr.width() < 2 || cr.height() < 2)
                        continue;
                    ++cells;
                    labelled += pixelsOtherThan(image, cr, d->panels[0].cell(row, col).fill) > 0;
                }
            }
            QVERIFY(cells > 0);
            QVERIFY2(labelled == 0 || labelled == cells,
                     qPrintable(u"scale %1: %2 of %3 cells labelled"_s.arg(scale).arg(labelled).arg(
                         cells)));
            QCOMPARE(labelled == cells, r.labelPixelSize() > 0);
        }
    }

    void shapedLinesAreBounded()
    {
        // Labels at more zoom steps (a font each) than the cache keeps fonts, each step with an
        // eighth of the lines it keeps: lines of all fonts together stay within the bound.
        using lx::CellTextPainter;
        QImage image(64, 64, QImage::Format_ARGB32_Premultiplied);
        QPainter painter(&image);
        const qsizetype perFont = CellTextPainter::kMaxCachedLines / 8;
        const qint64 heapBefore = qint64(mallinfo2().uordblks);
        qsizetype most = 0;
        for (int px = 6; px < 6 + CellTextPainter::kMaxCachedFonts + 8; ++px) {
            QFont font = painter.font();
            font.setPixelSize(px);
            painter.setFont(font);
            CellTextPainter labels(&painter);
            for (qsizetype i = 0; i < perFont; ++i)
                labels.draw(QRect(0, 0, 64, 64), u"T%1 B%2"_s.arg(i).arg(px));
            QVERIFY(CellTextPainter::cachedFonts() <= CellTextPainter::kMaxCachedFonts);
            // The bound holds when a painter starts; one painter's new lines come on top.
            QVERIFY2(CellTextPainter::cachedLines() <= CellTextPainter::kMaxCachedLines + perFont,
                     qPrintable(u"%1 lines kept"_s.arg(CellTextPainter::cachedLines())));
            if (CellTextPainter::cachedLines() > most) {
                most = CellTextPainter::cachedLines();
                qInfo("%lld lines kept: %.0f bytes of heap each", qlonglong(most),
                      double(qint64(mallinfo2().uordblks) - heapBefore) / double(most));
            }
        }
    }
};

QTEST_MAIN(TestCellLabels)
#include "tst_celllabels.moc"
