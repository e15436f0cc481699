#include "layout/layoututils.h"

#include "base/intmath.h"
#include <sstream>

#include <algorithm>
#include <bit>
#include <optional>
#include <utility>

namespace lx {

namespace {

// The size `shape` gives for out-dim `name`, or -1 when it names no such dim.
int32_t lookup(const NamedShape &shape, const std::string &name)
{
    for (const auto &[n, s] : shape)
        if (n == name)
            return s;
    return -1;
}

std::string joinShape(const NamedShape &shape)
{
    std::string s = "[";
    for (size_t i = 0; i < shape.size(); ++i)
        s += (i ? ", " : "") + shape[i].first + ": " + std::to_string(shape[i].second);
    return s + "]";
}

std::optional<Error> checkShapeMatches(const LinearLayout &layout, const NamedShape &shape,
                                       const char *what)
{
    if (int(shape.size()) != layout.numOutDims())
        return makeError(std::string(what) + ": the shape " + joinShape(shape) + " has " +
                         std::to_string(shape.size()) + " dims, the layout " +
                         std::to_string(layout.numOutDims()) + " out-dims");
    for (const auto &[name, size] : shape) {
        if (!layout.hasOutDim(name))
            return makeError(std::string(what) + ": the layout has no out-dim '" + name + "'");
        if (!isPow2(size))
            return makeError(std::string(what) + ": size " + std::to_string(size) + " of '" + name +
                             "' is not a power of two");
    }
    return std::nullopt;
}

// result = result * identity1D(size, inDim, outDim); an error leaves `result` as it was.
std::optional<Error> multiplyByIdentity(LinearLayout &result, int32_t size,
                                        const std::string &inDim, const std::string &outDim)
{
    Expected<LinearLayout> id = LinearLayout::identity1D(size, inDim, outDim);
    if (!id)
        return id.error();
    Expected<LinearLayout> p = result.product(*id);
    if (!p)
        return p.error();
    result = std::move(*p);
    return std::nullopt;
}

// What ensureLayoutNotSmallerThan's products with identity1D(desired / size, first in-dim, o)
// give, built in one step: each grown out-dim o gets bases size(o) << i along the first in-dim,
// which no other basis reaches, so the rank grows by their number, and the product leaves the
// result required to be surjective exactly when it is. planGrowth gives nullopt when a dim is
// missing from `shape` or a limit would be passed: the products then say why.
struct Growth
{
    std::vector<LinearLayout::NamedSize> outs; // the grown out-dims
    int added = 0;                             // bases added to the first in-dim
};

std::optional<Growth> planGrowth(const LinearLayout &layout, const NamedShape &shape)
{
    Growth g;
    g.outs = layout.outDims();
    int inBits = layout.totalInDimSizeLog2(), outBits = 0;
    for (auto &[name, size] : g.outs) {
        const int32_t desired = lookup(shape, name);
        if (desired < 1)
            return std::nullopt;
        for (int32_t step = 1; step < desired / size; step *= 2)
            ++g.added;
        size = std::max(size, desired);
        const int bits = std::countr_zero(uint32_t(size));
        if (bits > LinearLayout::kMaxOutDimBits)
            return std::nullopt;
        outBits += bits;
    }
    inBits += g.added;
    const size_t firstBits = layout.bases().front().second.size() + size_t(g.added);
    if (int(firstBits) > LinearLayout::kMaxOutDimBits || inBits > LinearLayout::kMaxTotalBits ||
        outBits > LinearLayout::kMaxTotalBits)
        return std::nullopt;
    return g;
}

// `bases` are the layout's own (a copy, or moved out of it), `oldOuts` its out-dims.
Expected<LinearLayout> applyGrowth(LinearLayout::BasesT bases,
                                   const std::vector<LinearLayout::NamedSize> &oldOuts, int rank,
                                   Growth g)
{
    auto &grown = bases.front().second;
    for (size_t o = 0; o < oldOuts.size(); ++o) {
        const int32_t size = oldOuts[o].second;
        for (int32_t step = 1; step < g.outs[o].second / size; step *= 2) {
            LinearLayout::Basis b(oldOuts.size(), 0);
            b[o] = size * step;
            grown.push_back(std::move(b));
        }
    }
    int outBits = 0;
    for (const auto &o : g.outs)
        outBits += std::countr_zero(uint32_t(o.second));
    const bool surjective = rank + g.added == outBits;
    return LinearLayout::tryCreate(std::move(bases), std::move(g.outs), surjective);
}

std::optional<LinearLayout> grownDirectly(const LinearLayout &layout, const NamedShape &shape)
{
    if (layout.numOutDims() == 0)
        return layout;
    std::optional<Growth> g = planGrowth(layout, shape);
    if (!g)
        return std::nullopt;
    Expected<LinearLayout> r =
        applyGrowth(layout.bases(), layout.outDims(), layout.rank(), std::move(*g));
    if (!r)
        return std::nullopt;
    return std::move(*r);
}

// Whether the layout's out-dims are `names`, in that order.
bool hasOutOrder(const LinearLayout &layout, const std::vector<std::string> &names)
{
    const auto &outs = layout.outDims();
    if (outs.size() != names.size())
        return false;
    for (size_t i = 0; i < names.size(); ++i)
        if (outs[i].first != names[i])
            return false;
    return true;
}

} // namespace

std::vector<int32_t> orderOfBases(const std::vector<Basis> &bases, int rank)
{
    std::vector<int32_t> order;
    auto add = [&](int32_t d) {
        if (std::find(order.begin(), order.end(), d) == order.end())
            order.push_back(d);
    };
    for (const auto &b : bases)
        for (size_t d = 0; d < b.size(); ++d)
            if (b[d] != 0) {
                add(int32_t(d));
                break;
            }
    for (int d = rank - 1; d >= 0; --d)
        add(d);
    return order;
}

std::vector<Basis> identityBases(const std::vector<int32_t> &shape,
                                 const std::vector<int32_t> &order)
{
    std::vector<Basis> bases;
    for (int32_t d : order)
        for (int32_t step = 1; step < shape[size_t(d)]; step *= 2) {
            std::vector<int32_t> b(shape.size(), 0);
            b[size_t(d)] = step;
            bases.push_back(std::move(b));
        }
    return bases;
}

std::vector<std::string> standardOutDimNames(int rank)
{
    std::vector<std::string> names;
    names.reserve(size_t(std::max(rank, 0)));
    for (int i = 0; i < rank; ++i)
        names.push_back("dim" + std::to_string(i));
    return names;
}

Expected<LinearLayout> identityStandardND(const std::string &inDim,
                                          const std::vector<int32_t> &shape,
                                          const std::vector<int32_t> &order)
{
    const int rank = int(shape.size());
    if (int(order.size()) != rank)
        return makeError("order has " + std::to_string(order.size()) + " entries, the shape " +
                         std::to_string(rank));
    std::vector<bool> seen(size_t(rank), false);
    for (int32_t d : order) {
        if (d < 0 || d >= rank || seen[size_t(d)])
            return makeError("order is not a permutation of 0.." + std::to_string(rank - 1));
        seen[size_t(d)] = true;
    }
    const std::vector<std::string> names = standardOutDimNames(rank);
    LinearLayout result;
    for (int32_t d : order) {
        const int32_t size = shape[size_t(d)];
        if (!isPow2(size))
            return makeError("size " + std::to_string(size) + " of dim " + std::to_string(d) +
                             " for '" + inDim + "' is not a power of two");
        if (std::optional<Error> e = multiplyByIdentity(result, size, inDim, names[size_t(d)]))
            return *e;
    }
    return result;
}

Expected<LinearLayout> ensureLayoutNotLargerThan(const LinearLayout &layout,
                                                 const NamedShape &shape, bool broadcastRegisters)
{
    if (std::optional<Error> e = checkShapeMatches(layout, shape, "ensureLayoutNotLargerThan"))
        return *e;
    LinearLayout::BasesT bases = layout.bases();
    std::vector<LinearLayout::NamedSize> outDims = layout.outDims();
    for (size_t o = 0; o < outDims.size(); ++o) {
        const int32_t desired = lookup(shape, outDims[o].first);
        if (outDims[o].second <= desired)
            continue;
        outDims[o].second = desired;
        for (auto &[name, bs] : bases)
            for (auto &b : bs)
                if (b[o] >= desired)
                    b[o] = 0;
    }
    if (!broadcastRegisters) {
        // Drop register bases that clipping turned into all-zero ones (bases that were zero
        // before stay: they are deliberate broadcasts).
        const int ri = layout.inDimIndex("register");
        if (ri >= 0) {
            const auto &before = layout.bases()[size_t(ri)].second;
            auto &after = bases[size_t(ri)].second;
            std::vector<LinearLayout::Basis> kept;
            for (size_t i = 0; i < after.size(); ++i) {
                const bool wasZero = std::all_of(before[i].begin(), before[i].end(),
                                                 [](int32_t v) { return v == 0; });
                const bool isZero =
                    std::all_of(after[i].begin(), after[i].end(), [](int32_t v) { return v == 0; });
                if (wasZero || !isZero)
                    kept.push_back(after[i]);
            }
            after = std::move(kept);
        }
    }
    return LinearLayout::tryCreate(std::move(bases), std::move(outDims), false);
}

namespace {

std::optional<Error> checkGrowable(const LinearLayout &layout, const NamedShape &shape)
{
    if (std::optional<Error> e = checkShapeMatches(layout, shape, "ensureLayoutNotSmallerThan"))
        return e;
    if (layout.numInDims() == 0)
        return makeError("ensureLayoutNotSmallerThan: the layout has no in-dims");
    const std::string &kDim = layout.bases().front().first;
    if (kDim != "register" && kDim != "offset")
        return makeError("ensureLayoutNotSmallerThan: the first in-dim is '" + kDim +
                         "', expected 'register' or 'offset'");
    return std::nullopt;
}

} // namespace

Expected<LinearLayout> ensureLayoutNotSmallerThan(LinearLayout &&layout, const NamedShape &shape)
{
    std::optional<Growth> g;
    if (layout.numOutDims() == 0 || checkGrowable(layout, shape) ||
        !(g = planGrowth(layout, shape)))
        return ensureLayoutNotSmallerThan(std::as_const(layout), shape);
    // The bases move into the result; applyGrowth cannot fail once planGrowth has agreed.
    const std::vector<LinearLayout::NamedSize> oldOuts = layout.outDims();
    const int rank = layout.rank();
    return applyGrowth(std::move(layout).takeBases(), oldOuts, rank, std::move(*g));
}

Expected<LinearLayout> ensureLayoutNotSmallerThan(const LinearLayout &layout,
                                                  const NamedShape &shape)
{
    if (std::optional<Error> e = checkGrowable(layout, shape))
        return *e;
    const std::string kDim = layout.bases().front().first;
    if (std::optional<LinearLayout> direct = grownDirectly(layout, shape))
        return std::move(*direct);
    LinearLayout result = layout;
    for (const auto &[name, size] : layout.outDims()) {
        const int32_t desired = lookup(shape, name);
        // A quotient of 0 (the layout is already larger) gives identity1D(0) = empty(): no-op.
        if (std::optional<Error> e = multiplyByIdentity(result, desired / size, kDim, name))
            return *e;
    }
    return result;
}

Expected<LinearLayout> makeCgaLayout(const std::vector<Basis> &blockBases, int rank)
{
    const std::vector<std::string> names = standardOutDimNames(rank);
    std::vector<LinearLayout::NamedSize> outDims;
    for (const std::string &n : names)
        outDims.emplace_back(n, 1);
    for (size_t i = 0; i < blockBases.size(); ++i) {
        if (int(blockBases[i].size()) != rank)
            return makeError("block basis " + std::to_string(i) + " has " +
                             std::to_string(blockBases[i].size()) + " components, expected " +
                             std::to_string(rank));
        for (size_t o = 0; o < blockBases[i].size(); ++o) {
            const int32_t v = blockBases[i][o];
            if (v < 0 || v >= (int32_t(1) << LinearLayout::kMaxOutDimBits))
                return makeError("block basis " + std::to_string(i) + " has component " +
                                 std::to_string(v) + ", out of range");
            outDims[o].second =
                std::max(outDims[o].second, int32_t(std::bit_ceil(uint32_t(v) + 1)));
        }
    }
    return LinearLayout::tryCreate({{"block", blockBases}}, std::move(outDims), false);
}

namespace {

// Whether every out-dim of the layout is within its size in `shape` (absent dims do not fit).
bool fitsWithin(const LinearLayout &layout, const NamedShape &shape)
{
    if (shape.size() != size_t(layout.numOutDims()))
        return false;
    for (const auto &dim : layout.outDims()) {
        // (not a structured binding: clang 14, the fuzz build's compiler, cannot capture one)
        const auto it = std::find_if(shape.begin(), shape.end(),
                                     [&](const auto &entry) { return entry.first == dim.first; });
        if (it == shape.end() || dim.second > it->second)
            return false;
    }
    return true;
}

// The CTA layout grown to at least `shape` and then cut to it (Triton's
// ensureLayoutNotSmallerThan, then ensureLayoutNotLargerThan where it is still larger).
Expected<LinearLayout> grownThenCutTo(LinearLayout layout, const NamedShape &shape)
{
    Expected<LinearLayout> grown = ensureLayoutNotSmallerThan(std::move(layout), shape);
    if (!grown || fitsWithin(*grown, shape))
        return grown;
    return ensureLayoutNotLargerThan(*grown, shape);
}

// Whether `cga` is the CGA layout of one CTA over the dims of `shape`, as makeCgaLayout makes it
// without blocks: a 'block' in-dim without bases and every out-dim of `shape` of size 1.
bool isSingleCta(const LinearLayout &cga, const NamedShape &shape)
{
    if (cga.numInDims() != 1 || cga.bases().front().first != "block" ||
        !cga.bases().front().second.empty() || cga.outDims().size() != shape.size())
        return false;
    for (const auto &[name, size] : cga.outDims())
        if (size != 1 || lookup(shape, name) < 0)
            return false;
    return true;
}

// Whether the out-dims of `layout` are the dims of `shape`, in any order.
bool hasOutDimsOf(const LinearLayout &layout, const NamedShape &shape)
{
    if (layout.outDims().size() != shape.size())
        return false;
    for (const auto &[name, size] : layout.outDims())
        if (lookup(shape, name) < 0)
            return false;
    return true;
}

// The end of combineCtaCgaWithShape: the result in the standard out-dim order, checked against
// the shape.
Expected<LinearLayout> inStandardOrder(Expected<LinearLayout> ret,
                                       const std::vector<std::string> &names,
                                       const NamedShape &labeled)
{
    if (!ret)
        return ret;
    if (!hasOutOrder(*ret, names)) {
        ret = std::move(*ret).transposeOuts(names);
        if (!ret)
            return ret;
    }
    for (const auto &[n, s] : labeled)
        if (ret->outDimSize(n) != s)
            return makeError("the layout covers " + std::to_string(ret->outDimSize(n)) + " along " +
                             n + " but the shape is " + std::to_string(s));
    return ret;
}

// combineSingleCta in one step when the CTA layout only grows to the shape (ensureLayoutNotSmaller-
// Than's products, planGrowth above) and no out-dim is larger than the shape (nothing to clip):
// the grown register bases, the empty 'block' in-dim and the standard out-dim order (what
// transposeOuts gives) are written into the CTA layout's own bases, and one layout is made.
// nullopt, `cta` untouched, where the steps below must run one by one.
std::optional<Expected<LinearLayout>> singleCtaInOneStep(LinearLayout &cta,
                                                         const NamedShape &ctaShape,
                                                         const std::vector<std::string> &names)
{
    if (cta.numOutDims() == 0 || cta.numOutDims() != int(names.size()) ||
        checkGrowable(cta, ctaShape))
        return std::nullopt;
    int perm[LinearLayout::kMaxDims]; // standard out-dim k is the CTA layout's out-dim perm[k]
    for (size_t k = 0; k < names.size(); ++k) {
        perm[k] = cta.outDimIndex(names[k]);
        if (perm[k] < 0)
            return std::nullopt;
    }
    for (const auto &[name, size] : cta.outDims())
        if (size > lookup(ctaShape, name))
            return std::nullopt;
    std::optional<Growth> g = planGrowth(cta, ctaShape);
    if (!g)
        return std::nullopt;
    const std::vector<LinearLayout::NamedSize> oldOuts = cta.outDims();
    const int rank = cta.rank();
    const bool hasBlock = cta.hasInDim("block");
    LinearLayout::BasesT bases = std::move(cta).takeBases();
    auto &grown = bases.front().second;
    for (size_t o = 0; o < oldOuts.size(); ++o)
        for (int32_t step = 1; step < g->outs[o].second / oldOuts[o].second; step *= 2) {
            LinearLayout::Basis b(oldOuts.size(), 0);
            b[o] = oldOuts[o].second * step;
            grown.push_back(std::move(b));
        }
    int outBits = 0;
    std::vector<LinearLayout::NamedSize> outDims;
    outDims.reserve(names.size());
    for (size_t k = 0; k < names.size(); ++k) {
        outDims.emplace_back(names[k], g->outs[size_t(perm[k])].second);
        outBits += std::countr_zero(uint32_t(outDims.back().second));
    }
    bool identity = true;
    for (size_t k = 0; k < names.size(); ++k)
        identity = identity && perm[k] == int(k);
    if (!identity) {
        int32_t old[LinearLayout::kMaxDims];
        for (auto &[inDim, bs] : bases)
            for (LinearLayout::Basis &b : bs) {
                std::copy(b.begin(), b.end(), old);
                for (size_t k = 0; k < names.size(); ++k)
                    b[k] = old[perm[k]];
            }
    }
    if (!hasBlock)
        bases.emplace_back("block", std::vector<LinearLayout::Basis>{});
    return LinearLayout::tryCreate(std::move(bases), std::move(outDims),
                                   rank + g->added == outBits);
}

// combineCtaCgaWithShape for one CTA. The product with such a CGA layout keeps the CTA layout's
// in-dims and out-dims in their order (supremum puts the CTA layout's first), adds a 'block'
// in-dim without bases when there is none, changes no size and no basis, and is surjective when
// the CTA layout is: that layout is made here from the CTA layout's bases, moved, not copied.
Expected<LinearLayout> combineSingleCta(LinearLayout ctaLayout,
                                        const std::vector<std::string> &names,
                                        const NamedShape &labeled)
{
    NamedShape ctaShape;
    ctaShape.reserve(labeled.size());
    for (const auto &[d, size] : ctaLayout.outDims())
        ctaShape.emplace_back(d, std::max(1, lookup(labeled, d)));
    if (std::optional<Expected<LinearLayout>> l = singleCtaInOneStep(ctaLayout, ctaShape, names))
        return inStandardOrder(std::move(*l), names, labeled);
    Expected<LinearLayout> cta = grownThenCutTo(std::move(ctaLayout), ctaShape);
    if (!cta)
        return cta;
    const bool surjective = cta->isSurjective();
    std::vector<LinearLayout::NamedSize> outDims = cta->outDims();
    const bool hasBlock = cta->hasInDim("block");
    LinearLayout::BasesT bases = std::move(*cta).takeBases();
    if (!hasBlock)
        bases.emplace_back("block", std::vector<LinearLayout::Basis>{});
    return inStandardOrder(
        LinearLayout::tryCreate(std::move(bases), std::move(outDims), surjective), names, labeled);
}

} // namespace

Expected<LinearLayout> combineCtaCgaWithShape(LinearLayout ctaLayout, const LinearLayout &cgaLayout,
                                              const std::vector<int32_t> &shape)
{
    const int rank = int(shape.size());
    if (ctaLayout.numOutDims() != rank)
        return makeError("the layout has " + std::to_string(ctaLayout.numOutDims()) +
                         " out-dims, the shape " + std::to_string(rank) + " dims");
    if (cgaLayout.numOutDims() != rank)
        return makeError("the CGA layout has " + std::to_string(cgaLayout.numOutDims()) +
                         " out-dims, the shape " + std::to_string(rank) + " dims");
    const std::vector<std::string> names = standardOutDimNames(rank);
    NamedShape labeled;
    labeled.reserve(size_t(rank));
    for (int i = 0; i < rank; ++i) {
        if (!isPow2(shape[size_t(i)]))
            return makeError("shape entry " + std::to_string(shape[size_t(i)]) + " of dim " +
                             std::to_string(i) + " is not a power of two");
        labeled.emplace_back(names[size_t(i)], shape[size_t(i)]);
    }
    if (isSingleCta(cgaLayout, labeled) && hasOutDimsOf(ctaLayout, labeled))
        return combineSingleCta(std::move(ctaLayout), names, labeled);
    // Clipping a layout that already fits its shape changes neither bases nor sizes, only the
    // surjectivity flag, which product() below does not read (it derives the result's flag from
    // the ranks): such a clip is skipped, and with it a copy of every basis. Likewise a transpose
    // to the order the layout already has; the layouts dropped along the way are moved, not
    // copied.
    std::optional<LinearLayout> cgaOwned;
    if (!fitsWithin(cgaLayout, labeled)) {
        Expected<LinearLayout> clipped = ensureLayoutNotLargerThan(cgaLayout, labeled);
        if (!clipped)
            return clipped;
        cgaOwned = std::move(*clipped);
    }
    const std::vector<std::string> ctaNames = ctaLayout.outDimNames();
    const LinearLayout &cgaIn = cgaOwned ? *cgaOwned : cgaLayout;
    if (!hasOutOrder(cgaIn, ctaNames)) {
        Expected<LinearLayout> t = cgaIn.transposeOuts(ctaNames);
        if (!t)
            return t;
        cgaOwned = std::move(*t);
    }
    const LinearLayout &cga = cgaOwned ? *cgaOwned : cgaLayout;
    NamedShape ctaShape;
    ctaShape.reserve(ctaNames.size());
    for (const std::string &d : ctaNames)
        ctaShape.emplace_back(d, std::max(1, lookup(labeled, d) / cga.outDimSize(d)));
    Expected<LinearLayout> cta = grownThenCutTo(std::move(ctaLayout), ctaShape);
    if (!cta)
        return cta;
    return inStandardOrder(cta->product(cga), names, labeled);
}

std::string formatBasis(const LinearLayout::Basis &basis)
{
    std::ostringstream s;
    s << '[';
    for (size_t i = 0; i < basis.size(); ++i)
        s << (i ? ", " : "") << basis[i];
    s << ']';
    return s.str();
}

int firstMovedDim(const LinearLayout::Basis &basis)
{
    for (size_t i = 0; i < basis.size(); ++i)
        if (basis[i] != 0)
            return int(i);
    return -1;
}

bool isZeroBasis(const LinearLayout::Basis &basis)
{
    for (int32_t v : basis)
        if (v != 0)
            return false;
    return true;
}

int totalOutBits(const LinearLayout &layout)
{
    int bits = 0;
    for (const auto &[name, size] : layout.outDims())
        bits += layout.outDimSizeLog2(name);
    return bits;
}

} // namespace lx
