// Advice for NVIDIA ops (analysis/suggestnvidia.h through request/kernelsuggest.h) on the sm90
// kernels of tests/data/kernels/nvidia. Expected figures are derived from the lowering's rule:
//   a tile of M x K f16 read as an mma v2 A operand (kWidth 2) by warps [wm, wn]: every warp holds
//   (M / wm) x K elements, a thread 32 times fewer; ldmatrix.x4 moves 8 f16 per thread, and a
//   conflict-free matrix instruction costs one wavefront per 8x16-byte matrix (4 for .x4);
//   a plain 128-bit access of 32 lanes moves 512 bytes: 4 wavefronts when conflict-free;
//   the CTA's wavefronts are every warp's.

#include "analysis/suggest.h"
#include "analysis/suggestnvidia.h"
#include "hw/arch.h"
#include "io/ttgir.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "request/kernelsuggest.h"

#include <QFile>
#include <QTest>

#include <algorithm>

using namespace lx;

namespace {

const QString kDir = QStringLiteral(LX_TEST_DATA_DIR "/kernels/nvidia/");

Expected<TtgirModule> moduleOf(const char *name)
{
    QFile f(kDir + QLatin1String(name));
    if (!f.open(QIODevice::ReadOnly))
        return makeError(std::string("cannot read ") + name);
    return parseTtgir(f.readAll().toStdString());
}

const KernelOpReport *opAt(const std::vector<KernelOpReport> &ops, int line)
{
    const auto it = std::find_if(ops.begin(), ops.end(),
                                 [line](const KernelOpReport &r) { return r.line == line; });
    return it == ops.end() ? nullptr : &*it;
}

int64_t wavefronts(const std::vector<KernelOpReport> &ops)
{
    int64_t sum = 0;
    for (const KernelOpReport &op : ops)
        sum += op.cyclesPerCta.value_or(0);
    return sum;
}

LinearLayout layoutOf(const char *text, std::vector<int32_t> shape)
{
    const Expected<LayoutAttrPtr> attr = parseTtg(text);
    if (!attr)
        return {};
    Expected<LinearLayout> l = toLinearLayout(**attr, shape);
    return l ? *l : LinearLayout{};
}

// The A operand of g2_fp16_128x64x64_w22_16: 128x64 f16 stored from a blocked layout of 8 f16
// per thread along K, read as an mma v2 operand of warps [2, 2].
SuggestSharedRequest g2Request()
{
    SuggestSharedRequest r;
    if (Expected<Architecture> a = loadArchitecture("sm90"))
        r.arch = *a;
    r.shape = {128, 64};
    r.elementBits = 16;
    r.read =
        layoutOf("#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, "
                 "versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>",
                 r.shape);
    r.write = layoutOf("#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], "
                       "warpsPerCTA = [4, 1], order = [1, 0]}>",
                       r.shape);
    return r;
}

} // namespace

class TestNvSuggest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aConflictingSwizzleGetsTheMatrixInstructionAndFewerWavefronts();
    void anOptimalLayoutIsKept();
    void aBufferReadThroughADescriptorKeepsAnNvmmaLayout();
    void aConversionHasNoLayoutToChange();
    void theSearchRanksTheMatrixInstructionFirst();
    void aDescriptorFedSearchPrunesEveryOtherFamily();
    void tritonsNvidiaPickIsTheDefaultNvmmaLayout();
};

