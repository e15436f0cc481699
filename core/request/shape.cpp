#include "request/shape.h"

#include <bit>
#include <cctype>
#include <string>

namespace lx {

Expected<std::vector<int32_t>> parseShape(std::string_view text, const ShapeRules &rules)
{
    const std::string whole(text);
    std::vector<int32_t> shape;
    size_t pos = 0;
    while (true) {
        const size_t end = text.find_first_of("xX,", pos);
        std::string_view part =
            text.substr(pos, end == std::string_view::npos ? text.npos : end - pos);
        while (!part.empty() && std::isspace(static_cast<unsigned char>(part.front())))
            part.remove_prefix(1);
        while (!part.empty() && std::isspace(static_cast<unsigned char>(part.back())))
            part.remove_suffix(1);
        int64_t v = 0;
        bool ok = !part.empty();
        for (char c : part) {
            if (!std::isdigit(static_cast<unsigned char>(c)) || v > rules.maxExtent) {
                ok = false;
                break;
            }
            v = v * 10 + (c - '0');
        }
        if (!ok || v <= 0 || v > rules.maxExtent)
            return makeError("shape '" + whole + "': '" + std::string(part) +
                             "' is not a size from 1 to " + std::to_string(rules.maxExtent));
        if (rules.powerOfTwo && !std::has_single_bit(uint64_t(v)))
            return makeError("shape '" + whole + "': " + std::to_string(v) +
                             " is not a power of two");
        shape.push_back(int32_t(v));
        if (end == std::string_view::npos)
            break;
        pos = end + 1;
    }
    if (rules.rank > 0 && int(shape.size()) != rules.rank)
        return makeError("shape '" + whole + "' must have " + std::to_string(rules.rank) +
                         " dims, like " + (rules.rank == 2 ? "128x64" : "a x b x ..."));
    return shape;
}

} // namespace lx
