#pragma once

// Applying a conflict explainer's fix to the document as one undo step: a #ttg fix replaces the
// shared layout the access reads (by name) with the fix's attribute; a kPack fix turns rocMLIR's
// rotation on in every kPack view of the scene (one macro).

#include "analysis/explain.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace lx {

class LayoutDocument;

// `sharedName` is the scene layout to replace (empty: a new layout "suggested" is added, over
// `shape` with element type `dtype`, as the request layer resolved it). Returns an empty string,
// or why the fix was refused.
[[nodiscard]] QString applySharedFix(LayoutDocument *document, const LayoutAttrPtr &attr,
                                     const QString &sharedName, const std::vector<int32_t> &shape,
                                     const QString &dtype, const QString &what);
[[nodiscard]] QString applyKPackFix(LayoutDocument *document, const ConflictFix &fix);

} // namespace lx
