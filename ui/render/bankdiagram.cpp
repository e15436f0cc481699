#include "render/bankdiagram.h"

#include "analysis/kpack.h"
#include "render/palette.h"
#include "render/viewregistry.h"

#include <QStringList>

#include <algorithm>
#include <map>

using namespace Qt::StringLiterals;

namespace lx {

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

// Light green for a conflict-free access, reds that deepen with the ways of its bank.
QRgb waysColor(int ways)
{
    if (ways <= 1)
        return qRgb(214, 240, 214);
    const int step = std::min(ways, 8);
    return qRgb(255, std::max(90, 215 - 16 * step), std::max(90, 215 - 16 * step));
}

QString provenanceText(const Provenance &p)
{
    return qs(p.label());
}

QString instructionSummary(const BankViewInput &in)
{
    const BankConflictReport &r = in.report;
    if (r.instructions.empty())
        return {};
    const InstructionReport &first = r.instructions.front();
    bool uniform = true;
    for (const InstructionReport &ir : r.instructions)
        uniform = uniform && ir.cycles == first.cycles && ir.maxWays == first.maxWays;
    QString s = u"%1 (%2 banks, %3; %4)"_s.arg(qs(r.instruction.name))
                    .arg(r.instruction.numBanks)
                    .arg(r.instructionForced ? u"forced"_s : u"chosen from the vector width"_s,
                         provenanceText(r.instruction.provenance));
    if (uniform)
        s += u": %1 cycles per instruction (ideal %2), %3-way"_s.arg(first.cycles)
                 .arg(first.idealCycles)
                 .arg(first.maxWays);
    else
        s += u": %1 instructions, %2 cycles (ideal %3), up to %4-way"_s.arg(r.totals.instructions)
                 .arg(r.totals.cycles)
                 .arg(r.totals.idealCycles)
                 .arg(r.totals.maxWays);
    return s;
}

QString tritonText(const BankConflictReport &r)
{
    if (r.tritonExtraWavefronts)
        return u"Triton's model (32 banks x 32 bit, gluon bank_conflicts): %1 extra wavefronts per access"_s
            .arg(*r.tritonExtraWavefronts);
    return u"Triton's model: n/a (%1)"_s.arg(qs(r.tritonNote));
}

Expected<int> dtypeBitsOf(const ViewRequest &req, const std::vector<const NamedLayout *> &layouts,
                          const std::string &fallback)
{
    std::string dtype = req.dtype;
    for (const NamedLayout *l : layouts) {
        if (dtype.empty() && l && !l->dtype.empty())
            dtype = l->dtype;
    }
    if (dtype.empty())
        dtype = fallback;
    if (dtype.empty())
        return makeError("view '" + req.kind + "' needs a dtype (on the view or its layouts)");
    return dtypeBits(dtype);
}

Expected<BankViewInput> resolveKPack(const ViewRequest &req, const Architecture &arch, int warp)
{
    const nlohmann::json &k = req.options.at("kpack");
    if (!k.is_object())
        return makeError("view '" + req.kind +
                         "': option 'kpack' must be an object {perfConfig, operand, rotate}");
    for (auto it = k.begin(); it != k.end(); ++it) {
        if (it.key() != "perfConfig" && it.key() != "operand" && it.key() != "rotate" &&
            it.key() != "dtype")
            return makeError("view '" + req.kind + "': unknown kpack option '" + it.key() + "'");
    }
    if (!k.contains("perfConfig") || !k.at("perfConfig").is_string())
        return makeError("view '" + req.kind + "': kpack.perfConfig must be a \"v4:...\" string");
    const std::string operand = k.value("operand", std::string("A"));
    if (operand != "A" && operand != "B")
        return makeError("view '" + req.kind + "': kpack.operand must be \"A\" or \"B\"");
    if (k.contains("rotate") && !k.at("rotate").is_boolean())
        return makeError("view '" + req.kind + "': kpack.rotate must be true or false");
    const bool rotate = k.value("rotate", false);
    auto cfg = parsePerfConfig(k.at("perfConfig").get<std::string>());
    if (!cfg)
        return cfg.error();
    auto bits = dtypeBitsOf(req, {}, k.value("dtype", std::string("f16")));
    if (!bits)
        return bits.error();
    auto plan = kpackStorePlan(*cfg, operand == "A" ? KPackOperand::A : KPackOperand::B, *bits,
                               arch.waveSize, rotate);
    if (!plan)
        return plan.error();
    auto report = kpackReport(arch, *plan, warp);
    if (!report)
        return report.error();
    BankViewInput in;
    in.arch = arch;
    in.report = std::move(*report);
    in.mapBanks = in.report.instruction.numBanks;
    in.map = kpackBankMap(*plan, in.mapBanks, arch.bankWidthBytes);
    in.rows = plan->dPerBlock;
    in.cols = plan->kPerBlock;
    in.rowAxis = operand == "A" ? u"d = m"_s : u"d = n"_s;
    in.columnAxis = u"k"_s;
    in.sourceText =
        u"rocMLIR kPack LDS [kPackPerBlock %1, D %2, kPack %3], %4, %5 x %6 per thread, rotation %7"_s
            .arg(cfg->kpackPerBlock)
            .arg(plan->dPerBlock)
            .arg(cfg->kpack)
            .arg(qs(cfg->toString()))
            .arg(plan->dPerThread)
            .arg(plan->kPerThread)
            .arg(rotate ? u"on"_s : u"off"_s);
    return in;
}

} // namespace