// Line 41 reads #shared (swizzled along dim 0, the M dim) into the A operand: no register pair is
// contiguous in shared memory, so each f16 is its own ld.shared.b16 with conflicts.
void TestNvSuggest::aConflictingSwizzleGetsTheMatrixInstructionAndFewerWavefronts()
{
    Expected<TtgirModule> module = moduleOf("g2_fp16_128x64x64_w22_16.ttgir");
    QVERIFY2(module, module ? "" : module.message().c_str());
    Expected<KernelSuggestion> s = suggestForKernelOp(*module, 41);
    QVERIFY2(s, s ? "" : s.message().c_str());
    QVERIFY(s->improves);
    QCOMPARE(s->alias, std::string("shared"));
    QVERIFY2(s->ttgLine.rfind("#shared = #ttg.", 0) == 0, s->ttgLine.c_str());

    const KernelOpReport *loadBefore = opAt(s->before, 41), *loadAfter = opAt(s->after, 41);
    const KernelOpReport *storeAfter = opAt(s->after, 39);
    QVERIFY(loadBefore && loadAfter && storeAfter);
    QCOMPARE(loadBefore->path, std::string("generic"));
    QVERIFY2(loadBefore->maxWays > 1, kernelAccessText(*loadBefore).c_str());

    // Load: warps [2, 2] -> a warp holds 64 x 64 f16, a thread 128: 16 ldmatrix.x4, 4 wavefronts
    // each, 4 warps.
    const int64_t perThread = (128 / 2) * 64 / 32;
    QCOMPARE(loadAfter->instruction, std::string("ldmatrix.sync.aligned.m8n8.x4.shared.b16"));
    QCOMPARE(loadAfter->count, perThread / 8);
    QCOMPARE(loadAfter->maxWays, 1);
    QCOMPARE(loadAfter->cyclesPerCta.value_or(-1), perThread / 8 * 4 * 4);
    // Store: 128 x 64 f16 over 128 threads, 8 per 128-bit store (packed from the global load).
    const int64_t stores = 128 * 64 / 128 / 8;
    QCOMPARE(storeAfter->instruction, std::string("st.shared.v4.b32"));
    QCOMPARE(storeAfter->count, stores);
    QCOMPARE(storeAfter->cyclesPerCta.value_or(-1), stores * 4 * 4);
    QVERIFY(wavefronts(s->after) < wavefronts(s->before));
}

// g2_fp16_128x64x64_w42_37 already reads both operands with ldmatrix (x4, .trans for A) and
// stores them with 128-bit stores, none with a conflict: no layout does better.
void TestNvSuggest::anOptimalLayoutIsKept()
{
    Expected<TtgirModule> module = moduleOf("g2_fp16_128x64x64_w42_37.ttgir");
    QVERIFY(module);
    for (const int line : {38, 39}) {
        Expected<KernelSuggestion> s = suggestForKernelOp(*module, line);
        QVERIFY2(s, s ? "" : s.message().c_str());
        const KernelOpReport *load = opAt(s->before, line);
        QVERIFY(load);
        QVERIFY2(load->instruction.rfind("ldmatrix.sync.aligned.m8n8.x4", 0) == 0,
                 load->instruction.c_str());
        // Warps [4, 2]: a warp holds 32 x 64 (A) or 64 x 32 (B) f16, a thread 64: 8 x4.
        QCOMPARE(load->count, int64_t(64 / 8));
        for (const KernelOpReport &op : s->before)
            for (const KernelLdsAccess &a : op.accesses)
                QCOMPARE(a.wavefronts.value_or(-1), a.idealWavefronts);
        QVERIFY(!s->improves);
        QVERIFY2(s->reason.find("already the best") != std::string::npos, s->reason.c_str());
    }
}

// The attention kernel stores q into #shared, which wgmma reads through a descriptor: only an
// NVMMA layout can stay there.
void TestNvSuggest::aBufferReadThroughADescriptorKeepsAnNvmmaLayout()
{
    Expected<TtgirModule> module = moduleOf("at_bf16_64x32x64_w4_s1.ttgir");
    QVERIFY(module);
    Expected<KernelSuggestion> s = suggestForKernelOp(*module, 47);
    QVERIFY2(s, s ? "" : s.message().c_str());
    QVERIFY(s->candidate.attr);
    QVERIFY2(s->candidate.attr->as<NvmmaSharedAttr>(), s->ttgLine.c_str());
    for (const KernelOpReport &op : s->after)
        QVERIFY2(op.problem.empty(), op.problem.c_str());
}

