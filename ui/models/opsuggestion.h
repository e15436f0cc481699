#pragma once

// The design assistant for one op of a kernel scene: the search of the Suggest panel and
// `suggest shared`, run on the access of the op's bank view (through the request layer), reduced
// to the one layout to put back into the kernel, as the alias line and the Gluon constructor, with
// the op's access before and after; and that layout applied to the scene as one undo step.

#include "base/expected.h"
#include "layout/attrs.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace lx {

class LayoutDocument;
struct TtgirModule;

struct OpSuggestion
{
    int line = 0;       // the op's line in the module
    QString ttgLine;    // "#shared = #ttg.swizzled_shared<{...}>" for the op's alias, else inline
    QString gluon;      // "ttgl.SwizzledSharedLayout(...)"
    QString html;       // what the Kernel dock shows: the line, the family, now and after
    LayoutAttrPtr attr; // the suggested shared layout
    QString sharedName; // the scene layout it replaces (empty: added as a new layout)
    std::vector<int32_t> shape;
    QString dtype;
};

// The suggestion for the op at `line` whose bank view is the scene's view `view`; `encoding` is
// the op's shared encoding as the module writes it ("#shared", or an attribute inline). The pick:
// the fewest conflicts, then the least LDS, then the fewest cycles. An error says why there is
// none.
[[nodiscard]] Expected<OpSuggestion> suggestForOpView(const LayoutDocument &document, int view,
                                                      int line, const std::string &encoding,
                                                      const TtgirModule &module);

// Replaces the op's shared layout in the scene with the suggestion (one undo step: "Apply the
// suggestion for line N"); returns why it was refused, or an empty string.
[[nodiscard]] QString applyOpSuggestion(LayoutDocument *document, const OpSuggestion &suggestion);

} // namespace lx
