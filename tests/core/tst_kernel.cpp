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

#include "analysis/kernel.h"
#include "hw/ldsmnemonic.h"
#include "io/ttgir.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>

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

bool inLoop(const TtgirOp &op)
{
    return std::any_of(op.regions.begin(), op.regions.end(), [](const TtgirRegion &g) {
        return g.op == "scf.for" || g.op == "scf.while";
    });
}

bool isWrite(const KernelOpReport &r)
{
    return r.op == "ttg.local_store" || (r.op == "ttg.local_alloc" && r.count > 0);
}

// The kernels of one folder's kernels.json: {"kernels": [...]} or the list itself.
json kernelsOf(const QString &dir)
{
    const json doc = json::parse(readFile(dir + QStringLiteral("kernels.json")), nullptr, false);
    if (doc.is_object() && doc.contains("kernels"))
        return doc.at("kernels");
    return doc.is_array() ? doc : json::array();
}

// The folders checked: the first compiled set and the kernels of other shapes beside it.
const QStringList kFolders = {QString(), QStringLiteral("more-shapes/")};

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
    void ldsPathsAgree_data();
    void ldsPathsAgree();
    void scanAndHistogramModelled();
    void genericPathSaysWhy();
    void adviceVectorisesWhenFollowed();
    void fullWidthAccessesGetNoAdvice();
    void packedTransposedLoad_data();
    void packedTransposedLoad();
    void olderMfmaSyntax();
    void passThroughTypesDescribeTheFirstValue();
    void unreadableParentNamedAtTheOp();
    void paddedSubsliceSizedFromAllocation();
    void tdmWritesOnlyWhatItCan_data();
    void tdmWritesOnlyWhatItCan();
};

namespace {

// Triton's lowering tests declare their layouts and one function; `body` is that function.
std::string moduleText(const std::string &aliases, const std::string &body)
{
    return aliases +
           "#smem = #ttg.shared_memory\n"
           "module attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = 4 : i32, "
           "\"ttg.threads-per-warp\" = 64 : i32} {\n" +
           body + "}\n";
}

const std::string kMfma32 = "#mma32 = #ttg.amd_mfma<{version = 4, warpsPerCTA = [2, 2], "
                            "instrShape = [32, 32, 16], isTransposed = true}>\n";
const std::string kShared =
    "#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>\n"
    "#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>\n";

// The report of the first op named `op`; null when there is none.
const KernelOpReport *firstOp(const KernelReport &report, const std::string &op)
{
    for (const KernelOpReport &r : report.ops)
        if (r.op == op)
            return &r;
    return nullptr;
}

Expected<KernelReport> analyzeText(const std::string &text, const std::string &arch)
{
    Expected<TtgirModule> module = parseTtgir(text);
    if (!module)
        return module.error();
    return analyzeKernel(*module, arch);
}

// The report of the first `op` of the module made of `aliases` and `body` (see moduleText).
Expected<KernelOpReport> firstOpOf(const std::string &aliases, const std::string &body,
                                   const std::string &arch, const std::string &op)
{
    Expected<KernelReport> report = analyzeText(moduleText(aliases, body), arch);
    if (!report)
        return report.error();
    if (const KernelOpReport *r = firstOp(*report, op))
        return *r;
    return makeError("no " + op + " in the module");
}

} // namespace

void TestKernel::compilerAgreement_data()
{
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("name");
    int rows = 0;
    for (const QString &folder : kFolders)
        for (const json &k : kernelsOf(kDir + folder)) {
            const std::string name = k.at("name");
            QTest::newRow(name.c_str()) << folder << QString::fromStdString(name);
            ++rows;
        }
    QVERIFY(rows >= 110); // 90 + 20 modules
}

