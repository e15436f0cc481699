// The NVIDIA attributes of the #ttg reader (internal to core/io): #ttg.nvidia_mma,
// #ttg.nvmma_shared, #ttng.tensor_memory_encoding and #ttng.tensor_memory_scales_encoding, with
// the checks of Triton's verifiers and Gluon's constructors (docs/nvidia-layouts.md §5, §8).

#include "io/ttgtextschema.h"

namespace lx::ttgdetail {

LayoutAttrPtr makeNvidiaMma(DictReader &dict)
{
    NvidiaMmaAttr a;
    const Value &major = dict.require("versionMajor");
    a.versionMajor = asInt(major, "versionMajor");
    if (a.versionMajor != 2 && a.versionMajor != 3)
        fail(major.pos, "versionMajor: " + std::to_string(a.versionMajor) +
                            " has no layout here (2 is Ampere mma.sync, 3 is Hopper wgmma)");
    if (const Value *minor = dict.take("versionMinor"))
        a.versionMinor = asInt(*minor, "versionMinor");
    const Value &warps = dict.require("warpsPerCTA");
    a.warpsPerCTA = asIntList(warps, "warpsPerCTA");
    requirePow2(warps, a.warpsPerCTA, "warpsPerCTA");
    const int rank = int(a.warpsPerCTA.size());
    const Value &instr = dict.require("instrShape");
    a.instrShape = asIntList(instr, "instrShape");
    if (a.versionMajor == 2) {
        if (rank != 2 && rank != 3)
            fail(warps.pos, "warpsPerCTA: an Ampere MMA layout has rank 2 or 3");
        const IntList expected = rank == 3 ? IntList{1, 16, 8} : IntList{16, 8};
        if (a.instrShape != expected)
            fail(instr.pos, std::string("instrShape: an Ampere MMA layout has instrShape ") +
                                (rank == 2 ? "[16, 8]" : "[1, 16, 8]"));
    } else {
        if (rank != 2)
            fail(warps.pos, "warpsPerCTA: a Hopper MMA layout has rank 2");
        const IntList &s = a.instrShape;
        if (s.size() != 3 || s[0] != 16 || !isPow2(s[1]) || s[1] < 8 || s[1] > 256 || !isPow2(s[2]))
            fail(instr.pos, "instrShape: a Hopper MMA layout has instrShape [16, N, K], N a power "
                            "of two from 8 to 256, K a power of two");
    }
    a.cgaLayout = readCga(dict, rank);
    dict.finish({"versionMajor", "versionMinor", "warpsPerCTA", "instrShape", "CGALayout",
                 "CTAsPerCGA", "CTASplitNum", "CTAOrder"});
    return makeAttr(std::move(a));
}

LayoutAttrPtr makeNvmmaShared(DictReader &dict)
{
    NvmmaSharedAttr a;
    const Value &swizzle = dict.require("swizzlingByteWidth");
    a.swizzlingByteWidth = asInt(swizzle, "swizzlingByteWidth");
    // NVMMASharedEncodingAttr::verify
    if (a.swizzlingByteWidth != 0 && a.swizzlingByteWidth != 32 && a.swizzlingByteWidth != 64 &&
        a.swizzlingByteWidth != 128)
        fail(swizzle.pos, "swizzlingByteWidth must be 0, 32, 64, or 128");
    if (const Value *v = dict.take("transposed"))
        a.transposed = asBool(*v, "transposed");
    const Value &bits = dict.require("elementBitWidth");
    a.elementBitWidth = asInt(bits, "elementBitWidth");
    if (a.elementBitWidth == 0)
        fail(bits.pos, "elementBitWidth must be non-zero");
    // Gluon's NVMMASharedLayout refuses what the builder cannot lay out.
    if (a.elementBitWidth != 8 && a.elementBitWidth != 16 && a.elementBitWidth != 32 &&
        a.elementBitWidth != 64)
        fail(bits.pos, "elementBitWidth must be 8, 16, 32 or 64");
    const Value *fp4 = dict.take("fp4Padded");
    if (fp4)
        a.fp4Padded = asBool(*fp4, "fp4Padded");
    if (a.fp4Padded && a.swizzlingByteWidth != 128)
        fail(fp4->pos, "fp4Padded only supports 128 byte swizzling");
    if (a.fp4Padded && a.elementBitWidth != 8)
        fail(fp4->pos, "fp4Padded is only supported for elementBitWidth = 8");
    const Value *rankValue = dict.take("rank");
    int rank = rankValue ? asInt(*rankValue, "rank", 1, 8) : 2;
    const bool hasCga = dict.has("CGALayout") || dict.has("CTAsPerCGA") ||
                        dict.has("CTASplitNum") || dict.has("CTAOrder");
    if (rankValue && hasCga)
        fail(rankValue->pos, "rank is only printed without a CGA layout (the CGA shows the rank)");
    if (const Value *cga = dict.take("CGALayout")) {
        // The bases give the rank; put the entry back for readCga to read it with that rank.
        int r = -1;
        (void)asBases(*cga, "CGALayout", r);
        if (r > 0)
            rank = r;
        EntryList again{Entry{"CGALayout", cga->pos, *cga}};
        DictReader cgaDict(std::move(again), dict.context(), dict.pos());
        a.cgaLayout = readCga(cgaDict, rank);
    } else {
        a.cgaLayout = readCga(dict, rank);
    }
    a.rank = rank;
    dict.finish({"swizzlingByteWidth", "transposed", "elementBitWidth", "fp4Padded", "CGALayout",
                 "rank", "CTAsPerCGA", "CTASplitNum", "CTAOrder"});
    return makeAttr(std::move(a));
}

namespace {

// A CTA split count: Triton's verifier wants a power of two >= 1.
int32_t readCtaSplit(DictReader &dict, const char *key)
{
    const Value *v = dict.take(key);
    if (!v)
        return 1;
    const int32_t n = asInt(*v, key);
    if (n < 1 || (n & (n - 1)) != 0)
        fail(v->pos, "CTASplitM and CTASplitN must be greater than 0 and a power of 2");
    return n;
}

} // namespace

LayoutAttrPtr makeTensorMemory(DictReader &dict)
{
    // TensorMemoryEncodingAttr::verify
    TensorMemoryAttr a;
    const Value &m = dict.require("blockM");
    a.blockM = asInt(m, "blockM");
    if (a.blockM != 64 && a.blockM != 128)
        fail(m.pos, "blockM must be 64 or 128 but got " + std::to_string(a.blockM));
    const Value &n = dict.require("blockN");
    a.blockN = asInt(n, "blockN");
    if (!isPow2(a.blockN))
        fail(n.pos, "blockN must be a power of 2 but got " + std::to_string(a.blockN));
    if (a.blockN > 512)
        fail(n.pos, "blockN must be less than or equal to 512 but got " + std::to_string(a.blockN));
    const Value *stride = dict.take("colStride");
    const Value *unpacked = dict.take("unpacked");
    if (stride && unpacked)
        fail(unpacked->pos, "unpacked is the older spelling of colStride: give one of them");
    if (!stride && !unpacked)
        fail(dict.pos(), "missing key 'colStride' in " + dict.context());
    if (stride) {
        a.colStride = asInt(*stride, "colStride");
        if (a.colStride != 1 && a.colStride != 2 && a.colStride != 4)
            fail(stride->pos,
                 "colStride must be 1, 2, or 4 but got " + std::to_string(a.colStride));
    } else {
        // Before colStride, `unpacked = true` held 16-bit data one element per 32-bit cell.
        a.colStride = asBool(*unpacked, "unpacked") ? 2 : 1;
    }
    a.ctaSplitM = readCtaSplit(dict, "CTASplitM");
    a.ctaSplitN = readCtaSplit(dict, "CTASplitN");
    if (const Value *two = dict.take("twoCTAs"))
        a.twoCTAs = asBool(*two, "twoCTAs");
    dict.finish({"blockM", "blockN", "colStride", "unpacked", "CTASplitM", "CTASplitN", "twoCTAs"});
    return makeAttr(std::move(a));
}

LayoutAttrPtr makeTensorMemoryScales(DictReader &dict)
{
    TensorMemoryScalesAttr a;
    a.ctaSplitM = readCtaSplit(dict, "CTASplitM");
    a.ctaSplitN = readCtaSplit(dict, "CTASplitN");
    dict.finish({"CTASplitM", "CTASplitN"});
    return makeAttr(std::move(a));
}

} // namespace lx::ttgdetail
