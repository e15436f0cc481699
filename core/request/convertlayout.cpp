#include "request/convertlayout.h"

#include "request/nvbridge.h"
#include "request/shape.h"

#include "base/jsoninput.h"
#include "hw/dtype.h"
#include "io/basestext.h"
#include "io/cute.h"
#include "io/layoutjson.h"
#include "io/nvmmabridge.h"
#include "io/tritontext.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "layout/linearlayout.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace lx {

std::optional<std::string> formRefusal(const std::string &to, const LayoutAttr *attr)
{
    if (!attr || !attr->isTensorMemory() || to == "json" || to == "ttg" || to == "gluon")
        return std::nullopt;
    return "--to " + to +
           ": a tensor-memory layout (in-dims row, col) has no such form; json, ttg and gluon "
           "describe it";
}

namespace {

bool convertHasOnlyInDims(const LinearLayout &ll, std::initializer_list<const char *> allowed)
{
    for (const std::string &d : ll.inDimNames())
        if (std::none_of(allowed.begin(), allowed.end(), [&](const char *a) { return d == a; }))
            return false;
    return true;
}

BasisList convertBasesOf(const LinearLayout &ll, const char *dim)
{
    const int i = ll.inDimIndex(dim);
    return i < 0 ? BasisList{} : BasisList(ll.bases()[size_t(i)].second);
}

// The #ttg attribute a raw linear layout is: text for the printers, so that the same checks as
// for typed-in #ttg text apply.
Expected<LayoutAttrPtr> attrOfLinearLayout(const LinearLayout &ll)
{
    if (convertHasOnlyInDims(ll, {"register", "lane", "warp", "block"})) {
        const BasisList warp = convertBasesOf(ll, "warp");
        const bool swizzled = std::any_of(warp.begin(), warp.end(), [](const auto &b) {
            return std::count_if(b.begin(), b.end(), [](int32_t c) { return c != 0; }) > 1;
        });
        return parseTtg(std::string(swizzled ? "#ttg.generic_linear" : "#ttg.linear") +
                        "<{register = " + formatBasesText(convertBasesOf(ll, "register")) +
                        ", lane = " + formatBasesText(convertBasesOf(ll, "lane")) +
                        ", warp = " + formatBasesText(warp) +
                        ", block = " + formatBasesText(convertBasesOf(ll, "block")) + "}>");
    }
    if (convertHasOnlyInDims(ll, {"offset", "block"}))
        return parseTtg(
            "#ttg.shared_linear<{offset = " + formatBasesText(convertBasesOf(ll, "offset")) +
            ", block = " + formatBasesText(convertBasesOf(ll, "block")) + "}, alignment = 16>");
    return makeError("a raw layout converts to #ttg text only with in-dims register, lane, "
                     "warp, block or offset, block");
}

// The CuTe options of convert: units (elements or bytes of --dtype) and the reading.
struct ConvertCuteOptions
{
    CuteUnits units = CuteUnits::Elements;
    int elementBytes = 1;
    std::string dtype; // --dtype as given
    std::optional<CuteKind> kind;
};

ConvertAnswer convertRefused(std::string message, bool usage)
{
    ConvertAnswer a;
    a.message = std::move(message);
    a.usage = usage;
    return a;
}

// An empty string, or the usage error.
std::string readConvertCuteOptions(const ConvertRequest &r, ConvertCuteOptions &out)
{
    if (r.units) {
        if (*r.units == "bytes")
            out.units = CuteUnits::Bytes;
        else if (*r.units != "elements")
            return "unknown --units '" + *r.units + "' (elements, bytes)";
    }
    if (r.dtype)
        out.dtype = *r.dtype;
    if (out.units == CuteUnits::Bytes) {
        if (!r.dtype)
            return "--units bytes needs --dtype";
        const auto bits = dtypeBits(*r.dtype);
        if (!bits || *bits < 8)
            return "--dtype '" + *r.dtype + "' is not a type of whole bytes";
        out.elementBytes = *bits / 8;
    }
    if (r.cuteKind) {
        if (*r.cuteKind == "memory")
            out.kind = CuteKind::Memory;
        else if (*r.cuteKind == "tv")
            out.kind = CuteKind::ThreadValue;
        else
            return "unknown --cute-kind '" + *r.cuteKind + "' (memory, tv)";
    }
    return {};
}

// The converted text of the layout in the form `to`.
Expected<std::string> convertedText(const std::string &to, const LayoutAttrPtr &attr,
                                    const std::optional<LinearLayout> &linear, bool aliases,
                                    bool hw, const ConvertCuteOptions &cute)
{
    if (to == "json")
        return layoutToJson(*linear).dump() + "\n";
    if (to == "ttg")
        return (aliases ? printTtgWithAliases(*attr) : printTtg(*attr)) + "\n";
    if (to == "gluon")
        return printGluon(*attr) + "\n";
    if (std::optional<std::string> refused = formRefusal(to, attr.get()))
        return makeError(*refused);
    if (to == "cute") {
        auto text = linearToCuteText(*linear, cute.units, cute.elementBytes);
        if (!text)
            return text.error();
        return *text + "\n";
    }
    if (to == "nvmma" || to == "descriptor") {
        auto bridge = resolveNvBridge(attr.get(), *linear, cute.dtype);
        if (!bridge)
            return makeError("--to " + to + ": " + bridge.message());
        if (to == "descriptor")
            return bridgeText(*bridge);
        if (!bridge->canonical)
            return makeError("not an NVMMA shared layout: " + bridge->whyNot);
        return bridge->nvmmaText + "\n";
    }
    const bool shared = attr ? attr->isShared() : linear->hasInDim("offset");
    return shared ? tryTritonSharedView(*linear, hw) : tryTritonDistributedView(*linear, hw);
}

// The layout read from --layout: the attribute and the linear layout, each when `to` needs it.
struct ConvertSource
{
    LayoutAttrPtr attr;
    std::optional<LinearLayout> linear;
};

// A linear layout read from CuTe or JSON, with its #ttg attribute when `to` prints one.
std::optional<ConvertAnswer> convertFromLinear(LinearLayout ll, const std::string &to,
                                               ConvertSource &src)
{
    src.linear = std::move(ll);
    if (to != "ttg" && to != "gluon")
        return std::nullopt;
    auto a = attrOfLinearLayout(*src.linear);
    if (!a)
        return convertRefused(a.message(), false);
    src.attr = *a;
    return std::nullopt;
}

// Reads --layout (CuTe text, a raw JSON layout or #ttg/Gluon text); the refusal on failure.
std::optional<ConvertAnswer> readConvertSource(const std::string &text, const std::string &to,
                                               const std::optional<std::vector<int32_t>> &shape,
                                               const ConvertCuteOptions &cute, ConvertSource &src)
{
    const size_t first = text.find_first_not_of(" \t\r\n");
    if (looksLikeCute(text)) {
        auto ll = cuteTextToLinear(text, shape.value_or(std::vector<int32_t>{}), cute.kind,
                                   cute.units, cute.elementBytes);
        if (!ll)
            return convertRefused("--layout: " + ll.message(), false);
        return convertFromLinear(std::move(*ll), to, src);
    }
    if (first != std::string::npos && text[first] == '{') {
        const auto j = parseJson(text);
        if (!j)
            return convertRefused("--layout: " + j.message(), false);
        auto ll = layoutFromJson(*j);
        if (!ll)
            return convertRefused("--layout: " + ll.message(), false);
        std::vector<int32_t> sizes;
        for (const auto &[dim, size] : ll->outDims())
            sizes.push_back(size);
        if (shape && sizes != *shape)
            return convertRefused("--shape does not match the out-dim sizes of the raw layout",
                                  false);
        return convertFromLinear(std::move(*ll), to, src);
    }
    auto a = parseLayoutText(text);
    if (!a)
        return convertRefused("--layout: " + a.message(), false);
    src.attr = *a;
    if (to == "json" || to == "triton-text" || to == "cute" || to == "nvmma" ||
        to == "descriptor") {
        if (!shape)
            return convertRefused("--to " + to + " needs --shape", true);
        auto ll = toLinearLayout(*src.attr, *shape);
        if (!ll)
            return convertRefused(ll.message(), false);
        src.linear = std::move(*ll);
    }
    return std::nullopt;
}

} // namespace

