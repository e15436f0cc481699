#pragma once

// The request of `analyze ds-load-tr` over layouts given as text, for every face: --shared TEXT
// --dst TEXT --shape MxN [--dtype T], or --packed-fp4 with the destination's own --dst-shape.
// The command line fills DsLoadTrTextArgs from its options, Python from its arguments; the
// messages name the command's options.

#include "request/viewrequest.h"

#include <optional>
#include <string>

namespace lx {

struct DsLoadTrTextArgs
{
    std::optional<std::string> shared, dst; // the layouts' text
    std::optional<std::string> shape;       // --shape as text (the source's i8 shape with fp4)
    std::optional<std::string> dstShape;    // --dst-shape (--packed-fp4 only)
    std::optional<std::string> dtype;       // --dtype
    bool packedFp4 = false;
};

// The request, or why not: `usage` says an option is missing or malformed (the command's exit
// code 2) rather than a layout or a shape refused (1).
struct DsLoadTrTextAnswer
{
    std::optional<ViewRequest> request;
    std::string message;
    bool usage = false;
};
[[nodiscard]] DsLoadTrTextAnswer dsLoadTrTextRequest(const DsLoadTrTextArgs &args);

// Sources given together that exclude each other (--preset and --scene; a scene and --shared,
// --dst or --shape); empty when they do not.
[[nodiscard]] std::string dsLoadTrSourcesProblem(bool preset, bool scene, bool shared, bool dst,
                                                 bool shape);

} // namespace lx
