// CuTe thread-value layouts (cute.h, "Two readings"): a (thread, value) layout indexing a tile
// column-major read as Triton's distributed form and written back.

#include "io/cute.h"
#include "io/cuteinternal.h"

#include <algorithm>
#include <string>

namespace lx {

using namespace cuteinternal;

Expected<LinearLayout> cuteTvToLinear(const CuteLayout &layout,
                                      const std::vector<int32_t> &tileShape, int warpSize)
{
    if (layout.swizzle)
        return makeError("a thread-value layout has no swizzle");
    if (layout.shape.isLeaf || layout.shape.items.size() != 2)
        return makeError("a thread-value layout has two top-level modes, (thread, value)");
    if (warpSize < 1 || !isPow2U64(uint64_t(warpSize)) || warpSize > 1024)
        return makeError("the warp size must be a power of two up to 1024");
    if (tileShape.empty())
        return makeError("a thread-value layout needs the tile shape it indexes");
    std::vector<int> offsets;
    int t = 0;
    std::vector<LinearLayout::NamedSize> outs;
    for (size_t d = 0; d < tileShape.size(); ++d) {
        if (tileShape[d] < 1 || !isPow2U64(uint64_t(tileShape[d])))
            return makeError("tile size " + std::to_string(tileShape[d]) +
                             " is not a power of two");
        offsets.push_back(t);
        t += log2u(uint64_t(tileShape[d]));
        outs.emplace_back(dimName(d), tileShape[d]);
    }
    if (t > kMaxBits)
        return makeError("the tile has more than 2^30 elements");
    auto images = allModeBits(layout);
    if (!images)
        return images.error();
    // The tile coordinates of a column-major index; an XOR stride may set bits of several dims.
    auto coords = [&](uint64_t img) -> Expected<LinearLayout::Basis> {
        LinearLayout::Basis b(tileShape.size(), 0);
        if (img >> t)
            return makeError("the layout reaches index " + std::to_string(img) +
                             ", outside the tile of " + std::to_string(int64_t(1) << t) +
                             " elements");
        for (int bit = 0; bit < t; ++bit) {
            if (!((img >> bit) & 1))
                continue;
            size_t d = tileShape.size() - 1;
            while (offsets[d] > bit)
                --d;
            b[d] |= int32_t(1) << (bit - offsets[d]);
        }
        return b;
    };
    std::vector<LinearLayout::Basis> reg, lane, warp;
    const int laneBits = log2u(uint64_t(warpSize));
    for (size_t i = 0; i < (*images)[0].size(); ++i) {
        auto b = coords((*images)[0][i]);
        if (!b)
            return b.error();
        (int(i) < laneBits ? lane : warp).push_back(std::move(*b));
    }
    for (uint64_t img : (*images)[1]) {
        auto b = coords(img);
        if (!b)
            return b.error();
        reg.push_back(std::move(*b));
    }
    LinearLayout::BasesT bases{{"register", reg}, {"lane", lane}, {"warp", warp}, {"block", {}}};
    return LinearLayout::tryCreate(std::move(bases), std::move(outs), false);
}

CuteKind guessCuteKind(const CuteLayout &layout, const std::vector<int32_t> &tileShape)
{
    if (layout.swizzle || tileShape.empty())
        return CuteKind::Memory;
    std::vector<int64_t> sizes;
    for (const auto &[shape, stride] : topModes(layout))
        sizes.push_back(shape.product());
    if (sizes.size() == tileShape.size() &&
        std::equal(sizes.begin(), sizes.end(), tileShape.begin()))
        return CuteKind::Memory;
    return CuteKind::ThreadValue;
}

Expected<CuteLayout> linearToCuteTv(const LinearLayout &layout)
{
    for (const auto &[name, size] : layout.inDims()) {
        if (name == "block" && size != 1)
            return makeError("a TV layout covers one block (CTA); 'block' has size " +
                             std::to_string(size));
        if (name != "register" && name != "lane" && name != "warp" && name != "block")
            return makeError("in-dim '" + name +
                             "' has no place in a CuTe thread-value layout (register, lane, "
                             "warp, block)");
    }
    if (auto ok = checkStandardOutDims(layout); !ok)
        return ok.error();
    std::vector<int> offsets;
    int t = 0;
    for (const auto &[name, size] : layout.outDims()) {
        offsets.push_back(t);
        t += log2u(uint64_t(size));
    }
    uint64_t seen = 0;
    auto index = [&](const std::string &dim, size_t i) -> Expected<uint64_t> {
        const auto &b = layout.basis(dim, int(i));
        uint64_t img = 0;
        int nonzero = 0;
        for (size_t c = 0; c < b.size(); ++c)
            if (b[c] != 0) {
                ++nonzero;
                if (!isPow2U64(uint64_t(b[c])))
                    return makeError(dim + "[" + std::to_string(i) + "] lands on component " +
                                     std::to_string(b[c]) +
                                     ", an XOR of two bits; a CuTe stride adds");
                img = uint64_t(b[c]) << offsets[c];
            }
        if (nonzero > 1)
            return makeError(dim + "[" + std::to_string(i) +
                             "] moves more than one dim at once; a CuTe stride reaches one "
                             "column-major index");
        if (seen & img)
            return makeError(dim + "[" + std::to_string(i) + "] reaches index " +
                             std::to_string(img) +
                             " that another basis reaches too; CuTe would add them");
        seen |= img;
        return img;
    };
    std::vector<uint64_t> thread, value;
    for (const char *dim : {"lane", "warp"})
        for (int i = 0; i < layout.inDimSizeLog2(dim); ++i) {
            auto img = index(dim, size_t(i));
            if (!img)
                return img.error();
            thread.push_back(*img);
        }
    for (int i = 0; i < layout.inDimSizeLog2("register"); ++i) {
        auto img = index("register", size_t(i));
        if (!img)
            return img.error();
        value.push_back(*img);
    }
    auto [ts, td] = modeOf(thread);
    auto [vs, vd] = modeOf(value);
    CuteLayout out;
    out.shape = CuteTuple::tuple({ts, vs});
    out.stride = CuteTuple::tuple({td, vd});
    return out;
}

} // namespace lx
