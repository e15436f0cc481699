#include "hw/dtype.h"

#include <string>
#include <utility>

namespace lx {

Expected<int> dtypeBits(std::string_view dtype)
{
    static const std::pair<const char *, int> known[] = {
        {"f16", 16},     {"bf16", 16},   {"fp16", 16},      {"i16", 16},       {"f32", 32},
        {"fp32", 32},    {"tf32", 32},   {"i32", 32},       {"f64", 64},       {"i64", 64},
        {"f8", 8},       {"fp8", 8},     {"bf8", 8},        {"i8", 8},         {"u8", 8},
        {"f8E4M3FN", 8}, {"f8E5M2", 8},  {"f8E4M3FNUZ", 8}, {"f8E5M2FNUZ", 8}, {"f8e4m3", 8},
        {"f8e5m2", 8},   {"e4m3", 8},    {"e5m2", 8},       {"i4", 4},         {"f4", 4},
        {"fp4", 4},      {"f4E2M1FN", 4}};
    std::string names;
    for (const auto &[name, bits] : known) {
        if (dtype == name)
            return bits;
        names += (names.empty() ? "" : ", ") + std::string(name);
    }
    return makeError("unknown element type '" + std::string(dtype) + "'; known: " + names);
}

const std::vector<const char *> &dtypeChoices()
{
    static const std::vector<const char *> names{"f16",      "bf16",   "f32",      "f64",
                                                 "f8E4M3FN", "f8E5M2", "f4E2M1FN", "i8",
                                                 "i16",      "i32",    "i64",      "tf32"};
    return names;
}

std::vector<std::array<int32_t, 3>> wmmaV3Shapes(int bits)
{
    switch (bits) {
    case 32:
        return {{16, 16, 4}};
    case 16:
        return {{16, 16, 32}};
    case 8:
        return {{16, 16, 64}, {16, 16, 128}};
    case 6:
        return {{16, 16, 128}};
    case 4:
        return {{16, 16, 128}, {32, 16, 128}};
    default:
        return {};
    }
}

} // namespace lx
