#include "request/sourcechecks.h"

#include <charconv>

namespace lx {

std::string ctaSourcesProblem(bool preset, bool scene, bool layout, bool shape)
{
    if (preset && scene)
        return "give either --preset NAME or --scene FILE";
    if ((preset || scene) == layout)
        return "give either --preset NAME, --scene FILE or --layout TEXT --shape MxN [--dtype T]";
    if (layout && !shape)
        return "--layout needs --shape MxN";
    return {};
}

std::string suggestSharedSourcesProblem(bool preset, bool scene, bool reg, bool shape, bool explain)
{
    if (int(preset) + int(scene) + int(reg) != 1)
        return "give exactly one of --preset, --scene or --reg";
    if (reg && !shape)
        return "missing --shape";
    if (reg && explain)
        return "--explain needs a scene's shared layout (--preset or --scene)";
    return {};
}

Expected<std::vector<int32_t>> parseSuggestOrder(const std::string &text)
{
    std::vector<int32_t> out;
    size_t start = 0;
    while (true) {
        const size_t comma = text.find(',', start);
        std::string part =
            text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        const size_t first = part.find_first_not_of(" \t");
        const size_t last = part.find_last_not_of(" \t");
        part = first == std::string::npos ? std::string() : part.substr(first, last - first + 1);
        int32_t v = 0;
        const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
        if (part.empty() || ec != std::errc() || end != part.data() + part.size())
            return makeError("--order expects 1,0 or 0,1");
        out.push_back(v);
        if (comma == std::string::npos)
            return out;
        start = comma + 1;
    }
}

} // namespace lx
