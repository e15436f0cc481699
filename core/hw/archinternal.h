#pragma once

// Internal to the architecture sources (arch.cpp: the model's queries and loading by name;
// archjson.cpp: reading an architecture file). Not part of the interface: arch.h is.

#include <cctype>
#include <string>
#include <string_view>

namespace lx::archinternal {

// The ASCII lower case of `s`: instruction, architecture and alias names match case-blind.
inline std::string lower(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

} // namespace lx::archinternal
