// The allocator view (Figure 12) draws every stage-1 step, numbered as the analysis numbers
// them: a step that neither placed a buffer nor reopened its slot is shown, not skipped; every
// chart draws the architecture's LDS capacity; and buffers next to each other in LDS (fig12's
// 8 KiB pieces, a few pixels on a 320 KiB axis) are drawn apart, each tall enough for its name.

#include "hw/arch.h"
#include "presetrequests.h"
#include "render/allocatorscale.h"
#include "render/diagram.h"
#include "render/viewregistry.h"

#include <QRectF>
#include <QRegularExpression>
#include <QTest>

using namespace lx;
using namespace Qt::StringLiterals;

class TestAllocatorSteps : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyStepIsDrawnInOrder()
    {
        QString error;
        const std::vector<ViewRequest> reqs = lx::test::presetRequests("fig12", &error);
        QVERIFY2(!reqs.empty(), qPrintable(error));
        Expected<Diagram> d = buildView(reqs.front());
        QVERIFY2(bool(d), d ? "" : d.message().c_str());
        int steps = -1;
        for (const DiagramFigure &f : d->figures)
            if (f.key == u"stage1Steps"_s && f.number)
                steps = int(*f.number);
        QVERIFY(steps > 0);
        QList<int> drawn;
        const QRegularExpression re(uR"(stage 1, step (\d+))"_s);
        bool dropped = false;
        for (const DiagramAnnotation &a : d->annotations) {
            const QRegularExpressionMatch m = re.match(a.text);
            if (m.hasMatch())
                drawn << m.captured(1).toInt();
            dropped = dropped || a.text.contains(u"dropped"_s);
        }
        QList<int> expected;
        for (int i = 0; i < steps; ++i)
            expected << i;
        QCOMPARE(drawn, expected);
        // fig12 has a step that placed nothing (step 1): it says so.
        QVERIFY(dropped);
    }

    void capacityIsDrawn()
    {
        QString error;
        const std::vector<ViewRequest> reqs = lx::test::presetRequests("fig12", &error);
        QVERIFY2(!reqs.empty(), qPrintable(error));
        Expected<Diagram> d = buildView(reqs.front());
        QVERIFY2(bool(d), d ? "" : d.message().c_str());
        Expected<CuModel> cu = cuModelOf(reqs.front().arch);
        QVERIFY(bool(cu));
        // One capacity line per chart (every stage-1 step and the final placement), labelled with
        // the architecture's capacity.
        const QString label = u"capacity %1 KiB"_s.arg(cu->ldsBytes / 1024);
        int lines = 0, charts = 0;
        for (const DiagramAnnotation &a : d->annotations) {
            lines += a.kind == DiagramAnnotation::Line && a.text == label ? 1 : 0;
            charts += a.text.startsWith(u"stage 1, step"_s) || a.text.startsWith(u"final"_s);
        }
        QVERIFY(charts > 0);
        QCOMPARE(lines, charts);
    }

    // The axis: to scale while every buffer is tall enough; a small buffer stretched to the
    // least height, the free space above paying for it, the total height and the order kept.
    void offsetScale()
    {
        const OffsetScale linear({{0, 512}, {512, 1024}}, 1024, 100, 10);
        QVERIFY(!linear.isStretched());
        QCOMPARE(linear.at(0), 0.0);
        QCOMPARE(linear.at(256), 25.0);
        QCOMPARE(linear.at(1024), 100.0);
        // 16 bytes of 1024 would be 1.5625 units: drawn 10, the free stretch [32, 1024) shorter.
        const OffsetScale s({{0, 16}, {16, 32}}, 1024, 100, 10);
        QVERIFY(s.isStretched());
        QCOMPARE(s.at(16), 10.0);
        QCOMPARE(s.at(32), 20.0);
        QCOMPARE(s.at(1024), 100.0);
        QCOMPARE(s.at(4096), 100.0); // clamped
        double last = -1;
        for (int64_t o = 0; o <= 1024; o += 8) {
            QVERIFY(s.at(o) >= last);
            last = s.at(o);
        }
        // A big buffer over a small one keeps its own scale outside the small one's bytes.
        const OffsetScale over({{0, 512}, {0, 8}}, 1024, 100, 10);
        QCOMPARE(over.at(8), 10.0);
        QVERIFY(over.at(512) - over.at(8) > 49.0 * (512.0 - 8.0) / 512.0 - 1e-9);
    }

    void buffersNeverTouch_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::newRow("fig12") << u"fig12"_s;
        QTest::newRow("allocator-stage2") << u"allocator-stage2"_s;
    }

    void buffersNeverTouch()
    {
        QFETCH(QString, preset);
        QString error;
        const std::vector<ViewRequest> reqs =
            lx::test::presetRequests(preset.toStdString(), &error);
        QVERIFY2(!reqs.empty(), qPrintable(error));
        Expected<Diagram> d = buildView(reqs.front());
        QVERIFY2(bool(d), d ? "" : d.message().c_str());
        // The charts are the boxes without a name; a buffer is a named box inside one.
        std::vector<QRectF> charts;
        std::vector<std::pair<QString, QRectF>> buffers;
        for (const DiagramAnnotation &a : d->annotations) {
            if (a.kind != DiagramAnnotation::Box)
                continue;
            const QRectF r = QRectF(a.from.pos, a.to.pos).normalized();
            if (a.text.isEmpty())
                charts.push_back(r);
            else
                buffers.emplace_back(a.text, r);
        }
        QVERIFY(!charts.empty());
        // The final placement (the last chart): buffers live together never share bytes there, so
        // boxes that touch misdraw neighbours. (A stage-1 chart of allocator-stage2 does draw two
        // buffers on the same bytes: the overlap stage 2 then removes.)
        int pairs = 0;
        for (const QRectF &chart : {charts.back()}) {
            std::vector<std::pair<QString, QRectF>> in;
            for (const auto &b : buffers)
                if (chart.contains(b.second.center()))
                    in.push_back(b);
            for (size_t i = 0; i < in.size(); ++i) {
                // Tall enough for a line of its name.
                QVERIFY2(
                    in[i].second.height() >= 10.0,
                    qPrintable(u"%1 is %2 px tall"_s.arg(in[i].first).arg(in[i].second.height())));
                for (size_t j = i + 1; j < in.size(); ++j) {
                    const QRectF &a = in[i].second, &b = in[j].second;
                    if (a.right() <= b.left() || b.right() <= a.left())
                        continue; // never live together: side by side in time
                    ++pairs;
                    const double gap = std::max(a.top() - b.bottom(), b.top() - a.bottom());
                    QVERIFY2(gap >= 1.0, qPrintable(u"%1 and %2 %3 (gap %4 px)"_s
                                                        .arg(in[i].first, in[j].first,
                                                             gap < 0 ? u"overlap"_s : u"touch"_s)
                                                        .arg(gap)));
                }
            }
        }
        QVERIFY(pairs > 0);
    }
};

QTEST_MAIN(TestAllocatorSteps)
#include "tst_allocatorsteps.moc"
