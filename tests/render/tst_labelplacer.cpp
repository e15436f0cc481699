// LabelPlacer: a label takes the first free place it offers; no two labels overlap; a line never
// crosses a label; a caption goes beside its line; every preset's figure keeps the rule.

#include "render/labelplacer.h"

#include "render/annotationlabels.h"
#include "render/figurefit.h"
#include "render/viewregistry.h"

#include "presetrequests.h"

#include <QFontMetricsF>
#include <QGuiApplication>
#include <QTest>

using namespace lx;

namespace {

// Where the labels of `d`'s annotations are drawn at `options` break the rule: two labels that
// overlap, a box's name crossed by a stroke drawn after its box (on top of it) or under a later
// filled box, a label over a text annotation. Empty when none does.
QString labelClashes(const Diagram &d, const RenderOptions &options)
{
    const DiagramGeometry g = DiagramGeometry::compute(d, options);
    const std::vector<AnnotationLabel> labels = placeAnnotationLabels(d, g, options);
    const std::vector<AnnotationStroke> strokes = annotationStrokes(d, g);
    const QFont font = DiagramRenderer::textFont(g.textPx(diagramstyle::kLabelPx));
    auto name = [&](const AnnotationLabel &l) {
        return QStringLiteral("'%1'").arg(d.annotations[l.annotation].text);
    };
    for (size_t i = 0; i < labels.size(); ++i) {
        const AnnotationLabel &l = labels[i];
        for (size_t j = i + 1; j < labels.size(); ++j)
            if (l.rect.intersects(labels[j].rect))
                return name(l) + QStringLiteral(" overlaps ") + name(labels[j]);
        for (const DiagramAnnotation &t : d.annotations)
            if (t.kind == DiagramAnnotation::Text && !t.text.isEmpty()) {
                const QRectF box =
                    QFontMetricsF(font)
                        .boundingRect(QRectF(0, 0, 1e6, 1e6), Qt::AlignLeft | Qt::AlignTop, t.text)
                        .translated(g.map(t.from));
                if (box.intersects(l.rect))
                    return name(l) + QStringLiteral(" overlaps the text '%1'").arg(t.text);
            }
        if (d.annotations[l.annotation].kind != DiagramAnnotation::Box)
            continue;
        for (const AnnotationStroke &s : strokes)
            if (s.annotation > l.annotation &&
                segmentMeetsRect(
                    s.line, l.rect.adjusted(-s.width / 2, -s.width / 2, s.width / 2, s.width / 2)))
                return name(l) + QStringLiteral(" is crossed by the stroke of '%1' drawn over it")
                                     .arg(d.annotations[s.annotation].text);
        for (size_t j = l.annotation + 1; j < d.annotations.size(); ++j) {
            const DiagramAnnotation &b = d.annotations[j];
            if (b.kind == DiagramAnnotation::Box && qAlpha(b.fill) &&
                QRectF(g.map(b.from), g.map(b.to)).normalized().intersects(l.rect))
                return name(l) + QStringLiteral(" is under the box '%1'").arg(b.text);
        }
    }
    return {};
}

} // namespace

