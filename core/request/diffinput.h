#pragma once

// The layout diff (analysis/diff.h) through the request layer: the diff view and the `diff`
// command resolve their two layouts and element type here, and report the same figures.
//
// Options: "layout" (A; default: the primary layout), "other" (B, required), "dtype". The element
// type is the one policy over A then B (request/viewrequest.h elementType): it sets the LDS bytes
// of a conversion through LDS, so the view and the command cannot count them differently.

#include "analysis/diff.h"
#include "base/expected.h"
#include "request/figures.h"
#include "request/viewrequest.h"

#include <string>
#include <vector>

namespace lx {

struct DiffInput
{
    const ResolvedLayout *a = nullptr; // points into the request
    const ResolvedLayout *b = nullptr;
    std::string dtype;
    bool dtypeDefaulted = false;
    int elementBits = 16;
    LayoutDiff diff;
};

[[nodiscard]] Expected<DiffInput> resolveDiff(const ViewRequest &request);

// "equal", "differingElements", "conversion", "conversionLdsBytes" (an LDS round trip), "dtype".
[[nodiscard]] std::vector<Figure> diffFigures(const DiffInput &in);

} // namespace lx
