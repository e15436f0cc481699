#include "analysis/conversion.h"

#include "f2/f2reduce.h"

#include <algorithm>
#include <array>
#include <bit>

namespace lx {

namespace {

constexpr std::array<const char *, 4> kDistributedDims = {"register", "lane", "warp", "block"};

bool isDistributed(const LinearLayout &layout)
{
    for (const std::string &d : layout.inDimNames())
        if (std::find(kDistributedDims.begin(), kDistributedDims.end(), d) ==
            kDistributedDims.end())
            return false;
    return true;
}

// Triton's count of mixed transpositions (getWarpLayoutConvertDecomposition): `cvt` maps the
// destination's (register, lane) bits to the source's, and Triton completes it to a permutation
// of those bits (filling broadcast and missing bases with each other), then counts the runs of
// lane bits between two register bits in its cycles, one per register-to-lane exchange. In a
// permutation the exchanges from registers to lanes and from lanes to registers are as many;
// before the completion they are the rank of the register components of cvt's lane bases and of
// the lane components of its register bases, and the completion adds exchanges to the side
// with fewer: the count is the larger of the two. (A 1-D blocked source of one element per lane
// read by a slice holding 4 consecutive elements per thread: two destination register bits
// come from source lanes, no lane bit from a source register, and Triton counts 2.)
int mixedTranspositionsOf(const LinearLayout &cvt)
{
    const int reg = cvt.outDimIndex("register");
    const int lane = cvt.outDimIndex("lane");
    const auto rankOf = [&](const char *in, int out) {
        if (out < 0 || !cvt.hasInDim(in))
            return 0;
        std::vector<uint64_t> rows;
        for (int i = 0; i < cvt.inDimSizeLog2(in); ++i)
            rows.push_back(uint64_t(uint32_t(cvt.basis(in, i)[size_t(out)])));
        return f2::rank(std::move(rows));
    };
    return std::max(rankOf("lane", reg), rankOf("register", lane));
}

// The in-dims both layouts list last, slowest first (Triton's order of quotients).
std::vector<std::string> commonTrailingDims(const LinearLayout &a, const LinearLayout &b)
{
    const std::vector<std::string> an = a.inDimNames(), bn = b.inDimNames();
    std::vector<std::string> dims;
    for (size_t i = 0; i < std::min(an.size(), bn.size()); ++i) {
        const std::string &x = an[an.size() - 1 - i];
        if (x != bn[bn.size() - 1 - i])
            break;
        dims.push_back(x);
    }
    return dims;
}

bool contains(const std::vector<std::string> &v, const char *s)
{
    return std::find(v.begin(), v.end(), s) != v.end();
}

std::string joinDims(const std::vector<std::string> &dims)
{
    std::string s;
    for (const std::string &d : dims)
        s += (s.empty() ? "" : ", ") + d;
    return s;
}

// Distinct elements one CTA holds: 2^rank of the layout without its block dim.
int64_t distinctElementsPerCta(const LinearLayout &layout)
{
    std::vector<std::string> ins;
    for (const std::string &d : layout.inDimNames())
        if (d != "block")
            ins.push_back(d);
    Expected<LinearLayout> sub = layout.sublayout(ins, layout.outDimNames());
    return sub ? int64_t(1) << sub->rank() : 0;
}

} // namespace

std::string conversionKindName(ConversionKind kind)
{
    switch (kind) {
    case ConversionKind::NoOp:
        return "no-op";
    case ConversionKind::RegisterPermutation:
        return "register permutation";
    case ConversionKind::WarpShuffle:
        return "intra-warp shuffle";
    case ConversionKind::LdsRoundTrip:
        return "LDS round trip";
    case ConversionKind::CrossCta:
        return "cross-CTA";
    }
    return "unknown";
}

Expected<ConversionPlan> classifyConversion(const LinearLayout &src, const LinearLayout &dst,
                                            int elementBits)
{
    if (elementBits <= 0)
        return makeError("element width must be positive, got " + std::to_string(elementBits));
    if (!isDistributed(src) || !isDistributed(dst))
        return makeError("convert_layout needs two distributed layouts (in-dims register, lane, "
                         "warp, block)");
    if (src.outDims() != dst.outDims())
        return makeError("the two layouts cover different tensors (out-dims or sizes differ)");
    Expected<LinearLayout> comp = dst.invertAndCompose(src);
    if (!comp)
        return makeError("no conversion exists: " + comp.message());

    LinearLayout cvt = *comp;
    for (const std::string &dim : commonTrailingDims(src, dst)) {
        std::optional<LinearLayout> q = cvt.quotient({dim});
        if (!q)
            break;
        cvt = std::move(*q);
    }

    ConversionPlan plan;
    plan.movedDims = cvt.inDimNames();
    plan.mixedTranspositions = mixedTranspositionsOf(cvt);
    const std::vector<std::string> &moved = plan.movedDims;
    if (contains(moved, "block")) {
        plan.kind = ConversionKind::CrossCta;
        plan.reason = "elements move between CTAs (" + joinDims(moved) + ")";
    } else if (contains(moved, "warp")) {
        plan.kind = ConversionKind::LdsRoundTrip;
        plan.reason = "elements move between warps (" + joinDims(moved) + ")";
    } else if (contains(moved, "lane")) {
        if (plan.mixedTranspositions < 2) {
            plan.kind = ConversionKind::WarpShuffle;
            plan.reason = "elements move between lanes of a warp (" + joinDims(moved) + ")";
        } else {
            plan.kind = ConversionKind::LdsRoundTrip;
            plan.reason = "elements move between lanes with " +
                          std::to_string(plan.mixedTranspositions) +
                          " register/lane exchanges, too many for shuffles";
        }
    } else if (contains(moved, "register")) {
        plan.kind = ConversionKind::RegisterPermutation;
        plan.reason = "elements stay in their thread; only the register order changes";
    } else {
        plan.kind = ConversionKind::NoOp;
        plan.reason = "the two layouts are the same map";
    }
    if (plan.kind == ConversionKind::LdsRoundTrip)
        plan.ldsBytes = (distinctElementsPerCta(src) * elementBits + 7) / 8;
    plan.minimal = std::move(cvt);
    return plan;
}

} // namespace lx
