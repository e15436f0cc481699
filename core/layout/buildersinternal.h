#pragma once

// Internal to the builder sources (builders.cpp, buildersdistributed.cpp, buildersshared.cpp):
// the throwing build steps, their small validators and the per-family builders. Not part of the
// engine's interface: builders.h is.

#include "base/expected.h"
#include "base/intmath.h"
#include "layout/attrs.h"
#include "layout/builders.h"
#include "layout/layoututils.h"
#include "layout/linearlayout.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lx::buildinternal {

// The builders compose many small fallible steps. Inside the builder sources a failed step throws
// BuildFailure, which the public entry points turn back into an Error: nothing escapes.
struct BuildFailure
{
    std::string message;
};

[[noreturn]] inline void fail(std::string message)
{
    throw BuildFailure{std::move(message)};
}

template <typename T> T must(Expected<T> e)
{
    if (!e)
        fail(e.message());
    return std::move(*e);
}

// Runs a throwing builder and converts a BuildFailure into an Error.
template <typename F> auto guarded(F &&f) -> Expected<decltype(f())>
{
    try {
        return f();
    } catch (const BuildFailure &failure) {
        return makeError(failure.message);
    }
}

using Bases = std::vector<Basis>;

inline std::string listText(const std::vector<int32_t> &v)
{
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i)
        s += (i ? ", " : "") + std::to_string(v[i]);
    return s + "]";
}

inline void requirePow2(int64_t v, std::string_view what)
{
    if (!isPow2(v))
        fail(std::string(what) + " is " + std::to_string(v) + ", which is not a power of two >= 1");
}

inline void requirePow2List(const std::vector<int32_t> &v, std::string_view what)
{
    for (int32_t x : v)
        if (!isPow2(x))
            fail(std::string(what) + " " + listText(v) +
                 " has an entry that is not a power of two >= 1");
}

inline void requireRank(size_t got, size_t rank, std::string_view what)
{
    if (got != rank)
        fail(std::string(what) + " has " + std::to_string(got) +
             " entries, but the tensor has rank " + std::to_string(rank));
}

inline void requirePermutation(const std::vector<int32_t> &order, size_t rank,
                               std::string_view what)
{
    requireRank(order.size(), rank, what);
    // A bit per dim up to rank 64 (no allocation), a vector past that.
    uint64_t seenBits = 0;
    std::vector<bool> seen(rank > 64 ? rank : 0, false);
    for (int32_t d : order) {
        const bool repeated = d >= 0 && size_t(d) < rank &&
                              (rank > 64 ? bool(seen[size_t(d)]) : ((seenBits >> d) & 1) != 0);
        if (d < 0 || size_t(d) >= rank || repeated)
            fail(std::string(what) + " " + listText(order) + " is not a permutation of 0.." +
                 std::to_string(rank - 1));
        if (rank > 64)
            seen[size_t(d)] = true;
        else
            seenBits |= uint64_t(1) << d;
    }
}

inline void requireBasesRank(const Bases &bases, size_t rank, std::string_view what)
{
    for (size_t i = 0; i < bases.size(); ++i) {
        if (bases[i].size() != rank)
            fail(std::string(what) + " basis " + std::to_string(i) + " " + listText(bases[i]) +
                 " has " + std::to_string(bases[i].size()) + " components, expected " +
                 std::to_string(rank));
        for (int32_t v : bases[i])
            if (v < 0 || v >= (int32_t(1) << LinearLayout::kMaxOutDimBits))
                fail(std::string(what) + " basis " + std::to_string(i) + " " + listText(bases[i]) +
                     " has a component out of range [0, 2^30)");
    }
}

inline void requireShape(const std::vector<int32_t> &shape)
{
    if (shape.empty())
        fail("the tensor shape is empty");
    if (shape.size() > size_t(LinearLayout::kMaxDims))
        fail("the tensor shape has " + std::to_string(shape.size()) +
             " dimensions; a layout has at most " + std::to_string(LinearLayout::kMaxDims));
    for (int32_t s : shape)
        if (!isPow2(s))
            fail("tensor shape " + listText(shape) +
                 " has an entry that is not a power of two >= 1");
}

// a / b for the repetition counts, 0 when b exceeds a (identity1D(0) is the empty layout).
inline int32_t quotient(int64_t a, int64_t b)
{
    return int32_t(a / b);
}

inline LinearLayout id1D(int32_t size, const std::string &in, const std::string &out)
{
    return must(LinearLayout::identity1D(size, in, out));
}

