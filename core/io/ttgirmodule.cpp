// The queries of a read module (io/ttgir.h): which ops the reader records, the layout aliases,
// an encoding made self-contained with the alias lines it needs.

#include "io/ttgir.h"

#include <cctype>

namespace lx {

bool isTtgirDataOp(std::string_view name)
{
    static const char *const exact[] = {"ttg.local_alloc",
                                        "ttg.local_load",
                                        "ttg.local_store",
                                        "ttg.convert_layout",
                                        "ttg.async_copy_global_to_local",
                                        "tt.dot",
                                        "tt.dot_scaled",
                                        "tt.load",
                                        "tt.store",
                                        "tt.descriptor_load",
                                        "tt.descriptor_store",
                                        "tt.reduce",
                                        "tt.scan",
                                        "tt.histogram",
                                        "tt.gather"};
    for (const char *e : exact)
        if (name == e)
            return true;
    return name.rfind("ttg.memdesc_", 0) == 0 || name.rfind("amdgpu.", 0) == 0 ||
           name.rfind("amdg.", 0) == 0 || name.rfind("ttng.", 0) == 0;
}

bool isTtgirAddressOp(std::string_view name)
{
    static const char *const names[] = {"tt.addptr",     "tt.broadcast", "tt.expand_dims",
                                        "tt.make_range", "tt.splat",     "arith.muli",
                                        "arith.addi"};
    for (const char *n : names)
        if (name == n)
            return true;
    return false;
}

std::vector<const TtgirAlias *> TtgirModule::layoutAliases() const
{
    std::vector<const TtgirAlias *> out;
    for (const TtgirAlias &a : aliases)
        if (a.attr || !a.error.empty())
            out.push_back(&a);
    return out;
}

const TtgirAlias *TtgirModule::alias(std::string_view name) const
{
    for (const TtgirAlias &a : aliases)
        if (a.name == name)
            return &a;
    return nullptr;
}

namespace {

// The alias names `text` refers to (`#name`, MLIR's alias identifier characters).
std::vector<std::string> aliasReferences(std::string_view text)
{
    std::vector<std::string> out;
    auto isIdent = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.';
    };
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '#')
            continue;
        size_t end = i + 1;
        while (end < text.size() && isIdent(text[end]))
            ++end;
        if (end > i + 1)
            out.emplace_back(text.substr(i + 1, end - i - 1));
        i = end - 1;
    }
    return out;
}

} // namespace

std::string TtgirModule::selfContained(std::string_view text) const
{
    std::vector<bool> needed(aliases.size(), false);
    std::vector<std::string> pending = aliasReferences(text);
    while (!pending.empty()) {
        const std::string name = std::move(pending.back());
        pending.pop_back();
        for (size_t i = 0; i < aliases.size(); ++i)
            if (!needed[i] && aliases[i].name == name) {
                needed[i] = true;
                for (std::string &r : aliasReferences(aliases[i].text))
                    pending.push_back(std::move(r));
            }
    }
    std::string out;
    for (size_t i = 0; i < aliases.size(); ++i)
        if (needed[i])
            out += "#" + aliases[i].name + " = " + aliases[i].text + "\n";
    return out + std::string(text);
}

} // namespace lx
