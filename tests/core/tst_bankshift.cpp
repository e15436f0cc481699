// The bank analysis' shortcut (analysis/banksprepared.h): where the buffer is unpadded and
// unpartitioned, analyzeBanks derives every instruction after the first by permuting the first's
// bank counts instead of counting its lanes. Checked against analyzeBanksEveryInstruction, which
// counts every instruction from its own addresses, field for field (every instruction's addresses
// and phases with their per-bank counts, the elements and the totals), over every swizzled preset
// an autotuner tries, random linear shared layouts, several register layouts (with broadcast
// lanes and registers), element widths, forced and dual-pass instructions, a base address, a
// measured phase-merge rule, and padded and partitioned buffers (where the shortcut stands aside).

#include "analysis/banksprepared.h"
#include "io/scene.h"

#include <QtTest>

#include <map>
#include <random>
#include <set>

using namespace lx;

namespace {

const char *const kWmma = "#ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {warp = "
                          "[[0, 1], [1, 0]]}, instrShape = [16, 16, 32]}>";

std::string dotOperand(int index, int kWidth)
{
    return "#ttg.dot_op<{opIdx = " + std::to_string(index) + ", parent = " + kWmma +
           ", kWidth = " + std::to_string(kWidth) + "}>";
}

std::string swizzled(int vec, int perPhase, int maxPhase, const char *order)
{
    return "#ttg.swizzled_shared<{vec = " + std::to_string(vec) +
           ", perPhase = " + std::to_string(perPhase) + ", maxPhase = " + std::to_string(maxPhase) +
           ", order = " + order + "}>";
}

// A random invertible linear shared layout of a rows x cols tile: the unit offset bases mixed by
// random XORs of one basis into another and shuffled.
std::string randomLinear(std::mt19937 &rng, int rows, int cols)
{
    std::vector<std::pair<int, int>> bases;
    for (int c = 1; c < cols; c <<= 1)
        bases.push_back({0, c});
    for (int r = 1; r < rows; r <<= 1)
        bases.push_back({r, 0});
    std::uniform_int_distribution<size_t> pick(0, bases.size() - 1);
    for (int step = 0; step < 6; ++step) {
        const size_t a = pick(rng), b = pick(rng);
        if (a != b)
            bases[a] = {bases[a].first ^ bases[b].first, bases[a].second ^ bases[b].second};
    }
    std::shuffle(bases.begin(), bases.end(), rng);
    std::string text = "#ttg.shared_linear<{offset = [";
    for (size_t i = 0; i < bases.size(); ++i)
        text += (i ? ", [" : "[") + std::to_string(bases[i].first) + ", " +
                std::to_string(bases[i].second) + "]";
    return text + "]}, alignment = 16>";
}

ResolvedLayout resolved(const std::string &text, std::vector<int32_t> shape, const char *dtype)
{
    SceneLayout s;
    s.name = "l";
    s.text = text;
    s.shape = std::move(shape);
    s.dtype = dtype;
    Expected<ResolvedLayout> r = resolveLayout(s);
    if (!r)
        qFatal("%s: %s", text.c_str(), r.message().c_str());
    return *r;
}

// Everything the report says, instruction by instruction and phase by phase.
nlohmann::json everything(const BankConflictReport &r)
{
    nlohmann::json instructions = nlohmann::json::array();
    for (const InstructionReport &ir : r.instructions) {
        nlohmann::json phases = nlohmann::json::array();
        for (const PhaseReport &p : ir.phases)
            phases.push_back(
                {p.pass, p.phase, p.lanes, p.activeLanes, p.accessesPerBank, p.ways, p.cycles});
        nlohmann::json addresses = nlohmann::json::array();
        for (const auto &pass : ir.addresses) {
            nlohmann::json lanes = nlohmann::json::array();
            for (const auto &a : pass)
                lanes.push_back(a ? nlohmann::json(*a) : nlohmann::json(nullptr));
            addresses.push_back(lanes);
        }
        instructions.push_back({ir.warp, ir.index, addresses, phases, ir.maxWays, ir.cycles,
                                ir.idealCycles, ir.measuredRule, ir.modelCycles});
    }
    nlohmann::json elements = nlohmann::json::array();
    for (const ElementAccess &e : r.elements)
        elements.push_back({e.coords, e.warp, e.lane, e.instruction, e.pass, e.byteAddress, e.bank,
                            e.phase, e.ways});
    const BankTotals &t = r.totals;
    return {{"instruction", r.instruction.name},
            {"vec", r.vectorElements},
            {"instructions", instructions},
            {"elements", elements},
            {"totals",
             {t.instructions, t.cycles, t.idealCycles, t.maxWays, t.modelCycles,
              t.measuredInstructions}},
            {"measuredRule", r.measuredRule},
            {"triton", r.tritonExtraWavefronts ? *r.tritonExtraWavefronts : -1},
            {"tritonNote", r.tritonNote}};
}

struct Case
{
    std::string arch = "gfx1250";
    std::string reg, shared;
    std::vector<int32_t> shape{64, 64};
    const char *dtype = "f16";
    int bits = 16;
    std::string instruction;
    bool write = false;
    bool collect = false;
    int64_t baseBytes = 0;
    int maxWarps = 0;
};

} // namespace