inline LinearLayout zeros1D(int32_t size, const std::string &in, const std::string &out)
{
    return must(LinearLayout::zeros1D(size, in, out));
}

inline LinearLayout operator*(const LinearLayout &a, const LinearLayout &b)
{
    return must(a.product(b));
}

inline LinearLayout &operator*=(LinearLayout &a, const LinearLayout &b)
{
    a = a * b;
    return a;
}

inline LinearLayout transposed(const LinearLayout &l, const std::vector<std::string> &outs)
{
    return must(l.transposeOuts(outs));
}

inline std::string dimName(size_t d)
{
    return "dim" + std::to_string(d);
}

// Out sizes: per dim the smallest power of two above every component (at least 1). Unlike
// tryCreateInferred this allows broadcast (zero or duplicate) bases.
inline LinearLayout inferredLayout(LinearLayout::BasesT bases, size_t rank)
{
    std::vector<LinearLayout::NamedSize> outDims;
    for (size_t d = 0; d < rank; ++d)
        outDims.emplace_back(dimName(d), 1);
    for (const auto &[name, bs] : bases) {
        requireBasesRank(bs, rank, name);
        for (const auto &b : bs)
            for (size_t d = 0; d < rank; ++d)
                outDims[d].second =
                    std::max(outDims[d].second, int32_t(std::bit_ceil(uint32_t(b[d]) + 1)));
    }
    return must(LinearLayout::tryCreate(std::move(bases), std::move(outDims), false));
}

inline LinearLayout cgaLayout(const Bases &blockBases, size_t rank)
{
    requireBasesRank(blockBases, rank, "cga_layout");
    return must(makeCgaLayout(blockBases, int(rank)));
}

inline LinearLayout combine(LinearLayout cta, const Bases &cgaBases,
                            const std::vector<int32_t> &shape)
{
    // One CTA (no block bases), the usual case: its CGA layout is made once per rank.
    static const std::array<LinearLayout, 9> singleCta = [] {
        std::array<LinearLayout, 9> layouts;
        for (size_t rank = 0; rank < layouts.size(); ++rank)
            layouts[rank] = cgaLayout({}, rank);
        return layouts;
    }();
    if (cgaBases.empty() && shape.size() < singleCta.size())
        return must(combineCtaCgaWithShape(std::move(cta), singleCta[shape.size()], shape));
    return must(combineCtaCgaWithShape(std::move(cta), cgaLayout(cgaBases, shape.size()), shape));
}

// Per dim the extent of the CGA layout clipped to the shape: Triton's CTASplitNum.
inline std::vector<int32_t> shapePerCta(const Bases &cgaBases, const std::vector<int32_t> &shape)
{
    const LinearLayout cga = cgaLayout(cgaBases, shape.size());
    std::vector<int32_t> out;
    for (size_t d = 0; d < shape.size(); ++d)
        out.push_back(std::max(1, shape[d] / std::min(shape[d], cga.outDimSize(dimName(d)))));
    return out;
}

// The dispatcher (builders.cpp): the layout of any attribute over `shape`.
LinearLayout build(const LayoutAttr &attr, const std::vector<int32_t> &shape);

// Distributed families (buildersdistributed.cpp). With one CTA the blocked and NVIDIA MMA
// builders write the bases directly (ctabases.h); the ...Composed builders are Triton's formula
// step by step, which they run for several CTAs and where a size limit is met, and which the
// tests compare the direct builds with.
LinearLayout buildBlocked(const BlockedAttr &a, const std::vector<int32_t> &shape);
LinearLayout buildBlockedComposed(const BlockedAttr &a, const std::vector<int32_t> &shape);
// composed: Triton's formula step by step even with one CTA (the tests' reference).
LinearLayout buildWmma(const AmdWmmaAttr &a, const std::vector<int32_t> &shape,
                       bool composed = false);
// Up to 16 bases of two components: an instruction tile's, without an allocation each.
struct TileBases2D
{
    std::array<std::array<int32_t, 2>, 16> reg{}, lane{};
    size_t numReg = 0, numLane = 0;
    void addReg(int32_t a, int32_t b) { reg[numReg++] = {a, b}; }
    void addLane(int32_t a, int32_t b) { lane[numLane++] = {a, b}; }
};
// The WMMA accumulator tile's register and lane bases as [M, N], before a transposition swaps
// them (buildersdistributed.cpp).
TileBases2D wmmaTileBasesMN(const AmdWmmaAttr &a);
std::pair<int32_t, int32_t> wmmaTileExtent(const AmdWmmaAttr &a);
// The WMMA accumulator of the ctaLayout form with one CTA, written basis by basis
// (builderswmmadirect.cpp); nullopt where a size limit leaves it to the composed formula.
std::optional<LinearLayout> wmmaCtaDirect(const AmdWmmaAttr &a, const std::vector<int32_t> &shape);
// A WMMA operand tile's bases as [K, nonK] and its extents (buildersdistributed.cpp); nullopt
// for factors that are not powers of two.
struct WmmaOperandTile : TileBases2D
{
    int32_t sizeK = 1, sizeNonK = 1;
};
std::optional<WmmaOperandTile> wmmaOperandTileBases(const AmdWmmaAttr &w, int32_t kWidth,
                                                    int32_t nonKInstr);
