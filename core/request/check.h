#pragma once

// `layout-explorer check`: kernels against budgets, for CI (docs/check.md). The logic lives here,
// below every face, so the command line and (later) Python give the same verdicts.
//
// A budget is checked on what the analysis of each kernel predicts (analysis/kernel.h, through
// resolveCompiledKernel), op by op:
//   maxWays               no access with a worse bank conflict than N-way;
//   noFallback            no local_load that loses a transposed load (KernelOpReport::
//                         lostTransposed: the architecture has one for the width, the layouts do
//                         not allow it, and the fallback reads fewer bits per instruction);
//   maxLds                the kernel's LDS at most BYTES: the compiler's `shared` when the
//                         kernel's metadata is there, else the sum of its allocations;
//   noPartitionConflicts  no plain access with a partition conflict (analysis/kernelpartitions.h;
//                         architectures with a partition model only).
// A waiver excuses the offending ops it matches (by loc name or line, within a file or kernel)
// and says why; a waived op is still listed, marked waived.

#include "base/expected.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lx {

struct CheckBudgets
{
    std::optional<int> maxWays;
    std::optional<bool> noFallback;
    std::optional<int64_t> maxLds;
    std::optional<bool> noPartitionConflicts;

    [[nodiscard]] bool any() const;
    // This one's budgets where set, else `base`'s.
    [[nodiscard]] CheckBudgets over(const CheckBudgets &base) const;
};

// Fields left empty match anything. `file` and `kernel` are patterns with * and ?; `file`
// matches the module's path or any tail of it after a '/'.
struct CheckWaiver
{
    std::string file, kernel;
    std::string loc;         // the op's loc name
    std::optional<int> line; // the op's line in its module
    std::string budget;      // "maxWays", ...; empty: every budget
    std::string reason;
};

struct CheckKernelBudgets
{
    std::string file, kernel; // patterns, as in CheckWaiver
    CheckBudgets budgets;
};

struct CheckConfig
{
    CheckBudgets budgets;                    // for every kernel
    std::vector<CheckKernelBudgets> kernels; // per file/kernel, over `budgets` (the last match)
    std::vector<CheckWaiver> waivers;
};

// The budgets file (docs/check.md):
//   {"budgets": {"maxWays": 2, "noFallback": true, "maxLds": 65536, "noPartitionConflicts": true},
//    "kernels": [{"file": "gemm_*", "kernel": "matmul", "budgets": {...}}],
//    "waivers": [{"file": "attn_*.ttgir", "loc": "k", "line": 42, "budget": "maxWays",
//                 "reason": "..."}]}
// Unknown keys, wrong types, numbers out of range and a waiver without a reason are refused,
// naming the place.
[[nodiscard]] Expected<CheckConfig> parseCheckConfig(std::string_view jsonText);

struct CheckViolation
{
    std::string budget;
    int line = 0;         // 0: the kernel as a whole (maxLds)
    std::string op, name; // "ttg.local_load", its loc name
    std::string reason;
    bool waived = false;
    std::string waiver; // the waiver's reason
    // With suggestions asked, for an op of the module that is not waived: the alias line to put
    // back for the op's buffer, "keep: why" when no layout does better, or "none: why" when the
    // op has no layout to search (request/kernelsuggest.h, `suggest op`'s answer).
    std::string suggestion;
};

struct CheckCase
{
    std::string budget; // "maxWays"
    std::string limit;  // "2", "65536 B", "yes"
    std::vector<CheckViolation> violations;
    [[nodiscard]] bool failed() const;
};

struct CheckKernel
{
    std::string path; // the module
    std::string name; // the kernel (NAME of NAME.ttgir)
    std::string arch;
    std::string incomplete; // a folder still being written: not checked, not failed
    std::string error;      // unreadable: bad input
    // The ops the analysis does not model, "line 23: ttng.tmem_load: why": they hold no budget,
    // and are listed so that a pass says what it did not look at.
    std::vector<std::string> notModelled;
    std::vector<CheckCase> cases;
    [[nodiscard]] bool failed() const;
};

// Exit codes of `check` (not those of the other commands): 0 every kernel within its budgets,
// 1 a budget broken, 2 bad input (a path, a module, an assembly or the budgets file that cannot
// be read; a bad option). Bad input wins over a broken budget.
enum CheckExit : int
{
    CheckPass = 0,
    CheckBudgetBroken = 1,
    CheckBadInput = 2,
};

struct CheckResult
{
    std::vector<CheckKernel> kernels;
    std::vector<std::string> errors; // paths that could not be read at all
    [[nodiscard]] int exitCode() const;
    [[nodiscard]] int failedKernels() const;
};

// Checks every kernel under `paths` (TTGIR files, folders of them, Triton cache folders).
// `arch`: the architecture asked for (empty: each module's own). `suggest`: every violation at an
// op gets the suggestion for that op's buffer (CheckViolation::suggestion).
[[nodiscard]] CheckResult runCheck(const std::vector<std::string> &paths, const CheckConfig &config,
                                   const std::string &arch = {}, bool suggest = false);

// {"exitCode", "kernels": [{"path", "name", "arch", "status": "pass"|"fail"|"incomplete"|"error",
//  "error"?, "incomplete"?, "budgets": [{"budget", "limit", "status",
//  "violations": [{"line", "op", "name", "reason", "waived", "waiver"?, "suggestion"?}]}]}],
//  "errors": [...]}
[[nodiscard]] nlohmann::json checkJson(const CheckResult &result);

} // namespace lx
