// Fuzzes the #ttg / Gluon layout-text parser, its printers and the builders behind it: any text
// parses to a layout or gives an error; a parsed layout prints, re-parses to the same value and
// builds (or refuses) a linear layout for a small shape; a built layout written back as linear
// text (linearAttrFor, Copy as #ttg in the window) rebuilds the same map.

#include "io/ttgtext.h"
#include "layout/builders.h"
#include "layout/layoututils.h"
#include "layout/linearlayout.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    lx::Expected<lx::LayoutAttrPtr> attr = lx::parseLayoutText(text);
    if (!attr)
        return 0;
    const std::string printed = lx::printTtg(**attr);
    lx::Expected<lx::LayoutAttrPtr> again = lx::parseTtg(printed);
    if (!again || !(**again == **attr))
        std::abort(); // print -> parse must round-trip
    (void)lx::printGluon(**attr);
    for (const std::vector<int32_t> &shape :
         {std::vector<int32_t>{64, 64}, std::vector<int32_t>{16, 128},
          std::vector<int32_t>{4, 8, 16}}) {
        lx::Expected<lx::LinearLayout> built = lx::toLinearLayout(**attr, shape);
        if (!built)
            continue;
        lx::Expected<lx::LinearLayout> standard =
            built->transposeOuts(lx::standardOutDimNames(built->numOutDims()));
        if (!standard)
            continue; // out-dims other than dim0, dim1, ...: no linear text form
        lx::Expected<lx::LayoutAttrPtr> linear = lx::linearAttrFor(*standard);
        if (!linear)
            continue; // no linear text form: refused with a reason
        std::vector<int32_t> sizes;
        for (const auto &[dim, extent] : standard->outDims())
            sizes.push_back(extent);
        lx::Expected<lx::LinearLayout> back = lx::toLinearLayout(**linear, sizes);
        lx::Expected<lx::LinearLayout> ordered =
            back ? back->transposeOuts(built->outDimNames()) : back;
        if (!ordered || !(*ordered == *built))
            std::abort(); // linear text must describe the same layout
    }
    return 0;
}
