#include "request/dsloadtrinput.h"

#include "request/shape.h"

#include "analysis/dsloadtr.h"
#include "hw/dtype.h"
#include "io/scene.h"
#include "io/ttgtext.h"

#include <array>
#include <tuple>
#include <utility>

namespace lx {

namespace {

constexpr ShapeRules kDsLoadTrShapeRules{.rank = 2, .powerOfTwo = true};

// A layout given as text; the destination's kind is judged before it is fitted to the shape, so
// a shared layout given as --dst is reported as such rather than by the builder.
Expected<ResolvedLayout> dsLoadTrTextLayout(const std::string &name, const std::string &text,
                                            const std::vector<int32_t> &shape,
                                            const std::string &dtype)
{
    if (name == "dst")
        if (Expected<LayoutAttrPtr> attr = parseLayoutText(text); attr)
            if (std::optional<std::string> problem = dsLoadTrDestinationProblem(attr->get()))
                return makeError(*problem);
    SceneLayout sl;
    sl.name = name;
    sl.text = text;
    sl.shape = shape;
    sl.dtype = dtype;
    Expected<ResolvedLayout> l = resolveLayout(sl);
    if (!l) {
        // "layout 'dst': 1:3: ..." -> "dst: 1:3: ..."
        const std::string prefix = "layout '" + name + "': ";
        const std::string m = l.message();
        return makeError(name + ": " + (m.rfind(prefix, 0) == 0 ? m.substr(prefix.size()) : m));
    }
    return l;
}

DsLoadTrTextAnswer dsLoadTrRefused(std::string message, bool usage)
{
    DsLoadTrTextAnswer a;
    a.message = std::move(message);
    a.usage = usage;
    return a;
}

DsLoadTrTextAnswer packedFp4Request(const DsLoadTrTextArgs &args)
{
    const std::array<std::pair<const char *, const std::optional<std::string> *>, 4> needed{
        {{"shared", &args.shared},
         {"dst", &args.dst},
         {"shape", &args.shape},
         {"dst-shape", &args.dstShape}}};
    for (const auto &[name, value] : needed)
        if (!*value)
            return dsLoadTrRefused(std::string("--packed-fp4 needs --") + name, true);
    ViewRequest req;
    const std::array<std::tuple<const char *, const std::string *, const std::string *>, 2> sides{
        {{"shared", &*args.shared, &*args.shape}, {"dst", &*args.dst, &*args.dstShape}}};
    for (const auto &[name, text, shapeText] : sides) {
        Expected<std::vector<int32_t>> shape = parseShape(*shapeText, kDsLoadTrShapeRules);
        if (!shape)
            return dsLoadTrRefused(shape.message(), false);
        Expected<ResolvedLayout> l =
            dsLoadTrTextLayout(name, *text, *shape, std::string(kPackedFp4LayoutDtype));
        if (!l)
            return dsLoadTrRefused(l.message(), false);
        req.layouts.push_back(std::move(*l));
    }
    req.options = {{"shared", "shared"}, {"dst", "dst"}, {"packedFp4", true}};
    DsLoadTrTextAnswer answer;
    answer.request = std::move(req);
    return answer;
}

} // namespace

DsLoadTrTextAnswer dsLoadTrTextRequest(const DsLoadTrTextArgs &args)
{
    if (args.packedFp4)
        return packedFp4Request(args);
    const std::array<std::pair<const char *, const std::optional<std::string> *>, 3> needed{
        {{"shared", &args.shared}, {"dst", &args.dst}, {"shape", &args.shape}}};
    for (const auto &[name, value] : needed)
        if (!*value)
            return dsLoadTrRefused(std::string("missing --") + name + " (or give --preset NAME)",
                                   true);
    ViewRequest req; // no view kind: layouts given as text
    if (args.dtype) {
        req.dtype = *args.dtype;
        if (!dtypeBits(req.dtype))
            return dsLoadTrRefused(
                "unknown --dtype '" + *args.dtype + "' (f16, bf16, f8, i8, i4, f32, i32)", true);
    }
    Expected<std::vector<int32_t>> shape = parseShape(*args.shape, kDsLoadTrShapeRules);
    if (!shape)
        return dsLoadTrRefused(shape.message(), false);
    for (const auto &[name, text] :
         {std::pair{"shared", &*args.shared}, std::pair{"dst", &*args.dst}}) {
        Expected<ResolvedLayout> l = dsLoadTrTextLayout(name, *text, *shape, req.dtype);
        if (!l)
            return dsLoadTrRefused(l.message(), false);
        req.layouts.push_back(std::move(*l));
    }
    req.options = {{"shared", "shared"}, {"dst", "dst"}};
    DsLoadTrTextAnswer answer;
    answer.request = std::move(req);
    return answer;
}

std::string dsLoadTrSourcesProblem(bool preset, bool scene, bool shared, bool dst, bool shape)
{
    if (preset && scene)
        return "--preset and --scene exclude each other";
    if (!preset && !scene)
        return {};
    const char *source = preset ? "preset" : "scene";
    for (const auto &[name, given] :
         {std::pair{"shared", shared}, std::pair{"dst", dst}, std::pair{"shape", shape}})
        if (given)
            return std::string("--") + source + " and --" + name + " exclude each other";
    return {};
}

} // namespace lx
