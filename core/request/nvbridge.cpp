#include "request/nvbridge.h"

#include "hw/dtype.h"

namespace lx {

bool hasNvBridge(const LinearLayout &layout)
{
    return layout.hasInDim("offset") && layout.outDims().size() == 2;
}

Expected<NvSharedBridge> resolveNvBridge(const LayoutAttr *attr, const LinearLayout &shared,
                                         const std::string &dtype)
{
    int bits = 0;
    if (const NvmmaSharedAttr *n = attr ? attr->as<NvmmaSharedAttr>() : nullptr)
        bits = n->elementBitWidth;
    else if (!dtype.empty()) {
        const Expected<int> b = dtypeBits(dtype);
        if (!b)
            return b.error();
        bits = *b;
    }
    if (bits <= 0)
        return makeError("the element type is needed: give a dtype, or an NVMMA layout (whose "
                         "elementBitWidth says it)");
    if (!hasNvBridge(shared))
        return makeError("the swizzle bridge reads a shared layout of two dims (offset -> dim0, "
                         "dim1)");
    return nvSharedBridge(shared, bits);
}

nlohmann::json nvBridgeJson(const NvSharedBridge &b)
{
    nlohmann::json descriptors = nlohmann::json::array();
    for (const WgmmaDescriptor &d : b.descriptors)
        descriptors.push_back({{"operand", d.operand},
                               {"major", d.major},
                               {"layoutType", d.layoutType},
                               {"layoutName", d.layoutName},
                               {"lboBytes", d.lboBytes},
                               {"sboBytes", d.sboBytes},
                               {"lboField", d.lboField()},
                               {"sboField", d.sboField()},
                               {"lboUsed", d.lboUsed},
                               {"problem", d.problem},
                               {"text", d.problem.empty() ? descriptorText(d) : d.problem}});
    return {{"elementBits", b.elementBits},
            {"shape", b.shape},
            {"canonical", b.canonical},
            {"whyNot", b.whyNot},
            {"nvmma", b.nvmmaText},
            {"gluon", b.gluon},
            {"cute", b.cute},
            {"cuteBytes", b.cuteBytes},
            {"tmaSwizzle", b.tmaSwizzle},
            {"tmaBox", b.tmaBox},
            {"descriptors", descriptors},
            {"figures", figuresJson(nvBridgeFigures(b))}};
}

std::vector<Figure> nvBridgeFigures(const NvSharedBridge &b)
{
    const char *how = "io/nvmmabridge.h: every NVMMA layout of the tile built as Triton builds it";
    std::vector<Figure> f;
    f.push_back({"nvmma",
                 "NVMMA attribute",
                 b.canonical ? b.nvmmaText : "none",
                 {},
                 "",
                 FigureSource::Computed,
                 how});
    f.push_back({"canonical", "Canonical", b.canonical ? "yes" : "no: " + b.whyNot,
                 b.canonical ? 1.0 : 0.0, "", FigureSource::Computed,
                 "whether one NVMMA layout (what TMA and wgmma accept) equals this one"});
    if (!b.canonical)
        return f;
    f.push_back({"cute",
                 "CuTe (elements)",
                 b.cute,
                 {},
                 "",
                 FigureSource::Computed,
                 "Sw<B,M,S> o 0 o layout (CUTLASS include/cute/swizzle.hpp)"});
    f.push_back({"cuteBytes",
                 "CuTe (bytes)",
                 b.cuteBytes,
                 {},
                 "",
                 FigureSource::Computed,
                 "the same swizzle over bytes"});
    std::string box;
    for (size_t i = 0; i < b.tmaBox.size(); ++i)
        box += (i ? "x" : "") + std::to_string(b.tmaBox[i]);
    f.push_back({"tma",
                 "TMA swizzle",
                 b.tmaSwizzle + ", box " + box,
                 {},
                 "",
                 FigureSource::Computed,
                 "CUtensorMapSwizzle and the box of getTMABlockShape"});
    for (const WgmmaDescriptor &d : b.descriptors) {
        const bool isA = d.operand.rfind("A", 0) == 0;
        f.push_back({isA ? "descriptorA" : "descriptorB", "wgmma descriptor as " + d.operand,
                     d.problem.empty() ? descriptorText(d) : "none: " + d.problem,
                     d.problem.empty() ? std::optional<double>(double(d.sboBytes)) : std::nullopt,
                     d.problem.empty() ? "B" : "", FigureSource::Computed,
                     "the PTX matrix descriptor: layout type, LBO and SBO (the value is SBO)"});
    }
    return f;
}

} // namespace lx
