#include "io/nvmmabridge.h"
#include "base/intmath.h"

#include "io/ttgtext.h"
#include "layout/builders.h"
#include "layout/layoututils.h"

#include <algorithm>
#include <bit>

namespace lx {

namespace {

// The element offset of tensor coordinate (d0, d1) in `shared` (offset -> dims), via the inverse.
std::optional<int64_t> offsetOf(const LinearLayout &inverse, int32_t d0, int32_t d1)
{
    Expected<std::vector<LinearLayout::NamedValue>> r = inverse.apply({{"dim0", d0}, {"dim1", d1}});
    if (!r)
        return std::nullopt;
    for (const auto &[name, v] : *r)
        if (name == "offset")
            return v;
    return std::nullopt;
}

const char *layoutName(int swizzle)
{
    switch (swizzle) {
    case 128:
        return "SWIZZLE_128B";
    case 64:
        return "SWIZZLE_64B";
    case 32:
        return "SWIZZLE_32B";
    default:
        return "INTERLEAVE";
    }
}

int layoutType(int swizzle)
{
    return swizzle == 128 ? 1 : swizzle == 64 ? 2 : swizzle == 32 ? 3 : 0;
}

// The descriptor of the operand whose K is dim `kDim`, read off the layout (bytes).
WgmmaDescriptor descriptorOf(const LinearLayout &inverse, const NvmmaSharedAttr &a, int kDim,
                             const char *operand, int elementBytes,
                             const std::vector<int32_t> &shape)
{
    WgmmaDescriptor d;
    d.operand = operand;
    const int contig = a.transposed ? 0 : 1;
    d.major = contig == kDim ? "K" : "MN";
    d.layoutType = layoutType(a.swizzlingByteWidth);
    d.layoutName = layoutName(a.swizzlingByteWidth);
    const int32_t chunk = 16 / elementBytes;                  // elements of 16 bytes
    const int32_t span = a.swizzlingByteWidth / elementBytes; // elements of one swizzle span
    // The byte offset of the element `alongContig` along the contiguous dim and `alongOther`
    // along the other; -1 outside the tile (then the field it would set is unused).
    auto at = [&](int32_t alongContig, int32_t alongOther) -> int64_t {
        const int32_t d0 = contig == 0 ? alongContig : alongOther;
        const int32_t d1 = contig == 0 ? alongOther : alongContig;
        if (d0 >= shape[0] || d1 >= shape[1])
            return -1;
        return offsetOf(inverse, d0, d1).value_or(0) * elementBytes;
    };
    const bool swizzled = a.swizzlingByteWidth > 0;
    if (!swizzled && at(0, 1) != 16)
        // INTERLEAVE: a core matrix is 8 rows of 16 bytes, one after another.
        d.problem = "without a swizzle a core matrix's rows must be 16 B apart; here the next " +
                    std::string(d.major == "K" ? "row" : "K") + " is " + std::to_string(at(0, 1)) +
                    " B away (the contiguous dim holds more than 16 bytes)";
    int64_t lbo = 0, sbo = 0;
    if (d.major == "K") {
        sbo = at(0, 8);
        lbo = swizzled ? -1 : at(chunk, 0);
    } else {
        lbo = swizzled ? at(span, 0) : at(0, 8);
        sbo = swizzled ? at(0, 8) : at(chunk, 0);
    }
    d.lboUsed = lbo >= 0;
    d.lboBytes = std::max<int64_t>(lbo, 0);
    d.sboBytes = std::max<int64_t>(sbo, 0);
    return d;
}

std::string cuteText(const NvmmaSharedAttr &a, const std::vector<int32_t> &shape, int unitBytes,
                     int elementBytes)
{
    const int contig = a.transposed ? 0 : 1;
    const int32_t rows = shape[size_t(1 - contig)], cols = shape[size_t(contig)];
    // In bytes the contiguous dim counts bytes (the tile as CuTe's byte-level atoms write it).
    const int32_t scale = elementBytes / unitBytes; // units per element
    const int32_t span =
        a.swizzlingByteWidth > 0 ? std::min(cols, a.swizzlingByteWidth / elementBytes) : cols;
    const int32_t boxes = cols / span;
    const int bBits = a.swizzlingByteWidth > 0 ? floorLog2(a.swizzlingByteWidth / 16) : 0;
    const int mBits = floorLog2(16 / unitBytes);
    const int64_t spanUnits = int64_t(span) * scale;
    std::string colShape = std::to_string(spanUnits), colStride = "1";
    if (boxes > 1) {
        colShape = "(" + colShape + "," + std::to_string(boxes) + ")";
        colStride = "(1," + std::to_string(int64_t(rows) * spanUnits) + ")";
    }
    const std::string rowShape = std::to_string(rows), rowStride = std::to_string(spanUnits);
    const std::string layout =
        contig == 1 ? "(" + rowShape + "," + colShape + "):(" + rowStride + "," + colStride + ")"
                    : "(" + colShape + "," + rowShape + "):(" + colStride + "," + rowStride + ")";
    return "Sw<" + std::to_string(bBits) + "," + std::to_string(mBits) + ",3> o 0 o " + layout;
}

} // namespace

Expected<NvSharedBridge> nvSharedBridge(const LinearLayout &shared, int elementBits)
{
    if (elementBits != 8 && elementBits != 16 && elementBits != 32 && elementBits != 64)
        return makeError("element_bitwidth must be 8, 16, 32 or 64, not " +
                         std::to_string(elementBits));
    if (!shared.hasInDim("offset") || shared.outDims().size() != 2 || !shared.hasOutDim("dim0") ||
        !shared.hasOutDim("dim1"))
        return makeError("the bridge reads a 2-D shared layout (offset -> dim0, dim1)");
    Expected<LinearLayout> offsets = shared.sublayout({"offset"}, {"dim0", "dim1"});
    if (!offsets)
        return offsets.error();
    NvSharedBridge out;
    out.elementBits = elementBits;
    out.shape = {shared.outDimSize("dim0"), shared.outDimSize("dim1")};
    const int elementBytes = elementBits / 8;
    // Every NVMMA layout of this shape; the one equal to `shared`, else the one agreeing on the
    // most leading offset bases.
    int bestAgree = -1;
    std::optional<LinearLayout> best;
    for (const bool transposed : {false, true})
        for (const int swizzle : {128, 64, 32, 0}) {
            NvmmaSharedAttr a;
            a.swizzlingByteWidth = swizzle;
            a.transposed = transposed;
            a.elementBitWidth = elementBits;
            Expected<LinearLayout> l = toLinearLayout(LayoutAttr{a}, out.shape);
            if (!l)
                continue;
            Expected<LinearLayout> lo = l->sublayout({"offset"}, {"dim0", "dim1"});
            if (!lo || lo->inDimSizeLog2("offset") != offsets->inDimSizeLog2("offset"))
                continue;
            int agree = 0;
            while (agree < offsets->inDimSizeLog2("offset") &&
                   lo->basis("offset", agree) == offsets->basis("offset", agree))
                ++agree;
            if (agree > bestAgree) {
                bestAgree = agree;
                out.nvmma = a;
                best = *lo;
            }
            if (agree == offsets->inDimSizeLog2("offset"))
                break;
        }
    if (!best)
        return makeError("no NVMMA shared layout exists for a " + std::to_string(out.shape[0]) +
                         "x" + std::to_string(out.shape[1]) + " tile");
    const NvmmaSharedAttr &a = out.nvmma;
    out.canonical = bestAgree == offsets->inDimSizeLog2("offset");
    out.nvmmaText = printTtg(LayoutAttr{a});
    out.gluon = printGluon(LayoutAttr{a});
    if (!out.canonical) {
        out.whyNot = "offset basis " + std::to_string(bestAgree) + " is " +
                     formatBasis(offsets->basis("offset", bestAgree)) + "; " + out.nvmmaText +
                     " (the closest) has " + formatBasis(best->basis("offset", bestAgree));
        return out;
    }
    out.cute = cuteText(a, out.shape, elementBytes, elementBytes);
    out.cuteBytes = cuteText(a, out.shape, 1, elementBytes);
    out.tmaSwizzle = a.swizzlingByteWidth == 0
                         ? "CU_TENSOR_MAP_SWIZZLE_NONE"
                         : "CU_TENSOR_MAP_SWIZZLE_" + std::to_string(a.swizzlingByteWidth) + "B";
    const int contig = a.transposed ? 0 : 1;
    out.tmaBox = out.shape;
    if (a.swizzlingByteWidth > 0)
        out.tmaBox[size_t(contig)] =
            std::min(out.tmaBox[size_t(contig)], a.swizzlingByteWidth / elementBytes);
    for (int32_t &d : out.tmaBox)
        d = std::min(d, 256);
    Expected<LinearLayout> inverse = offsets->invert();
    if (!inverse)
        return inverse.error();
    out.descriptors.push_back(descriptorOf(*inverse, a, 1, "A (M x K)", elementBytes, out.shape));
    out.descriptors.push_back(descriptorOf(*inverse, a, 0, "B (K x N)", elementBytes, out.shape));
    return out;
}

std::string descriptorText(const WgmmaDescriptor &d)
{
    auto bytes = [](int64_t b) {
        return std::to_string(b) + " B (field " + std::to_string(b >> 4) + ")";
    };
    return d.major + "-major, layout type " + std::to_string(d.layoutType) + " (" + d.layoutName +
           "), LBO " + (d.lboUsed ? bytes(d.lboBytes) : std::string("unused (1)")) + ", SBO " +
           bytes(d.sboBytes);
}

std::string bridgeText(const NvSharedBridge &b)
{
    std::string s = "nvmma   " + b.nvmmaText + "\ngluon   " + b.gluon + "\n";
    if (!b.canonical)
        return s + "not canonical: " + b.whyNot + "\n";
    s += "cute    " + b.cute + "  (elements)\n        " + b.cuteBytes + "  (bytes)\n";
    s += "tma     " + b.tmaSwizzle + ", box " + std::to_string(b.tmaBox[0]) + "x" +
         std::to_string(b.tmaBox[1]) + "\n";
    for (const WgmmaDescriptor &d : b.descriptors)
        s += "wgmma   as " + d.operand + ": " +
             (d.problem.empty() ? descriptorText(d) : "no descriptor: " + d.problem) + "\n";
    return s;
}

} // namespace lx