void TestKernel::compilerAgreement()
{
    QFETCH(QString, folder);
    QFETCH(QString, name);
    json expected;
    for (const json &k : kernelsOf(kDir + folder))
        if (k.at("name") == name.toStdString())
            expected = k;
    QVERIFY(expected.is_object());
    const QString dir = kDir + folder;

    Expected<TtgirModule> module = parseTtgir(readFile(dir + name + QStringLiteral(".ttgir")));
    QVERIFY2(module.hasValue(), module ? "" : module.message().c_str());
    QCOMPARE(module->arch, expected.at("arch").get<std::string>());
    Expected<KernelReport> report = analyzeKernel(*module);
    QVERIFY2(report.hasValue(), report ? "" : report.message().c_str());

    std::set<std::string> predictedTr, compilerTr;
    std::map<std::string, int64_t> loop, straight, compiler;
    int loads = 0, writes = 0, loopStores = 0, prologueStores = 0, prologueLoads = 0,
        loopGlobalLoads = 0;
    for (const TtgirOp &op : module->ops) {
        const bool looped = inLoop(op);
        if (op.name == "tt.load" &&
            op.text.find("amd.pipeliner_part = \"prologue\"") != std::string::npos)
            ++prologueLoads;
        else if (op.name == "tt.load" && looped)
            ++loopGlobalLoads;
    }
    for (const KernelOpReport &r : report->ops) {
        const bool read = r.op == "ttg.local_load";
        const bool convert = r.op == "ttg.convert_layout";
        if (!read && !isWrite(r) && !convert)
            continue;
        QVERIFY2(r.problem.empty(), (std::to_string(r.line) + ": " + r.problem).c_str());
        const bool looped = inLoop(module->ops[size_t(r.opIndex)]);
        // A conversion through LDS stores and loads like any other access; one that moves no
        // data through LDS has no accesses.
        for (const KernelLdsAccess &a : r.accesses) {
            QVERIFY2(a.count > 0 && a.count <= a.issued, std::to_string(r.line).c_str());
            (looped ? loop : straight)[a.instruction] += a.count;
        }
        if (convert)
            continue;
        (read ? loads : writes) += 1;
        QVERIFY2(r.accesses.size() == 1, std::to_string(r.line).c_str());
        QVERIFY2(!r.path.empty() && !r.pathReason.empty(), std::to_string(r.line).c_str());
        if (read && isTransposedLoadName(r.instruction))
            predictedTr.insert(r.instruction);
        if (!read && r.op == "ttg.local_store")
            (looped ? loopStores : prologueStores) += 1;
    }
    QCOMPARE(loads, expected.at("local_loads").get<int>());
    for (const auto &[inst, n] : expected.at("ds").items()) {
        // The assembly's merged pairs and high-half stores as the single accesses they stand
        // for (hw/ldsmnemonic.h, the comparison the product makes too).
        const LdsMnemonic m = classifyLdsMnemonic(inst);
        if (m.accesses == 0)
            continue;
        compiler[m.single] += n.get<int64_t>() * m.accesses;
        if (m.transposed)
            compilerTr.insert(m.single);
    }

    // Pipeline stages, read off the module: each global load the loop pipelines has
    // (stages - 1) prologue copies, and so each store of the loop (stages - 1) before it.
    if (loopStores > 0 && loopGlobalLoads > 0) {
        QVERIFY(prologueLoads % loopGlobalLoads == 0);
        const int stages = 1 + prologueLoads / loopGlobalLoads;
        QCOMPARE(prologueStores, (stages - 1) * loopStores);
    }

    // u: the copies of the loop body in the assembly, one number for the kernel, from the totals.
    int64_t totalCompiler = 0, totalStraight = 0, totalLoop = 0;
    std::set<std::string> kinds;
    for (const auto *m : {&loop, &straight, &compiler})
        for (const auto &[k, n] : *m)
            kinds.insert(k);
    for (const std::string &k : kinds) {
        totalCompiler += compiler[k];
        totalStraight += straight[k];
        totalLoop += loop[k];
    }
    const int64_t u = totalLoop > 0 ? (totalCompiler - totalStraight) / totalLoop : 1;
    const bool whole = totalLoop == 0 ? totalCompiler == totalStraight
                                      : u >= 1 && (totalCompiler - totalStraight) % totalLoop == 0;
    bool agree = whole;
    std::string differ;
    for (const std::string &k : kinds)
        if (compiler[k] != straight[k] + u * loop[k]) {
            agree = false;
            differ += " " + k;
        }
    qInfo("%s: transposed %s, reads and writes %s%s: straight-line %s + %lld x in loops %s vs "
          "compiler %s",
          qPrintable(name), predictedTr == compilerTr ? "agree" : "DIFFER",
          agree ? "agree" : "DIFFER on", differ.c_str(), format(straight).c_str(),
          static_cast<long long>(u), format(loop).c_str(), format(compiler).c_str());
    QVERIFY(writes > 0);
    QVERIFY(predictedTr == compilerTr);
    QVERIFY(agree);
}