ConvertAnswer convertLayout(const ConvertRequest &r)
{
    if (!r.layout)
        return convertRefused("--layout is required", true);
    if (!r.to)
        return convertRefused("--to is required", true);
    const std::string &to = *r.to;
    static constexpr std::array<std::string_view, 7> kForms{
        "json", "ttg", "gluon", "triton-text", "cute", "nvmma", "descriptor"};
    if (std::find(kForms.begin(), kForms.end(), to) == kForms.end())
        return convertRefused("unknown --to '" + to +
                                  "' (json, ttg, gluon, triton-text, cute, nvmma, descriptor)",
                              true);
    ConvertCuteOptions cute;
    if (std::string e = readConvertCuteOptions(r, cute); !e.empty())
        return convertRefused(std::move(e), true);
    if (r.hw && to != "triton-text")
        return convertRefused("--hw only applies to --to triton-text", true);
    if (r.aliases && to != "ttg")
        return convertRefused("--aliases only applies to --to ttg", true);
    std::optional<std::vector<int32_t>> shape;
    if (r.shape) {
        // "128x64", "2x64x64" or "128,64".
        if (auto parsed = parseShape(*r.shape); parsed && parsed->size() <= 8)
            shape = std::move(*parsed);
        if (!shape)
            return convertRefused(
                "malformed --shape '" + *r.shape + "' (expected sizes like 128x64)", true);
    }
    const bool bridgeForm = to == "nvmma" || to == "descriptor";
    if (r.json && !bridgeForm)
        return convertRefused("--json only applies to --to nvmma and --to descriptor", true);
    ConvertSource src;
    if (auto refused = readConvertSource(*r.layout, to, shape, cute, src))
        return std::move(*refused);
    ConvertAnswer answer;
    if (r.json) {
        auto bridge = resolveNvBridge(src.attr.get(), *src.linear, cute.dtype);
        if (!bridge)
            return convertRefused("--to " + to + ": " + bridge.message(), false);
        if (to == "nvmma" && !bridge->canonical)
            return convertRefused("not an NVMMA shared layout: " + bridge->whyNot, false);
        answer.json = nvBridgeJson(*bridge);
        return answer;
    }
    auto out = convertedText(to, src.attr, src.linear, r.aliases, r.hw, cute);
    if (!out)
        return convertRefused(out.message(), false);
    answer.text = std::move(*out);
    return answer;
}

} // namespace lx
