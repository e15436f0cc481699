// Fuzzes the case-file reader and every op behind `layout-explorer eval`: any byte string must
// give a results list or an error value, never a crash, hang or sanitizer report.

#include "base/jsoninput.h"
#include "conformance/caseeval.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    const nlohmann::json r = lx::evaluateCaseFile(text);
    // Printed as `eval` prints it: results may quote input bytes that are not UTF-8.
    (void)lx::safeDump(r);
    return 0;
}