class TestBankShift : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void shortcutEqualsCountingEveryInstruction();
    void composedMapWithoutBroadcastEqualsItsOwn();

private:
    // Compares the two paths on one case; returns the instructions the shortcut derived.
    int compare(const Case &c);
    std::map<std::string, Architecture> m_archs;
    std::set<std::string> m_rules; // the measured rules the reports named
};

int TestBankShift::compare(const Case &c)
{
    if (!m_archs.count(c.arch)) {
        Expected<Architecture> a = loadArchitecture(c.arch);
        if (!a)
            qFatal("%s", a.message().c_str());
        m_archs.emplace(c.arch, *a);
    }
    const Architecture &arch = m_archs.at(c.arch);
    const ResolvedLayout reg = resolved(c.reg, c.shape, c.dtype);
    const ResolvedLayout shared = resolved(c.shared, c.shape, c.dtype);
    Expected<SharedMemoryLayout> sml = sharedMemoryLayout(*shared.attr, shared.shape, c.bits,
                                                          arch.cu ? arch.cu->partitionBytes : 0);
    if (!sml)
        qFatal("%s: %s", c.shared.c_str(), sml.message().c_str());
    BankAccessRequest request;
    request.reg = reg.layout;
    request.shared = std::move(*sml);
    request.shared.baseBytes = c.baseBytes;
    request.elementBits = c.bits;
    request.isWrite = c.write;
    request.instruction = c.instruction;
    request.maxWarps = c.maxWarps;
    request.collectElements = c.collect;
    const std::string what = c.arch + " " + c.reg + " <- " + c.shared + " " + c.dtype + " " +
                             c.instruction + " base " + std::to_string(c.baseBytes);
    const Expected<LinearLayout> noBroadcast = registersWithoutBroadcast(request.reg);
    if (!noBroadcast)
        qFatal("%s", noBroadcast.message().c_str());
    int derived = 0;
    const Expected<BankConflictReport> shortcut =
        analyzeBanksPrepared(arch, request, *noBroadcast, &derived);
    const Expected<BankConflictReport> counted = analyzeBanksEveryInstruction(arch, request);
    if (bool(shortcut) != bool(counted))
        qFatal("%s: one path failed", what.c_str());
    if (!shortcut) {
        if (shortcut.message() != counted.message())
            qFatal("%s: different errors", what.c_str());
        return 0;
    }
    const std::string a = everything(*shortcut).dump(), b = everything(*counted).dump();
    if (a != b)
        qFatal("%s: the shortcut differs from counting every instruction\n%s\n%s", what.c_str(),
               a.substr(0, 3000).c_str(), b.substr(0, 3000).c_str());
    // The phase-less count of an instruction's addresses (what scratch costing reads) gives the
    // figures of the full count.
    for (const InstructionReport &ir : counted->instructions) {
        const Expected<InstructionReport> bare = analyzeAddressesWithoutPhases(
            arch, counted->instruction, ir.addresses, request.options);
        if (!bare || bare->cycles != ir.cycles || bare->idealCycles != ir.idealCycles ||
            bare->maxWays != ir.maxWays || bare->modelCycles != ir.modelCycles ||
            bare->measuredRule != ir.measuredRule || !bare->phases.empty())
            qFatal("%s: the phase-less count differs from the full one", what.c_str());
    }
    m_rules.insert(shortcut->measuredRule);
    return derived;
}

