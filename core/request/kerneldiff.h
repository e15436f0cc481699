#pragma once

// What changed from one compile of a kernel to the next: the window's cache watcher shows it when
// a kernel is compiled again, `analyze kernel NEW --since OLD` prints it. Both ask here.
//
// Compared, in this order:
//   "target"        the architecture, warps and threads per warp of the analysis;
//   "layout"        each layout alias of the module, by name: added, removed or a new text;
//   "op"            the data-placing ops, matched in text order by op kind and name (loc name,
//                   else SSA result): a new instruction, count, bank conflict or LDS path, or an
//                   op added or removed;
//   "instructions"  the predicted LDS instructions per thread, summed over the kernel, per kind;
//   "conflicts"     the worst bank conflict and the number of ops with a problem;
//   "lds"           the LDS bytes the allocations take;
//   "compiler"      where both compiles have their assembly: its LDS instructions per mnemonic,
//                   VGPRs, spills, the metadata's LDS bytes, and whether it agrees with the
//                   prediction.
// Numbers are written as text ("2-way", "ds_load_b128 x 8"); `before` is empty for something
// added, `after` for something removed.

#include "request/kernelrequest.h"

#include <string>
#include <vector>

namespace lx {

struct KernelChange
{
    std::string kind;   // "target", "layout", "op", "instructions", "conflicts", "lds", "compiler"
    std::string what;   // "#shared", "line 38 %b ttg.local_load", "ds_load_b128", "VGPRs"
    std::string before; // "" when added
    std::string after;  // "" when removed
    bool operator==(const KernelChange &) const = default;
};

struct KernelDiff
{
    std::vector<KernelChange> changes;
    [[nodiscard]] bool same() const { return changes.empty(); }
};

[[nodiscard]] KernelDiff diffKernels(const KernelAnswer &before, const KernelAnswer &after);

// One line per change: "layout #shared: vec = 4 ... -> vec = 8 ...".
[[nodiscard]] std::vector<std::string> describeChanges(const KernelDiff &diff);

} // namespace lx
