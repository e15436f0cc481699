#pragma once

// The compare view: two layouts of a scene side by side (the ownership diagram's panels of each),
// the diff panel between them (elements whose owners differ), the basis delta, and one table of
// the LDS accesses between the two on each architecture of a list (instruction, count per
// thread, n-way, cycles, LDS bytes). Every number is the request layer's compare record
// (request/compareinput.h); the figures are its compareFigures.

#include "base/expected.h"
#include "render/diagram.h"
#include "request/compareinput.h"

namespace lx {

struct ViewRequest;

// The per-architecture table of a compare record: one row per access (or per architecture
// without one), the provenance of a number other than computed beside it ("4-way [extrapolated]").
[[nodiscard]] DiagramTable compareTable(const CompareInput &in);

// Two ctaLayouts (CompareInput::cta): every ctaLayout figure of each in two columns, a row whose
// values differ highlighted; an empty table when the record has no ctaLayouts.
[[nodiscard]] DiagramTable compareCtaTable(const CompareInput &in);

// Registry entry point. Options: "layout" (A), "other" (B, required), "archs" (a list of
// architecture names; default gfx942, gfx950, gfx1250), "dtype".
[[nodiscard]] Expected<Diagram> buildCompareView(const ViewRequest &request);

} // namespace lx
