// The NVIDIA views (render/nvidiadiagram.h) draw what their analyses say: the ldmatrix panels
// of nv-ldmatrix-x4-trans read as the PTX ISA's .trans fragment (thread t holds column t / 4 of
// rows 2 (t mod 4) and 2 (t mod 4) + 1; lane r gives row r's address), the swizzle atom of the
// 128-byte swizzle j XOR r, and an access that stays plain says why each matrix form was refused.

#include "render/nvidiadiagram.h"
#include "render/viewregistry.h"

#include "presetrequests.h"

#include <QTest>

using namespace lx;
using namespace Qt::StringLiterals;

namespace {

Diagram viewOf(const std::string &preset, int view)
{
    QString error;
    const std::vector<ViewRequest> r = test::presetRequests(preset, &error);
    if (size_t(view) >= r.size())
        qFatal("%s", qPrintable(error));
    Expected<Diagram> d = buildView(r[size_t(view)]);
    if (!d)
        qFatal("%s", d.message().c_str());
    return *d;
}

} // namespace

class TestNvidiaDiagram : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void transposedPanelsAreThePtxFragment();
    void atomIsTheXorTable();
    void conflictingPhasesAreOutlined();
    void plainAccessSaysWhy();
};

void TestNvidiaDiagram::transposedPanelsAreThePtxFragment()
{
    const Diagram d = viewOf("nv-ldmatrix-x4-trans", 0);
    // One instruction drawn (the preset's count): four matrices of 8 rows x 8 f16.
    QCOMPARE(d.panels.size(), size_t(4));
    for (size_t m = 0; m < 4; ++m) {
        const DiagramPanel &p = d.panels[m];
        QCOMPARE(p.rows(), 8);
        QCOMPARE(p.columns(), 8);
        for (int r = 0; r < 8; ++r) {
            QVERIFY2(p.rowHeaders[r].startsWith(u"T%1 @ "_s.arg(8 * int(m) + r)),
                     qPrintable(p.rowHeaders[r]));
            for (int c = 0; c < 8; ++c) {
                // Memory row r, element c: thread 4c + r / 2; the register of a matrix pair
                // alternates with the row.
                const QString text = p.text(r, c);
                QVERIFY2(text.startsWith(u"T%1:R"_s.arg(4 * c + r / 2)), qPrintable(text));
                QCOMPARE(p.text(r ^ 1, c).section(u':', 0, 0), text.section(u':', 0, 0));
                QVERIFY(p.text(r ^ 1, c) != text);
            }
        }
    }
}

void TestNvidiaDiagram::atomIsTheXorTable()
{
    const Diagram d = viewOf("nv-hopper-gemm-128b", 2);
    QCOMPARE(d.panels.size(), size_t(1));
    const DiagramPanel &p = d.panels[0];
    QCOMPARE(p.rows(), 8);
    QCOMPARE(p.columns(), 8);
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 8; ++c)
            QCOMPARE(p.text(r, c), QString::number(c ^ r));
    QVERIFY(d.subtitle.contains(u"Sw<3,4,3>"_s));
}

// maxPhase 4: every phase 2-way, each panel outlined; the 128-byte swizzle: none.
void TestNvidiaDiagram::conflictingPhasesAreOutlined()
{
    const Diagram half = viewOf("nv-swizzle-conflicts", 1);
    const Diagram full = viewOf("nv-swizzle-conflicts", 3);
    QCOMPARE(half.panels.size(), size_t(4));
    for (const DiagramPanel &p : half.panels) {
        QCOMPARE(p.groups.size(), size_t(1));
        QVERIFY(p.title.endsWith(u"2-way"_s));
    }
    for (const DiagramPanel &p : full.panels) {
        QVERIFY(p.groups.empty());
        QVERIFY(p.title.endsWith(u"1-way"_s));
    }
}

// An f32 accumulator of MMA v3 stored to a 128-byte swizzle: a thread's two f32 of a row are
// offsets 1 apart but lanes 0, 1 step by 2, not 1: no stmatrix, no .trans (16-bit only).
void TestNvidiaDiagram::plainAccessSaysWhy()
{
    ViewRequest r;
    r.kind = "ldmatrix-panels";
    r.arch = "sm90";
    Scene scene;
    SceneLayout acc;
    acc.name = "acc";
    acc.text = "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], "
               "instrShape = [16, 64, 16]}>";
    acc.shape = {64, 64};
    acc.dtype = "f32";
    SceneLayout s;
    s.name = "S";
    s.text = "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
             "elementBitWidth = 32}>";
    s.shape = {64, 64};
    s.dtype = "f32";
    for (const SceneLayout &l : {acc, s}) {
        Expected<ResolvedLayout> rl = resolveLayout(l);
        QVERIFY2(rl.hasValue(), rl ? "" : rl.message().c_str());
        r.layouts.push_back(*rl);
    }
    r.options = {{"reg", "acc"}, {"shared", "S"}, {"write", true}};
    Expected<Diagram> d = buildView(r);
    QVERIFY2(d.hasValue(), d ? "" : d.message().c_str());
    QVERIFY(d->panels.empty());
    QCOMPARE(d->tables.size(), size_t(1));
    const DiagramTable &t = d->tables[0];
    QCOMPARE(t.rows.size(), size_t(3));
    QCOMPARE(t.rows[0][0], u"stmatrix"_s);
    QVERIFY2(t.rows[0][2].contains(u"lane basis 0"_s), qPrintable(t.rows[0][2]));
    QVERIFY2(t.rows[1][2].contains(u"16-bit"_s), qPrintable(t.rows[1][2]));
    QVERIFY(t.rows[2][0].startsWith(u"st.shared"_s));
}

QTEST_MAIN(TestNvidiaDiagram)
#include "tst_nvidiadiagram.moc"
