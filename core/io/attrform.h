#pragma once

// A layout attribute built from the parameters of a form (the builder dialog) by the #ttg
// reader's own constructors (core/io/ttgtextschema): the same checks as a pasted text, the same
// messages, and the reader's normal form. A form never re-encodes the attribute schema; it hands
// its values over by MLIR key and learns which of them a refusal is about.
//
//   attrFromForm("blocked", {{"sizePerThread", IntList{1, 3}}, ...})
//     -> error "sizePerThread: every entry must be a power of two, found 3", field 0

#include "layout/attrs.h"
#include "layout/builders.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace lx {

// One parameter: its MLIR key ("sizePerThread"; a dotted path "ctaLayout.warp" for a key of a
// nested dictionary) and its value. An IntervalPadding is the "interval:+padding" list of
// #ttg.padded_shared; a LayoutAttrPtr a nested attribute (a dot operand's parent).
struct FormValue
{
    std::string key;
    std::variant<int64_t, bool, IntList, BasisList, IntervalPadding, LayoutAttrPtr> value;
};

struct FormAttr
{
    LayoutAttrPtr attr;  // null when refused
    std::string message; // the reader's message, without a text position
    int field = -1;      // index of the value the message is about; -1: the attribute as a whole
};

// Builds `#ttg.<mnemonic><{...}>` from `values` with the reader's constructor for that mnemonic:
// blocked, amd_wmma, amd_mfma, nvidia_mma, dot_op, linear, generic_linear, swizzled_shared,
// padded_shared (its "intervalPadding" value is the pair list written before the dictionary),
// partitioned_shared and nvmma_shared. An unknown mnemonic is refused with a message.
[[nodiscard]] FormAttr attrFromForm(std::string_view mnemonic,
                                    const std::vector<FormValue> &values);

} // namespace lx
