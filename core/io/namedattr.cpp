#include "io/namedattr.h"

#include "io/ttgtext.h"
#include "layout/builders.h"
#include "layout/linearlayout.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <string>
#include <vector>

namespace lx {

namespace {

using Shape = std::vector<int32_t>;

// Every permutation of 0 .. rank-1.
std::vector<IntList> orders(size_t rank)
{
    IntList order(rank);
    std::iota(order.begin(), order.end(), 0);
    std::vector<IntList> out;
    do
        out.push_back(order);
    while (std::next_permutation(order.begin(), order.end()));
    return out;
}

bool equals(const LayoutAttrPtr &attr, const Shape &shape, const LinearLayout &layout)
{
    const Expected<LinearLayout> l = toLinearLayout(*attr, shape);
    return l && *l == layout;
}

LayoutAttrPtr swizzledFor(const LinearLayout &layout, const Shape &shape)
{
    const int32_t largest = *std::max_element(shape.begin(), shape.end());
    for (const IntList &order : orders(shape.size())) {
        // Unswizzled first (vec and perPhase do not matter then), then by growing maxPhase.
        if (auto a = makeAttr(SwizzledSharedAttr{1, 1, 1, order, {}}); equals(a, shape, layout))
            return a;
        for (int32_t maxPhase = 2; maxPhase <= largest; maxPhase *= 2)
            for (int32_t perPhase = 1; perPhase <= largest; perPhase *= 2)
                for (int32_t vec = 1; vec <= largest; vec *= 2)
                    if (auto a = makeAttr(SwizzledSharedAttr{vec, perPhase, maxPhase, order, {}});
                        equals(a, shape, layout))
                        return a;
    }
    return nullptr;
}

// The ways to write 2^bits as a product of `rank` powers of two, as lists of exponents.
std::vector<IntList> splits(int bits, size_t rank)
{
    std::vector<IntList> out;
    IntList current(rank, 0);
    std::function<void(size_t, int)> walk = [&](size_t d, int left) {
        if (d + 1 == rank) {
            current[d] = int32_t(1) << left;
            out.push_back(current);
            return;
        }
        for (int e = 0; e <= left; ++e) {
            current[d] = int32_t(1) << e;
            walk(d + 1, left - e);
        }
    };
    walk(0, bits);
    return out;
}

LayoutAttrPtr blockedFor(const LinearLayout &layout, const Shape &shape)
{
    const int regBits = layout.inDimSizeLog2("register");
    const std::vector<IntList> lanes = splits(layout.inDimSizeLog2("lane"), shape.size());
    const std::vector<IntList> warps = splits(layout.inDimSizeLog2("warp"), shape.size());
    for (const IntList &order : orders(shape.size()))
        for (int bits = 0; bits <= regBits; ++bits)
            for (const IntList &spt : splits(bits, shape.size()))
                for (const IntList &tpw : lanes)
                    for (const IntList &wpc : warps)
                        if (auto a = makeAttr(BlockedAttr{spt, tpw, wpc, order, {}});
                            equals(a, shape, layout))
                            return a;
    return nullptr;
}

} // namespace

LayoutAttrPtr namedAttrFor(const LinearLayout &layout)
{
    const auto &outDims = layout.outDims();
    if (outDims.empty() || outDims.size() > 3)
        return nullptr;
    Shape shape;
    for (size_t d = 0; d < outDims.size(); ++d) {
        if (outDims[d].first != "dim" + std::to_string(d))
            return nullptr;
        shape.push_back(outDims[d].second);
    }
    // One CTA: a block in-dim of size 1 is what the builders add anyway.
    std::vector<std::string> in;
    for (const auto &[name, size] : layout.inDims())
        if (name != "block" || size != 1)
            in.push_back(name);
    if (in == std::vector<std::string>{"offset"})
        return swizzledFor(layout, shape);
    if (in == std::vector<std::string>{"register", "lane", "warp"})
        return blockedFor(layout, shape);
    return nullptr;
}

Expected<LayoutAttrPtr> describingAttrFor(const LinearLayout &layout)
{
    if (LayoutAttrPtr named = namedAttrFor(layout))
        return named;
    return linearAttrFor(layout);
}

} // namespace lx
