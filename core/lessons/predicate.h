#pragma once

// Lesson predicates: small declarative checks of a learner's layouts, e.g.
//
//     apply(L, {lane: 3}) == [0, 2]
//     maxOwners(L) == 1 && surjective(L)
//     conversion(A, B) == "register permutation"
//     bankConflicts(R, S, 16) == 0
//     crossPairShared(C, "A") == false
//
// Grammar: predicate := comparison (('&&' | 'and') comparison)*; comparison := value [op value]
// with op one of == != < <= > >= (a comparison without op must be a boolean); a value is an
// integer, true / false, a "string", a list [1, 2], or a function call whose arguments are values,
// layout names (identifiers) and index maps {lane: 3, register: 1} (dims left out are 0).
//
// Functions (every one a plain call into the core):
//   apply(L, {dim: v, ...})     the element (one value per out-dim, in L's out-dim order)
//   basis(L, dim, i)            basis i of in-dim `dim`
//   size(L, dim)                size of in-dim `dim` (1 when absent)
//   owners(L, [c0, c1, ...])    how many hardware indices land on that element
//   maxOwners(L)                the most owners any element has (2^(in bits - rank))
//   rank(L), injective(L), surjective(L), consecutive(L) (getNumConsecutiveInOut)
//   equal(L, M), differing(L, M)              analysis/diff.h
//   conversion(L, M)            kind name of convert_layout L -> M (analysis/conversion.h)
//   divides(L, M)               whether divideLeft(L, M) exists
//   bankConflicts(R, S, bits)   Triton's extra wavefronts of storing R into shared S (banks.h)
//   crossPairShared(C, "A"|"B") whether two SIMD pairs read the same A rows / B columns of the
//                               WMMA v3 accumulator C (analysis/ctalayout.h; needs C's attribute)
//   partitionConflicts(R, S, loadBits)  loads with a partition conflict when R reads shared S
//                               with loadBits per lane per load, on the scene's architecture
//                               (analysis/partitions.h; S as #ttg text)
//   sharedLoad(R, S)            the PTX instruction Triton emits to load R from shared S on the
//                               scene's NVIDIA architecture, e.g.
//                               "ldmatrix.sync.aligned.m8n8.x4.shared.b16"
//   sharedLoadWays(R, S)        the worst phase of that load, n-way (analysis/nvwavefronts.h)
//   ldsBytesAllocated(S)        LDS bytes allocated for S alone (padding included; a partitioned
//                               layout: the allocator's span of its buffers)
//
// Evaluation says why a predicate does not hold: each comparison that fails, with its actual
// value ("apply(L, {lane: 3}) is [0, 1], wanted == [0, 2]").

#include "base/expected.h"
#include "layout/attrs.h"
#include "layout/linearlayout.h"
#include "request/defaults.h"

#include <string>
#include <string_view>
#include <vector>

namespace lx {

struct PredicateLayout
{
    std::string name;
    LinearLayout layout;
    LayoutAttrPtr attr; // may be null
    std::vector<int32_t> shape;
    std::string dtype;
};

struct PredicateContext
{
    std::vector<PredicateLayout> layouts;
    std::string arch = std::string(kDefaultArch);
    [[nodiscard]] const PredicateLayout *find(const std::string &name) const;
};

struct PredicateOutcome
{
    bool holds = false;
    std::string explanation; // empty when it holds
};

// Parses without evaluating (for checking lesson files). Errors name the column.
[[nodiscard]] Expected<bool> validatePredicate(std::string_view text);
// Parses and evaluates. An Error when the text is malformed or names a layout or function that
// does not exist, or a function refuses its arguments.
[[nodiscard]] Expected<PredicateOutcome> evaluatePredicate(std::string_view text,
                                                           const PredicateContext &context);

} // namespace lx
