#pragma once

// "Go to element" and "find lane / register": the element a person names, as the element id
// every view highlights (analysis/ownership.h elementId). The query is NAME=VALUE pairs joined
// by commas or spaces, e.g. "dim0=12, dim1=40" (tensor coordinates: the layout's out-dims; an
// out-dim left out is 0) or "lane=3 register=2 warp=1" (hardware indices: the layout's in-dims,
// mapped through the layout; an in-dim left out is 0). Names of both kinds cannot be mixed.

#include "base/expected.h"
#include "layout/linearlayout.h"

#include <QString>

#include <cstdint>

namespace lx {

struct ElementQueryResult
{
    int64_t elementId = -1;
    std::vector<int32_t> coords; // one per out-dim
    QString description;         // "dim0=12, dim1=40" (with "lane=3 → " for hardware indices)
};

[[nodiscard]] Expected<ElementQueryResult> findElement(const LinearLayout &layout,
                                                       const QString &query);

} // namespace lx
