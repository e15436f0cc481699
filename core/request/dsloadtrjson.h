#pragma once

// `analyze ds-load-tr --json` built from the request layer's result: the command line writes it,
// the Python package hands it to Python as a value (docs/json-schema.md).

#include "request/analysisinputs.h"

#include <nlohmann/json.hpp>

namespace lx {

// The plan of a transposed load (eligibility, reason, counts, fallback, every lane's addresses)
// and its figures.
[[nodiscard]] nlohmann::json dsLoadTrJson(const DsLoadTrInput &in);

// A refusal of resolveDsLoadTr as a caller without views says it (the command, Python): the
// request layer's "view 'KIND': " prefix dropped.
[[nodiscard]] std::string dsLoadTrRefusal(const std::string &message, const std::string &kind);

} // namespace lx
