#pragma once

// Two layouts of a scene compared in one record, so that every face compares in one place: the diff
// (request/diffinput.h: the elements whose owners differ), what convert_layout A -> B lowers to
// (analysis/conversion.h), and, for each architecture of a list, the LDS accesses between the
// two with their instruction, count per thread, n-way, cycles and LDS bytes. The compare view,
// `layout-explorer compare` and the window's Layout > Compare With... all read this record.
//
// The accesses, by the kind of the pair:
//   distributed A, shared B    the store of A into B, then the load of A back from B: the bank
//   (or shared A, distributed) analysis of the bank views (resolveBankView: the transposed load
//                              when the architecture has one and it applies), wave 0
//   distributed A and B        the LDS round trip of the conversion when it needs one: the store
//                              and the load of analysis/kernel.h roundTripAccesses; their n-way
//                              and cycles are not modelled (the scratch buffer's swizzle is
//                              Triton's own choice), and say so
//   two shared layouts         no access between them (the note says so)
// A number an architecture does not have (its file lacks the instruction of that width, no
// transposed load for the element width) is a figure without a value whose text says why.
//
// Two #ttg.amd_wmma v3 layouts are also compared as ctaLayouts: every ctaLayout figure of each
// (SIMD-pair sharing, partition conflicts, pieces, groups, TDM instructions) in two columns.
//
// Options: "layout" (A; default: the primary layout), "other" (B, required), "archs" (a list of
// architecture names; default kDefaultCompareArchs), "dtype" (the one policy over A then B).
// An unknown architecture is an error naming it, as in every command.

#include "base/expected.h"
#include "request/diffinput.h"
#include "request/figures.h"
#include "request/viewrequest.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace lx {

enum class ComparePair
{
    DistributedShared,
    SharedDistributed,
    DistributedDistributed,
    SharedShared,
};

// "distributed -> shared", "shared -> distributed", "distributed -> distributed",
// "shared -> shared".
[[nodiscard]] std::string comparePairName(ComparePair pair);

// One LDS access of one architecture. Figures (keys): "instruction" (text only), "count"
// (instructions per thread), "nway", "cycles" (of wave 0), "ldsBytes", and for a load on an
// architecture with transposed loads (or without) "transposedLoad".
struct CompareAccess
{
    std::string access; // "store" or "load"
    std::vector<Figure> figures;
};

struct CompareArch
{
    std::string arch;
    std::vector<CompareAccess> accesses;
    // Why there are no accesses (no LDS on this conversion, two shared layouts), or why they
    // could not be analysed on this architecture (its wave size, a missing instruction).
    std::string note;
};

// Two WMMA v3 ctaLayouts: the ctaLayout figures of each (request/figures.h ctaFigures, as the
// ctaLayout views and `analyze cta` give them), side by side.
struct CompareCta
{
    std::vector<Figure> a, b;
    std::string note; // why a side could not be analysed (its figures are then empty)
};

struct CompareInput
{
    DiffInput diff; // a, b, the element type and the diff (with the conversion)
    ComparePair pair = ComparePair::DistributedShared;
    std::vector<CompareArch> archs;
    std::optional<CompareCta> cta; // when both layouts are #ttg.amd_wmma v3
};

[[nodiscard]] Expected<CompareInput> resolveCompare(const ViewRequest &request);

// The diff's figures, then each access's under the key "ARCH.ACCESS.KEY" (label "ARCH store:
// ..."), then a "ARCH.note" figure for an architecture without accesses, then the ctaLayout
// figures of each side under "cta.a.KEY" and "cta.b.KEY" (label "ctaLayout NAME: ...").
[[nodiscard]] std::vector<Figure> compareFigures(const CompareInput &in);

// {"a", "b", "pair", "dtype", "diff": diffToJson's object, "archs": [{"arch", "note",
// "accesses": [{"access", "figures"}]}], "cta" (two ctaLayouts only): {"a": figures, "b":
// figures, "note"}, "figures": compareFigures}.
[[nodiscard]] nlohmann::json compareJson(const CompareInput &in);

// The figure `key` of an access, or null.
[[nodiscard]] const Figure *accessFigure(const CompareAccess &access, const std::string &key);

} // namespace lx
