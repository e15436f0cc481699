#include "analysis/kpack.h"

#include "analysis/limits.h"

#include <algorithm>
#include <numeric>

namespace lx {

namespace {

const char *const kFieldNames[14] = {
    "mPerBlock",  "nPerBlock",     "kpackPerBlock", "mPerWave",        "nPerWave",
    "mnPerXdl",   "kpack",         "splitKFactor",  "scheduleVersion", "outputSwizzle",
    "wavesPerEU", "gridGroupSize", "forceUnroll",   "threadCopyMore"};

} // namespace

std::string PerfConfigV4::toString() const
{
    const int f[14] = {mPerBlock,  nPerBlock,     kpackPerBlock, mPerWave,        nPerWave,
                       mnPerXdl,   kpack,         splitKFactor,  scheduleVersion, outputSwizzle,
                       wavesPerEU, gridGroupSize, forceUnroll,   threadCopyMore};
    std::string s = "v4:";
    for (int i = 0; i < 14; ++i)
        s += (i ? "," : "") + std::to_string(f[i]);
    return s;
}

Expected<PerfConfigV4> parsePerfConfig(std::string_view text)
{
    if (text.substr(0, 3) != "v4:")
        return makeError("perf_config '" + std::string(text) +
                         "': only v4 strings (\"v4:\" + 14 fields) are understood");
    std::vector<std::string> fields;
    std::string cur;
    for (char c : text.substr(3)) {
        if (c == ',') {
            fields.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    fields.push_back(cur);
    if (fields.size() != 14)
        return makeError("perf_config: expected 14 fields after \"v4:\", got " +
                         std::to_string(fields.size()));
    int v[14];
    for (int i = 0; i < 14; ++i) {
        const std::string &f = fields[size_t(i)];
        const bool digits =
            !f.empty() && f.size() < 9 &&
            std::all_of(f.begin(), f.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (!digits)
            return makeError("perf_config: field " + std::to_string(i + 1) + " (" + kFieldNames[i] +
                             ") '" + f + "' is not a non-negative integer");
        v[i] = std::stoi(f);
    }
    for (int i : {0, 1, 2, 3, 4, 6}) {
        if (v[i] <= 0)
            return makeError("perf_config: field " + std::to_string(i + 1) + " (" + kFieldNames[i] +
                             ") must be positive");
    }
    PerfConfigV4 c;
    c.mPerBlock = v[0];
    c.nPerBlock = v[1];
    c.kpackPerBlock = v[2];
    c.mPerWave = v[3];
    c.nPerWave = v[4];
    c.mnPerXdl = v[5];
    c.kpack = v[6];
    c.splitKFactor = v[7];
    c.scheduleVersion = v[8];
    c.outputSwizzle = v[9];
    c.wavesPerEU = v[10];
    c.gridGroupSize = v[11];
    c.forceUnroll = v[12];
    c.threadCopyMore = v[13];
    if (c.mPerBlock % c.mPerWave != 0)
        return makeError("perf_config: mPerBlock " + std::to_string(c.mPerBlock) +
                         " is not a multiple of mPerWave " + std::to_string(c.mPerWave));
    if (c.nPerBlock % c.nPerWave != 0)
        return makeError("perf_config: nPerBlock " + std::to_string(c.nPerBlock) +
                         " is not a multiple of nPerWave " + std::to_string(c.nPerWave));
    return c;
}

int KPackStorePlan::dOf(int thread, int store) const
{
    const int chunks = kPerThread / kpackPerThread;
    return (thread / kThreads) * dPerThread + store / chunks;
}

int KPackStorePlan::kOf(int thread, int store) const
{
    const int chunks = kPerThread / kpackPerThread;
    return (thread % kThreads) * kPerThread + (store % chunks) * kpackPerThread;
}

int64_t KPackStorePlan::elementAddress(int d, int k) const
{
    const int kpack = config.kpack;
    const int kOuter = k / kpack, kIn = k % kpack;
    const int dd = rotate ? (d + rotateStride * kOuter) % dPerBlock : d;
    const int64_t elem = (int64_t(kOuter) * dPerBlock + dd) * kpack + kIn;
    return elem * (elementBits / 8);
}

Expected<KPackStorePlan> kpackStorePlan(const PerfConfigV4 &config, KPackOperand operand,
                                        int elementBits, int waveSize, bool rotate)
{
    if (elementBits != 8 && elementBits != 16 && elementBits != 32)
        return makeError("kPack layout: element width " + std::to_string(elementBits) +
                         " bits, expected 8, 16 or 32");
    if (waveSize <= 0)
        return makeError("kPack layout: the wave size must be positive");
    KPackStorePlan p;
    p.config = config;
    p.operand = operand;
    p.elementBits = elementBits;
    p.waveSize = waveSize;
    p.rotate = rotate;
    p.rotateStride = 1;
    if (config.mPerWave <= 0 || config.nPerWave <= 0 || config.kpack <= 0 ||
        config.kpackPerBlock <= 0 || config.mPerBlock <= 0 || config.nPerBlock <= 0)
        return makeError("kPack layout: the block and wave sizes and kpack must be positive");
    // Every derived size is computed in 64 bits and checked before use: perf_config fields go up
    // to 10^8, and their products overflow 32 bits (a zero block size would divide by zero).
    const int64_t blockSize = int64_t(waveSize) * (config.mPerBlock / config.mPerWave) *
                              (config.nPerBlock / config.nPerWave);
    if (blockSize > kMaxKPackBlockThreads)
        return makeError("kPack layout: a block of " + std::to_string(blockSize) +
                         " threads; a workgroup has at most " +
                         std::to_string(kMaxKPackBlockThreads));
    p.blockSize = int(blockSize);
    const int64_t kPerBlock = int64_t(config.kpackPerBlock) * config.kpack;
    p.dPerBlock = operand == KPackOperand::A ? config.mPerBlock : config.nPerBlock;
    const int64_t tile = kPerBlock * p.dPerBlock;
    if (tile > (int64_t(1) << kMaxAnalysisBits))
        return makeError("kPack layout: the " + std::to_string(kPerBlock) + " x " +
                         std::to_string(p.dPerBlock) + " tile has " + std::to_string(tile) +
                         " elements, more than the analysis limit 2^" +
                         std::to_string(kMaxAnalysisBits));
    p.kPerBlock = int(kPerBlock);
    if (tile % p.blockSize != 0)
        return makeError("kPack layout: the " + std::to_string(p.kPerBlock) + " x " +
                         std::to_string(p.dPerBlock) + " tile does not split evenly over " +
                         std::to_string(p.blockSize) + " threads");
    p.copyPerThread = int(tile / p.blockSize);
    if (int64_t(p.copyPerThread) * (elementBits / 8) > kMaxKPackBytesPerThread)
        return makeError("kPack layout: each thread copies " + std::to_string(p.copyPerThread) +
                         " elements (" +
                         std::to_string(int64_t(p.copyPerThread) * elementBits / 8) +
                         " bytes); a thread holds at most " +
                         std::to_string(kMaxKPackBytesPerThread) + " bytes (512 VGPRs)");
    const int maxVlen = 128 / elementBits;
    p.kPerThread = std::gcd(maxVlen, p.copyPerThread);
    p.dPerThread = p.copyPerThread / p.kPerThread;
    if (p.kPerBlock % p.kPerThread != 0 || p.dPerBlock % p.dPerThread != 0)
        return makeError("kPack layout: kPerThread " + std::to_string(p.kPerThread) +
                         " / dPerThread " + std::to_string(p.dPerThread) +
                         " do not divide the tile");
    p.kThreads = p.kPerBlock / p.kPerThread;
    p.dThreads = p.dPerBlock / p.dPerThread;
    p.kpackPerThread = std::min(p.kPerThread, config.kpack);
    p.writeBytes = p.kpackPerThread * elementBits / 8;
    p.rotateStride = config.kpack == 1 ? p.dPerThread : 1;
    p.bufferBytes = tile * (elementBits / 8);
    // getLDSLayoutConfigDim for a K-contiguous source: rotate unless D can be vectorised; the fix
    // (inferred from the PR's title and description) also requires copyKPerThread >= kPack.
    const bool vectorisableBefore = config.kpack < maxVlen && p.dPerThread > 1;
    p.rotatesBeforeFix = !vectorisableBefore;
    p.rotatesAfterFix = !(vectorisableBefore && p.kPerThread >= config.kpack);
    return p;
}

Expected<std::vector<InstructionReport>> analyzeKPackStores(const Architecture &arch,
                                                            const KPackStorePlan &plan, int warp)
{
    if (plan.waveSize != arch.waveSize)
        return makeError("the kPack plan assumes " + std::to_string(plan.waveSize) +
                         "-lane waves, " + arch.name + " has " + std::to_string(arch.waveSize));
    const LdsInstruction *ins = arch.plainInstruction(plan.writeBytes, true);
    if (!ins)
        return makeError(arch.name + " has no " + std::to_string(plan.writeBytes) +
                         "-byte LDS write");
    const int waves = plan.blockSize / plan.waveSize;
    if (warp < 0 || warp >= waves)
        return makeError("wave " + std::to_string(warp) + " is outside the block's " +
                         std::to_string(waves) + " waves");
    std::vector<InstructionReport> out;
    for (int j = 0; j < plan.storesPerThread(); ++j) {
        std::vector<std::vector<std::optional<int64_t>>> addrs(1);
        for (int l = 0; l < arch.waveSize; ++l)
            addrs[0].push_back(plan.byteAddress(warp * plan.waveSize + l, j));
        auto r = analyzeAddresses(arch, *ins, addrs);
        if (!r)
            return r.error();
        r->warp = warp;
        r->index = j;
        out.push_back(std::move(*r));
    }
    return out;
}

Expected<std::vector<ElementAccess>> kpackElements(const Architecture &arch,
                                                   const KPackStorePlan &plan, int threads)
{
    const LdsInstruction *ins = arch.plainInstruction(plan.writeBytes, true);
    if (!ins)
        return makeError(arch.name + " has no " + std::to_string(plan.writeBytes) +
                         "-byte LDS write");
    threads = std::clamp(threads, 0, plan.blockSize);
    std::vector<ElementAccess> out;
    const int waves = (threads + plan.waveSize - 1) / plan.waveSize;
    for (int w = 0; w < waves; ++w) {
        auto reports = analyzeKPackStores(arch, plan, w);
        if (!reports)
            return reports.error();
        for (int l = 0; l < plan.waveSize && w * plan.waveSize + l < threads; ++l) {
            const int t = w * plan.waveSize + l;
            const int phase = ins->phaseOfLane(l);
            for (int j = 0; j < plan.storesPerThread(); ++j) {
                const PhaseReport &ph = (*reports)[size_t(j)].phases[size_t(phase)];
                for (int e = 0; e < plan.kpackPerThread; ++e) {
                    ElementAccess a;
                    a.coords = {plan.dOf(t, j), plan.kOf(t, j) + e};
                    a.warp = w;
                    a.lane = l;
                    a.instruction = j;
                    a.byteAddress = plan.elementAddress(a.coords[0], a.coords[1]);
                    a.bank = bankOf(a.byteAddress, arch.bankWidthBytes, ins->numBanks);
                    a.phase = phase;
                    a.ways = ph.accessesPerBank[size_t(a.bank)];
                    out.push_back(std::move(a));
                }
            }
        }
    }
    return out;
}

Expected<BankConflictReport> kpackReport(const Architecture &arch, const KPackStorePlan &plan,
                                         int warp)
{
    auto stores = analyzeKPackStores(arch, plan, warp);
    if (!stores)
        return stores.error();
    const LdsInstruction *ins = arch.plainInstruction(plan.writeBytes, true);
    BankConflictReport r;
    r.arch = arch.name;
    r.instruction = *ins;
    r.elementBits = plan.elementBits;
    r.vectorElements = plan.kpackPerThread;
    r.maxVectorElements = plan.kpackPerThread;
    r.bankWidthBytes = arch.bankWidthBytes;
    r.instructions = std::move(*stores);
    for (const InstructionReport &ir : r.instructions) {
        r.totals.instructions += 1;
        r.totals.cycles += ir.cycles;
        r.totals.idealCycles += ir.idealCycles;
        r.totals.maxWays = std::max(r.totals.maxWays, ir.maxWays);
        noteMeasuredRule(arch, ir, r);
    }
    const int first = warp * plan.waveSize;
    auto elements = kpackElements(arch, plan, first + plan.waveSize);
    if (!elements)
        return elements.error();
    for (ElementAccess &e : *elements) {
        if (e.warp == warp)
            r.elements.push_back(std::move(e));
    }
    r.tritonNote = "Triton's generic count needs linear layouts; the kPack tile (D = " +
                   std::to_string(plan.dPerBlock) + ") is an address model";
    return r;
}

std::vector<SharedElementBank> kpackBankMap(const KPackStorePlan &plan, int numBanks,
                                            int bankWidthBytes)
{
    std::vector<SharedElementBank> out;
    for (int d = 0; d < plan.dPerBlock; ++d) {
        for (int k = 0; k < plan.kPerBlock; ++k) {
            SharedElementBank e;
            e.coords = {d, k};
            e.byteAddress = plan.elementAddress(d, k);
            e.offset = e.byteAddress / (plan.elementBits / 8);
            e.bank = bankOf(e.byteAddress, bankWidthBytes, numBanks);
            out.push_back(std::move(e));
        }
    }
    return out;
}

} // namespace lx