// Every kernel of lds-paths (transposes: a convert_layout through LDS; reductions and scans across
// warps; histograms; gathers; scaled dots), compiled for gfx1250, gfx950, gfx942 and sm90. No
// loop: every instruction is issued once, so the predicted totals must equal the assembly's
// counts kind by kind (merged and high-half forms as their single accesses, a histogram's
// ds_add_u32 atomics as writes, cross-lane ds_swizzle/ds_bpermute not compared). The sm90 rows
// have PTX, not AMDGCN: their PTX counts leave out the predicated (@p) shared-memory
// instructions, so they are skipped here, saying so (their shared bytes are checked by
// tst_kernelscratch allocatedBytesAgree, their NVIDIA lowering by tst_nvidiakernels).
void TestKernel::ldsPathsAgree_data()
{
    QTest::addColumn<QString>("name");
    int rows = 0;
    for (const json &k : kernelsOf(kDir + QStringLiteral("lds-paths/"))) {
        QTest::newRow(k.at("name").get<std::string>().c_str())
            << QString::fromStdString(k.at("name").get<std::string>());
        ++rows;
    }
    QVERIFY(rows >= 428);
}

void TestKernel::ldsPathsAgree()
{
    QFETCH(QString, name);
    const QString dir = kDir + QStringLiteral("lds-paths/");
    json expected;
    for (const json &k : kernelsOf(dir))
        if (k.at("name") == name.toStdString())
            expected = k;
    if (!expected.contains("ds"))
        QSKIP("no AMDGCN counts: the PTX counts of an sm90 module leave out predicated "
              "instructions");
    Expected<TtgirModule> module = parseTtgir(readFile(dir + name + QStringLiteral(".ttgir")));
    QVERIFY2(module.hasValue(), module ? "" : module.message().c_str());
    Expected<KernelReport> report = analyzeKernel(*module);
    QVERIFY2(report.hasValue(), report ? "" : report.message().c_str());
    for (const KernelOpReport &r : report->ops) {
        QVERIFY2(r.problem.empty(), (std::to_string(r.line) + ": " + r.problem).c_str());
        QVERIFY2(r.path != "not modelled", (std::to_string(r.line) + ": " + r.op).c_str());
    }
    std::map<std::string, int64_t> compiler;
    for (const auto &[inst, n] : expected.at("ds").items()) {
        const LdsMnemonic m = classifyLdsMnemonic(inst);
        if (m.accesses > 0)
            compiler[m.single] += n.get<int64_t>() * m.accesses;
    }
    const std::map<std::string, int64_t> predicted = report->totals.instructions;
    QVERIFY2(predicted == compiler,
             ("predicted " + format(predicted) + " vs compiler " + format(compiler)).c_str());
}

// A scan and a histogram go through LDS scratch buffers of their own: each is modelled (a path,
// its reason, its instructions), and no note says an op is not modelled.
void TestKernel::scanAndHistogramModelled()
{
    const QString dir = kDir + QStringLiteral("lds-paths/");
    for (const char *name : {"scan_gfx1250_fp32_64x64_w4_ax0", "histogram_gfx1250_1024_b64_w4"}) {
        Expected<TtgirModule> module =
            parseTtgir(readFile(dir + QString::fromLatin1(name) + QStringLiteral(".ttgir")));
        QVERIFY(module.hasValue());
        Expected<KernelReport> report = analyzeKernel(*module);
        QVERIFY(report.hasValue());
        bool modelled = false;
        for (const KernelOpReport &r : report->ops)
            if (r.op == "tt.scan" || r.op == "tt.histogram")
                modelled = r.path.find("scratch") != std::string::npos && !r.pathReason.empty() &&
                           !r.accesses.empty();
        QVERIFY2(modelled, name);
        for (const std::string &n : report->notes)
            QVERIFY2(n.find("not modelled") == std::string::npos, n.c_str());
    }
}

