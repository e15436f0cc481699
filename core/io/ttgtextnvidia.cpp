// The NVIDIA attributes of the #ttg reader (internal to core/io): #ttg.nvidia_mma and
// #ttg.nvmma_shared, with the checks of Triton's verifiers and Gluon's constructors
// (docs/nvidia-layouts.md §5).

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
        std::vector<Entry> again{Entry{"CGALayout", cga->pos, *cga}};
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

} // namespace lx::ttgdetail
