#pragma once

// Triton's MLIR attribute text (#ttg.*) and Gluon constructor expressions, read into and
// written from LayoutAttr values (layout/attrs.h).
//
// Reading (parseTtg). The text is a sequence of alias definitions and attribute expressions,
// one or more per line, `//` comments allowed:
//
//     #mma = #ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {warp = [[0, 1]]},
//                           instrShape = [16, 16, 32]}>
//     #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>
//
// The layout is the last expression that is not an alias definition, or, when every statement
// is a definition, the last alias defined. `#name` refers to an earlier definition. Supported:
// linear, generic_linear, blocked, amd_wmma (ctaLayout form and the legacy warpsPerCTA /
// tilesPerWarp form), amd_mfma, dot_op, slice, swizzled_shared, padded_shared (short
// `{order, shape}` and long `{offset, block}` forms), shared_linear, partitioned_shared,
// nvidia_mma and nvmma_shared (docs/nvidia-layouts.md §5); the older spelling #triton_gpu.* is
// accepted too. CGAs: `CGALayout = [[...]]` (block bases) or the
// older CTAsPerCGA / CTASplitNum / CTAOrder triple.
//
// Stricter than Triton on purpose: an unknown key (for example `isTransposed` in amd_wmma, which
// Triton silently ignores), a duplicate key, a missing required key, a value of the wrong kind or
// range, or anything after the last statement is an Error whose message starts with
// "LINE:COLUMN: " (1-based, columns in bytes).
//
// Normal form. The parser stores what the printer would print, so that for every accepted text
// parseTtg(printTtg(*parseTtg(text))) == parseTtg(text): all-ones tilesPerWarp is dropped; an
// explicit WMMA `rank` is kept only when no basis shows the rank; a long-form padded_shared whose
// offsets are the identity for their own order and whose block is empty becomes the short form.
//
// Writing (printTtg) follows Triton's printers in Dialect.cpp: key order, `isTranspose` always
// printed, empty ctaLayout lists omitted, instrShape omitted when [16, 16, 16], CGALayout only
// for more than one CTA, kWidth omitted when 0, tilesPerWarp only when not all ones,
// elementBitWidth only when not 32. Nested parents print inline. One Triton quirk is repaired:
// a WMMA layout whose bases are all empty prints `rank = N` when N != 2 (Triton would print
// nothing and read it back as rank 2).
//
// Gluon (printGluon / parseGluon): constructor expressions of triton.experimental.gluon.language
// (docs/gfx1250-layouts.md §7.2), printed with keyword arguments, e.g.
// `ttgl.BlockedLayout(size_per_thread=[1, 8], threads_per_warp=[8, 4], warps_per_cta=[4, 1],
// order=[1, 0])`. parseGluon reads the same subset back: the classes printGluon writes plus
// PaddedSharedLayout.with_identity_for and NVMMASharedLayout.get_default_for (its dtype a Gluon
// dtype name such as ttgl.float16), with positional or keyword arguments in the documented
// order, any module prefix (ttgl., gl., ttgl.amd., ...), Python lists and True / False / None.
// Gluon has one DistributedLinearLayout for #ttg.linear and #ttg.generic_linear: it prints both,
// and parseGluon reads it as generic_linear exactly when a warp basis moves more than one dim.

#include "base/expected.h"
#include "layout/attrs.h"

#include <string>
#include <string_view>

namespace lx {

class LinearLayout;

// Reads #ttg text (with alias lines) into a layout attribute.
[[nodiscard]] Expected<LayoutAttrPtr> parseTtg(std::string_view text);

// Triton's print form of one attribute, parents inline, no trailing newline.
[[nodiscard]] std::string printTtg(const LayoutAttr &attr);

// The same with every nested parent / partitionLayout hoisted into an alias line
// (`#mma = ...`, `#blocked = ...`, `#shared = ...`), as Triton prints modules; the last line is
// the layout itself.
[[nodiscard]] std::string printTtgWithAliases(const LayoutAttr &attr);

// A Gluon constructor expression for the attribute (one line).
[[nodiscard]] std::string printGluon(const LayoutAttr &attr);

// Reads a Gluon constructor expression (the subset described above).
[[nodiscard]] Expected<LayoutAttrPtr> parseGluon(std::string_view text);

// #ttg text when the first non-blank character is '#', a Gluon expression otherwise.
[[nodiscard]] Expected<LayoutAttrPtr> parseLayoutText(std::string_view text);

// The #ttg.linear / #ttg.generic_linear (in-dims among register, lane, warp, block) or
// #ttg.shared_linear (offset, block) attribute that describes `layout`, so a layout edited by
// hand can be copied as text. Chooses generic_linear when Triton's #ttg.linear verifier refuses
// the bases (swizzled warp bases, not a permutation). Requires out-dims named dim0, dim1, ... in
// that order and a surjective layout (Triton infers the out sizes from the bases); otherwise,
// for other in-dims, or bases no attribute accepts, an error saying why.
// toLinearLayout(result, out sizes) equals `layout` up to the order of its dims (Triton orders a
// linear layout's out-dims by its register bases and lists every in-dim).
[[nodiscard]] Expected<LayoutAttrPtr> linearAttrFor(const LinearLayout &layout);

// The attribute's mnemonic as Triton spells it after `#ttg.` ("blocked", "amd_wmma", ...).
[[nodiscard]] std::string ttgMnemonic(const LayoutAttr &attr);

} // namespace lx
