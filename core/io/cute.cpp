// CuTe layouts as linear layouts (io/cute.h): a memory layout (with its swizzle) to and from the
// F2 bases of a shared layout, in elements or bytes.

#include "io/cute.h"
#include "io/cuteinternal.h"

#include "hw/dtype.h"

#include <algorithm>
#include <bit>
#include <numeric>

namespace lx {

using namespace cuteinternal;

// ---- linear algebra helpers -----------------------------------------------------------------

namespace cuteinternal {

std::vector<std::pair<CuteTuple, CuteTuple>> topModes(const CuteLayout &layout)
{
    std::vector<std::pair<CuteTuple, CuteTuple>> modes;
    if (layout.shape.isLeaf) {
        modes.emplace_back(layout.shape, layout.stride);
        return modes;
    }
    for (size_t i = 0; i < layout.shape.items.size(); ++i)
        modes.emplace_back(layout.shape.items[i], layout.stride.items[i]);
    return modes;
}

namespace {

// The image of each coordinate bit of one mode, in colexicographic bit order. `plain` collects
// the bits plain strides reach: CuTe adds those, so two reaching the same bit would carry.
Expected<std::vector<uint64_t>> modeBits(const CuteTuple &shape, const CuteTuple &stride,
                                         uint64_t &plain)
{
    const std::vector<int64_t> sizes = shape.leaves();
    std::vector<const CuteTuple *> strides;
    stride.forEachLeaf([&](const CuteTuple &leaf) { strides.push_back(&leaf); });
    std::vector<uint64_t> images;
    for (size_t i = 0; i < sizes.size(); ++i) {
        const int64_t s = sizes[i], d = strides[i]->value;
        const bool isXor = strides[i]->xorStride;
        if (s < 1 || !isPow2U64(uint64_t(s)))
            return makeError("mode size " + std::to_string(s) +
                             " is not a power of two, so the layout is not linear over GF(2)");
        if (d < 0)
            return makeError("stride " + std::to_string(d) + " is negative");
        if (!isXor && d != 0 && !isPow2U64(uint64_t(d)))
            return makeError("stride " + std::to_string(d) +
                             " is not a power of two or zero, so the layout is not linear over "
                             "GF(2) (an XOR stride is written F2(" +
                             std::to_string(d) + "))");
        for (int j = 0; j < log2u(uint64_t(s)); ++j) {
            const uint64_t img = d == 0 ? 0 : uint64_t(d) << j;
            if (img >> kMaxBits)
                return makeError("the layout reaches offset " + std::to_string(img) +
                                 ", beyond 2^" + std::to_string(kMaxBits));
            if (!isXor && (plain & img))
                return makeError("two strides reach offset " + std::to_string(img) +
                                 ": CuTe adds them and the sum carries, so the layout is not "
                                 "linear over GF(2)");
            if (!isXor)
                plain |= img;
            images.push_back(img);
        }
    }
    return images;
}

} // namespace

// Per top-level mode, the images of its bits (XOR strides combine by XOR; plain ones must not
// overlap, see modeBits).
Expected<std::vector<std::vector<uint64_t>>> allModeBits(const CuteLayout &layout)
{
    std::vector<std::vector<uint64_t>> perMode;
    uint64_t plain = 0;
    for (const auto &[shape, stride] : topModes(layout)) {
        auto bits = modeBits(shape, stride, plain);
        if (!bits)
            return bits.error();
        perMode.push_back(std::move(*bits));
    }
    return perMode;
}

std::string dimName(size_t k)
{
    return "dim" + std::to_string(k);
}

// The layout of one mode from the images of its bits: runs of doubling strides (or of zeros)
// coalesce into one leaf; the strides are XOR strides (F2) when isXor.
std::pair<CuteTuple, CuteTuple> modeOf(const std::vector<uint64_t> &images, bool isXor)
{
    std::vector<CuteTuple> shapes, strides;
    size_t j = 0;
    while (j < images.size()) {
        size_t e = j + 1;
        while (e < images.size() && images[e] == images[e - 1] * 2)
            ++e;
        shapes.push_back(CuteTuple::leaf(int64_t(1) << (e - j)));
        strides.push_back(CuteTuple::leaf(int64_t(images[j]), isXor && images[j] != 0));
        j = e;
    }
    if (shapes.empty())
        return {CuteTuple::leaf(1), CuteTuple::leaf(0)};
    if (shapes.size() == 1)
        return {shapes[0], strides[0]};
    return {CuteTuple::tuple(std::move(shapes)), CuteTuple::tuple(std::move(strides))};
}

Expected<bool> checkStandardOutDims(const LinearLayout &layout)
{
    const auto names = layout.outDimNames();
    for (size_t k = 0; k < names.size(); ++k)
        if (names[k] != dimName(k))
            return makeError("out-dims must be dim0, dim1, ... in that order (found '" + names[k] +
                             "')");
    return true;
}

} // namespace cuteinternal

namespace {

Expected<int> elementBits(CuteUnits units, int elementBytes)
{
    if (units == CuteUnits::Elements)
        return 0;
    if (elementBytes < 1 || elementBytes > 64 || !isPow2U64(uint64_t(elementBytes)))
        return makeError("the element size in bytes must be a power of two from 1 to 64, got " +
                         std::to_string(elementBytes));
    return log2u(uint64_t(elementBytes));
}

// Byte form -> element form of a shared layout: the lowest k offset bits step through the bytes
// of one element along one dim; they go, and that dim shrinks by 2^k.
Expected<LinearLayout> bytesToElements(const LinearLayout &bytes, int k)
{
    if (k == 0)
        return bytes;
    const auto &offs = bytes.bases()[size_t(bytes.inDimIndex("offset"))].second;
    if (int(offs.size()) < k)
        return makeError("fewer offset bits than the bytes of one element");
    int dim = -1;
    for (int j = 0; j < k; ++j) {
        const auto &b = offs[size_t(j)];
        int nonzero = 0, where = -1;
        for (size_t c = 0; c < b.size(); ++c)
            if (b[c] != 0) {
                ++nonzero;
                where = int(c);
            }
        if (nonzero != 1 || b[size_t(where)] != (1 << j) || (dim >= 0 && where != dim))
            return makeError("in bytes, offsets 1, 2, ... up to the element size must step "
                             "through the bytes of one element along one dim; offset " +
                             std::to_string(1 << j) + " does not");
        dim = where;
    }
    LinearLayout::BasesT bases;
    std::vector<LinearLayout::Basis> rest;
    for (size_t j = size_t(k); j < offs.size(); ++j) {
        LinearLayout::Basis b = offs[j];
        if (b[size_t(dim)] & ((1 << k) - 1))
            return makeError("offset " + std::to_string(1 << j) +
                             " moves bytes within an element, so the layout has no element form");
        b[size_t(dim)] >>= k;
        rest.push_back(std::move(b));
    }
    bases.emplace_back("offset", std::move(rest));
    auto outs = bytes.outDims();
    outs[size_t(dim)].second >>= k;
    return LinearLayout::tryCreate(std::move(bases), std::move(outs), true);
}

Expected<LinearLayout> elementsToBytes(const LinearLayout &elems, int k)
{
    if (k == 0)
        return elems;
    const auto &offs = elems.bases()[size_t(elems.inDimIndex("offset"))].second;
    int dim = -1;
    if (!offs.empty())
        for (size_t c = 0; c < offs[0].size(); ++c)
            if (offs[0][c] == 1 &&
                std::count(offs[0].begin(), offs[0].end(), 0) == std::ptrdiff_t(offs[0].size() - 1))
                dim = int(c);
    if (dim < 0)
        return makeError("in bytes the elements must be contiguous: offset 1 has to be the next "
                         "element along one dim");
    std::vector<LinearLayout::Basis> all;
    for (int j = 0; j < k; ++j) {
        LinearLayout::Basis b(offs[0].size(), 0);
        b[size_t(dim)] = 1 << j;
        all.push_back(std::move(b));
    }
    for (LinearLayout::Basis b : offs) {
        b[size_t(dim)] <<= k;
        all.push_back(std::move(b));
    }
    auto outs = elems.outDims();
    if (int64_t(outs[size_t(dim)].second) << k > (int64_t(1) << kMaxBits))
        return makeError("the tile in bytes exceeds 2^30 along " + outs[size_t(dim)].first);
    outs[size_t(dim)].second <<= k;
    LinearLayout::BasesT bases;
    bases.emplace_back("offset", std::move(all));
    return LinearLayout::tryCreate(std::move(bases), std::move(outs), true);
}

bool allSingleBits(const std::vector<std::vector<uint64_t>> &images, const CuteSwizzle *sw, int n)
{
    for (const auto &mode : images)
        for (uint64_t img : mode) {
            const uint64_t v = sw ? sw->apply(img) : img;
            if (!isPow2U64(v) || (v >> n))
                return false;
        }
    return true;
}

std::optional<CuteSwizzle> findSwizzle(const std::vector<std::vector<uint64_t>> &images, int n)
{
    for (int b = 1; b <= n; ++b)
        for (int mag = b; mag <= n; ++mag)
            for (int sign : {1, -1})
                for (int m = 0; m + b + mag <= n; ++m) {
                    const CuteSwizzle sw{b, m, sign * mag};
                    if (allSingleBits(images, &sw, n))
                        return sw;
                }
    return std::nullopt;
}

} // namespace

Expected<LinearLayout> cuteMemoryToLinear(const CuteLayout &layout, CuteUnits units,
                                          int elementBytes)
{
    auto k = elementBits(units, elementBytes);
    if (!k)
        return k.error();
    auto images = allModeBits(layout);
    if (!images)
        return images.error();
    int n = 0;
    for (const auto &mode : *images)
        n += int(mode.size());
    if (n > kMaxBits)
        return makeError("the layout has 2^" + std::to_string(n) + " elements, beyond 2^" +
                         std::to_string(kMaxBits));
    LinearLayout::BasesT bases;
    for (size_t m = 0; m < images->size(); ++m) {
        std::vector<LinearLayout::Basis> dimBases;
        for (uint64_t img : (*images)[m]) {
            const uint64_t v = layout.swizzle ? layout.swizzle->apply(img) : img;
            if (v >> n)
                return makeError("the layout reaches offset " + std::to_string(v) +
                                 " but has only " + std::to_string(int64_t(1) << n) +
                                 " elements: a memory layout must use each offset 0..size-1 "
                                 "exactly once");
            dimBases.push_back({int32_t(v)});
        }
        bases.emplace_back(dimName(m), std::move(dimBases));
    }
    auto forward = LinearLayout::tryCreate(std::move(bases), {{"offset", int32_t(1) << n}}, false);
    if (!forward)
        return forward.error();
    if (!forward->isInvertible())
        return makeError("two coordinates share an offset (a zero stride or a broadcast): a "
                         "memory layout must use each offset 0..size-1 exactly once");
    auto inverse = forward->invert();
    if (!inverse)
        return inverse.error();
    auto elems = bytesToElements(*inverse, *k);
    if (!elems)
        return elems.error();
    // Triton's shared layouts carry a block in-dim; one CTA here.
    LinearLayout::BasesT withBlock = elems->bases();
    withBlock.emplace_back("block", std::vector<LinearLayout::Basis>{});
    return LinearLayout::tryCreate(std::move(withBlock), elems->outDims(), true);
}

Expected<CuteLayout> linearToCuteMemory(const LinearLayout &layout, CuteUnits units,
                                        int elementBytes)
{
    auto k = elementBits(units, elementBytes);
    if (!k)
        return k.error();
    if (!layout.hasInDim("offset"))
        return makeError("a memory layout has the in-dim 'offset'");
    for (const auto &[name, size] : layout.inDims())
        if (name != "offset" && !(name == "block" && size == 1))
            return makeError("in-dim '" + name + "' has no place in a CuTe memory layout");
    if (auto ok = checkStandardOutDims(layout); !ok)
        return ok.error();
    auto offsetOnly = layout.sublayout({"offset"}, layout.outDimNames());
    if (!offsetOnly)
        return offsetOnly.error();
    auto bytes = elementsToBytes(*offsetOnly, *k);
    if (!bytes)
        return bytes.error();
    if (!bytes->isInvertible())
        return makeError("offsets and elements are not one to one (broadcast or padding), so "
                         "there is no CuTe coordinate -> offset layout");
    auto forward = bytes->invert();
    if (!forward)
        return forward.error();
    const int n = forward->totalInDimSizeLog2();
    std::vector<std::vector<uint64_t>> images;
    for (const auto &[dim, dimBases] : forward->bases()) {
        std::vector<uint64_t> imgs;
        for (const auto &b : dimBases)
            imgs.push_back(uint64_t(b[0]));
        images.push_back(std::move(imgs));
    }
    // Plain strides; else one swizzle after plain strides; else XOR strides, which write any
    // bijection.
    std::optional<CuteSwizzle> sw;
    bool isXor = false;
    if (!allSingleBits(images, nullptr, n)) {
        sw = findSwizzle(images, n);
        isXor = !sw;
        if (sw)
            for (auto &mode : images)
                for (uint64_t &img : mode)
                    img = sw->apply(img);
    }
    CuteLayout out;
    out.swizzle = sw;
    std::vector<CuteTuple> shapes, strides;
    for (const auto &mode : images) {
        auto [s, d] = modeOf(mode, isXor);
        shapes.push_back(std::move(s));
        strides.push_back(std::move(d));
    }
    if (shapes.size() == 1 && shapes[0].isLeaf) {
        out.shape = shapes[0];
        out.stride = strides[0];
    } else {
        out.shape = CuteTuple::tuple(std::move(shapes));
        out.stride = CuteTuple::tuple(std::move(strides));
    }
    return out;
}

Expected<LinearLayout> cuteTextToLinear(std::string_view text,
                                        const std::vector<int32_t> &tileShape,
                                        std::optional<CuteKind> kind, CuteUnits units,
                                        int elementBytes, int warpSize)
{
    auto parsed = parseCute(text);
    if (!parsed)
        return parsed.error();
    auto sameShape = [&](const LinearLayout &ll) {
        if (tileShape.empty())
            return true;
        std::vector<int32_t> sizes;
        for (const auto &[name, size] : ll.outDims())
            sizes.push_back(size);
        return sizes == tileShape;
    };
    if (!kind) {
        if (parsed->swizzle || tileShape.empty())
            kind = CuteKind::Memory;
        else if (auto mem = cuteMemoryToLinear(*parsed, units, elementBytes);
                 mem && sameShape(*mem))
            return mem;
        else
            kind = CuteKind::ThreadValue;
    }
    if (*kind == CuteKind::ThreadValue) {
        if (units == CuteUnits::Bytes)
            return makeError("byte units apply to memory layouts; a thread-value layout indexes "
                             "elements");
        return cuteTvToLinear(*parsed, tileShape, warpSize);
    }
    auto mem = cuteMemoryToLinear(*parsed, units, elementBytes);
    if (mem && !sameShape(*mem))
        return makeError("the memory layout covers a different tile than the shape given");
    return mem;
}

Expected<std::string> linearToCuteText(const LinearLayout &layout, CuteUnits units,
                                       int elementBytes)
{
    if (layout.hasInDim("offset")) {
        auto c = linearToCuteMemory(layout, units, elementBytes);
        if (!c)
            return c.error();
        return printCute(*c);
    }
    if (units == CuteUnits::Bytes)
        return makeError("byte units apply to memory layouts; a thread-value layout indexes "
                         "elements");
    auto c = linearToCuteTv(layout);
    if (!c)
        return c.error();
    return printCute(*c);
}

Expected<CuteLayoutText> readCuteLayoutText(std::string_view text,
                                            const std::vector<int32_t> &tileShape,
                                            std::string_view dtype, bool bytes)
{
    int elementBytes = 1;
    if (bytes) {
        auto b = dtypeBits(dtype);
        if (!b)
            return makeError("byte units need the element type: " + b.message());
        if (*b < 8)
            return makeError("byte units need an element type of whole bytes");
        elementBytes = *b / 8;
    }
    auto ll = cuteTextToLinear(text, tileShape, std::nullopt,
                               bytes ? CuteUnits::Bytes : CuteUnits::Elements, elementBytes);
    if (!ll)
        return ll.error();
    CuteLayoutText out{*ll, {}, {}};
    for (const auto &[name, size] : ll->outDims())
        out.shape.push_back(size);
    if (bytes) {
        auto elems = linearToCuteText(*ll);
        if (!elems)
            return elems.error();
        out.elementText = *elems;
    } else {
        const size_t a = text.find_first_not_of(" \t\r\n"), b = text.find_last_not_of(" \t\r\n");
        out.elementText = std::string(text.substr(a, b - a + 1));
    }
    return out;
}

} // namespace lx