Expected<BankViewInput> resolveBankView(const ViewRequest &req)
{
    auto arch = loadArchitecture(req.arch);
    if (!arch)
        return arch.error();
    auto warp = req.intOption("warp", 0);
    if (!warp)
        return warp.error();
    if (req.options.is_object() && req.options.contains("kpack"))
        return resolveKPack(req, *arch, int(*warp));

    if (!req.options.is_object() || !req.options.contains("shared"))
        return makeError("view '" + req.kind +
                         "' needs option 'shared' (a shared layout) or 'kpack'");
    auto shared = req.layoutOption("shared");
    if (!shared)
        return shared.error();
    const bool hasReg = req.options.contains("reg") || (req.primary() && req.primary() != *shared);
    const NamedLayout *reg = nullptr;
    if (hasReg) {
        auto r = req.layoutOption("reg");
        if (!r)
            return r.error();
        reg = *r;
    }
    auto write = req.boolOption("write", false);
    auto broadcast = req.boolOption("broadcast", true);
    auto instruction = req.stringOption("instruction", "");
    if (!write)
        return write.error();
    if (!broadcast)
        return broadcast.error();
    if (!instruction)
        return instruction.error();
    auto bits = dtypeBitsOf(req, {*shared, reg}, "");
    if (!bits)
        return bits.error();

    SharedMemoryLayout sml;
    const std::vector<int32_t> &shape = (*shared)->shape;
    if ((*shared)->attr) {
        auto s = sharedMemoryLayout(*(*shared)->attr, shape, *bits,
                                    arch->cu ? arch->cu->partitionBytes : 0);
        if (!s)
            return makeError("shared layout '" + (*shared)->name + "': " + s.message());
        sml = std::move(*s);
    } else {
        sml.layout = (*shared)->layout;
    }
    const LinearLayout &sl = sml.layout;
    if (sl.numOutDims() < 1 || sl.numOutDims() > 2)
        return makeError("view '" + req.kind + "' draws 1-D or 2-D tensors; '" + (*shared)->name +
                         "' has " + std::to_string(sl.numOutDims()) + " dims");

    BankViewInput in;
    in.arch = *arch;
    in.mapBanks = arch->numBanks;
    if (reg) {
        BankAccessRequest br;
        br.reg = reg->layout;
        br.shared = sml;
        br.elementBits = *bits;
        br.isWrite = *write;
        br.instruction = *instruction;
        br.options.broadcast = *broadcast;
        br.maxWarps = int(*warp) + 1;
        auto report = analyzeBanks(*arch, br);
        if (!report)
            return report.error();
        in.report = std::move(*report);
        // Keep the chosen wave only.
        std::erase_if(in.report.elements, [&](const ElementAccess &e) { return e.warp != *warp; });
        std::erase_if(in.report.instructions,
                      [&](const InstructionReport &r) { return r.warp != *warp; });
        in.report.totals = BankTotals{};
        for (const InstructionReport &ir : in.report.instructions) {
            in.report.totals.instructions += 1;
            in.report.totals.cycles += ir.cycles;
            in.report.totals.idealCycles += ir.idealCycles;
            in.report.totals.maxWays = std::max(in.report.totals.maxWays, ir.maxWays);
            in.report.totals.modelCycles += ir.modelCycles;
            in.report.totals.measuredInstructions += ir.measuredRule.empty() ? 0 : 1;
        }
        in.mapBanks = in.report.instruction.numBanks;
    }
    auto map =
        sharedBankMap(sml, *bits, in.mapBanks, arch->bankWidthBytes, sml.partitionStrideBytes);
    if (!map)
        return map.error();
    in.map = std::move(*map);
    if (sl.numOutDims() == 1) {
        in.rows = 1;
        in.cols = sl.outDims()[0].second;
        in.columnAxis = qs(sl.outDims()[0].first);
    } else {
        in.rows = sl.outDims()[0].second;
        in.cols = sl.outDims()[1].second;
        in.rowAxis = qs(sl.outDims()[0].first);
        in.columnAxis = qs(sl.outDims()[1].first);
    }
    in.sourceText = u"%1%2 over %3 x %4, %5-bit elements"_s
                        .arg(reg ? qs(reg->name) + u" <-> "_s : QString(), qs((*shared)->name))
                        .arg(in.rows)
                        .arg(in.cols)
                        .arg(*bits);
    return in;
}

