// Fuzzes the scene-file reader: any bytes give a scene or an error; every layout of a parsed
// scene resolves or gives an error; a parsed scene serializes and reads back.

#include "io/scene.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    lx::Expected<lx::Scene> scene = lx::parseScene(text);
    if (!scene)
        return 0;
    for (const lx::SceneLayout &l : scene->layouts)
        (void)lx::resolveLayout(l);
    if (!lx::parseScene(lx::serializeScene(*scene)))
        std::abort(); // what we write we must read
    return 0;
}
