// Fuzzes the bases text typed in the editor (a list of bases, or one component).

#include "io/basestext.h"
#include "layout/linearlayout.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    (void)lx::parseBasisComponent(text, 64);
    auto bases = lx::parseBasesText(text);
    if (bases && !bases->empty()) {
        // Whatever parsed goes through the same factory the editor uses.
        std::vector<lx::LinearLayout::NamedSize> outs;
        for (size_t o = 0; o < bases->front().size(); ++o)
            outs.emplace_back("dim" + std::to_string(o), 1 << 12);
        (void)lx::LinearLayout::tryCreate({{"register", *bases}}, outs, false);
    }
    return 0;
}