namespace {

// Cell (row, col) of a tensor coordinate in the grid.
std::pair<int, int> cellOf(const std::vector<int32_t> &coords)
{
    if (coords.size() == 1)
        return {0, coords[0]};
    return {coords[0], coords[1]};
}

QStringList numbered(int from, int count, const QString &prefix = {})
{
    QStringList out;
    for (int i = 0; i < count; ++i)
        out << prefix + QString::number(from + i);
    return out;
}

void addReportTables(Diagram &d, const BankViewInput &in)
{
    const BankConflictReport &r = in.report;
    if (r.instructions.empty())
        return;
    DiagramTable t;
    t.title = u"%1 per instruction of wave %2 (%3)"_s.arg(qs(r.instruction.name))
                  .arg(r.instructions.front().warp)
                  .arg(provenanceText(r.instruction.provenance));
    t.header = {u"instruction"_s, u"ways per phase"_s, u"cycles"_s, u"ideal"_s, u"extra"_s};
    for (const InstructionReport &ir : r.instructions) {
        QStringList ways;
        for (const PhaseReport &p : ir.phases)
            ways << QString::number(p.ways);
        t.rows.push_back({QString::number(ir.index), ways.join(u' '), QString::number(ir.cycles),
                          QString::number(ir.idealCycles), QString::number(ir.extraCycles())});
        const QRgb fill = waysColor(ir.maxWays);
        t.fills.push_back({fill, fill, fill, fill, fill});
    }
    d.tables.push_back(std::move(t));
    DiagramTable s;
    s.title = u"Totals and other models"_s;
    s.header = {u"measure"_s, u"value"_s};
    s.rows.push_back({u"cycles / ideal (phase model, this wave)"_s,
                      u"%1 / %2"_s.arg(r.totals.cycles).arg(r.totals.idealCycles)});
    if (!r.measuredRule.empty())
        s.rows.push_back({u"textbook phase model (measured rule: %1)"_s.arg(qs(r.measuredRule)),
                          u"%1 cycles; measured rule %2 cycles"_s.arg(r.totals.modelCycles)
                              .arg(r.totals.cycles)});
    s.rows.push_back({u"rocprof-compute Bank Conflicts/Access"_s,
                      QString::number(r.totals.conflictsPerAccess(), 'f', 3)});
    s.rows.push_back({u"rocprof-compute Bank Conflict Rate"_s,
                      QString::number(r.totals.conflictRatePercent(), 'f', 2) + u" %"_s});
    s.rows.push_back({u"Triton's model (extra wavefronts per access)"_s,
                      r.tritonExtraWavefronts ? QString::number(*r.tritonExtraWavefronts)
                                              : u"n/a: "_s + qs(r.tritonNote)});
    d.tables.push_back(std::move(s));
}

// The numbers of the bank analysis the view ran, for the analysis panel. `focus` is the one
// instruction the view shows (the histogram), or null: the wave's totals then.
void addBankFigures(Diagram &d, const BankViewInput &in, const InstructionReport *focus)
{
    d.addFigure(u"banks"_s, u"LDS banks (%1)"_s.arg(qs(in.arch.name)),
                QString::number(in.arch.numBanks),
                u"The architecture's bank count; %1 (%2)"_s.arg(
                    provenanceText(in.arch.bankProvenance),
                    in.report.instructions.empty()
                        ? u"the map uses %1 banks"_s.arg(in.mapBanks)
                        : u"%1 uses %2 banks"_s.arg(qs(in.report.instruction.name))
                              .arg(in.report.instruction.numBanks)));
    d.addFigure(u"bankWidth"_s, u"Bank width"_s, u"%1 B"_s.arg(in.arch.bankWidthBytes),
                u"Bank = (byte / width) mod banks"_s);
    const BankConflictReport &r = in.report;
    if (r.instructions.empty()) {
        d.addFigure(u"elements"_s, u"Elements mapped"_s, QString::number(in.map.size()));
        return;
    }
    const int wave = r.instructions.front().warp;
    d.addFigure(u"instruction"_s, u"LDS instruction"_s, qs(r.instruction.name),
                u"%1; %2"_s.arg(r.instructionForced ? u"Forced by the view"_s
                                                    : u"Chosen from the vector width"_s,
                                provenanceText(r.instruction.provenance)));
    const std::vector<PhaseReport> &phases = focus ? focus->phases : r.instructions.front().phases;
    d.addFigure(u"phases"_s, u"Phases per instruction"_s, QString::number(phases.size()),
                u"Lane groups served one after the other (passes x phases); the ideal cycle "
                u"count"_s);
    int lo = focus ? focus->cycles : r.instructions.front().cycles, hi = lo;
    if (!focus)
        for (const InstructionReport &ir : r.instructions) {
            lo = std::min(lo, ir.cycles);
            hi = std::max(hi, ir.cycles);
        }
    const QString which =
        focus ? u"instruction %1 of wave %2"_s.arg(focus->index).arg(wave) : u"wave %1"_s.arg(wave);
    d.addFigure(u"nway"_s, u"Bank conflict (%1)"_s.arg(which),
                u"%1-way"_s.arg(focus ? focus->maxWays : r.totals.maxWays),
                u"The most distinct dwords one bank serves in one phase"_s);
    d.addFigure(u"cycles"_s, u"Cycles per instruction (%1)"_s.arg(which),
                lo == hi ? u"%1 cycles"_s.arg(lo) : u"%1-%2 cycles"_s.arg(lo).arg(hi),
                u"Ours: the sum over phases of the phase's n-way (an empty phase costs one); "
                u"ideal %1"_s.arg(focus ? focus->idealCycles : r.instructions.front().idealCycles));
    if (!r.measuredRule.empty())
        d.addFigure(u"measuredVsModel"_s, u"Measured rule vs textbook model (wave %1)"_s.arg(wave),
                    u"%1 vs %2 cycles"_s.arg(r.totals.cycles).arg(r.totals.modelCycles),
                    u"%1: %2"_s.arg(qs(r.measuredRule), provenanceText(r.measuredRuleProvenance)));
    d.addFigure(u"instructions"_s, u"Instructions of wave %1"_s.arg(wave),
                QString::number(r.totals.instructions));
    d.addFigure(u"cyclesTotal"_s, u"Cycles of wave %1"_s.arg(wave),
                u"%1 cycles (ideal %2)"_s.arg(r.totals.cycles).arg(r.totals.idealCycles));
    d.addFigure(u"conflictsPerAccess"_s, u"Bank conflicts / access (rocprof-compute metric)"_s,
                QString::number(r.totals.conflictsPerAccess(), 'f', 3),
                u"(cycles - ideal) / ideal over wave %1"_s.arg(wave));
    d.addFigure(u"tritonConflicts"_s, u"Triton's model: extra wavefronts per access"_s,
                r.tritonExtraWavefronts ? QString::number(*r.tritonExtraWavefronts) : u"n/a"_s,
                r.tritonExtraWavefronts
                    ? u"Triton's generic count (32 banks x 32 bit, gluon bank_conflicts), beside "
                      u"ours"_s
                    : qs(r.tritonNote));
}

} // namespace

