#pragma once

// The bit-matrix view of a layout: the GF(2) matrix whose columns are the in-bits (one panel per
// in-dim, in in-dim order, bit 0 first) and whose rows are the out-bits (grouped by out-dim, in
// out-dim order, bit 0 first). A filled cell is a 1: column "lane 2" has a 1 in row "dim0 1"
// when basis 2 of lane has bit 1 set in its dim0 component. Columns that are linear combinations
// of earlier ones (the free variables, getFreeVariableMasks) are marked in their header with '*'.

#include "base/expected.h"
#include "render/diagram.h"

#include <QString>

namespace lx {

class LinearLayout;
struct ViewRequest;

[[nodiscard]] Expected<Diagram> matrixDiagram(const LinearLayout &layout,
                                              const QString &title = {});

// Registry entry point (options: "layout").
[[nodiscard]] Expected<Diagram> buildMatrixView(const ViewRequest &request);

} // namespace lx
