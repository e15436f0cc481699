// Per-op analysis of real modules (analysis/kernel.h) against what the compiler emitted.
//
// tests/data/kernels holds modules Triton 3.6 compiled for gfx942, gfx950 and gfx1250 and, in
// kernels.json, the LDS instructions left in the final AMDGCN of each (static counts). For every
// module:
//  - the set of transposed-load kinds predicted over its local_loads equals the compiler's;
//  - the reads (local_load) AND the writes (local_store, local_alloc with a source) predicted per
//    op, summed per instruction, match the compiler's counts as
//        compiler = straight-line + u x in-loop
//    where the straight-line / in-loop split is the module's loop structure (an op inside an
//    scf.for / scf.while is in the loop) and the pipeline stages are already in the module: the
//    pipeliner wrote the prologue (the `amd.pipeliner_part = "prologue"` loads, whose stores sit
//    before the loop) and the epilogue as straight-line ops, checked here: a loop that stores
//    a stage has (stages - 1) copies of each of its stores before it, stages read off the module.
//    u is not a free parameter fitted per instruction: it is the number of copies of the loop body
//    LLVM emits, one number for the whole kernel, derived once from the module's in-loop LDS
//    instructions and the compiler's totals over all kinds (u = (total - straight) / in-loop),
//    then required of every read and every write kind separately. The module does not say how
//    LLVM unrolls; the test prints u and fails unless it is whole and the same for every kind.
//    (The 64x64x32 matmuls come out of LLVM with their loop body twice, u = 2; all others u = 1.)
//  - A merged dual-address read or write (ds_read2_b64, ds_read2st64_b64, ds_load_2addr_b64,
//    ds_load_2addr_stride64_b64, ds_write2_*, ds_store_2addr_*) counts as two single ones; a
//    *_d16_hi store (the high half of a packed register) as the plain store of its width.
// Counts are the distinct ones (dsloadtr.h InstructionCount), as the assembly keeps them.
// The agreement is printed per kernel.
//
// The criterion is the product's one function (analysis/compilercheck.h compareWithCompiler, which
// `analyze kernel` and the Kernel dock show beside a kernel's own assembly); this test gives it
// the compiler's counts from kernels.json and requires agreement. tst_tritoncache checks that the
// function does mark a disagreement (a count off by one, a transposed load missing).

#include "analysis/compilercheck.h"
#include "analysis/kernel.h"
#include "io/ttgir.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

#include <map>

using namespace lx;
using json = nlohmann::json;

namespace {

std::string readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll().toStdString();
}

const QString kDir = QStringLiteral(LX_TEST_DATA_DIR "/kernels/");

std::string format(const std::map<std::string, int64_t> &m)
{
    std::string s;
    for (const auto &[k, v] : m)
        s += (s.empty() ? "" : ", ") + k + " " + std::to_string(v);
    return "{" + s + "}";
}

} // namespace

class TestKernel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void compilerAgreement_data();
    void compilerAgreement();
};

void TestKernel::compilerAgreement_data()
{
    QTest::addColumn<QString>("name");
    const json doc = json::parse(readFile(kDir + QStringLiteral("kernels.json")), nullptr, false);
    QVERIFY(doc.is_object());
    for (const json &k : doc.at("kernels")) {
        const std::string name = k.at("name");
        QTest::newRow(name.c_str()) << QString::fromStdString(name);
    }
}

void TestKernel::compilerAgreement()
{
    QFETCH(QString, name);
    const json doc = json::parse(readFile(kDir + QStringLiteral("kernels.json")));
    json expected;
    for (const json &k : doc.at("kernels"))
        if (k.at("name") == name.toStdString())
            expected = k;
    QVERIFY(expected.is_object());

    Expected<TtgirModule> module = parseTtgir(readFile(kDir + name + QStringLiteral(".ttgir")));
    QVERIFY2(module.hasValue(), module ? "" : module.message().c_str());
    QCOMPARE(module->arch, expected.at("arch").get<std::string>());
    Expected<KernelReport> report = analyzeKernel(*module);
    QVERIFY2(report.hasValue(), report ? "" : report.message().c_str());

    int loads = 0, writes = 0, loopStores = 0, prologueStores = 0, prologueLoads = 0,
        loopGlobalLoads = 0;
    for (const TtgirOp &op : module->ops) {
        const bool looped = isInLoop(op);
        if (op.name == "tt.load" &&
            op.text.find("amd.pipeliner_part = \"prologue\"") != std::string::npos)
            ++prologueLoads;
        else if (op.name == "tt.load" && looped)
            ++loopGlobalLoads;
    }
    for (const KernelOpReport &r : report->ops) {
        const bool read = r.op == "ttg.local_load";
        const bool write = r.op == "ttg.local_store" || (r.op == "ttg.local_alloc" && r.count > 0);
        if (!read && !write)
            continue;
        (read ? loads : writes) += 1;
        QVERIFY2(r.problem.empty(), (std::to_string(r.line) + ": " + r.problem).c_str());
        QVERIFY2(r.count > 0 && r.count <= r.issued, std::to_string(r.line).c_str());
        if (r.op == "ttg.local_store")
            (isInLoop(module->ops[size_t(r.opIndex)]) ? loopStores : prologueStores) += 1;
    }
    QCOMPARE(loads, expected.at("local_loads").get<int>());

    // Pipeline stages, read off the module: each global load the loop pipelines has
    // (stages - 1) prologue copies, and so each store of the loop (stages - 1) before it.
    if (loopStores > 0 && loopGlobalLoads > 0) {
        QVERIFY(prologueLoads % loopGlobalLoads == 0);
        const int stages = 1 + prologueLoads / loopGlobalLoads;
        QCOMPARE(prologueStores, (stages - 1) * loopStores);
    }

    std::map<std::string, int64_t> compilerDs;
    for (const auto &[inst, n] : expected.at("ds").items())
        compilerDs[inst] = n.get<int64_t>();
    const CompilerComparison c = compareWithCompiler(*module, *report, compilerDs);
    std::map<std::string, int64_t> straight, loop, compiler;
    std::string differ;
    for (const CompilerKindRow &k : c.kinds) {
        straight[k.instruction] = k.straight;
        loop[k.instruction] = k.inLoop;
        compiler[k.instruction] = k.compiler;
        if (!k.agree)
            differ += " " + k.instruction;
    }
    qInfo("%s: transposed %s, reads and writes %s%s: straight-line %s + %lld x in loops %s vs "
          "compiler %s",
          qPrintable(name), c.transposedAgree ? "agree" : "DIFFER",
          c.countsAgree ? "agree" : "DIFFER on", differ.c_str(), format(straight).c_str(),
          static_cast<long long>(c.unroll), format(loop).c_str(), format(compiler).c_str());
    QVERIFY(writes > 0);
    QVERIFY(!c.kinds.empty());
    QVERIFY(c.transposedAgree);
    QVERIFY(c.countsAgree);
}

QTEST_GUILESS_MAIN(TestKernel)
#include "tst_kernel.moc"
