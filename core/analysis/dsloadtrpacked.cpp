// amdg.local_load_packed_transposed (analysis/dsloadtr.h analyzePackedFp4DsLoadTr): fp4 packed two
// to a byte, both layouts lifted to nibble coordinates and analysed as 4-bit transposed loads.

#include "analysis/dsloadtr.h"

#include "hw/arch.h"
#include "layout/dimnames.h"

namespace lx {

namespace {
using namespace dims;

// "64x128": the out-dim sizes of `l`, for messages.
std::string packedSizesText(const LinearLayout &l)
{
    std::string s;
    for (const auto &[name, size] : l.outDims())
        s += (s.empty() ? "" : "x") + std::to_string(size);
    return s.empty() ? std::string("(scalar)") : s;
}

// `l` with a new lowest basis on in-dim `inDim` that steps 1 along out-dim `packed`, every other
// component along `packed` doubled: the layout over nibbles of a layout over packed bytes.
Expected<LinearLayout> liftToNibbles(const LinearLayout &l, const std::string &inDim, int packed)
{
    LinearLayout::BasesT bases;
    for (const auto &[dim, bs] : l.bases()) {
        std::vector<LinearLayout::Basis> nb;
        if (dim == inDim) {
            LinearLayout::Basis first(size_t(l.numOutDims()), 0);
            first[size_t(packed)] = 1;
            nb.push_back(first);
        }
        for (LinearLayout::Basis b : bs) {
            b[size_t(packed)] *= 2;
            nb.push_back(b);
        }
        bases.emplace_back(dim, std::move(nb));
    }
    std::vector<LinearLayout::NamedSize> outs = l.outDims();
    outs[size_t(packed)].second *= 2;
    return LinearLayout::tryCreate(std::move(bases), std::move(outs), false);
}

} // namespace

Expected<DsLoadTrPlan> analyzePackedFp4DsLoadTr(const LinearLayout &sharedI8,
                                                const LinearLayout &dstI8, const Architecture &arch,
                                                const DsLoadTrOptions &options)
{
    if (sharedI8.numOutDims() != 2 || dstI8.numOutDims() != 2 ||
        sharedI8.outDimNames() != dstI8.outDimNames())
        return makeError("a packed fp4 load needs two 2-D layouts over the same dims");
    if (!sharedI8.hasInDim(kOffset))
        return makeError("the source is not a shared-memory layout (it has no 'offset' input)");
    if (!dstI8.hasInDim(kRegister))
        return makeError("the destination is not a register layout (it has no 'register' input)");
    int srcPacked = -1, dstPacked = -1;
    for (int d = 0; d < 2; ++d) {
        const int32_t s = sharedI8.outDims()[size_t(d)].second,
                      t = dstI8.outDims()[size_t(d)].second;
        if (t == 2 * s)
            srcPacked = d;
        else if (s == 2 * t)
            dstPacked = d;
        else if (s != t)
            return makeError(
                "shapes differ by more than the fp4 packing: the shared layout covers " +
                packedSizesText(sharedI8) + ", the destination " + packedSizesText(dstI8));
    }
    if (srcPacked < 0 || dstPacked < 0)
        return makeError("a packed fp4 load doubles one dim and halves the other (shared " +
                         packedSizesText(sharedI8) + ", destination " + packedSizesText(dstI8) +
                         ")");
    Expected<LinearLayout> shared = liftToNibbles(sharedI8, kOffset, srcPacked);
    if (!shared)
        return shared.error();
    Expected<LinearLayout> dst = liftToNibbles(dstI8, kRegister, dstPacked);
    if (!dst)
        return dst.error();
    return analyzeDsLoadTr(*shared, *dst, 4, arch, options);
}

Expected<DsLoadTrPlan> analyzePackedFp4DsLoadTr(const LinearLayout &sharedI8,
                                                const LinearLayout &dstI8, const std::string &arch,
                                                const DsLoadTrOptions &options)
{
    Expected<Architecture> a = loadArchitecture(arch);
    if (!a)
        return a.error();
    return analyzePackedFp4DsLoadTr(sharedI8, dstI8, *a, options);
}

} // namespace lx