// The FMA operands of more-shapes: the generic path, and the reason names the permutation that
// finds the vector (the M registers of an M-contiguous A operand are not the leading ones).
void TestKernel::genericPathSaysWhy()
{
    const QString dir = kDir + QStringLiteral("more-shapes/");
    Expected<TtgirModule> module = parseTtgir(
        readFile(dir + QStringLiteral("matmul3_gfx1250_bf16_64x128x64_w4_s2_am_bn.ttgir")));
    QVERIFY(module.hasValue());
    Expected<KernelReport> report = analyzeKernel(*module);
    QVERIFY(report.hasValue());
    int operands = 0;
    for (const KernelOpReport &r : report->ops) {
        if (r.op != "ttg.local_load")
            continue;
        ++operands;
        QCOMPARE(r.path, std::string("generic"));
        // 64x64 f32 A from an M-contiguous buffer: 1024 registers, 4 M registers contiguous
        // (sizePerThread 4 along M) -> 256 x 128-bit loads; B 64x128, N-contiguous, 4 N
        // registers -> 256 / 4 = 64. (The compiler: 328 ds_load_b128, 8 of them the epilogue's.)
        QCOMPARE(r.instruction, std::string("ds_load_b128"));
        QCOMPARE(r.count, r.shape == "64x64" ? 256 : 64);
        if (r.shape == "64x64")
            QVERIFY2(r.pathReason.find("permutes") != std::string::npos, r.pathReason.c_str());
    }
    QCOMPARE(operands, 2);
}

// The advice on a narrow store, followed in the module's text, gives the full-width store it
// promised and no advice. The gfx1250 gemm: line 39 stores #blocked1 (8 registers along
// dim1) into #shared (order [0, 1]); line 40 stores #blocked (8 along dim0) into #shared1
// (order [0, 1], vec 4).
void TestKernel::adviceVectorisesWhenFollowed()
{
    const std::string text = readFile(
        kDir + QStringLiteral("gemm_gfx1250_bf16_64x64x64_w22_t11_a01_b01_s1618_4116.ttgir"));
    auto opAtLine = [](const KernelReport &report, int line) -> const KernelOpReport * {
        for (const KernelOpReport &r : report.ops)
            if (r.line == line)
                return &r;
        return nullptr;
    };
    Expected<KernelReport> before = analyzeText(text, {});
    QVERIFY2(before.hasValue(), before.hasValue() ? "" : before.message().c_str());
    const KernelOpReport *order = opAtLine(*before, 39);
    const KernelOpReport *vec = opAtLine(*before, 40);
    QVERIFY(order && vec);
    QCOMPARE(order->instruction, std::string("ds_store_b16"));
    QVERIFY2(order->advice.find("along dim1") != std::string::npos &&
                 order->advice.find("contiguous along dim0") != std::string::npos &&
                 order->advice.find("order starting with 1") != std::string::npos,
             order->advice.c_str());
    QCOMPARE(vec->instruction, std::string("ds_store_b64"));
    QVERIFY2(vec->advice.find("vec >= 8") != std::string::npos, vec->advice.c_str());

    auto replaced = [](std::string s, const std::string &line, const std::string &from,
                       const std::string &to) {
        const size_t at = s.find(line);
        const size_t where = s.find(from, at);
        if (at == std::string::npos || where == std::string::npos)
            return std::string();
        return s.replace(where, from.size(), to);
    };
    const std::string followed =
        replaced(replaced(text, "#shared = ", "order = [0, 1]", "order = [1, 0]"),
                 "#shared1 = ", "vec = 4", "vec = 8");
    QVERIFY(!followed.empty());
    Expected<KernelReport> after = analyzeText(followed, {});
    QVERIFY(after.hasValue());
    for (int line : {39, 40}) {
        const KernelOpReport *r = opAtLine(*after, line);
        QVERIFY(r);
        QCOMPARE(r->instruction, std::string("ds_store_b128"));
        QVERIFY2(r->advice.empty(), r->advice.c_str());
    }
}

