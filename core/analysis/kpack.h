#pragma once

// rocMLIR's kPack LDS layout and the stores that fill it (docs/lds-models.md §4, rocMLIR pull
// request #2196). The LDS tile of a GEMM operand is [kPackPerBlock, dPerBlock, kPack]: K is split
// into k_outer = k / kPack and k_in = k % kPack, and
//
//     elem = (k_outer * D + d') * kPack + k_in,   d' = rotate ? (d + stride * k_outer) mod D : d
//
// with stride = (kPack == 1 ? dPerThread : 1) (rocMLIR rotateIf). Each thread copies a
// dPerThread x kPerThread tile from a K-contiguous source: tid = d_thread * kThreads + k_thread,
// d = d_thread * dPerThread + d_iter, k = k_thread * kPerThread + k_iter, and stores it in granules
// of min(kPerThread, kPack) elements along K (one LDS write each).
//
// D = mPerBlock (operand A) or nPerBlock (operand B); both are modelled with a K-contiguous
// source, the path the pull request describes. rocMLIR's N-contiguous B path
// (doSwapThreadIterSubDims) is not modelled (docs/lds-models.md §4.5). D need not be a power of two
// (96 in the pull request's example), which is why this is an address model and not a LinearLayout.

#include "analysis/banks.h"

#include <string>
#include <string_view>
#include <vector>

namespace lx {

// The "v4:" perf_config string of rocMLIR (RockAttrDefs.td getPerfConfigStr), 14 fields.
struct PerfConfigV4
{
    int mPerBlock = 0, nPerBlock = 0, kpackPerBlock = 0, mPerWave = 0, nPerWave = 0, mnPerXdl = 0,
        kpack = 0;
    int splitKFactor = 1, scheduleVersion = 0, outputSwizzle = 0, wavesPerEU = 0, gridGroupSize = 0,
        forceUnroll = 0, threadCopyMore = 1;
    [[nodiscard]] std::string toString() const;
};

// Parses "v4:96,256,8,...". Errors name the field (1-based) and why.
[[nodiscard]] Expected<PerfConfigV4> parsePerfConfig(std::string_view text);

enum class KPackOperand
{
    A,
    B
};

struct KPackStorePlan
{
    PerfConfigV4 config;
    KPackOperand operand = KPackOperand::A;
    int elementBits = 16;
    int waveSize = 64;
    bool rotate = false;
    int rotateStride = 1;
    // Derived (docs/lds-models.md §4.4).
    int blockSize = 0, kPerBlock = 0, dPerBlock = 0, copyPerThread = 0, kPerThread = 0,
        dPerThread = 0;
    int kThreads = 0, dThreads = 0;
    int kpackPerThread = 0; // elements per store granule
    int writeBytes = 0;     // bytes per store granule
    int64_t bufferBytes = 0;
    // rocMLIR's choice (getLDSLayoutConfigDim): rotate before the fix, and after it (inferred).
    bool rotatesBeforeFix = false;
    bool rotatesAfterFix = false;

    [[nodiscard]] int storesPerThread() const { return dPerThread * (kPerThread / kpackPerThread); }
    // Tile coordinates of the first element of store j of thread t.
    [[nodiscard]] int dOf(int thread, int store) const;
    [[nodiscard]] int kOf(int thread, int store) const;
    // LDS byte address of tile element (d, k).
    [[nodiscard]] int64_t elementAddress(int d, int k) const;
    [[nodiscard]] int64_t byteAddress(int thread, int store) const
    {
        return elementAddress(dOf(thread, store), kOf(thread, store));
    }
    [[nodiscard]] int bankOf(int thread, int store, int numBanks, int bankWidthBytes = 4) const
    {
        return lx::bankOf(byteAddress(thread, store), bankWidthBytes, numBanks);
    }
};

// Limits checked by kpackStorePlan before anything is allocated: a block has at most 1024 threads
// (a workgroup's maximum), the tile at most 2^kMaxAnalysisBits elements, and each thread copies
// at most 2048 bytes (512 VGPRs of 4 bytes).
inline constexpr int64_t kMaxKPackBlockThreads = 1024;
inline constexpr int64_t kMaxKPackBytesPerThread = 2048;

[[nodiscard]] Expected<KPackStorePlan> kpackStorePlan(const PerfConfigV4 &config,
                                                      KPackOperand operand, int elementBits,
                                                      int waveSize, bool rotate);

// One InstructionReport per store j of the wave `warp` (lanes l -> thread warp * waveSize + l),
// with the architecture's plain write instruction of the granule's width.
[[nodiscard]] Expected<std::vector<InstructionReport>>
analyzeKPackStores(const Architecture &arch, const KPackStorePlan &plan, int warp = 0);

// The stores as ElementAccess rows (coords = {d, k}) for the thread x element table; `instruction`
// is the store index j. Threads [0, threads) of the block.
[[nodiscard]] Expected<std::vector<ElementAccess>>
kpackElements(const Architecture &arch, const KPackStorePlan &plan, int threads);

// The stores of wave `warp` as a BankConflictReport (instructions = the stores j, elements = the
// wave's threads), so that the bank views and the command line treat both sources alike.
[[nodiscard]] Expected<BankConflictReport> kpackReport(const Architecture &arch,
                                                       const KPackStorePlan &plan, int warp = 0);

// Every element (d, k) of the LDS tile with its address and bank (coords = {d, k}).
[[nodiscard]] std::vector<SharedElementBank> kpackBankMap(const KPackStorePlan &plan, int numBanks,
                                                          int bankWidthBytes = 4);

} // namespace lx
