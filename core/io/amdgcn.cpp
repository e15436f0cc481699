#include "io/amdgcn.h"

#include "base/bytesize.h"

#include <cctype>
#include <charconv>

namespace lx {

namespace {

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

std::optional<int64_t> number(std::string_view s)
{
    s = trim(s);
    int64_t v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end == s.data())
        return std::nullopt;
    return v;
}

// "key: value" of the metadata YAML or "; Key: value" of the comment block, after `key`.
std::optional<std::string_view> valueAfter(std::string_view line, std::string_view key)
{
    if (!line.starts_with(key))
        return std::nullopt;
    return trim(line.substr(key.size()));
}

// The first word of an instruction line, or empty for a directive, label or comment.
std::string_view mnemonicOf(std::string_view line)
{
    if (line.empty() || line.front() == ';' || line.front() == '.' || line.starts_with("//"))
        return {};
    size_t n = 0;
    while (n < line.size() && (std::isalnum(static_cast<unsigned char>(line[n])) || line[n] == '_'))
        ++n;
    if (n == 0 || (n < line.size() && line[n] == ':'))
        return {};
    return line.substr(0, n);
}

std::string targetOf(std::string_view quoted)
{
    // "amdgcn-amd-amdhsa--gfx950" or "amdgcn-amd-amdhsa--gfx90a:xnack+"
    if (!quoted.empty() && quoted.front() == '"')
        quoted.remove_prefix(1);
    if (const size_t q = quoted.find('"'); q != std::string_view::npos)
        quoted = quoted.substr(0, q);
    if (const size_t d = quoted.rfind("--"); d != std::string_view::npos)
        quoted = quoted.substr(d + 2);
    if (const size_t c = quoted.find(':'); c != std::string_view::npos)
        quoted = quoted.substr(0, c);
    return std::string(quoted);
}

struct Field
{
    std::string_view key;
    std::optional<int64_t> AmdgcnKernel::*member;
};

} // namespace

Expected<AmdgcnKernel> parseAmdgcn(std::string_view text)
{
    if (int64_t(text.size()) > kMaxAmdgcnBytes)
        return makeError("the assembly is " + byteSizeText(int64_t(text.size())) +
                         "; the reader accepts up to " + byteSizeText(int64_t(kMaxAmdgcnBytes)));
    if (text.find('\0') != std::string_view::npos)
        return makeError("binary data (a NUL byte), not AMDGCN assembly text; give the .amdgcn "
                         "file, not the code object");
    static const Field kFields[] = {
        {".vgpr_count:", &AmdgcnKernel::vgprs},
        {".vgpr_spill_count:", &AmdgcnKernel::vgprSpills},
        {".sgpr_count:", &AmdgcnKernel::sgprs},
        {".sgpr_spill_count:", &AmdgcnKernel::sgprSpills},
        {".group_segment_fixed_size:", &AmdgcnKernel::groupSegmentBytes},
        {".private_segment_fixed_size:", &AmdgcnKernel::scratchBytes},
        {".wavefront_size:", &AmdgcnKernel::wavefrontSize},
        {"; NumVgprs:", &AmdgcnKernel::archVgprs},
        {"; NumAgprs:", &AmdgcnKernel::agprs},
        {"; Occupancy:", &AmdgcnKernel::occupancy},
    };
    AmdgcnKernel k;
    bool sawTarget = false;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t eol = text.find('\n', pos);
        if (eol == std::string_view::npos)
            eol = text.size();
        const std::string_view line = trim(text.substr(pos, eol - pos));
        pos = eol + 1;
        if (const std::string_view m = mnemonicOf(line); !m.empty()) {
            ++k.instructions;
            if (m.starts_with("ds_"))
                ++k.ds[std::string(m)];
            continue;
        }
        if (auto v = valueAfter(line, ".amdgcn_target")) {
            k.target = targetOf(*v);
            sawTarget = true;
            continue;
        }
        // One `.symbol: NAME.kd` per kernel (an argument may have a `.name` of its own).
        if (auto v = valueAfter(line, ".symbol:")) {
            if (++k.kernels == 1)
                k.name = std::string(v->ends_with(".kd") ? v->substr(0, v->size() - 3) : *v);
            continue;
        }
        for (const Field &f : kFields)
            if (auto v = valueAfter(line, f.key); v && !(k.*f.member))
                k.*f.member = number(*v);
    }
    if (!sawTarget && k.instructions == 0)
        return makeError("not AMDGCN assembly: no .amdgcn_target directive and no instruction");
    return k;
}

} // namespace lx