// Over every kernel: an access already 128 bits wide is told nothing, and every advice names a
// wider access than the op has.
void TestKernel::fullWidthAccessesGetNoAdvice()
{
    int advised = 0;
    for (const QString &name : QDir(kDir).entryList({QStringLiteral("*.ttgir")})) {
        Expected<KernelReport> report = analyzeText(readFile(kDir + name), {});
        QVERIFY(report.hasValue());
        for (const KernelOpReport &r : report->ops) {
            if (r.advice.empty())
                continue;
            ++advised;
            QVERIFY2(r.instruction.find("128") == std::string::npos,
                     qPrintable(name + QStringLiteral(": ") + QString::fromStdString(r.advice)));
            QVERIFY(r.advice.find("128 bits") != std::string::npos ||
                    r.advice.find("64 bits") != std::string::npos ||
                    r.advice.find("32 bits") != std::string::npos);
        }
    }
    QVERIFY(advised > 0);
}

// Triton's test/Conversion/amd/ds_transpose.mlir (triton-lang/triton
// 06dbcc894b2284aa0dbee053f9cd52b38a338898), ds_transpose_t_fp4_mfma32_small: two packed fp4
// loads, `CHECK-COUNT-4: rocdl.ds.read.tr4.b64` (gfx950's ds_read_b64_tr_b4) over both. The op is
// spelled `amdgpu.local_load_packed_tranposed` there; Triton now spells it
// `amdg.local_load_packed_transposed` (and for a while `amdg.local_load_packed_tranposed`).
// Every spelling is the same op.
void TestKernel::packedTransposedLoad_data()
{
    QTest::addColumn<QString>("op");
    QTest::newRow("amdg transposed") << QStringLiteral("amdg.local_load_packed_transposed");
    QTest::newRow("amdgpu tranposed") << QStringLiteral("amdgpu.local_load_packed_tranposed");
    QTest::newRow("amdg tranposed") << QStringLiteral("amdg.local_load_packed_tranposed");
}

void TestKernel::packedTransposedLoad()
{
    QFETCH(QString, op);
    const std::string o = op.toStdString();
    const std::string body =
        "  tt.func @ds_transpose_t_fp4_mfma32_small(%arg0: !ttg.memdesc<16x64xi8, #shared, #smem, "
        "mutable>, %arg1: !ttg.memdesc<64x16xi8, #shared1, #smem, mutable>) {\n"
        "    %1 = " +
        o +
        " %arg0 : !ttg.memdesc<16x64xi8, #shared, #smem, mutable> -> "
        "tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma32, kWidth = 16}>>\n"
        "    %2 = " +
        o +
        " %arg1 : !ttg.memdesc<64x16xi8, #shared1, #smem, mutable> -> "
        "tensor<32x32xi8, #ttg.dot_op<{opIdx = 1, parent = #mma32, kWidth = 16}>>\n"
        "    tt.return\n  }\n";
    Expected<KernelReport> report = analyzeText(moduleText(kMfma32 + kShared, body), "gfx950");
    QVERIFY2(report.hasValue(), report ? "" : report.message().c_str());
    int64_t issued = 0;
    int loads = 0;
    for (const KernelOpReport &r : report->ops) {
        if (r.op != o)
            continue;
        ++loads;
        QVERIFY2(r.problem.empty(), r.problem.c_str());
        QCOMPARE(r.path, std::string("packed transposed"));
        QCOMPARE(r.instruction, std::string("ds_read_b64_tr_b4"));
        issued += r.issued;
    }
    QCOMPARE(loads, 2);
    QCOMPARE(issued, int64_t(4));
    QCOMPARE(report->totals.issued.at("ds_read_b64_tr_b4"), int64_t(4));
}

