#include "analysis/ldslowering.h"
#include "layout/layoututils.h"

#include "f2/f2matrix.h"
#include "layout/dimnames.h"

#include <algorithm>
#include <bit>
#include <optional>
#include <set>

namespace lx {

int64_t flatBasisIndex(const LinearLayout &l, const LinearLayout::Basis &b)
{
    int64_t flat = 0;
    int shift = 0;
    for (size_t o = 0; o < l.outDims().size(); ++o) {
        flat |= int64_t(b[o]) << shift;
        shift += l.outDimSizeLog2(l.outDims()[o].first);
    }
    return flat;
}

namespace {
using namespace dims;

const std::string kOffsetDim = "offset";
const std::string kWarpDim = "warp";

// The non-zero bases of one in-dim, flattened.
std::vector<int64_t> flatBases(const LinearLayout &l, const std::string &dim)
{
    std::vector<int64_t> out;
    for (int i = 0; i < l.inDimSizeLog2(dim); ++i)
        if (const LinearLayout::Basis &b = l.basis(dim, i); !isZeroBasis(b))
            out.push_back(flatBasisIndex(l, b));
    return out;
}

// 2^rank of the non-zero register bases: the distinct registers.
int64_t distinctRegisters(const LinearLayout &l)
{
    std::vector<LinearLayout::Basis> bases;
    for (int i = 0; i < l.inDimSizeLog2(kRegister); ++i)
        bases.push_back(l.basis(kRegister, i));
    Expected<LinearLayout> sub = LinearLayout::tryCreate({{kRegister, bases}}, l.outDims(), false);
    return sub ? int64_t(1) << sub->rank() : int64_t(1) << bases.size();
}

bool contains(const std::vector<int64_t> &v, int64_t x)
{
    return std::find(v.begin(), v.end(), x) != v.end();
}

int log2Floor(int x)
{
    return x <= 1 ? 0 : std::bit_width(unsigned(x)) - 1;
}

} // namespace

std::vector<int64_t> scratchSegment(const std::vector<int64_t> &bankSrc,
                                    const std::vector<int64_t> &bankDst, int dim, int length)
{
    std::set<int64_t> setSrc(bankSrc.begin(), bankSrc.end()),
        setDst(bankDst.begin(), bankDst.end());
    setSrc.erase(0);
    setDst.erase(0);
    std::vector<int64_t> segment;
    for (int b = 0; b < dim; ++b)
        if (!setSrc.count(int64_t(1) << b) && !setDst.count(int64_t(1) << b))
            segment.push_back(int64_t(1) << b);
    if (int(segment.size()) >= length) {
        segment.resize(size_t(std::max(length, 0)));
        return segment;
    }
    std::vector<int64_t> a, b;
    for (int64_t v : setSrc)
        if (!setDst.count(v))
            a.push_back(v);
    for (int64_t v : setDst)
        if (!setSrc.count(v))
            b.push_back(v);
    if (a.size() > b.size())
        std::swap(a, b);
    const int conflicts =
        std::min(std::max(0, length - int(a.size()) - int(segment.size())), int(a.size()));
    for (size_t i = size_t(conflicts); i < a.size(); ++i)
        segment.push_back(a[i] ^ b[i]);
    segment.insert(segment.end(), a.begin(), a.begin() + conflicts);
    segment.insert(segment.end(), b.begin(), b.begin() + conflicts);
    if (int(segment.size()) > length)
        segment.resize(size_t(std::max(length, 0)));
    return segment;
}

namespace {

// The scratch's bases above the vector (Triton's optimalSwizzlingLdSt): the segment, and the
// bank bases, the unit tensor bits independent of the vector and the segment, in increasing
// order.
struct ScratchBases
{
    std::vector<int64_t> banks, segment;
};

ScratchBases scratchBases(const LinearLayout &src, const LinearLayout &dst,
                          const std::vector<int64_t> &vbasis, int bits, int log2Vec)
{
    const int dim = totalOutBits(src);
    auto lanes = [&](const LinearLayout &l) {
        std::vector<int64_t> out;
        if (l.hasInDim("lane"))
            for (int i = 0; i < l.inDimSizeLog2("lane"); ++i)
                out.push_back(flatBasisIndex(l, l.basis("lane", i)));
        out.resize(out.size() > size_t(log2Vec) ? out.size() - size_t(log2Vec) : 0);
        return out;
    };
    std::vector<int64_t> bankSrc = vbasis, bankDst = vbasis;
    for (int64_t l : lanes(src))
        if (!contains(vbasis, l))
            bankSrc.push_back(l);
    for (int64_t l : lanes(dst))
        if (!contains(vbasis, l))
            bankDst.push_back(l);
    const int lenBank = std::min(
        log2Floor(int(std::max<int64_t>(1, 1024 / ((int64_t(1) << vbasis.size()) * bits)))),
        dim - int(vbasis.size()));
    const int lenSegment = dim - lenBank - int(vbasis.size());
    ScratchBases out;
    out.segment = scratchSegment(bankSrc, bankDst, dim, lenSegment);
    std::vector<int64_t> used = vbasis;
    used.insert(used.end(), out.segment.begin(), out.segment.end());
    F2Matrix m(int(used.size()), dim);
    for (size_t r = 0; r < used.size(); ++r)
        for (int c = 0; c < dim; ++c)
            if ((used[r] >> c) & 1)
                m.set(int(r), c, true);
    const std::vector<int> pivots = m.pivotColumns();
    for (int c = 0; c < dim; ++c)
        if (std::find(pivots.begin(), pivots.end(), c) == pivots.end())
            out.banks.push_back(int64_t(1) << c);
    return out;
}

} // namespace

std::optional<LinearLayout> sideOnScratch(const LinearLayout &side,
                                          const std::vector<int64_t> &positions, int dim)
{
    std::vector<uint64_t> columns;
    for (int64_t p : positions)
        columns.push_back(uint64_t(p));
    const std::optional<F2Matrix> inverse = F2Matrix::fromColumns(columns, dim).inverse();
    if (!inverse || int(positions.size()) != dim)
        return std::nullopt;
    LinearLayout::BasesT bases;
    for (const std::string dimName : {"register", "lane", "warp"}) {
        if (!side.hasInDim(dimName))
            continue;
        std::vector<LinearLayout::Basis> offsets;
        for (int i = 0; i < side.inDimSizeLog2(dimName); ++i) {
            const uint64_t t = uint64_t(flatBasisIndex(side, side.basis(dimName, i)));
            const F2Matrix x = *inverse * F2Matrix::fromColumns({t}, dim);
            offsets.push_back({int32_t(x.column(0))});
        }
        bases.emplace_back(dimName, std::move(offsets));
    }
    Expected<LinearLayout> cvt =
        LinearLayout::tryCreate(std::move(bases), {{kOffsetDim, int32_t(1) << dim}}, false);
    return cvt ? std::optional<LinearLayout>(std::move(*cvt)) : std::nullopt;
}

LdsVectorisation largestVectorisation(const LinearLayout &cvt, int elementBits,
                                      std::optional<int> maxElements)
{
    LdsVectorisation out;
    const int offsetIndex = cvt.outDimIndex(kOffsetDim);
    std::vector<int> regs; // non-zero register bases (step 1)
    for (int i = 0; i < cvt.inDimSizeLog2(kRegister); ++i)
        if (!isZeroBasis(cvt.basis(kRegister, i)))
            regs.push_back(i);
    out.registerBases = int(regs.size());
    out.broadcastBases = cvt.inDimSizeLog2(kRegister) - out.registerBases;
    if (offsetIndex < 0)
        return out;
    const bool allowPermutation = !maxElements.has_value();
    const int cap = maxElements.value_or(std::max(1, 128 / std::max(1, elementBits)));
    const int partitionIndex = cvt.outDimIndex("partition");
    // Register basis `reg` is the tile's basis `bit`: offset 2^bit and nothing else, the
    // partition set aside (step 2).
    auto isTileBasis = [&](int reg, int bit) {
        const LinearLayout::Basis &b = cvt.basis(kRegister, reg);
        for (int o = 0; o < int(b.size()); ++o)
            if (o != partitionIndex && b[size_t(o)] != (o == offsetIndex ? int32_t(1) << bit : 0))
                return false;
        return true;
    };
    for (int k = log2Floor(std::max(1, cap)); k > 0; --k) {
        // regPermForDivide: for each tile basis in order, the first unused register basis equal
        // to it (step 3); without permutation it must be the register basis of that rank.
        std::vector<int> vector;
        std::vector<bool> used(regs.size(), false);
        for (int bit = 0; bit < k; ++bit) {
            size_t j = 0;
            while (j < regs.size() && (used[j] || !isTileBasis(regs[j], bit)))
                ++j;
            if (j == regs.size() || (!allowPermutation && j != size_t(bit)))
                break;
            used[j] = true;
            vector.push_back(regs[j]);
        }
        if (int(vector.size()) < k)
            continue;
        // divideLeft(cvt, identity1D(2^k, register, offset)): every other basis leaves the low
        // k offset bits alone.
        const int32_t low = (int32_t(1) << k) - 1;
        bool divides = true;
        for (const auto &[dim, bases] : cvt.bases())
            for (int i = 0; i < int(bases.size()) && divides; ++i)
                if ((dim != kRegister || !std::count(vector.begin(), vector.end(), i)) &&
                    (bases[size_t(i)][size_t(offsetIndex)] & low) != 0)
                    divides = false;
        if (!divides)
            continue;
        out.elements = 1 << k;
        out.vectorRegs = vector;
        for (int bit = 0; bit < k; ++bit)
            out.permuted = out.permuted || vector[size_t(bit)] != regs[size_t(bit)];
        return out;
    }
    return out;
}

namespace {

// The bases of `a` (in its order) that are also bases of `b`.
std::vector<int64_t> common(const std::vector<int64_t> &a, const std::vector<int64_t> &b)
{
    std::vector<int64_t> out;
    for (int64_t x : a)
        if (contains(b, x) && !contains(out, x))
            out.push_back(x);
    return out;
}

// The scratch's vector basis (getVbasis) and, when a 32-bit bank word had to be filled, which
// side's registers filled it.
struct ScratchVector
{
    std::vector<int64_t> bases;
    std::optional<bool> srcFillsBank;
};

ScratchVector scratchVector(const LinearLayout &src, const LinearLayout &dst, int bits)
{
    const std::vector<int64_t> regSrc = flatBases(src, kRegister),
                               regDst = flatBases(dst, kRegister);
    const std::vector<int64_t> warpSrc =
        src.hasInDim(kWarpDim) ? flatBases(src, kWarpDim) : std::vector<int64_t>{};
    const std::vector<int64_t> warpDst =
        dst.hasInDim(kWarpDim) ? flatBases(dst, kWarpDim) : std::vector<int64_t>{};
    // The registers of both, in the source's order, at most 128 bits.
    ScratchVector out;
    std::vector<int64_t> &vbasis = out.bases;
    vbasis = common(regSrc, regDst);
    const size_t maxVecBases = size_t(log2Floor(std::max(1, 128 / bits)));
    if (vbasis.size() > maxVecBases)
        vbasis.resize(maxVecBases);
    const size_t basesPerBank = bits > 32 ? 0 : size_t(log2Floor(32 / bits));
    if ((int64_t(1) << vbasis.size()) * bits >= 32)
        return out;
    // Fill a 32-bit bank word. First the registers of one side that are warps of the other
    // (vectorising them conflicts with nothing: warps run apart), the side with more of them (on
    // a tie the one holding the lowest basis); then warps of both; then warps of either.
    auto notInVector = [&](const std::vector<int64_t> &regs) {
        std::vector<int64_t> r;
        for (int64_t x : regs)
            if (!contains(vbasis, x))
                r.push_back(x);
        return r;
    };
    const std::vector<int64_t> srcWarp = common(notInVector(regSrc), warpDst);
    const std::vector<int64_t> dstWarp = common(notInVector(regDst), warpSrc);
    bool srcFills = srcWarp.size() > dstWarp.size();
    if (srcWarp.size() == dstWarp.size() && !srcWarp.empty())
        srcFills = *std::min_element(srcWarp.begin(), srcWarp.end()) <
                   *std::min_element(dstWarp.begin(), dstWarp.end());
    out.srcFillsBank = srcFills;
    for (int64_t x : srcFills ? srcWarp : dstWarp)
        vbasis.push_back(x);
    if (vbasis.size() < basesPerBank)
        for (int64_t x : common(warpSrc, warpDst))
            vbasis.push_back(x);
    for (size_t i = 0; vbasis.size() < basesPerBank && (i < warpSrc.size() || i < warpDst.size());
         ++i) {
        if (i < warpSrc.size() && !contains(vbasis, warpSrc[i]))
            vbasis.push_back(warpSrc[i]);
        if (vbasis.size() < basesPerBank && i < warpDst.size() && !contains(vbasis, warpDst[i]))
            vbasis.push_back(warpDst[i]);
    }
    if (vbasis.size() > basesPerBank)
        vbasis.resize(basesPerBank);
    return out;
}

} // namespace

Expected<LdsRoundTrip> ldsRoundTrip(const LinearLayout &src, const LinearLayout &dst,
                                    int elementBits)
{
    if (src.outDims() != dst.outDims())
        return makeError("the two layouts do not describe the same tensor");
    if (!src.hasInDim(kRegister) || !dst.hasInDim(kRegister))
        return makeError("a layout without registers cannot be converted through LDS");
    const int bits = std::max(1, elementBits);
    const std::vector<int64_t> regSrc = flatBases(src, kRegister),
                               regDst = flatBases(dst, kRegister);
    const size_t maxVecBases = size_t(log2Floor(std::max(1, 128 / bits)));
    const ScratchVector vector = scratchVector(src, dst, bits);
    const std::vector<int64_t> &vbasis = vector.bases;
    const std::optional<bool> srcFillsBank = vector.srcFillsBank;

    // The scratch: the vector, the bank bases (reordered to put one side's registers first when
    // the vector is under 128 bits, so that side vectorises further), the segment.
    const int log2Vec =
        log2Floor(int(std::max<int64_t>(1, ((int64_t(1) << vbasis.size()) * bits) / 32)));
    const ScratchBases scratch = scratchBases(src, dst, vbasis, bits, log2Vec);
    std::vector<int64_t> positions = vbasis;
    std::vector<int64_t> banks = scratch.banks;
    if (log2Vec < 2) {
        auto inRegs = [&](const std::vector<int64_t> &regs) {
            std::vector<int64_t> out;
            for (int64_t b : banks)
                if (contains(regs, b))
                    out.push_back(b);
            return out;
        };
        const std::vector<int64_t> bankSrc = inRegs(regSrc), bankDst = inRegs(regDst);
        const bool srcFirst = srcFillsBank ? *srcFillsBank : bankSrc.size() > bankDst.size();
        std::vector<int64_t> ordered = srcFirst ? bankSrc : bankDst;
        for (int64_t b : banks)
            if (!contains(ordered, b))
                ordered.push_back(b);
        banks = std::move(ordered);
    }
    positions.insert(positions.end(), banks.begin(), banks.end());
    positions.insert(positions.end(), scratch.segment.begin(), scratch.segment.end());
    // Each side is lowered as a plain access of its own map onto the scratch (largestVectorisation
    // above); where the scratch is not a basis, the longest prefix of the vector in its registers.
    const int dim = totalOutBits(src);
    LdsRoundTrip out;
    auto width = [&](const LinearLayout &side, const std::vector<int64_t> &regs,
                     std::optional<LdsRoundTrip::Side> &onScratch) {
        if (std::optional<LinearLayout> cvt = sideOnScratch(side, positions, dim)) {
            const LdsVectorisation v = largestVectorisation(*cvt, bits);
            onScratch = LdsRoundTrip::Side{std::move(*cvt), v.vectorRegs};
            return v.elements;
        }
        size_t k = 0;
        while (k < vbasis.size() && k < maxVecBases && contains(regs, vbasis[k]))
            ++k;
        return 1 << k;
    };
    out.vectorBasis = vbasis;
    for (int64_t b : common(regSrc, regDst))
        if (!contains(vbasis, b))
            out.reps *= 2;
    out.scratch = positions;
    out.storeRegisters = distinctRegisters(src);
    out.loadRegisters = distinctRegisters(dst);
    out.storeElements =
        int(std::min<int64_t>(width(src, regSrc, out.storeSide), out.storeRegisters));
    out.loadElements = int(std::min<int64_t>(width(dst, regDst, out.loadSide), out.loadRegisters));
    return out;
}

} // namespace lx
