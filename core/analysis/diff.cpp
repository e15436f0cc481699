#include "analysis/diff.h"
#include "layout/layoututils.h"

#include "layout/basisname.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <bit>
#include <sstream>

namespace lx {

namespace {

// Out bits the element marks may cover (one byte per element).
constexpr int kMaxDiffOutBits = 24;

bool onlyDistributedDims(const LinearLayout &l)
{
    for (const std::string &d : l.inDimNames())
        if (d != "register" && d != "lane" && d != "warp" && d != "block")
            return false;
    return true;
}

struct UnionDim
{
    std::string name;
    int bitsA = 0;
    int bitsB = 0;
};

std::vector<UnionDim> unionInDims(const LinearLayout &a, const LinearLayout &b)
{
    std::vector<UnionDim> dims;
    for (const auto &[name, size] : a.inDims())
        dims.push_back({name, a.inDimSizeLog2(name), b.inDimSizeLog2(name)});
    for (const auto &[name, size] : b.inDims())
        if (!a.hasInDim(name))
            dims.push_back({name, 0, b.inDimSizeLog2(name)});
    return dims;
}

// Per union bit, the flattened image under `l` (0 when the bit lies beyond l's size, which the
// invalid mask records) — l's flatColumns are in its own in-dim order.
void unionColumns(const LinearLayout &l, const std::vector<UnionDim> &dims, bool isA,
                  std::vector<uint64_t> &columns, uint64_t &invalid)
{
    const std::vector<uint64_t> &flat = l.flatColumns();
    std::vector<int> offsetOf;
    int bit = 0;
    for (const auto &[name, size] : l.inDims()) {
        offsetOf.push_back(bit);
        bit += l.inDimSizeLog2(name);
    }
    int u = 0;
    for (const UnionDim &d : dims) {
        const int have = isA ? d.bitsA : d.bitsB;
        const int idx = l.inDimIndex(d.name);
        for (int j = 0; j < std::max(d.bitsA, d.bitsB); ++j, ++u) {
            if (j < have) {
                columns.push_back(flat[size_t(offsetOf[size_t(idx)] + j)]);
            } else {
                columns.push_back(0);
                invalid |= uint64_t(1) << u;
            }
        }
    }
}

} // namespace

Expected<LayoutDiff> diffLayouts(const LinearLayout &a, const LinearLayout &b, int elementBits)
{
    if (a.numOutDims() != b.numOutDims())
        return makeError("the layouts have different out-dims (" + std::to_string(a.numOutDims()) +
                         " and " + std::to_string(b.numOutDims()) + ")");
    for (const auto &[name, size] : a.outDims()) {
        if (!b.hasOutDim(name))
            return makeError("out-dim '" + name + "' of A is not an out-dim of B");
        if (b.outDimSize(name) != size)
            return makeError("out-dim '" + name + "' has size " + std::to_string(size) +
                             " in A and " + std::to_string(b.outDimSize(name)) + " in B");
    }
    if (a.totalOutDimSizeLog2() > kMaxDiffOutBits)
        return makeError("the tensor has more than 2^" + std::to_string(kMaxDiffOutBits) +
                         " elements, too many to compare element by element");
    auto bt = b.transposeOuts(a.outDimNames());
    if (!bt)
        return bt.error();

    const std::vector<UnionDim> dims = unionInDims(a, *bt);
    int total = 0;
    for (const UnionDim &d : dims)
        total += std::max(d.bitsA, d.bitsB);
    if (total > kMaxDiffInBits)
        return makeError("the two layouts have 2^" + std::to_string(total) +
                         " hardware indices together, more than the diff visits (2^" +
                         std::to_string(kMaxDiffInBits) + ")");

    std::vector<uint64_t> colA, colB;
    uint64_t invalidA = 0, invalidB = 0;
    unionColumns(a, dims, true, colA, invalidA);
    unionColumns(*bt, dims, false, colB, invalidB);

    // Gray-code walk: one XOR per step.
    std::vector<uint8_t> mark(size_t(1) << a.totalOutDimSizeLog2(), 0);
    uint64_t ea = 0, eb = 0, h = 0;
    const uint64_t count = uint64_t(1) << total;
    for (uint64_t i = 0; i < count; ++i) {
        if (i) {
            const int flip = std::countr_zero(i);
            h ^= uint64_t(1) << flip;
            ea ^= colA[size_t(flip)];
            eb ^= colB[size_t(flip)];
        }
        const bool ownA = !(h & invalidA), ownB = !(h & invalidB);
        if (ownA && (!ownB || ea != eb))
            mark[ea] = 1;
        if (ownB && (!ownA || ea != eb))
            mark[eb] = 1;
    }

    LayoutDiff diff;
    diff.differingElements = std::count(mark.begin(), mark.end(), uint8_t(1));
    const bool sameInDims =
        std::all_of(dims.begin(), dims.end(), [](const UnionDim &d) { return d.bitsA == d.bitsB; });
    diff.equal = sameInDims && diff.differingElements == 0;
    if (int64_t(mark.size()) <= kMaxMaskElements)
        diff.differs = std::move(mark);

    for (const UnionDim &d : dims) {
        InDimDelta delta;
        delta.inDim = d.name;
        delta.sizeA = int32_t(1) << d.bitsA;
        delta.sizeB = int32_t(1) << d.bitsB;
        for (int j = 0; j < d.bitsA; ++j)
            delta.basesA.push_back(a.basis(d.name, j));
        for (int j = 0; j < d.bitsB; ++j)
            delta.basesB.push_back(bt->basis(d.name, j));
        for (int j = 0; j < std::max(d.bitsA, d.bitsB); ++j)
            if (j >= d.bitsA || j >= d.bitsB || delta.basesA[size_t(j)] != delta.basesB[size_t(j)])
                delta.changed.push_back(j);
        diff.basisDelta.push_back(std::move(delta));
    }

    if (!onlyDistributedDims(a) || !onlyDistributedDims(*bt)) {
        diff.conversionNote = "convert_layout is between distributed layouts (register, lane, "
                              "warp, block); " +
                              std::string(onlyDistributedDims(a) ? "B" : "A") + " is not one";
    } else if (auto plan = classifyConversion(a, *bt, elementBits); plan) {
        diff.conversion = std::move(*plan);
    } else {
        diff.conversionNote = plan.message();
    }
    return diff;
}

namespace {
nlohmann::json basesJson(const std::vector<LinearLayout::Basis> &bases)
{
    nlohmann::json j = nlohmann::json::array();
    for (const auto &b : bases)
        j.push_back(b);
    return j;
}
} // namespace

std::string diffToJson(const LayoutDiff &diff)
{
    nlohmann::json j;
    j["equal"] = diff.equal;
    j["differingElements"] = diff.differingElements;
    nlohmann::json deltas = nlohmann::json::array();
    for (const InDimDelta &d : diff.basisDelta)
        deltas.push_back({{"inDim", d.inDim},
                          {"sizeA", d.sizeA},
                          {"sizeB", d.sizeB},
                          {"a", basesJson(d.basesA)},
                          {"b", basesJson(d.basesB)},
                          {"changed", d.changed}});
    j["basisDelta"] = deltas;
    if (diff.conversion) {
        j["conversion"] = {{"kind", conversionKindName(diff.conversion->kind)},
                           {"movedDims", diff.conversion->movedDims},
                           {"ldsBytes", diff.conversion->ldsBytes},
                           {"reason", diff.conversion->reason}};
    } else {
        j["conversion"] = nullptr;
        j["conversionNote"] = diff.conversionNote;
    }
    return j.dump();
}

namespace {
} // namespace

std::string diffToText(const LayoutDiff &diff, const LinearLayout &a)
{
    std::ostringstream out;
    out << (diff.equal ? "equal as functions: yes\n" : "equal as functions: no\n");
    out << "elements whose owner sets differ: " << diff.differingElements << " of "
        << a.totalOutDimSize() << "\n";
    for (const InDimDelta &d : diff.basisDelta) {
        if (d.changed.empty()) {
            out << d.inDim << ": same " << d.basesA.size() << " bases\n";
            continue;
        }
        out << d.inDim << " (size " << d.sizeA << " / " << d.sizeB << "):";
        for (int j : d.changed) {
            out << " " << basisName(d.inDim, j) << " "
                << (size_t(j) < d.basesA.size() ? formatBasis(d.basesA[size_t(j)]) : "-") << " -> "
                << (size_t(j) < d.basesB.size() ? formatBasis(d.basesB[size_t(j)]) : "-") << ";";
        }
        out << "\n";
    }
    if (diff.conversion) {
        out << "convert_layout A -> B: " << conversionKindName(diff.conversion->kind);
        if (diff.conversion->kind == ConversionKind::LdsRoundTrip)
            out << ", " << diff.conversion->ldsBytes << " bytes of LDS";
        out << " (" << diff.conversion->reason << ")\n";
    } else {
        out << "convert_layout: none (" << diff.conversionNote << ")\n";
    }
    return out.str();
}

} // namespace lx
