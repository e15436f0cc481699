#include "io/ttgtextschema.h"
#include "base/intmath.h"

#include "hw/wmmashapes.h"
#include "layout/layoututils.h"

#include <algorithm>
#include <map>
#include <optional>

namespace lx::ttgdetail {

int32_t asInt(const Value &v, std::string_view what, int64_t min, int64_t max)
{
    if (v.kind != Value::Int)
        fail(v.pos, std::string(what) + ": expected an integer, found " + kindName(v.kind));
    if (v.integer < min || v.integer > max)
        fail(v.pos, std::string(what) + ": " + std::to_string(v.integer) + " is out of range [" +
                        std::to_string(min) + ", " + std::to_string(max) + "]");
    return int32_t(v.integer);
}

bool asBool(const Value &v, std::string_view what)
{
    if (v.kind != Value::Bool)
        fail(v.pos, std::string(what) + ": expected true or false, found " + kindName(v.kind));
    return v.boolean;
}

IntList asIntList(const Value &v, std::string_view what, int64_t min)
{
    if (v.kind != Value::List)
        fail(v.pos, std::string(what) + ": expected a list of integers, found " + kindName(v.kind));
    IntList out;
    out.reserve(v.items.size());
    for (const Value &item : v.items)
        out.push_back(asInt(item, what, min));
    return out;
}

// A list of bases; every basis has `rank` components (rank < 0: set it from the first basis).
BasisList asBases(const Value &v, std::string_view what, int &rank)
{
    if (v.kind != Value::List)
        fail(v.pos, std::string(what) + ": expected a list of bases, found " + kindName(v.kind));
    BasisList out;
    out.reserve(v.items.size());
    for (const Value &basis : v.items) {
        if (basis.kind != Value::List)
            fail(basis.pos, std::string(what) + ": expected a basis [c0, c1, ...], found " +
                                kindName(basis.kind));
        IntList b = asIntList(basis, what);
        if (rank < 0)
            rank = int(b.size());
        if (int(b.size()) != rank)
            fail(basis.pos, std::string(what) + ": basis has " + std::to_string(b.size()) +
                                " components, expected " + std::to_string(rank));
        out.push_back(std::move(b));
    }
    return out;
}

LayoutAttrPtr asAttr(const Value &v, std::string_view what)
{
    if (v.kind != Value::Attr)
        fail(v.pos, std::string(what) + ": expected a layout attribute, found " + kindName(v.kind));
    return v.attr;
}

void requirePow2(const Value &v, const IntList &values, std::string_view what)
{
    for (int32_t x : values)
        if (!isPow2(x))
            fail(v.pos, std::string(what) + ": every entry must be a power of two, found " +
                            std::to_string(x));
}

void requirePermutation(const Value &v, const IntList &order, std::string_view what)
{
    if (order.size() > size_t(LinearLayout::kMaxDims))
        fail(v.pos, std::string(what) + ": a layout has at most " +
                        std::to_string(LinearLayout::kMaxDims) + " dimensions, not " +
                        std::to_string(order.size()));
    std::vector<bool> seen(order.size(), false);
    for (int32_t x : order) {
        if (x < 0 || size_t(x) >= order.size() || seen[size_t(x)])
            fail(v.pos, std::string(what) + ": must be a permutation of 0.." +
                            std::to_string(int(order.size()) - 1));
        seen[size_t(x)] = true;
    }
}

std::string ints(const IntList &l)
{
    std::string s;
    for (size_t i = 0; i < l.size(); ++i)
        s += (i ? ", " : "") + std::to_string(l[i]);
    return s;
}

// Facts about attributes used by the checks and printers
int rankOfBases(std::initializer_list<const BasisList *> lists)
{
    for (const BasisList *l : lists)
        if (!l->empty())
            return int(l->front().size());
    return -1;
}

// Rank of the tensor an attribute describes, -1 when it cannot be told.
int attrRank(const LayoutAttr &a)
{
    if (auto *b = a.as<BlockedAttr>())
        return int(b->order.size());
    if (auto *w = a.as<AmdWmmaAttr>()) {
        if (w->warpsPerCTA)
            return int(w->warpsPerCTA->size());
        const int r = rankOfBases({&w->ctaRegister, &w->ctaWarp, &w->cgaLayout});
        return r >= 0 ? r : w->rank.value_or(2);
    }
    if (auto *m = a.as<AmdMfmaAttr>())
        return int(m->warpsPerCTA.size());
    if (auto *l = a.as<DistributedLinearAttr>())
        return rankOfBases({&l->registerBases, &l->laneBases, &l->warpBases, &l->blockBases});
    if (auto *d = a.as<DotOperandAttr>())
        return d->parent ? attrRank(*d->parent) : -1;
    if (auto *s = a.as<SliceAttr>())
        return s->parent ? attrRank(*s->parent) - 1 : -1;
    if (auto *s = a.as<SwizzledSharedAttr>())
        return int(s->order.size());
    if (auto *p = a.as<PaddedSharedAttr>())
        return p->offsetBases.empty() ? int(p->order.size())
                                      : rankOfBases({&p->offsetBases, &p->blockBases});
    if (auto *s = a.as<SharedLinearAttr>())
        return rankOfBases({&s->offsetBases, &s->blockBases});
    if (auto *p = a.as<PartitionedSharedAttr>())
        return p->partitionLayout ? attrRank(*p->partitionLayout) : -1;
    if (auto *n = a.as<NvidiaMmaAttr>())
        return int(n->warpsPerCTA.size());
    if (auto *n = a.as<NvmmaSharedAttr>())
        return n->rank;
    if (a.isTensorMemory())
        return 2;
    return -1;
}

// Out-dim sizes a surjective layout with these bases has: per dim, the smallest power of two
// above every component.
IntList inferredShape(std::initializer_list<const BasisList *> lists, int rank)
{
    IntList shape(size_t(std::max(rank, 0)), 1);
    for (const BasisList *l : lists)
        for (const auto &b : *l)
            for (size_t d = 0; d < b.size() && d < shape.size(); ++d)
                while (shape[d] <= b[d] && shape[d] < (int32_t(1) << 30))
                    shape[d] *= 2;
    return shape;
}

// The linear layout a #ttg.linear / generic_linear / shared_linear text denotes (out sizes
// inferred, surjective as Triton's constructor requires), for the verifiers below.
Expected<LinearLayout> inferredLayout(std::vector<std::pair<const char *, const BasisList *>> dims,
                                      int rank)
{
    LinearLayout::BasesT bases;
    for (const auto &[name, list] : dims)
        bases.emplace_back(name, *list);
    std::vector<std::string> outs;
    for (int d = 0; d < rank; ++d)
        outs.push_back("dim" + std::to_string(d));
    return LinearLayout::tryCreateInferred(std::move(bases), outs);
}

// isPermutationMatrixLayout: every non-zero basis is a single power of two, and without the
// zero bases the layout is invertible (each out bit hit exactly once).
bool isPermutationAfterDroppingZeros(const LinearLayout &ll)
{
    int nonZero = 0;
    std::set<std::pair<size_t, int32_t>> seen;
    for (const auto &[name, list] : ll.bases())
        for (const auto &b : list) {
            const auto moving = std::count_if(b.begin(), b.end(), [](int32_t c) { return c != 0; });
            if (moving == 0)
                continue;
            if (moving > 1)
                return false;
            const size_t d = size_t(
                std::find_if(b.begin(), b.end(), [](int32_t c) { return c != 0; }) - b.begin());
            if (!isPow2(b[d]) || !seen.insert({d, b[d]}).second)
                return false;
            ++nonZero;
        }
    return nonZero == ll.totalOutDimSizeLog2();
}

// Building attributes from dictionaries (shared by the MLIR and the Gluon readers)
// CGALayout = [[...]] or the older CTAsPerCGA / CTASplitNum / CTAOrder triple
// (CGAEncodingAttr::fromSplitParams: for each dim in CTAOrder, log2(split) identity bases then
// log2(CTAsPerCGA / split) broadcast bases).
BasisList readCga(DictReader &dict, int rank)
{
    const Value *cga = dict.take("CGALayout");
    const Value *ctas = dict.take("CTAsPerCGA");
    const Value *split = dict.take("CTASplitNum");
    const Value *order = dict.take("CTAOrder");
    if (cga && (ctas || split || order))
        fail(cga->pos, "give either CGALayout or CTAsPerCGA/CTASplitNum/CTAOrder, not both");
    if (cga) {
        int r = rank;
        BasisList bases = asBases(*cga, "CGALayout", r);
        for (const auto &b : bases)
            for (int32_t c : b)
                if (c != 0 && !isPow2(c))
                    fail(cga->pos, "CGALayout: components must be 0 or powers of two");
        return bases;
    }
    if (!ctas && !split && !order)
        return {};
    auto readList = [&](const Value *v, const char *what, IntList fallback) {
        if (!v)
            return fallback;
        IntList l = asIntList(*v, what);
        if (int(l.size()) != rank)
            fail(v->pos, std::string(what) + ": expected " + std::to_string(rank) + " entries");
        return l;
    };
    const Pos at = (ctas ? ctas : split ? split : order)->pos;
    const IntList ctaList = readList(ctas, "CTAsPerCGA", IntList(size_t(rank), 1));
    const IntList splitList = readList(split, "CTASplitNum", ctaList);
    IntList defaultOrder;
    for (int d = rank - 1; d >= 0; --d)
        defaultOrder.push_back(d);
    const IntList orderList = readList(order, "CTAOrder", defaultOrder);
    if (order)
        requirePermutation(*order, orderList, "CTAOrder");
    BasisList bases;
    for (int32_t d : orderList) {
        const int32_t s = splitList[size_t(d)], total = ctaList[size_t(d)];
        if (!isPow2(s) || !isPow2(total) || total % s != 0)
            fail(at, "CTAsPerCGA and CTASplitNum must be powers of two with CTASplitNum dividing "
                     "CTAsPerCGA");
        for (int32_t step = 1; step < s; step *= 2) {
            std::vector<int32_t> b(size_t(rank), 0);
            b[size_t(d)] = step;
            bases.push_back(std::move(b));
        }
        for (int32_t k = 1; k < total / s; k *= 2)
            bases.push_back(std::vector<int32_t>(size_t(rank), 0));
    }
    return bases;
}

LayoutAttrPtr makeBlocked(DictReader &dict)
{
    BlockedAttr a;
    const Value &spt = dict.require("sizePerThread");
    const Value &tpw = dict.require("threadsPerWarp");
    const Value &wpc = dict.require("warpsPerCTA");
    const Value &ord = dict.require("order");
    a.sizePerThread = asIntList(spt, "sizePerThread");
    a.threadsPerWarp = asIntList(tpw, "threadsPerWarp");
    a.warpsPerCTA = asIntList(wpc, "warpsPerCTA");
    a.order = asIntList(ord, "order");
    const size_t rank = a.sizePerThread.size();
    if (a.threadsPerWarp.size() != rank || a.warpsPerCTA.size() != rank || a.order.size() != rank)
        fail(dict.pos(), "sizePerThread, threadsPerWarp, warpsPerCTA and order must all have the "
                         "same rank");
    if (rank == 0)
        fail(spt.pos, "sizePerThread: a blocked layout needs rank >= 1");
    requirePow2(spt, a.sizePerThread, "sizePerThread");
    requirePow2(tpw, a.threadsPerWarp, "threadsPerWarp");
    requirePow2(wpc, a.warpsPerCTA, "warpsPerCTA");
    requirePermutation(ord, a.order, "order");
    a.cgaLayout = readCga(dict, int(rank));
    dict.finish({"sizePerThread", "threadsPerWarp", "warpsPerCTA", "order", "CGALayout",
                 "CTAsPerCGA", "CTASplitNum", "CTAOrder"});
    return makeAttr(std::move(a));
}

LayoutAttrPtr makeLinear(DictReader &dict, bool generic)
{
    DistributedLinearAttr a;
    a.generic = generic;
    int rank = -1;
    const Value &reg = dict.require("register");
    const Value &lane = dict.require("lane");
    const Value &warp = dict.require("warp");
    const Value &block = dict.require("block");
    a.registerBases = asBases(reg, "register", rank);
    a.laneBases = asBases(lane, "lane", rank);
    a.warpBases = asBases(warp, "warp", rank);
    a.blockBases = asBases(block, "block", rank);
    dict.finish({"register", "lane", "warp", "block"});
    if (rank <= 0)
        fail(dict.pos(), "an empty linear layout is not supported (no basis gives the rank)");
    // Triton's verifiers: #ttg.linear bases move at most one dim; #ttg.generic_linear allows
    // swizzled warp bases only.
    auto checkSingleDim = [&](const BasisList &bases, const Value &v, const char *what) {
        for (const auto &b : bases)
            if (std::count_if(b.begin(), b.end(), [](int32_t c) { return c != 0; }) > 1)
                fail(v.pos, std::string(what) + ": basis moves more than one dim" +
                                (generic ? " (only warp bases may be swizzled)"
                                         : " (use #ttg.generic_linear for swizzled bases)"));
    };
    checkSingleDim(a.registerBases, reg, "register");
    checkSingleDim(a.laneBases, lane, "lane");
    checkSingleDim(a.blockBases, block, "block");
    if (!generic)
        checkSingleDim(a.warpBases, warp, "warp");
    const auto ll = inferredLayout({{"register", &a.registerBases},
                                    {"lane", &a.laneBases},
                                    {"warp", &a.warpBases},
                                    {"block", &a.blockBases}},
                                   rank);
    if (!ll)
        fail(dict.pos(), ll.message());
    if (!generic && !isPermutationAfterDroppingZeros(*ll))
        fail(dict.pos(), "#ttg.linear needs a permutation matrix after removing broadcast (zero) "
                         "bases: every non-zero basis a distinct power of two along one dim, "
                         "covering every out bit once");
    return makeAttr(std::move(a));
}

// tilesPerWarp of an MMA layout of `rank` dims: powers of two, one per dim; all ones is the
// default and is not stored (the normal form).
std::optional<IntList> readTilesPerWarp(const Value &v, int rank)
{
    IntList t = asIntList(v, "tilesPerWarp");
    requirePow2(v, t, "tilesPerWarp");
    if (int(t.size()) != rank)
        fail(v.pos, "tilesPerWarp: expected " + std::to_string(rank) + " entries");
    if (std::all_of(t.begin(), t.end(), [](int32_t x) { return x == 1; }))
        return std::nullopt;
    return t;
}

// Versions 1 and 2; version 3's shapes are hw/wmmashapes.h's.
const std::vector<std::vector<IntList>> kWmmaV1V2Shapes = {{{16, 16, 16}},
                                                           {{16, 16, 16}, {16, 16, 32}}};

bool validWmmaShape(int version, const IntList &shape)
{
    if (version == 3)
        return shape.size() == 3 && isWmmaV3LayoutShape({shape[0], shape[1], shape[2]});
    const auto &valid = kWmmaV1V2Shapes[size_t(version - 1)];
    return std::find(valid.begin(), valid.end(), shape) != valid.end();
}

LayoutAttrPtr makeWmma(DictReader &dict)
{
    AmdWmmaAttr a;
    const Value &version = dict.require("version");
    a.version = asInt(version, "version", 1, 3);
    if (const Value *v = dict.take("isTranspose"))
        a.isTransposed = asBool(*v, "isTranspose");
    const Value *instr = dict.take("instrShape");
    if (instr) {
        a.instrShape = asIntList(*instr, "instrShape");
        if (!validWmmaShape(a.version, a.instrShape))
            fail(instr->pos, "instrShape: not a valid WMMA v" + std::to_string(a.version) +
                                 " instruction shape");
    } else if (a.version == 3) {
        fail(dict.pos(), "WMMA v3 needs instrShape (the default [16, 16, 16] is not a v3 shape)");
    }
    Value *cta = dict.take("ctaLayout");
    const Value *warps = dict.take("warpsPerCTA");
    const Value *tiles = dict.take("tilesPerWarp");
    const Value *rankValue = dict.take("rank");
    if (cta && warps)
        fail(warps->pos, "give either ctaLayout or the legacy warpsPerCTA, not both");
    if (!cta && !warps)
        fail(dict.pos(), "missing key 'ctaLayout' in " + dict.context());
    int rank = -1;
    if (warps) {
        a.warpsPerCTA = asIntList(*warps, "warpsPerCTA");
        requirePow2(*warps, *a.warpsPerCTA, "warpsPerCTA");
        rank = int(a.warpsPerCTA->size());
        if (tiles)
            a.tilesPerWarp = readTilesPerWarp(*tiles, rank);
        if (rankValue)
            fail(rankValue->pos, "rank is only used with ctaLayout");
    } else {
        if (tiles)
            fail(tiles->pos, "tilesPerWarp is only used with the legacy warpsPerCTA form; with "
                             "ctaLayout give register bases instead");
        if (cta->kind != Value::Dict)
            fail(cta->pos, "ctaLayout: expected a dictionary {register = ..., warp = ...}");
        DictReader inner(std::move(cta->entries), "ctaLayout", cta->pos);
        // `warp` may be absent: Triton's own printer omits an empty warp list.
        if (const Value *r = inner.take("register"))
            a.ctaRegister = asBases(*r, "ctaLayout.register", rank);
        if (const Value *w = inner.take("warp"))
            a.ctaWarp = asBases(*w, "ctaLayout.warp", rank);
        inner.finish({"register", "warp"});
        if (rankValue) {
            const int explicitRank = asInt(*rankValue, "rank", 1, 3);
            if (rank >= 0 && rank != explicitRank)
                fail(rankValue->pos, "rank " + std::to_string(explicitRank) +
                                         " does not match the rank of the ctaLayout bases (" +
                                         std::to_string(rank) + ")");
            if (rank < 0 && explicitRank != 2)
                a.rank = explicitRank;
            rank = explicitRank;
        }
        if (rank < 0)
            rank = 2;
    }
    if (rank != 2 && rank != 3)
        fail(dict.pos(), "a WMMA layout has rank 2 or 3, not " + std::to_string(rank));
    a.cgaLayout = readCga(dict, rank);
    if (a.rank && !a.cgaLayout.empty())
        a.rank.reset(); // the CGA bases show the rank
    dict.finish({"version", "isTranspose", "ctaLayout", "instrShape", "CGALayout", "rank",
                 "warpsPerCTA", "tilesPerWarp", "CTAsPerCGA", "CTASplitNum", "CTAOrder"});
    return makeAttr(std::move(a));
}

LayoutAttrPtr makeMfma(DictReader &dict)
{
    AmdMfmaAttr a;
    // Modules printed before mid-2025 spell the version `versionMajor = 4, versionMinor = 0`;
    // the minor version was always 0 and is gone from the attribute since.
    if (const Value *major = dict.take("versionMajor")) {
        a.version = asInt(*major, "versionMajor", 0, 4);
        if (const Value *minor = dict.take("versionMinor");
            minor && asInt(*minor, "versionMinor", 0, 1 << 30) != 0)
            fail(minor->pos, "versionMinor: only 0 existed (MFMA layouts carry one version now)");
    } else {
        a.version = asInt(dict.require("version"), "version", 0, 4);
    }
    const Value &warps = dict.require("warpsPerCTA");
    a.warpsPerCTA = asIntList(warps, "warpsPerCTA");
    requirePow2(warps, a.warpsPerCTA, "warpsPerCTA");
    const int rank = int(a.warpsPerCTA.size());
    if (rank != 2 && rank != 3)
        fail(warps.pos, "warpsPerCTA: an MFMA layout has rank 2 or 3");
    const Value &instr = dict.require("instrShape");
    a.instrShape = asIntList(instr, "instrShape");
    if (a.instrShape.size() != 2 && a.instrShape.size() != 3)
        fail(instr.pos, "instrShape: expected [M, N] or [M, N, K]");
    const std::pair<int32_t, int32_t> mn{a.instrShape[0], a.instrShape[1]};
    if (mn != std::pair<int32_t, int32_t>{32, 32} && mn != std::pair<int32_t, int32_t>{16, 16} &&
        mn != std::pair<int32_t, int32_t>{64, 4} && mn != std::pair<int32_t, int32_t>{4, 64})
        fail(instr.pos, "instrShape: invalid (M, N) combination (valid: 32x32, 16x16, 64x4, 4x64)");
    if (const Value *v = dict.take("isTransposed"))
        a.isTransposed = asBool(*v, "isTransposed");
    if (const Value *v = dict.take("tilesPerWarp"))
        a.tilesPerWarp = readTilesPerWarp(*v, rank).value_or(IntList{});
    if (const Value *v = dict.take("elementBitWidth")) {
        a.elementBitWidth = asInt(*v, "elementBitWidth");
        if (a.elementBitWidth != 32 && a.elementBitWidth != 64)
            fail(v->pos, "elementBitWidth must be 32 or 64");
    }
    a.cgaLayout = readCga(dict, rank);
    dict.finish({"version", "warpsPerCTA", "instrShape", "isTransposed", "CGALayout",
                 "tilesPerWarp", "elementBitWidth", "CTAsPerCGA", "CTASplitNum", "CTAOrder",
                 "versionMajor", "versionMinor"});
    return makeAttr(std::move(a));
}

LayoutAttrPtr makeDotOperand(DictReader &dict)
{
    DotOperandAttr a;
    a.opIdx = asInt(dict.require("opIdx"), "opIdx", 0, 1);
    const Value &parent = dict.require("parent");
    a.parent = asAttr(parent, "parent");
    if (const Value *v = dict.take("kWidth"))
        a.kWidth = asInt(*v, "kWidth");
    dict.finish({"opIdx", "parent", "kWidth"});
    // DotOperandEncodingAttr::verify, for the parents this program knows.
    const Pos at = dict.pos();
    if (auto *w = a.parent->as<AmdWmmaAttr>()) {
        if (w->version == 1 && a.kWidth != 8 && a.kWidth != 16)
            fail(at, "kWidth must be 8 or 16 for a WMMA v1 parent");
        if (w->version == 2 && a.kWidth != 4 && a.kWidth != 8 && a.kWidth != 16)
            fail(at, "kWidth must be 4, 8 or 16 for a WMMA v2 parent");
        if (w->version == 3 && a.kWidth == 0)
            fail(at, "kWidth is mandatory for a WMMA v3 parent");
    } else if (a.parent->as<AmdMfmaAttr>()) {
        if (a.kWidth == 0)
            fail(at, "kWidth is mandatory for an MFMA parent");
    } else if (a.parent->as<BlockedAttr>()) {
        if (a.kWidth != 0)
            fail(at, "kWidth must be 0 (absent) for a blocked parent");
    } else if (auto *n = a.parent->as<NvidiaMmaAttr>()) {
        if (a.kWidth == 0)
            fail(at, "kWidth is mandatory for an Ampere or Hopper MMA parent");
        if (a.opIdx != 0 && n->versionMajor == 3)
            fail(at, "opIdx must be 0 for a Hopper MMA parent, since Hopper WGMMA only allows the "
                     "first operand to be in registers");
    } else {
        fail(parent.pos, "parent: a dot operand's parent must be #ttg.blocked, #ttg.amd_wmma, "
                         "#ttg.amd_mfma or #ttg.nvidia_mma");
    }
    return makeAttr(std::move(a));
}

LayoutAttrPtr makeSlice(DictReader &dict)
{
    SliceAttr a;
    const Value &dim = dict.require("dim");
    a.dim = asInt(dim, "dim");
    const Value &parent = dict.require("parent");
    a.parent = asAttr(parent, "parent");
    dict.finish({"dim", "parent"});
    if (!a.parent->isDistributed())
        fail(parent.pos, "parent: a slice needs a distributed parent layout");
    const int rank = attrRank(*a.parent);
    if (rank >= 0 && rank < 2)
        fail(parent.pos, "parent: a slice needs a parent of rank >= 2");
    if (rank >= 0 && a.dim >= rank)
        fail(dim.pos, "dim " + std::to_string(a.dim) + " must be less than the parent rank " +
                          std::to_string(rank));
    return makeAttr(std::move(a));
}

} // namespace lx::ttgdetail