Diagram bankMapDiagram(const BankViewInput &in)
{
    Diagram d;
    d.title = u"Bank map: %1"_s.arg(in.sourceText);
    d.subtitle = u"%1: %2 banks of %3 B, bank = (byte / %3) mod %2 (%4)"_s.arg(qs(in.arch.name))
                     .arg(in.mapBanks)
                     .arg(in.arch.bankWidthBytes)
                     .arg(in.report.instructions.empty()
                              ? provenanceText(in.arch.bankProvenance)
                              : qs(in.report.instruction.name) + u", "_s +
                                    provenanceText(in.report.instruction.provenance));
    d.cellSize = QSizeF(30, 20);
    DiagramPanel &p = d.addPanel(in.rows, in.cols);
    p.rowAxisLabel = in.rowAxis;
    p.columnAxisLabel = in.columnAxis;
    if (in.rows > 1)
        p.rowHeaders = numbered(0, in.rows);
    p.columnHeaders = numbered(0, in.cols);
    for (const SharedElementBank &e : in.map) {
        const auto [r, c] = cellOf(e.coords);
        if (!p.contains(r, c))
            continue;
        DiagramCell &cell = p.cell(r, c);
        cell.fill = categoricalColor(e.bank, in.mapBanks);
        cell.elementId = int64_t(r) * in.cols + c;
        p.setText(r, c, u"B%1"_s.arg(e.bank));
        cell.tooltip =
            p.addString(u"(%1, %2): offset %3%4, byte %5, bank %6"_s.arg(r)
                            .arg(c)
                            .arg(e.offset)
                            .arg(e.partition ? u" in partition %1"_s.arg(e.partition) : QString())
                            .arg(e.byteAddress)
                            .arg(e.bank));
    }
    d.legendTitle = u"colour = bank (%1 colours)"_s.arg(in.mapBanks);
    for (int b = 0; b < in.mapBanks; ++b)
        d.legend.push_back({categoricalColor(b, in.mapBanks), u"B%1"_s.arg(b)});
    addBankFigures(d, in, nullptr);
    return d;
}

