#pragma once

// Triton's text views of a linear layout, byte for byte: what `triton-tensor-layout` prints and
// what Triton's getDistributedLayoutStr / getSharedLayoutStr (lib/Dialect/TritonGPU/IR/Dialect.cpp)
// return. The conformance cases tritonDistributedView / tritonSharedView in
// tests/data/conformance/triton-ll_core.json are the acceptance test.
//
// Distributed view (in-dims register, lane, warp, block; out-dims in order, the last fastest):
//  - tensor view: one bracketed row per last-dim run; each element lists every owner as
//    `T<warp*lanes+lane>:<register>` (prefixed `B<block>:` with more than one block), replicas
//    joined by `|`, each owner left-padded so that block, thread and register numbers take the
//    width of their counts; elements separated by ", ".
//  - hardware view: `Warp<w>:` (under `Block<b>:` with more than one block), then one line per
//    register listing the coordinates `(c0,c1,...)` of every lane, components padded to the
//    width of their dim size.
// Shared view (in-dims offset, block):
//  - tensor view: position i of the tensor shows the coordinates offset i maps to, as
//    `(c0:c1:...)`; elements separated by ",".
//  - hardware view: `Block: <b>:` then `Offset: <n> -> (c0,c1,...)` per offset.
//
// In-dims other than the ones named above are held at 0; an absent in-dim counts as size 1.
// The text has one entry per tensor element and per owner: callers must keep layouts small
// (tryTritonDistributedView / tryTritonSharedView refuse layouts beyond kMaxTritonViewElements).

#include "base/expected.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace lx {

class LinearLayout;

// Where a view writes its text: reserve(n) is called once, before any byte is written, and
// returns room for n bytes (an upper bound: the view writes at most n; the room's content
// before it does is not read); finish(used) is then called with the bytes written. The
// std::string functions below use one; a caller may give its own to write the text straight
// into its final home (Python's str) instead of copying it there.
class TextBuffer
{
public:
    virtual ~TextBuffer() = default;
    virtual char *reserve(size_t bytes) = 0;
    virtual void finish(size_t used) = 0;
};

// Requires: totalOutDimSize() and totalInDimSize() at most kMaxTritonViewElements.
[[nodiscard]] std::string tritonDistributedView(const LinearLayout &layout, bool useHWPointOfView);
[[nodiscard]] std::string tritonSharedView(const LinearLayout &layout, bool useHWPointOfView);

// The largest tensor (and hardware index space) the checked variants print.
inline constexpr int64_t kMaxTritonViewElements = int64_t(1) << 20;

// As above, but an Error for a layout too large to print, with no out-dims, or with an in-dim of
// more than one index that the view does not show (it would be held at 0 and its bits hidden: a
// shared layout asked for its distributed view, or the reverse).
[[nodiscard]] Expected<std::string> tryTritonDistributedView(const LinearLayout &layout,
                                                             bool useHWPointOfView);
[[nodiscard]] Expected<std::string> tryTritonSharedView(const LinearLayout &layout,
                                                        bool useHWPointOfView);

// The views written into `out` (a layout without out-dims writes nothing).
void tritonDistributedView(const LinearLayout &layout, bool useHWPointOfView, TextBuffer &out);
void tritonSharedView(const LinearLayout &layout, bool useHWPointOfView, TextBuffer &out);
[[nodiscard]] Expected<bool> tryTritonDistributedView(const LinearLayout &layout,
                                                      bool useHWPointOfView, TextBuffer &out);
[[nodiscard]] Expected<bool> tryTritonSharedView(const LinearLayout &layout, bool useHWPointOfView,
                                                 TextBuffer &out);

} // namespace lx
