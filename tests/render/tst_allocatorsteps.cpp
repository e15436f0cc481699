// The allocator view (Figure 12) draws every stage-1 step, numbered as the analysis numbers
// them: a step that neither placed a buffer nor reopened its slot is shown, not skipped; and
// every chart draws the architecture's LDS capacity.

#include "hw/arch.h"
#include "presetrequests.h"
#include "render/diagram.h"
#include "render/viewregistry.h"

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
};

QTEST_MAIN(TestAllocatorSteps)
#include "tst_allocatorsteps.moc"