Diagram bankTableDiagram(const BankViewInput &in, int lanes, int instructionIndex)
{
    Diagram d;
    const BankConflictReport &r = in.report;
    d.title = u"Threads and banks: %1"_s.arg(in.sourceText);
    d.subtitle = instructionSummary(in) + u"  |  "_s + tritonText(r);
    d.cellSize = QSizeF(58, 20);
    std::vector<const ElementAccess *> shown;
    for (const ElementAccess &e : r.elements) {
        if ((lanes < 0 || e.lane < lanes) &&
            (instructionIndex < 0 || e.instruction == instructionIndex))
            shown.push_back(&e);
    }
    int r0 = in.rows, r1 = -1, c0 = in.cols, c1 = -1;
    for (const ElementAccess *e : shown) {
        const auto [row, col] = cellOf(e->coords);
        r0 = std::min(r0, row);
        r1 = std::max(r1, row);
        c0 = std::min(c0, col);
        c1 = std::max(c1, col);
    }
    const InstructionReport *focus = nullptr;
    for (const InstructionReport &ir : r.instructions) {
        if (instructionIndex >= 0 && ir.index == instructionIndex)
            focus = &ir;
    }
    addBankFigures(d, in, focus);
    if (shown.empty()) {
        d.subtitle += u"  |  no element is accessed by the selected lanes and instruction"_s;
        return d;
    }
    DiagramPanel &p = d.addPanel(r1 - r0 + 1, c1 - c0 + 1);
    p.rowAxisLabel = in.rowAxis;
    p.columnAxisLabel = in.columnAxis;
    p.rowHeaders = numbered(r0, r1 - r0 + 1);
    p.columnHeaders = numbered(c0, c1 - c0 + 1, in.columnAxis + u"="_s);
    std::map<std::pair<int, int>, int> owners;
    for (const ElementAccess *e : shown) {
        const auto [row, col] = cellOf(e->coords);
        const int pr = row - r0, pc = col - c0;
        if (owners[{pr, pc}]++ > 0)
            continue; // a broadcast read: the first lane is shown, the tooltip lists the count
        DiagramCell &cell = p.cell(pr, pc);
        cell.fill = waysColor(e->ways);
        cell.elementId = int64_t(row) * in.cols + col;
        p.setText(pr, pc, u"T%1 B%2"_s.arg(e->lane).arg(e->bank));
        cell.tooltip = p.addString(
            u"(%1, %2): lane %3, instruction %4%5, phase %6, byte %7, bank %8, %9-way"_s.arg(row)
                .arg(col)
                .arg(e->lane)
                .arg(e->instruction)
                .arg(e->pass ? u" pass 2"_s : QString())
                .arg(e->phase)
                .arg(e->byteAddress)
                .arg(e->bank)
                .arg(e->ways));
    }
    d.legendTitle = u"fill = distinct dwords in the element's bank within its phase"_s;
    d.legend.push_back({waysColor(1), u"conflict-free"_s});
    d.legend.push_back({waysColor(2), u"2-way"_s});
    d.legend.push_back({waysColor(4), u"4-way"_s});
    d.legend.push_back({waysColor(8), u"8-way or more"_s});
    addReportTables(d, in);
    return d;
}

