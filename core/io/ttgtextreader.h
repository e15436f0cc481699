#pragma once

// The #ttg attribute reader at a position inside a longer token stream (internal to core/io):
// the TTGIR module reader hands it the tokens of an alias definition or of a type's encoding.

#include "io/mlirlexer.h"
#include "layout/attrs.h"

#include <map>
#include <string>
#include <vector>

namespace lx::ttgdetail {

// Reads one #ttg attribute (or a reference to an alias in `aliases`) starting at
// tokens[index]; on return index is the first token after it. Throws ParseFailure.
[[nodiscard]] LayoutAttrPtr
parseTtgAttributeAt(const std::vector<Token> &tokens, size_t &index,
                    const std::map<std::string, LayoutAttrPtr> &aliases);

} // namespace lx::ttgdetail
