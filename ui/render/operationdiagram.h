#pragma once

// Operations drawn: a linear-layout operation as its operands and its result, each a table of
// bases, with every result basis tinted like the operand basis it flows from and a column that
// says how it was obtained ("B(A lane[0] = [1, 0])", "A register[2], over B's size", ...):
//
//   compose(A, B)           B after A: result basis = B applied to A's basis
//   invert(A)               basis of out-bit j = the hardware index A sends to that unit vector
//   invertAndCompose(A, B)  the conversion: A's basis -> the index of B holding that element
//   product(A, B)           A's bases, then B's (A minor, B major)
//   divideLeft(A, B)        C with A = B * C: A's bases after B's, scaled down by B's sizes
//   divideRight(A, B)       C with A = C * B: A's first bases
//   sublayout(A, ins, outs) A's bases of `ins`, restricted to `outs`

#include "base/expected.h"
#include "layout/linearlayout.h"
#include "render/diagram.h"

#include <QString>

#include <string>
#include <vector>

namespace lx {

struct ViewRequest;

enum class LayoutOperation
{
    Compose,
    Invert,
    InvertAndCompose,
    Product,
    DivideLeft,
    DivideRight,
    Sublayout,
};

// "compose", "invert", ... as the view option "op" spells them; nullopt for an unknown name.
[[nodiscard]] std::optional<LayoutOperation> layoutOperationFromName(const std::string &name);

// Requires: the operation's preconditions (an Error says which fails). `b` is ignored by invert
// and sublayout; ins / outs are used by sublayout only.
[[nodiscard]] Expected<Diagram> operationDiagram(LayoutOperation op, const LinearLayout &a,
                                                 const LinearLayout &b, const QString &nameA,
                                                 const QString &nameB,
                                                 const std::vector<std::string> &ins = {},
                                                 const std::vector<std::string> &outs = {});

// Registry entry point ("operation"). Options: "op" (required), "layout" (A), "other" (B, for
// the two-operand operations), "ins" and "outs" (lists of dim names, for sublayout).
[[nodiscard]] Expected<Diagram> buildOperationView(const ViewRequest &request);

} // namespace lx