// ds_transpose.mlir's ds_transpose_n_t_fp16_mfma32 (CHECK-COUNT-32 rocdl.ds.read.tr16.b64 over
// both loads), with the MFMA layout written as modules before mid-2025 print it:
// `versionMajor = 4, versionMinor = 0` and a two-entry instrShape.
void TestKernel::olderMfmaSyntax()
{
    const std::string mma = "#mma32 = #ttg.amd_mfma<{versionMajor = 4, versionMinor = 0, "
                            "warpsPerCTA = [2, 2], instrShape = [32, 32], isTransposed = true}>\n";
    const std::string body =
        "  tt.func @ds_transpose_n_t_fp16_mfma32(%arg0: !ttg.memdesc<128x64xf16, #shared, #smem, "
        "mutable>, %arg1: !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>) {\n"
        "    %1 = ttg.local_load %arg0 : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> "
        "tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma32, kWidth = 8}>>\n"
        "    %2 = ttg.local_load %arg1 : !ttg.memdesc<64x128xf16, #shared1, #smem, mutable> -> "
        "tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma32, kWidth = 8}>>\n"
        "    tt.return\n  }\n";
    Expected<KernelReport> report = analyzeText(moduleText(mma + kShared, body), "gfx950");
    QVERIFY2(report.hasValue(), report ? "" : report.message().c_str());
    for (const KernelOpReport &r : report->ops)
        QVERIFY2(r.problem.empty(), r.problem.c_str());
    QCOMPARE(report->totals.issued.at("ds_read_b64_tr_b16"), int64_t(32));
}

// An op whose types have no '->' passes its values through (ttng.warp_group_dot_wait of the
// accumulator and two operand buffers): its row describes the first value, shape and layout
// together, not the last one's shape beside the first one's layout.
void TestKernel::passThroughTypesDescribeTheFirstValue()
{
    Expected<TtgirModule> module = parseTtgir(
        readFile(kDir + QStringLiteral("nvidia/sm90_fp16_128x128x64_w4_s3_ak_bk.ttgir")));
    QVERIFY2(module.hasValue(), module ? "" : module.message().c_str());
    Expected<KernelReport> report = analyzeKernel(*module);
    QVERIFY2(report.hasValue(), report ? "" : report.message().c_str());
    int seen = 0;
    for (const KernelOpReport &r : report->ops) {
        if (r.op != "ttng.warp_group_dot_wait")
            continue;
        const TtgirOp &op = module->ops[size_t(r.opIndex)];
        QCOMPARE(r.shape, formatShape(op.types.front().shape));
        QCOMPARE(r.src, op.types.front().encodingText);
        QCOMPARE(r.dst, op.types.front().encodingText);
        ++seen;
    }
    QVERIFY(seen >= 2); // one with three values, one with the accumulator alone
}

// A layout that cannot be read makes the ones built on it unreadable too; their message names
// the real cause (here a minor version that never existed), not "unknown alias".
void TestKernel::unreadableParentNamedAtTheOp()
{
    const std::string aliases =
        "#mma = #ttg.amd_mfma<{versionMajor = 4, versionMinor = 1, "
        "warpsPerCTA = [2, 2], instrShape = [32, 32], isTransposed = true}>\n"
        "#dot = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>\n" +
        kShared;
    const std::string body =
        "  tt.func @f(%arg0: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>) {\n"
        "    %1 = ttg.local_load %arg0 : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> "
        "tensor<128x64xf16, #dot>\n    tt.return\n  }\n";
    Expected<KernelOpReport> r = firstOpOf(aliases, body, "gfx950", "ttg.local_load");
    QVERIFY2(r.hasValue(), r ? "" : r.message().c_str());
    QVERIFY2(r->problem.find("versionMinor") != std::string::npos, r->problem.c_str());
    QVERIFY2(r->problem.find("#mma") != std::string::npos, r->problem.c_str());
    QVERIFY2(r->problem.find("unknown alias") == std::string::npos, r->problem.c_str());
}

