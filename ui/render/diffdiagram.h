#pragma once

// The diff view: two layouts over the same tensor, each element coloured by whether its owner
// sets differ (analysis/diff.h), the basis delta per in-dim as a table with the changed bases
// tinted, and what convert_layout from the first to the second costs. The tooltip of an element
// lists its owners under both layouts.

#include "analysis/diff.h"
#include "base/expected.h"
#include "render/diagram.h"
#include "request/diffinput.h"

#include <QString>

namespace lx {

struct ViewRequest;

// Requires: `diff` made by diffLayouts(a, b). Draws out-dims 0 and 1 of a (1-D: one column;
// further out-dims at 0). The figures are the request layer's (buildDiffView adds them).
[[nodiscard]] Expected<Diagram> diffDiagram(const LinearLayout &a, const LinearLayout &b,
                                            const LayoutDiff &diff, const QString &nameA,
                                            const QString &nameB);

// Registry entry point: the request layer's resolveDiff (request/diffinput.h: options "layout",
// "other", "dtype"; the element type by the one policy over A then B) and its diffFigures.
[[nodiscard]] Expected<Diagram> buildDiffView(const ViewRequest &request);

} // namespace lx
