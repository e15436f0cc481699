#include "analysis/suggestnvidia.h"

#include "analysis/kernelnvidia.h"
#include "analysis/nvsharedaccess.h"
#include "analysis/nvwavefronts.h"
#include "hw/arch.h"
#include "io/ttgtext.h"

#include <algorithm>

namespace lx {

bool isNvidiaSearch(const Architecture &arch)
{
    return arch.vendor == "nvidia";
}

std::vector<LayoutAttrPtr> nvmmaCandidates(int elementBits)
{
    std::vector<LayoutAttrPtr> out;
    for (const int32_t swizzle : {128, 64, 32, 0})
        for (const bool transposed : {false, true}) {
            NvmmaSharedAttr a;
            a.swizzlingByteWidth = swizzle;
            a.transposed = transposed;
            a.elementBitWidth = elementBits;
            out.push_back(makeAttr(a));
        }
    return out;
}

namespace {

struct SideScore
{
    int ways = 1;
    int64_t wavefronts = 0;
    std::string instruction;
    bool matrix = false;
    int vectorBits = 0;
};

Expected<SideScore> scoreSide(const Architecture &arch, const LinearLayout &reg,
                              const LinearLayout &shared, int bits, bool isWrite)
{
    Expected<LinearLayout> cvt = nvidiaLocalCvt(reg, shared);
    if (!cvt)
        return cvt.error();
    const NvSharedAccess a = nvidiaSharedAccessOfCvt(*cvt, bits, isWrite, nvMatrixFeaturesOf(arch));
    Expected<NvWavefronts> w = nvidiaWavefronts(arch, *cvt, a, std::max(8, bits), isWrite);
    if (!w)
        return w.error();
    SideScore s;
    s.ways = w->maxWays;
    s.wavefronts = w->measured;
    s.instruction = a.mnemonic;
    s.matrix = a.kind != NvAccessKind::Plain;
    s.vectorBits = a.elementsPerInstruction * bits;
    return s;
}

} // namespace

Expected<bool> scoreNvidiaAccesses(const SuggestSharedRequest &request, const LinearLayout &shared,
                                   SharedCandidate &c)
{
    Expected<SideScore> read =
        scoreSide(request.arch, request.read, shared, request.elementBits, false);
    if (!read)
        return makeError("read: " + read.message());
    c.readWays = read->ways;
    c.readCycles = int(read->wavefronts);
    c.readInstruction = read->instruction;
    c.readMatrix = read->matrix;
    c.vectorBits = read->vectorBits;
    if (request.write) {
        Expected<SideScore> write =
            scoreSide(request.arch, *request.write, shared, request.elementBits, true);
        if (!write)
            return makeError("write: " + write.message());
        c.writeWays = write->ways;
        c.writeCycles = int(write->wavefronts);
        c.writeInstruction = write->instruction;
        c.writeMatrix = write->matrix;
    }
    return true;
}

std::optional<std::string> descriptorLayoutProblem(const LayoutAttr &attr)
{
    if (attr.as<NvmmaSharedAttr>())
        return std::nullopt;
    return std::string("TMA or a tensor-core op (wgmma, tcgen05.mma) addresses this buffer "
                       "through a descriptor, which describes #ttg.nvmma_shared layouts only");
}

bool accessesThroughDescriptor(const std::string &opName)
{
    return opName == "ttng.warp_group_dot" || opName == "ttng.tc_gen5_mma" ||
           opName == "ttng.async_tma_copy_global_to_local" ||
           opName == "ttng.async_tma_copy_local_to_global";
}

Expected<NvidiaSharedPick> nvidiaSharedPick(const std::vector<int32_t> &shape, int elementBits,
                                            const std::vector<int32_t> &order)
{
    if (shape.size() != 2 || order.size() != 2)
        return makeError("Triton's NVIDIA pick is modelled for rank-2 tiles");
    const bool transposed = order[0] == 0;
    const std::string dtype = elementBits == 8    ? "int8"
                              : elementBits == 16 ? "float16"
                              : elementBits == 32 ? "float32"
                                                  : "float64";
    const std::string call = "NVMMASharedLayout.get_default_for([" + std::to_string(shape[0]) +
                             ", " + std::to_string(shape[1]) + "], ttgl." + dtype +
                             ", transposed=" + (transposed ? "True" : "False") + ")";
    Expected<LayoutAttrPtr> attr = parseGluon(call);
    if (!attr)
        return attr.error();
    NvidiaSharedPick pick;
    pick.attr = *attr;
    pick.rule = call + ": the widest swizzle dividing the contiguous dim's bytes (what Triton's "
                       "pipeliner gives an operand TMA writes or wgmma reads)";
    return pick;
}

} // namespace lx
