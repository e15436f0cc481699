#pragma once

// The grammar of a lesson's predicate (predicate.h has the language): text into a tree of
// Nodes, which predicate.cpp's evaluator walks. Internal to the predicate sources.

#include "base/expected.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lx::predicate {

// One node of a predicate: a literal (Int, Bool, Str, List, Map), a name (Ident), a call, a
// comparison or a conjunction.
struct Node
{
    enum Kind
    {
        Int,
        Bool,
        Str,
        List,
        Ident,
        Map,
        Call,
        Compare,
        And,
    };
    Kind kind = Int;
    int64_t number = 0;
    std::string text; // Str, Ident, Call name, Compare operator
    std::vector<Node> children;
    std::vector<std::pair<std::string, int64_t>> entries; // Map
    std::string source;                                   // the text it was read from
};

// The tree of `text`, or an Error naming the position and the cause ("predicate, column 7:
// unexpected ')'"). Nesting deeper than 32 levels is refused.
[[nodiscard]] Expected<Node> parsePredicateText(std::string_view text);

} // namespace lx::predicate
