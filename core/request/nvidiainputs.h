#pragma once

// The request layer's NVIDIA view inputs: a ViewRequest resolved into the typed inputs of the
// ldmatrix / stmatrix panels and of the swizzle atom, the analyses run, and their figures (the
// same for the window's analysis panel, `render --figures` and the view's picture).
//
//   ldmatrix / stmatrix  options "shared" and "reg" (layout names; defaults: the layouts named
//                        shared / S and reg / R / dst / D, else the first layout with an offset
//                        in-dim and the first without), "write" (stmatrix; default false),
//                        "dtype"; an NVIDIA architecture. The decision is Triton's
//                        (analysis/nvsharedaccess.h), the phases analysis/nvmatrixphases.h's.
//   swizzle atom         option "shared" (default: the view's layout, else the first shared
//                        one), "dtype". The first eight lines of the shared layout, the 16-byte
//                        chunks of each (analysis/swizzleatom.h), and the layout as the NVIDIA
//                        tools name it (io/nvmmabridge.h) when it is a 2-D tile.

#include "analysis/nvmatrixphases.h"
#include "analysis/nvsharedaccess.h"
#include "analysis/nvwavefronts.h"
#include "analysis/swizzleatom.h"
#include "base/expected.h"
#include "hw/arch.h"
#include "io/nvmmabridge.h"
#include "request/figures.h"
#include "request/viewrequest.h"

#include <optional>
#include <string>
#include <vector>

namespace lx {

struct NvMatrixInput
{
    const ResolvedLayout *shared = nullptr; // points into the request
    const ResolvedLayout *reg = nullptr;
    std::string dtype;
    bool dtypeDefaulted = false;
    int elementBits = 16;
    bool write = false;
    Architecture arch;
    LinearLayout cvt; // (register, lane, warp) -> offset, replicas removed
    NvSharedAccess access;
    std::optional<NvMatrixPhases> phases; // a matrix access only
    std::optional<NvWavefronts> wavefronts;
    std::string wavefrontsProblem; // why there are none
};
[[nodiscard]] Expected<NvMatrixInput> resolveNvMatrix(const ViewRequest &request);
[[nodiscard]] std::vector<Figure> nvMatrixFigures(const NvMatrixInput &in);

struct SwizzleAtomInput
{
    const ResolvedLayout *shared = nullptr;
    std::string dtype;
    bool dtypeDefaulted = false;
    int elementBits = 16;
    Architecture arch;
    SwizzleAtom atom;
    std::optional<NvSharedBridge> bridge; // 2-D tiles
    std::string bridgeProblem;            // why there is none
};
[[nodiscard]] Expected<SwizzleAtomInput> resolveSwizzleAtom(const ViewRequest &request);
[[nodiscard]] std::vector<Figure> swizzleAtomFigures(const SwizzleAtomInput &in);

} // namespace lx
