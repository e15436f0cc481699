#include "base/resources.h"

#include <algorithm>

namespace lx {

std::optional<std::string_view> embeddedResource(std::string_view path)
{
    for (const EmbeddedResource *r = embeddedResourceTable(); r->path != nullptr; ++r) {
        if (path == r->path)
            return std::string_view(r->data, r->size);
    }
    return std::nullopt;
}

std::vector<std::string> embeddedResourcePaths(std::string_view folder)
{
    std::vector<std::string> paths;
    for (const EmbeddedResource *r = embeddedResourceTable(); r->path != nullptr; ++r) {
        std::string_view p(r->path);
        if (p.substr(0, folder.size()) == folder)
            paths.emplace_back(p);
    }
    std::sort(paths.begin(), paths.end());
    return paths;
}

} // namespace lx
