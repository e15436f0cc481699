#include "request/difflayout.h"

#include "analysis/diff.h"
#include "base/boundedread.h"
#include "io/cute.h"
#include "io/layoutjson.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "request/figures.h"

namespace lx {

Expected<LinearLayout> diffLayoutArg(const std::string &arg,
                                     const std::optional<std::vector<int32_t>> &shape)
{
    if (!arg.empty() && arg.front() == '@') {
        const std::string path = arg.substr(1);
        Expected<std::string> bytes = readBounded(path, kMaxDiffLayoutFileBytes, "a layout file");
        if (!bytes)
            return bytes.error();
        const nlohmann::json j = nlohmann::json::parse(*bytes, nullptr, false);
        if (j.is_discarded())
            return makeError(path + " is not valid JSON");
        const nlohmann::json &lj = j.is_object() && j.contains("layout") ? j.at("layout") : j;
        auto ll = layoutFromJson(lj);
        if (!ll)
            return makeError(path + ": " + ll.message());
        return ll;
    }
    if (looksLikeCute(arg))
        return cuteTextToLinear(arg, shape.value_or(std::vector<int32_t>{}));
    auto attr = parseLayoutText(arg);
    if (!attr)
        return attr.error();
    if (!shape)
        return makeError("#ttg and Gluon layouts need --shape");
    return toLinearLayout(**attr, *shape);
}

nlohmann::json diffReportJson(const DiffInput &in)
{
    nlohmann::json j = nlohmann::json::parse(diffToJson(in.diff));
    j["dtype"] = in.dtype;
    j["figures"] = figuresJson(diffFigures(in));
    return j;
}

Expected<DiffInput> resolveDiffArgs(const std::string &a, const std::string &b,
                                    const std::optional<std::vector<int32_t>> &shape,
                                    ViewRequest &req)
{
    req.kind = "diff";
    for (const auto &[name, text] : {std::pair{"a", &a}, std::pair{"b", &b}}) {
        Expected<LinearLayout> l = diffLayoutArg(*text, shape);
        if (!l)
            return makeError("--" + std::string(name) + ": " + l.message());
        ResolvedLayout r;
        r.name = name;
        r.layout = std::move(*l);
        req.layouts.push_back(std::move(r));
    }
    req.options["layout"] = "a";
    req.options["other"] = "b";
    return resolveDiff(req);
}

} // namespace lx