Diagram bankHistogramDiagram(const BankViewInput &in, int instructionIndex)
{
    Diagram d;
    const BankConflictReport &r = in.report;
    d.title = u"Accesses per bank and phase: %1"_s.arg(in.sourceText);
    d.subtitle = instructionSummary(in) + u"  |  "_s + tritonText(r);
    d.cellSize = QSizeF(22, 16);
    const InstructionReport *ir = nullptr;
    for (const InstructionReport &x : r.instructions) {
        if (x.index == instructionIndex)
            ir = &x;
    }
    addBankFigures(d, in, ir);
    if (!ir) {
        d.subtitle += u"  |  the wave has no instruction %1"_s.arg(instructionIndex);
        return d;
    }
    double y = 0;
    for (const PhaseReport &ph : ir->phases) {
        const int height = std::max(1, ph.ways);
        const int nb = int(ph.accessesPerBank.size());
        DiagramPanel &p = d.addPanel(height, nb);
        p.title =
            u"instruction %1%2, phase %3 (%4, %5 active): %6-way, %7 cycle(s)"_s.arg(ir->index)
                .arg(ph.pass ? u" pass 2"_s : QString())
                .arg(ph.phase)
                .arg(qs(formatLaneList(ph.lanes, "T")))
                .arg(ph.activeLanes)
                .arg(ph.ways)
                .arg(ph.cycles);
        p.columnHeaders = numbered(0, nb);
        p.columnAxisLabel = u"bank"_s;
        for (int i = 0; i < height; ++i)
            p.rowHeaders << QString::number(height - i); // bars grow upwards
        p.rowAxisLabel = u"dwords"_s;
        for (int b = 0; b < nb; ++b) {
            const int count = ph.accessesPerBank[size_t(b)];
            for (int level = 0; level < count && level < height; ++level) {
                const int row = height - 1 - level;
                p.cell(row, b).fill = waysColor(count);
                p.setTooltip(row, b, u"bank %1: %2 distinct dword(s)"_s.arg(b).arg(count));
            }
        }
        p.origin = QPointF(0, y);
        y += height * d.cellSize.height() + 90;
    }
    d.legendTitle = u"bar colour = that bank's ways"_s;
    d.legend.push_back({waysColor(1), u"1 (no conflict)"_s});
    d.legend.push_back({waysColor(2), u"2"_s});
    d.legend.push_back({waysColor(8), u"8 or more"_s});
    addReportTables(d, in);
    return d;
}

Expected<Diagram> buildBankMapView(const ViewRequest &request)
{
    auto in = resolveBankView(request);
    if (!in)
        return in.error();
    return bankMapDiagram(*in);
}

Expected<Diagram> buildBankTableView(const ViewRequest &request)
{
    auto lanes = request.intOption("lanes", -1);
    auto index = request.intOption("instructionIndex", -1);
    if (!lanes)
        return lanes.error();
    if (!index)
        return index.error();
    auto in = resolveBankView(request);
    if (!in)
        return in.error();
    if (in->report.instructions.empty())
        return makeError(
            "view 'bank-table' needs an access: option 'reg' (a register layout) or 'kpack'");
    return bankTableDiagram(*in, int(*lanes), int(*index));
}

Expected<Diagram> buildBankHistogramView(const ViewRequest &request)
{
    auto index = request.intOption("instructionIndex", 0);
    if (!index)
        return index.error();
    auto in = resolveBankView(request);
    if (!in)
        return in.error();
    if (in->report.instructions.empty())
        return makeError(
            "view 'bank-histogram' needs an access: option 'reg' (a register layout) or 'kpack'");
    return bankHistogramDiagram(*in, int(*index));
}

} // namespace lx
