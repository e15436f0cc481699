#pragma once

// The JSON objects the commands print with --json, built from the request layer's results: the
// command line writes them, the Python package hands them to Python as values (no text in
// between), so both faces give the same fields (docs/json-schema.md).

#include "io/ttgir.h"
#include "request/analysisinputs.h"
#include "request/kernelrequest.h"
#include "request/suggestaccess.h"

#include <nlohmann/json.hpp>

namespace lx {

// `analyze banks --json` of one access, without "figures" (bankAnalysisJson adds them);
// `perInstruction` false leaves out the per-instruction and per-phase arrays ("instructions",
// "phases"), the bulk of the object, for a reader that asks for the totals first.
[[nodiscard]] nlohmann::json bankReportJson(const BankViewInput &in, bool perInstruction = true);
// The figures of `analyze banks`: the access's (request/figures.h) and, for a kPack view, its
// rocMLIR decision (request/kpackfigures.h). `req` is the request `in` was resolved from.
[[nodiscard]] Expected<std::vector<Figure>> bankAnalysisFigures(const BankViewInput &in,
                                                                const ViewRequest &req);
// `analyze banks --json`: bankReportJson with bankAnalysisFigures.
[[nodiscard]] Expected<nlohmann::json> bankAnalysisJson(const BankViewInput &in,
                                                        const ViewRequest &req);

// What a kernel report's instruction counts mean, said in every report.
extern const char *const kKernelCounting;
// `analyze kernel --json` of a module read alone (standard input): its ops, totals and figures.
[[nodiscard]] nlohmann::json kernelReportJson(const TtgirModule &module, const KernelReport &report,
                                              const CompilerComparison *compiler = nullptr);
// `analyze kernel FILE --json`: kernelReportJson with the files, the compiler's answer when the
// assembly is there, and the figures of both (`figures` false: without "figures", for a reader
// that asks for the ops and totals first).
[[nodiscard]] nlohmann::json kernelAnswerJson(const KernelAnswer &answer, bool figures = true);

// One candidate of a shared-layout search, as `suggest shared --json` and `suggest op --json`
// list it.
[[nodiscard]] nlohmann::json sharedCandidateJson(const SharedCandidate &candidate);
// `suggest shared --json`: the access, the candidates, Triton's pick, the pruned groups, the
// figures and how long the search took.
[[nodiscard]] nlohmann::json suggestSharedJson(const SceneAccess &access,
                                               const SuggestSharedResult &result,
                                               double milliseconds);
// `analyze cta --json` of a ctaLayout given as layoutText, with its figures.
[[nodiscard]] nlohmann::json ctaReportJson(const CtaInput &in, const std::string &layoutText);
// A SIMD pair's name in every face: "SIMD pair 1", numbered as the views number it, never by the
// architecture file's letter ("pair A" would read as operand A).
[[nodiscard]] std::string ctaPairName(int pair);

} // namespace lx
