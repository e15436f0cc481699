#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lx {

// A file of resources/arch or resources/presets, compiled into the program (see
// cmake/EmbedResources.cmake) so that the core and the headless command line need no files
// beside the executable.
struct EmbeddedResource
{
    const char *path; // relative to resources/, e.g. "arch/gfx1250.json"
    const char *data;
    std::size_t size;
};

// The table ends with an entry whose path is null.
const EmbeddedResource *embeddedResourceTable();

// The text of an embedded resource, or nullopt when there is none by that path.
[[nodiscard]] std::optional<std::string_view> embeddedResource(std::string_view path);

// Paths of the embedded resources under a folder ("arch/", "presets/"), sorted.
[[nodiscard]] std::vector<std::string> embeddedResourcePaths(std::string_view folder);

} // namespace lx