// A rank-2 WMMA operand with one CTA: its tile times the ctaLayout (reg, warp as the attribute
// has them: movement along K is dropped here), fitted to the shape, written basis by basis
// (builderswmmadirect.cpp).
std::optional<LinearLayout> wmmaOperandDirect(const AmdWmmaAttr &w, int32_t kWidth,
                                              int32_t nonKInstr, size_t kDim, const Bases &reg,
                                              const Bases &warp, const std::vector<int32_t> &shape);
// How the WMMA and MFMA layouts repeat an instruction tile tileN wide over the CTA: tiles per warp
// and warps along N, then registers for the rest of N, then tiles per warp and warps along M.
void repeatTile(LinearLayout &l, int32_t tileN, const IntList &tpw, const IntList &warps,
                const std::vector<int32_t> &shape);
LinearLayout buildMfma(const AmdMfmaAttr &a, const std::vector<int32_t> &shape);
LinearLayout buildMfmaOperand(const DotOperandAttr &dot, const AmdMfmaAttr &a,
                              const std::vector<int32_t> &shape);
LinearLayout buildDotOperand(const DotOperandAttr &dot, const std::vector<int32_t> &shape,
                             bool composed = false);
// tile * wmmaCtaLayout(reg, warp, 2) of an AMD WMMA operand tile with one CTA following, written
// into the tile's own bases (builders.cpp); nullopt where the product must run.
std::optional<LinearLayout> wmmaTileWithCta(LinearLayout &tile, const Bases &reg,
                                            const Bases &warp);
LinearLayout buildLinear(const DistributedLinearAttr &a, const std::vector<int32_t> &shape);
LinearLayout buildSlice(const SliceAttr &s, const std::vector<int32_t> &shape);

// NVIDIA families (buildersnvidia.cpp).
LinearLayout buildNvidiaMma(const NvidiaMmaAttr &a, const std::vector<int32_t> &shape);
LinearLayout buildNvidiaMmaOperand(const DotOperandAttr &dot, const NvidiaMmaAttr &a,
                                   const std::vector<int32_t> &shape);
LinearLayout buildNvidiaMmaComposed(const NvidiaMmaAttr &a, const std::vector<int32_t> &shape);
LinearLayout buildNvidiaMmaOperandComposed(const DotOperandAttr &dot, const NvidiaMmaAttr &a,
                                           const std::vector<int32_t> &shape);
LinearLayout buildNvmmaShared(const NvmmaSharedAttr &a, const std::vector<int32_t> &shape);
// Blackwell tensor memory (buildersnvidiatmem.cpp): in-dims row, col.
LinearLayout buildTensorMemory(const TensorMemoryAttr &a, const std::vector<int32_t> &shape);
LinearLayout buildTensorMemoryScales(const TensorMemoryScalesAttr &a,
                                     const std::vector<int32_t> &shape);
// Triton's broadcastedDotOperandLayout: identity along every dim of `order` but kDim, which
// broadcasts (buildersdistributed.cpp).
LinearLayout broadcastedDotOperandLayout(const IntList &sizes, const IntList &order, size_t kDim,
                                         const std::string &inDim);

// Shared families (buildersshared.cpp).
LinearLayout buildSwizzled(const SwizzledSharedAttr &a, const std::vector<int32_t> &shape);
LinearLayout fitSharedComponent(const LinearLayout &component, const std::vector<int32_t> &shape,
                                const std::string &what);
LinearLayout paddedComponent(const PaddedSharedAttr &a);
LinearLayout sharedLinearComponent(const SharedLinearAttr &a);
LinearLayout buildPartitioned(const PartitionedSharedAttr &a, const std::vector<int32_t> &shape);
int64_t elementsOf(const std::vector<int32_t> &shape);
int64_t bytesOf(int64_t elements, int32_t elementBits);

} // namespace lx::buildinternal
