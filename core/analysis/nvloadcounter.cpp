#include "analysis/nvloadcounter.h"

#include <algorithm>

namespace lx {

std::optional<NvLoadCounterRange>
nvidiaLoadCounterRange(const std::optional<ModelConstant> &excessPerWarp, const TtgirModule &module,
                       int64_t predictedLoadWavefronts)
{
    const auto inLoop = [](const TtgirOp &op) {
        return std::any_of(op.regions.begin(), op.regions.end(), [](const TtgirRegion &r) {
            return r.op == "scf.for" || r.op == "scf.while";
        });
    };
    if (!excessPerWarp || module.numWarps <= 0 ||
        std::any_of(module.ops.begin(), module.ops.end(), inLoop))
        return std::nullopt;
    NvLoadCounterRange r;
    r.low = predictedLoadWavefronts;
    const auto perWarp = int64_t(excessPerWarp->value);
    r.high = predictedLoadWavefronts + perWarp * module.numWarps;
    r.note = "Nsight Compute's hardware load wavefront counter (l1tex__data_pipe_lsu_wavefronts_"
             "mem_shared_op_ld) reads from the prediction to " +
             std::to_string(perWarp) + " wavefront" + (perWarp == 1 ? "" : "s") +
             " per warp more (the architecture file's loadCounterExcessPerWarp: " +
             excessPerWarp->provenance.source + ")";
    return r;
}

} // namespace lx
