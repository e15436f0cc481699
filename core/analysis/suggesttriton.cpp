// Triton's own choice of shared layout (suggest.h, "Triton's pick") and the global order of a
// distributed layout it reads.

#include "analysis/suggest.h"

#include <algorithm>
#include <string>

namespace lx {

std::string TritonSharedPick::text() const
{
    std::string o;
    for (size_t i = 0; i < order.size(); ++i)
        o += (i ? ", " : "") + std::to_string(order[i]);
    return "#ttg." + kind + "<{vec = " + std::to_string(vec) +
           ", perPhase = " + std::to_string(perPhase) + ", maxPhase = " + std::to_string(maxPhase) +
           ", order = [" + o + "]}>";
}

Expected<TritonSharedPick> tritonSharedPick(const TritonPickInput &in)
{
    if (in.shape.size() != 2 || in.order.size() != 2)
        return makeError("Triton's pick is modelled for rank-2 operands");
    TritonSharedPick pick;
    pick.order = in.order;
    auto finish = [&](std::string rule) {
        pick.rule = std::move(rule);
        if (pick.kind == "swizzled_shared") {
            SwizzledSharedAttr a;
            a.vec = pick.vec;
            a.perPhase = pick.perPhase;
            a.maxPhase = pick.maxPhase;
            a.order = pick.order;
            pick.attr = makeAttr(a);
        }
        return pick;
    };
    if (in.mfmaVersion == 0)
        return finish("not an MFMA dot operand: Triton's default for a local_alloc is "
                      "unswizzled (vec = perPhase = maxPhase = 1) in the global order");
    const int kDim = in.opIdx == 0 ? 1 : 0;
    const bool kContig = in.order[0] == kDim;
    const bool mfmaV4 = in.mfmaVersion >= 4; // Triton's rule is keyed on the MFMA version
    std::string rule = "SwizzledSharedEncodingAttr::get for an MFMA v" +
                       std::to_string(in.mfmaVersion) + " operand";
    if (!kContig) {
        if (mfmaV4 && (in.elementBits == 8 || in.elementBits == 16)) {
            rule += " (not K-contiguous; MFMA v4 swizzles for its transposed loads)";
        } else if (!mfmaV4) {
            pick.kind = "amd_rotating_shared";
            pick.order = {kDim, 1 - kDim};
            rule += " after the AMD in-thread transpose (global order not K-contiguous): "
                    "#ttg.amd_rotating_shared in the K-contiguous order";
        } else {
            return finish(rule + ": not K-contiguous, unswizzled");
        }
    }
    const int numBanks = mfmaV4 ? 64 : 32;
    const int inner = in.shape[size_t(pick.order[0])];
    const int elemsPerRow = numBanks * 32 / std::max(1, in.elementBits);
    pick.perPhase = std::max(1, elemsPerRow / std::max(1, inner));
    pick.vec = std::max(1, in.kWidth);
    pick.maxPhase = std::max(1, std::min(16 / pick.perPhase, inner / pick.vec));
    return finish(rule + ": banks " + std::to_string(numBanks) + ", perPhase = max(1, " +
                  std::to_string(elemsPerRow) + " / " + std::to_string(inner) +
                  "), vec = kWidth, maxPhase = min(16 / perPhase, inner / vec)");
}

std::vector<int32_t> layoutOrder(const LinearLayout &layout)
{
    for (const char *dim : {"lane", "register"}) {
        if (!layout.hasInDim(dim))
            continue;
        for (const auto &b : layout.bases()[size_t(layout.inDimIndex(dim))].second) {
            for (size_t d = 0; d < b.size(); ++d) {
                if (b[d] != 0 && b.size() == 2)
                    return {int32_t(d), int32_t(1 - d)};
            }
        }
    }
    return {1, 0};
}

} // namespace lx