class TestLabelPlacer : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void segmentMeetsRect_data()
    {
        QTest::addColumn<QLineF>("line");
        QTest::addColumn<bool>("meets");
        // The rectangle is (10, 10) to (20, 20).
        QTest::newRow("through") << QLineF(0, 15, 30, 15) << true;
        QTest::newRow("inside") << QLineF(12, 12, 18, 18) << true;
        QTest::newRow("one end inside") << QLineF(15, 15, 40, 40) << true;
        QTest::newRow("diagonal short of the corner") << QLineF(0, 15, 15, 0) << false;
        QTest::newRow("diagonal through the corner region") << QLineF(0, 20, 20, 0) << true;
        QTest::newRow("parallel above") << QLineF(0, 5, 30, 5) << false;
        QTest::newRow("vertical beside") << QLineF(25, 0, 25, 30) << false;
        QTest::newRow("stops short") << QLineF(0, 15, 9, 15) << false;
    }
    void segmentMeetsRect()
    {
        QFETCH(QLineF, line);
        QFETCH(bool, meets);
        QCOMPARE(lx::segmentMeetsRect(line, QRectF(10, 10, 10, 10)), meets);
    }

    void labelsNeverOverlap()
    {
        LabelPlacer placer;
        const QRectF a(0, 0, 50, 10);
        QVERIFY(placer.place({a}) == a);
        // The same place is taken: the second offers it first, gets its second choice.
        const QRectF b(0, 20, 50, 10);
        QVERIFY(placer.place({a, b}) == b);
        // Nothing free: not placed.
        QVERIFY(!placer.place({a.translated(10, 0), b.translated(0, 5)}));
    }

    void fixedTextIsAvoided()
    {
        LabelPlacer placer;
        placer.addFixed(QRectF(0, 0, 100, 20));
        QVERIFY(!placer.isFree(QRectF(90, 10, 30, 10)));
        QVERIFY(placer.isFree(QRectF(101, 10, 30, 10)));
    }

    void linesAreAvoidedUnlessAllowed()
    {
        LabelPlacer placer;
        placer.addLine(QLineF(50, 0, 50, 100), 2);
        const QRectF across(40, 40, 20, 10);
        QVERIFY(!placer.isFree(across));
        QVERIFY(placer.isFree(across, false));
        QVERIFY(placer.isFree(QRectF(52, 40, 20, 10)));
        placer.addOutline(QRectF(100, 100, 50, 50));
        QVERIFY(!placer.isFree(QRectF(140, 120, 20, 10)));
        QVERIFY(placer.isFree(QRectF(110, 120, 20, 10))); // inside the outline, off its edges
    }

    // The caption of a vertical arrow goes to its right (then left), never across it; of a
    // horizontal line, above it (then below).
    void captionsGoBesideTheirLine()
    {
        const QSizeF size(40, 10);
        const auto vertical = LabelPlacer::besideLine(QPointF(100, 0), QPointF(100, 200), size, 3);
        QCOMPARE(vertical.front(), QRectF(103, 95, 40, 10));
        QCOMPARE(vertical.at(1), QRectF(57, 95, 40, 10));
        const auto flat = LabelPlacer::besideLine(QPointF(0, 50), QPointF(200, 50), size, 3);
        QCOMPARE(flat.front(), QRectF(80, 37, 40, 10));
        QCOMPARE(flat.at(1), QRectF(80, 53, 40, 10));
        LabelPlacer placer;
        placer.addLine(QLineF(100, 0, 100, 200), 2);
        for (const QRectF &r : vertical)
            QVERIFY(placer.isFree(r));
    }

    // Every preset's annotated views, at their own size and fitted to a slide: no label of a box,
    // arrow or line overlaps another label or a text, and no box's name is crossed by what is
    // drawn over its box (fig12's thin buffers, whose step line and neighbours are drawn after).
    void everyPresetKeepsTheRule()
    {
        int annotated = 0;
        for (const PresetInfo &info : listPresets()) {
            QString error;
            const std::vector<ViewRequest> requests = test::presetRequests(info.name, &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            for (const ViewRequest &r : requests) {
                const Expected<Diagram> d = buildView(r);
                if (!d || d->annotations.empty())
                    continue;
                ++annotated;
                const QString where = QString::fromStdString(info.name + " " + r.kind);
                const QString own = labelClashes(*d, RenderOptions{});
                QVERIFY2(own.isEmpty(), qPrintable(where + QStringLiteral(": ") + own));
                const FittedFigure f = fitDiagram(*d, RenderOptions{}, QSize(1920, 1080));
                const QString fitted = labelClashes(f.diagram, f.options);
                QVERIFY2(fitted.isEmpty(),
                         qPrintable(where + QStringLiteral(" at 1920x1080: ") + fitted));
            }
        }
        QVERIFY(annotated >= 5); // the allocator, LDS and datapath figures at least
    }
};

QTEST_MAIN(TestLabelPlacer)
#include "tst_labelplacer.moc"