void TestBankShift::shortcutEqualsCountingEveryInstruction()
{
    const char *orders[] = {"[1, 0]", "[0, 1]"};
    std::vector<Case> cases;
    // Every swizzle an autotuner tries, read into the WMMA A operand (the benchmark's access).
    for (int vec : {1, 2, 4, 8, 16})
        for (int perPhase : {1, 2, 4, 8})
            for (int maxPhase : {1, 2, 4, 8, 16})
                for (const char *order : orders) {
                    Case c;
                    c.reg = dotOperand(0, 8);
                    c.shared = swizzled(vec, perPhase, maxPhase, order);
                    cases.push_back(c);
                }
    // Random linear layouts, read into both operands and a blocked layout.
    std::mt19937 rng(7);
    const std::string blocked = "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], "
                                "warpsPerCTA = [4, 1], order = [1, 0]}>";
    for (int i = 0; i < 120; ++i) {
        Case c;
        c.reg = i % 3 == 0 ? dotOperand(0, 8) : i % 3 == 1 ? dotOperand(1, 8) : blocked;
        c.shared = randomLinear(rng, 64, 64);
        c.collect = i % 10 == 0;
        cases.push_back(c);
    }
    // Element widths, forced instructions, writes, a base address, warps, elements collected.
    const std::vector<std::pair<const char *, int>> widths = {{"i8", 8}, {"f32", 32}, {"f64", 64}};
    for (const auto &[dtype, bits] : widths)
        for (int vec : {1, 4, 8})
            for (const char *order : orders) {
                Case c;
                c.reg = blocked;
                c.shared = swizzled(vec, 1, 8, order);
                c.dtype = dtype;
                c.bits = bits;
                cases.push_back(c);
            }
    for (const char *ins : {"ds_load_u16", "ds_load_b32", "ds_load_b64", "ds_load_b96"})
        for (const char *order : orders) {
            Case c;
            c.reg = blocked;
            c.shared = swizzled(8, 1, 8, order);
            c.instruction = ins;
            cases.push_back(c);
        }
    for (int64_t base : {int64_t(0), int64_t(256), int64_t(8192), int64_t(24576)}) {
        Case c;
        c.reg = dotOperand(1, 8);
        c.shared = swizzled(4, 2, 4, "[1, 0]");
        c.baseBytes = base;
        c.collect = true;
        c.maxWarps = 2;
        cases.push_back(c);
    }
    {
        Case c;
        c.reg = blocked;
        c.shared = swizzled(8, 1, 8, "[1, 0]");
        c.write = true;
        cases.push_back(c);
    }
    // Broadcast lanes (a 2-row tile under a blocked layout whose lane bits 0 and 1 walk 4 rows): a
    // measured phase-merge rule (sm90) pairs them; and the dual-address reads of gfx942 over 64
    // lanes.
    for (const char *ins : {"", "LDS.64", "LDS.128"}) {
        Case c;
        c.arch = "sm90";
        c.reg = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = "
                "[1, 4], order = [0, 1]}>";
        c.shared = swizzled(4, 1, 8, "[1, 0]");
        c.shape = {2, 64};
        c.dtype = "f32";
        c.bits = 32;
        c.instruction = ins;
        cases.push_back(c);
    }
    for (const char *ins : {"", "ds_read2_b32", "ds_read2_b64", "ds_read_b128"}) {
        Case c;
        c.arch = "gfx942";
        c.reg = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 8], warpsPerCTA = "
                "[2, 2], order = [1, 0]}>";
        c.shared = swizzled(4, 1, 8, "[1, 0]");
        c.dtype = "f32";
        c.bits = 32;
        c.instruction = ins;
        cases.push_back(c);
    }
    // Where the shortcut stands aside: padded and partitioned buffers.
    for (const char *shared :
         {"#ttg.padded_shared<[64:+4] {order = [1, 0], shape = [64, 64]}>",
          "#ttg.partitioned_shared<{numPartitions = 2, numGroups = 2, partitionDim = 0, "
          "partitionLayout = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = "
          "[1, 0]}>}>"}) {
        Case c;
        c.reg = dotOperand(0, 8);
        c.shared = shared;
        cases.push_back(c);
    }

    int derived = 0, withShortcut = 0;
    for (const Case &c : cases) {
        const int d = compare(c);
        derived += d;
        withShortcut += d > 0 ? 1 : 0;
    }
    // The shortcut ran on most cases (else the comparison proves nothing).
    QVERIFY2(withShortcut > int(cases.size()) / 2,
             (std::to_string(withShortcut) + " of " + std::to_string(cases.size())).c_str());
    QVERIFY(derived > 1000);
    // A measured rule changed some phases.
    QVERIFY(m_rules.size() > 1);
}