// A view of a padded buffer is addressed through the allocation's layout (Triton's
// toLinearLayout(MemDescType) uses the allocation shape). 64x32 f16 view of a 64x64 buffer
// padded every 64 elements, read into sizePerThread [1, 8]: 8 registers along the row are
// offsets 1..7 of the row-major linear component, 128 bits, below the padding interval ->
// one ds_read_b128 per thread (64 x 32 / 256 threads = 8 elements each).
void TestKernel::paddedSubsliceSizedFromAllocation()
{
    const std::string aliases =
        "#padded = #ttg.padded_shared<[64:+4] {order = [1, 0], shape = [64, 64]}>\n"
        "#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 4], "
        "warpsPerCTA = [4, 1], order = [1, 0]}>\n";
    const std::string body =
        "  tt.func @f(%arg0: !ttg.memdesc<64x64xf16, #padded, #smem, mutable>) {\n"
        "    %v = ttg.memdesc_subslice %arg0 [0, 32] : !ttg.memdesc<64x64xf16, #padded, #smem, "
        "mutable> -> !ttg.memdesc<64x32xf16, #padded, #smem, mutable, 64x64>\n"
        "    %1 = ttg.local_load %v : !ttg.memdesc<64x32xf16, #padded, #smem, mutable, 64x64> -> "
        "tensor<64x32xf16, #blocked>\n    tt.return\n  }\n";
    Expected<KernelOpReport> r = firstOpOf(aliases, body, "gfx950", "ttg.local_load");
    QVERIFY2(r.hasValue(), r ? "" : r.message().c_str());
    QVERIFY2(r->problem.empty(), r->problem.c_str());
    QCOMPARE(r->instruction, std::string("ds_read_b128"));
    QCOMPARE(r->count, int64_t(1));
}

// A buffer the Tensor Data Mover fills (the op as in Triton's gfx1250 lowering tests:
// `amdg.async_tdm_copy_global_to_local %desc[...] into %buf, pred = ...`) may hold a padded
// layout or a swizzled one with maxPhase 1 (Gluon's gfx1250 tensor descriptor); an XOR swizzle
// is a problem at the op, named as such.
void TestKernel::tdmWritesOnlyWhatItCan_data()
{
    QTest::addColumn<QString>("layout");
    QTest::addColumn<bool>("legal");
    QTest::newRow("padded") << QStringLiteral(
                                   "#ttg.padded_shared<[64:+4] {order = [1, 0], shape = [64, 64]}>")
                            << true;
    QTest::newRow("unswizzled")
        << QStringLiteral(
               "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>")
        << true;
    QTest::newRow("xor swizzle")
        << QStringLiteral(
               "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>")
        << false;
}

void TestKernel::tdmWritesOnlyWhatItCan()
{
    QFETCH(QString, layout);
    QFETCH(bool, legal);
    const std::string text =
        "#shared = " + layout.toStdString() +
        "\n#smem = #ttg.shared_memory\n"
        "module attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = 4 : i32, "
        "ttg.target = \"hip:gfx1250\", \"ttg.threads-per-warp\" = 32 : i32} {\n"
        "  tt.func @f(%desc: !tt.tensordesc<64x64xf16, #shared>, %p: i32) {\n"
        "    %c0 = arith.constant 0 : i32\n"
        "    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>\n"
        "    %t = amdg.async_tdm_copy_global_to_local %desc[%c0, %c0] into %buf, pred = %p : "
        "!tt.tensordesc<64x64xf16, #shared> -> !ttg.memdesc<64x64xf16, #shared, #smem, "
        "mutable>\n    tt.return\n  }\n}\n";
    Expected<KernelReport> report = analyzeText(text, {});
    QVERIFY2(report.hasValue(), report ? "" : report.message().c_str());
    const KernelOpReport *r = firstOp(*report, "amdg.async_tdm_copy_global_to_local");
    QVERIFY(r);
    QCOMPARE(r->path, std::string("TDM"));
    QCOMPARE(r->problem.empty(), legal);
    if (!legal)
        QVERIFY2(r->problem.find("XOR swizzle") != std::string::npos, r->problem.c_str());
}

QTEST_GUILESS_MAIN(TestKernel)
#include "tst_kernel.moc"
