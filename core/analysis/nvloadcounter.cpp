#include "analysis/nvloadcounter.h"

#include <algorithm>

namespace lx {

std::optional<NvLoadCounterRange> nvidiaLoadCounterRange(const std::string &arch,
                                                         const TtgirModule &module,
                                                         int64_t predictedLoadWavefronts)
{
    const auto inLoop = [](const TtgirOp &op) {
        return std::any_of(op.regions.begin(), op.regions.end(), [](const TtgirRegion &r) {
            return r.op == "scf.for" || r.op == "scf.while";
        });
    };
    if (arch != "sm90" || module.numWarps <= 0 ||
        std::any_of(module.ops.begin(), module.ops.end(), inLoop))
        return std::nullopt;
    NvLoadCounterRange r;
    r.low = predictedLoadWavefronts;
    r.high = predictedLoadWavefronts + module.numWarps;
    r.note = "Nsight Compute's hardware load wavefront counter (l1tex__data_pipe_lsu_wavefronts_"
             "mem_shared_op_ld) reads from the prediction to one wavefront per warp more: its "
             "count from the instructions' addresses equals the prediction, the excess is set by "
             "the compiled instruction order, not the layout (measured on an H200, sm90)";
    return r;
}

} // namespace lx
