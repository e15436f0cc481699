#include "hw/ldsmnemonic.h"

#include <array>
#include <utility>

namespace lx {

bool isTransposedLoadName(std::string_view name)
{
    return name.find("_tr") != std::string_view::npos;
}

LdsMnemonic classifyLdsMnemonic(std::string_view mnemonic)
{
    // Merged dual-address forms, longest prefix first (ds_read2st64_ before ds_read2_).
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 8> kMerged{{
        {"ds_read2st64_", "ds_read_"},
        {"ds_read2_", "ds_read_"},
        {"ds_load_2addr_stride64_", "ds_load_"},
        {"ds_load_2addr_", "ds_load_"},
        {"ds_write2st64_", "ds_write_"},
        {"ds_write2_", "ds_write_"},
        {"ds_store_2addr_stride64_", "ds_store_"},
        {"ds_store_2addr_", "ds_store_"},
    }};
    LdsMnemonic m;
    std::string base(mnemonic);
    int times = 1;
    for (const auto &[prefix, single] : kMerged)
        if (mnemonic.substr(0, prefix.size()) == prefix) {
            base = std::string(single) + std::string(mnemonic.substr(prefix.size()));
            times = 2;
            break;
        }
    constexpr std::string_view hi = "_d16_hi";
    if (base.size() > hi.size() && std::string_view(base).substr(base.size() - hi.size()) == hi)
        base.resize(base.size() - hi.size());
    const std::string_view b(base);
    if (b.starts_with("ds_read") || b.starts_with("ds_load"))
        m.kind = LdsMnemonic::Kind::Read;
    else if (b.starts_with("ds_write") || b.starts_with("ds_store") || b.starts_with("ds_add_"))
        m.kind = LdsMnemonic::Kind::Write; // an atomic add writes (and reads) one counter
    else
        return m;
    m.single = base;
    m.accesses = times;
    m.transposed = isTransposedLoadName(base);
    return m;
}

} // namespace lx