// The register layout's map into the shared layout, computed with its broadcast registers (the
// transposed-load plan's) and then dropped, equals the map of the layout without them (the bank
// analysis'), over layouts with and without broadcast registers.
void TestBankShift::composedMapWithoutBroadcastEqualsItsOwn()
{
    const std::vector<std::string> regs = {
        dotOperand(0, 8), dotOperand(1, 8), dotOperand(0, 16),
        "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], "
        "order = [1, 0]}>",
        "#ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], "
        "order = [0, 1]}>"};
    const std::vector<std::vector<int32_t>> shapes = {{64, 64}, {16, 64}, {64, 16}, {2, 64}};
    std::mt19937 rng(11);
    int dropped = 0, kept = 0;
    for (const std::string &regText : regs)
        for (const std::vector<int32_t> &shape : shapes)
            for (int i = 0; i < 4; ++i) {
                const std::string sharedText = i == 0   ? swizzled(8, 1, 8, "[1, 0]")
                                               : i == 1 ? swizzled(2, 2, 4, "[0, 1]")
                                                        : randomLinear(rng, shape[0], shape[1]);
                const LinearLayout reg = resolved(regText, shape, "f16").layout;
                const LinearLayout shared = resolved(sharedText, shape, "f16").layout;
                const Expected<LinearLayout> composed = reg.invertAndCompose(shared);
                const Expected<LinearLayout> noBroadcast = registersWithoutBroadcast(reg);
                QVERIFY(composed && noBroadcast);
                const Expected<LinearLayout> own = noBroadcast->invertAndCompose(shared);
                QVERIFY(own);
                std::optional<LinearLayout> storage;
                const LinearLayout *map = composedWithoutBroadcast(*composed, reg, storage);
                QVERIFY(map);
                if (!(*map == *own))
                    qFatal("%s <- %s: %s\n!=\n%s", regText.c_str(), sharedText.c_str(),
                           map->toString().c_str(), own->toString().c_str());
                (map == &*composed ? kept : dropped) += 1;
            }
    // Both kinds were met: layouts with broadcast registers and without.
    QVERIFY(dropped > 0);
    QVERIFY(kept > 0);
}

QTEST_APPLESS_MAIN(TestBankShift)
#include "tst_bankshift.moc"
