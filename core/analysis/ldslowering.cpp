#include "analysis/ldslowering.h"

#include <algorithm>
#include <bit>
#include <set>

namespace lx {

namespace {

const std::string kReg = "register";
const std::string kOffsetDim = "offset";

bool isZero(const LinearLayout::Basis &b)
{
    return std::all_of(b.begin(), b.end(), [](int32_t v) { return v == 0; });
}

// A basis as one flattened out index (out-dims in order, the first the least significant).
int64_t flatOf(const LinearLayout &l, const LinearLayout::Basis &b)
{
    int64_t flat = 0;
    int shift = 0;
    for (size_t o = 0; o < l.outDims().size(); ++o) {
        flat |= int64_t(b[o]) << shift;
        shift += l.outDimSizeLog2(l.outDims()[o].first);
    }
    return flat;
}

// The non-zero bases of one in-dim, flattened.
std::vector<int64_t> flatBases(const LinearLayout &l, const std::string &dim)
{
    std::vector<int64_t> out;
    for (int i = 0; i < l.inDimSizeLog2(dim); ++i)
        if (const LinearLayout::Basis &b = l.basis(dim, i); !isZero(b))
            out.push_back(flatOf(l, b));
    return out;
}

// 2^rank of the non-zero register bases: the distinct registers.
int64_t distinctRegisters(const LinearLayout &l)
{
    std::vector<LinearLayout::Basis> bases;
    for (int i = 0; i < l.inDimSizeLog2(kReg); ++i)
        bases.push_back(l.basis(kReg, i));
    Expected<LinearLayout> sub = LinearLayout::tryCreate({{kReg, bases}}, l.outDims(), false);
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

LdsVectorisation largestVectorisation(const LinearLayout &cvt, int elementBits,
                                      std::optional<int> maxElements)
{
    LdsVectorisation out;
    const int offsetIndex = cvt.outDimIndex(kOffsetDim);
    std::vector<int> regs; // non-zero register bases (step 1)
    for (int i = 0; i < cvt.inDimSizeLog2(kReg); ++i)
        if (!isZero(cvt.basis(kReg, i)))
            regs.push_back(i);
    out.registerBases = int(regs.size());
    out.broadcastBases = cvt.inDimSizeLog2(kReg) - out.registerBases;
    if (offsetIndex < 0)
        return out;
    const bool allowPermutation = !maxElements.has_value();
    const int cap = maxElements.value_or(std::max(1, 128 / std::max(1, elementBits)));
    const int partitionIndex = cvt.outDimIndex("partition");
    // Register basis `reg` is the tile's basis `bit`: offset 2^bit and nothing else, the
    // partition set aside (step 2).
    auto isTileBasis = [&](int reg, int bit) {
        const LinearLayout::Basis &b = cvt.basis(kReg, reg);
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
                if ((dim != kReg || !std::count(vector.begin(), vector.end(), i)) &&
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

Expected<LdsRoundTrip> ldsRoundTrip(const LinearLayout &src, const LinearLayout &dst,
                                    int elementBits)
{
    if (src.outDims() != dst.outDims())
        return makeError("the two layouts do not describe the same tensor");
    if (!src.hasInDim(kReg) || !dst.hasInDim(kReg))
        return makeError("a layout without registers cannot be converted through LDS");
    const int bits = std::max(1, elementBits);
    const std::vector<int64_t> regSrc0 = flatBases(src, kReg), regDst0 = flatBases(dst, kReg);
    std::vector<int64_t> regSrc = regSrc0, regDst = regDst0;

    // The registers of both, in the source's order, at most 128 bits (getVbasis).
    std::vector<int64_t> vbasis;
    for (int64_t r : regSrc)
        if (contains(regDst, r) && !contains(vbasis, r))
            vbasis.push_back(r);
    const size_t maxVecBases = size_t(log2Floor(std::max(1, 128 / bits)));
    if (vbasis.size() > maxVecBases)
        vbasis.resize(maxVecBases);
    const int basesPerBank = bits > 32 ? 0 : log2Floor(32 / bits);
    auto isPrefix = [](const std::vector<int64_t> &p, const std::vector<int64_t> &regs) {
        return p.size() <= regs.size() && std::equal(p.begin(), p.end(), regs.begin());
    };
    auto fill = [&](const std::vector<int64_t> &regs, std::vector<int64_t> vb) {
        for (size_t i = vb.size(); int(i) < basesPerBank && i < regs.size(); ++i)
            vb.push_back(regs[i]);
        return vb;
    };
    bool vecSrc = true;
    if ((int64_t(1) << vbasis.size()) * bits < 32) {
        bool srcPrefix = isPrefix(vbasis, regSrc), dstPrefix = isPrefix(vbasis, regDst);
        if (!vbasis.empty() && !srcPrefix && !dstPrefix) {
            auto front = [&](const std::vector<int64_t> &regs) {
                std::vector<int64_t> r = vbasis;
                for (int64_t x : regs)
                    if (!contains(vbasis, x))
                        r.push_back(x);
                return r;
            };
            regSrc = front(regSrc);
            regDst = front(regDst);
            srcPrefix = dstPrefix = true;
        }
        // When both are prefixes the source's registers complete it (Triton's later choice of
        // the side whose next registers are lanes of the other is not modelled).
        vecSrc = srcPrefix;
        vbasis = fill(vecSrc ? regSrc : regDst, vbasis);
    }

    // Each side: the longest prefix of the vector basis in its registers, at most 128 bits.
    auto width = [&](const std::vector<int64_t> &regs) {
        size_t k = 0;
        while (k < vbasis.size() && k < maxVecBases && contains(regs, vbasis[k]))
            ++k;
        return 1 << k;
    };
    LdsRoundTrip out;
    out.vectorBasis = vbasis;
    out.storeRegisters = distinctRegisters(src);
    out.loadRegisters = distinctRegisters(dst);
    out.storeElements = int(std::min<int64_t>(width(regSrc0), out.storeRegisters));
    out.loadElements = int(std::min<int64_t>(width(regDst0), out.loadRegisters));
    return out;
}

} // namespace lx
