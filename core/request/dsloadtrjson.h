#pragma once

// `analyze ds-load-tr --json` built from the request layer's result: the command line writes it,
// the Python package hands it to Python as a value (docs/json-schema.md).

#include "base/expected.h"
#include "request/analysisinputs.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace lx {

struct ViewRequest;

// The plan of a transposed load (eligibility, reason, counts, fallback, every lane's addresses)
// and its figures.
[[nodiscard]] nlohmann::json dsLoadTrJson(const DsLoadTrInput &in);
// The same, with what the request's view quotes as measured appended to the figures (option
// "measured", measuredRegisterFigures: a preset's VGPRs and spills); an error for a malformed
// quote. Every face answering a scene's ds-load-tr view uses this one.
[[nodiscard]] Expected<nlohmann::json> dsLoadTrJson(const DsLoadTrInput &in,
                                                    const ViewRequest &request);

// The refusal of a wave the destination layout does not have ("--warp 99: the layout has 4
// warp(s)"), nullopt for one it has; eligible or not, as every face checks it.
[[nodiscard]] std::optional<std::string> dsLoadTrWarpRefusal(const DsLoadTrInput &in, int warp);

// A refusal of resolveDsLoadTr as a caller without views says it (the command, Python): the
// request layer's "view 'KIND': " prefix dropped.
[[nodiscard]] std::string dsLoadTrRefusal(const std::string &message, const std::string &kind);

} // namespace lx
