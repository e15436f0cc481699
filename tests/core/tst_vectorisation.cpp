// One vectorisation rule (analysis/ldslowering.h largestVectorisation, Triton's rule in
// Tools/LayoutUtils.cpp): the bank analysis (analysis/banks.h) and the kernel analysis's plain
// access (analysis/dsloadtr.h plainAccess) pick the same instruction on every case -- a built
// layout, every bank view of every preset and every LDS op of every module in
// tests/data/kernels.

#include "analysis/banks.h"
#include "analysis/dsloadtr.h"
#include "analysis/kernel.h"
#include "analysis/ldslowering.h"
#include "hw/arch.h"
#include "io/scene.h"
#include "io/ttgir.h"
#include "request/analysisinputs.h"
#include "request/viewrequest.h"

#include <QDirIterator>
#include <QFile>
#include <QTest>

using namespace lx;

namespace {

// The instruction the kernel analysis issues for this access: plainAccess over
// reg.invertAndCompose(shared), as analysis/kernel.cpp asks it.
std::string kernelInstruction(const Architecture &arch, const BankAccessRequest &req)
{
    Expected<LinearLayout> cvt = req.reg.invertAndCompose(req.shared.layout);
    if (!cvt)
        return "error: " + cvt.message();
    return plainAccess(arch, *cvt, req.elementBits, req.isWrite, req.shared.padding).instruction;
}

// The instruction the bank analysis chooses by itself (no instruction forced).
std::string bankInstruction(const Architecture &arch, BankAccessRequest req)
{
    req.instruction.clear();
    req.collectElements = false;
    Expected<BankConflictReport> r = analyzeBanks(arch, req);
    return r ? r->instruction.name : "error: " + r.message();
}

// 64 x 64 f16, row-major offsets (dim1 fastest).
LinearLayout rowMajor64()
{
    LinearLayout::BasesT b{{"offset", {}}, {"block", {}}};
    for (int i = 0; i < 6; ++i)
        b[0].second.push_back({0, 1 << i});
    for (int i = 0; i < 6; ++i)
        b[0].second.push_back({1 << i, 0});
    return *LinearLayout::tryCreate(b, {{"dim0", 64}, {"dim1", 64}}, true);
}

// Two registers per lane along dim1, in the order (dim1 2, dim1 1): the vector of four exists
// only once the two registers are swapped.
LinearLayout swappedRegisters()
{
    return *LinearLayout::tryCreate({{"register", {{0, 2}, {0, 1}}},
                                     {"lane", {{0, 4}, {0, 8}, {0, 16}, {0, 32}, {1, 0}, {2, 0}}},
                                     {"warp", {{4, 0}, {8, 0}, {16, 0}, {32, 0}}},
                                     {"block", {}}},
                                    {{"dim0", 64}, {"dim1", 64}}, true);
}

} // namespace

class TestVectorisation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void builtLayouts_data();
    void builtLayouts();
    void bankPresets();
    void kernelModules();
};

// By hand: the registers hold dim1 offsets 2 and 1, so offsets 1, 2 are both register images
// and every lane and warp basis leaves the low two offset bits alone -- a vector of 4 f16
// (64 bits) once register 1 is moved in front of register 0. Unpadded, Triton permutes and
// reads ds_read_b64; padded (an interval caps the vector), Triton permutes nothing, register 0
// is not offset 1, and one f16 per load is left: ds_read_u16.
void TestVectorisation::builtLayouts_data()
{
    QTest::addColumn<bool>("padded");
    QTest::addColumn<QString>("expected");
    QTest::newRow("unpadded: registers permuted") << false << QStringLiteral("ds_read_b64");
    QTest::newRow("padded: registers in order") << true << QStringLiteral("ds_read_u16");
}

void TestVectorisation::builtLayouts()
{
    QFETCH(bool, padded);
    QFETCH(QString, expected);
    Expected<Architecture> arch = loadArchitecture("gfx942");
    QVERIFY(arch);
    BankAccessRequest req;
    req.reg = swappedRegisters();
    req.shared.layout = rowMajor64();
    req.elementBits = 16;
    if (padded)
        req.shared.padding = {{64, 4}};
    QCOMPARE(QString::fromStdString(bankInstruction(*arch, req)), expected);
    QCOMPARE(QString::fromStdString(kernelInstruction(*arch, req)), expected);
}

// Every bank view of every preset that reads or writes through a register layout.
void TestVectorisation::bankPresets()
{
    int compared = 0;
    for (const PresetInfo &p : listPresets()) {
        Expected<Scene> scene = loadPreset(p.name);
        QVERIFY2(scene, p.name.c_str());
        Expected<ViewRequest> base = sceneRequest(*scene);
        if (!base)
            continue; // a preset whose layouts do not resolve (fig5-invalid) has no access
        for (const SceneView &view : scene->views) {
            if (view.kind.rfind("bank-", 0) != 0)
                continue;
            Expected<BankViewInput> in = resolveBankView(withSceneView(*base, view));
            if (!in || !in->access)
                continue; // kPack views and maps without a reader
            const std::string where = p.name + " " + view.kind;
            const std::string bank = bankInstruction(in->arch, *in->access);
            const std::string kernel = kernelInstruction(in->arch, *in->access);
            QVERIFY2(bank == kernel, (where + ": banks " + bank + ", kernel " + kernel).c_str());
            ++compared;
        }
    }
    QVERIFY(compared >= 10);
}

// Every generic LDS op of every module: the kernel analysis ran the bank analysis on the access,
// which chose its instruction by itself, and it chose the lowering's (analysis/kernelcost.cpp
// reports a different choice as a problem of the op and leaves the op's conflicts unset).
void TestVectorisation::kernelModules()
{
    int modules = 0, ops = 0;
    QDirIterator it(QStringLiteral(LX_TEST_DATA_DIR "/kernels"), {QStringLiteral("*.ttgir")},
                    QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const std::string text = f.readAll().toStdString();
        Expected<TtgirModule> module = parseTtgir(text);
        QVERIFY2(module, qPrintable(path));
        Expected<KernelReport> report = analyzeKernel(*module);
        if (!report)
            continue; // a module with no known target
        ++modules;
        for (const KernelOpReport &op : report->ops) {
            if (op.path != "generic")
                continue;
            const std::string where = path.toStdString() + " line " + std::to_string(op.line);
            QVERIFY2(op.problem.find("bank analysis") == std::string::npos,
                     (where + ": " + op.problem).c_str());
            // Every element width the bank model covers was costed, so compared.
            const bool modelled = op.elementBits == 8 || op.elementBits == 16 ||
                                  op.elementBits == 32 || op.elementBits == 64;
            QVERIFY2(op.maxWays > 0 || !modelled,
                     (where + ": not costed: " + op.cyclesNote).c_str());
            ++ops;
        }
    }
    QVERIFY(modules >= 50);
    QVERIFY(ops >= 100);
}

QTEST_GUILESS_MAIN(TestVectorisation)
#include "tst_vectorisation.moc"