void TestNvSuggest::aConversionHasNoLayoutToChange()
{
    Expected<TtgirModule> module = moduleOf("at_bf16_64x32x64_w4_s1.ttgir");
    QVERIFY(module);
    Expected<KernelSuggestion> s = suggestForKernelOp(*module, 113); // mma -> blocked via scratch
    QVERIFY(!s);
    QVERIFY2(s.message().find("the module holds no shared layout to change") != std::string::npos,
             s.message().c_str());
}

// The search alone: the front starts with a candidate whose read is ldmatrix, and no swizzled
// candidate repeats the layout of an NVMMA one (the NVMMA name is kept).
void TestNvSuggest::theSearchRanksTheMatrixInstructionFirst()
{
    const SuggestSharedRequest r = g2Request();
    QVERIFY(r.arch.vendor == "nvidia");
    Expected<SuggestSharedResult> result = suggestShared(r);
    QVERIFY2(result, result ? "" : result.message().c_str());
    QVERIFY(!result->candidates.empty());
    const SharedCandidate &first = result->candidates.front();
    QVERIFY2(first.readMatrix, first.text.c_str());
    QVERIFY2(first.readInstruction.rfind("ldmatrix", 0) == 0, first.readInstruction.c_str());
    std::vector<LinearLayout> nvmma;
    for (const SharedCandidate &c : result->candidates)
        if (c.family == "nvmma")
            if (Expected<LinearLayout> l = toLinearLayout(*c.attr, r.shape))
                nvmma.push_back(*l);
    QVERIFY(!nvmma.empty());
    for (const SharedCandidate &c : result->candidates) {
        if (c.family != "swizzled")
            continue;
        const Expected<LinearLayout> l = toLinearLayout(*c.attr, r.shape);
        QVERIFY(l);
        QVERIFY2(std::find(nvmma.begin(), nvmma.end(), *l) == nvmma.end(), c.text.c_str());
    }
}

void TestNvSuggest::aDescriptorFedSearchPrunesEveryOtherFamily()
{
    SuggestSharedRequest r = g2Request();
    r.descriptorFed = true;
    Expected<SuggestSharedResult> result = suggestShared(r);
    QVERIFY2(result, result ? "" : result.message().c_str());
    QVERIFY(!result->candidates.empty());
    for (const SharedCandidate &c : result->candidates)
        QVERIFY2(c.attr->as<NvmmaSharedAttr>(), c.text.c_str());
    const bool prunedSwizzled =
        std::any_of(result->pruned.begin(), result->pruned.end(), [](const PrunedGroup &p) {
            return p.family == "swizzled" && p.reason.find("descriptor") != std::string::npos;
        });
    QVERIFY(prunedSwizzled);
}

// get_default_for: the contiguous dim of the write (dim 1, 64 f16 = 128 bytes) takes the widest
// swizzle that divides it, 128 bytes, not transposed; written in the other order (dim 0
// contiguous, 128 f16 = 256 bytes) it is the transposed 128-byte layout.
void TestNvSuggest::tritonsNvidiaPickIsTheDefaultNvmmaLayout()
{
    for (const bool dim0Contiguous : {false, true}) {
        SuggestSharedRequest r = g2Request();
        r.order = dim0Contiguous ? std::vector<int32_t>{0, 1} : std::vector<int32_t>{1, 0};
        Expected<SuggestSharedResult> result = suggestShared(r);
        QVERIFY(result);
        QVERIFY2(result->triton, result->tritonRule.c_str());
        const auto *n = result->triton->attr->as<NvmmaSharedAttr>();
        QVERIFY2(n, result->triton->text.c_str());
        QCOMPARE(n->swizzlingByteWidth, 128);
        QCOMPARE(n->transposed, dim0Contiguous);
        QCOMPARE(n->elementBitWidth, 16);
    }
}

QTEST_GUILESS_MAIN(TestNvSuggest)
#include "tst_nvsuggest.moc"
