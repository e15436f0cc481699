#include "render/bankdiagram.h"
#include "render/qtext.h"

#include "analysis/kpack.h"
#include "render/palette.h"
#include "render/viewregistry.h"
#include "request/kpackfigures.h"

#include <QStringList>

#include <algorithm>
#include <map>

using namespace Qt::StringLiterals;

namespace lx {

namespace {

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
    QString how = r.instructionForced ? u"forced"_s : u"chosen from the vector width"_s;
    if (r.transposedLoad && r.transposedLoad->used && !r.instructionForced)
        how = u"transposed load, source addresses"_s;
    else if (r.transposedLoad && !r.transposedLoad->used)
        how = u"fallback: %1"_s.arg(qs(r.transposedLoad->reason));
    QString s = u"%1 (%2 banks, %3; %4)"_s.arg(qs(r.instruction.name))
                    .arg(r.instruction.numBanks)
                    .arg(how, provenanceText(r.instruction.provenance));
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

} // namespace

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
    // The counter's ratio over these accesses only: a profile of a whole kernel divides by all
    // its LDS cycles (the rocMLIR PR's 0.49 -> 0.07), so the denominator is printed with it.
    s.rows.push_back(
        {u"rocprof-compute Bank Conflicts/Access = %1 / %2 (these accesses only, not kernel-wide)"_s
             .arg(r.totals.cycles - r.totals.idealCycles)
             .arg(r.totals.idealCycles),
         QString::number(r.totals.conflictsPerAccess(), 'f', 3)});
    if (in.arch->bankConflictRateScale)
        s.rows.push_back(
            {u"rocprof-compute Bank Conflict Rate"_s,
             QString::number(r.totals.conflictRatePercent(in.arch->bankConflictRateScale->value),
                             'f', 2) +
                 u" %"_s});
    s.rows.push_back({u"Triton's model (extra wavefronts per access)"_s,
                      r.tritonExtraWavefronts ? QString::number(*r.tritonExtraWavefronts)
                                              : u"n/a: "_s + qs(r.tritonNote)});
    d.tables.push_back(std::move(s));
}

// The numbers of the bank analysis the view ran, for the analysis panel. `focus` is the one
// instruction the view shows (the histogram), or null: the wave's totals then.
void addBankFigures(Diagram &d, const BankViewInput &in, const InstructionReport *focus)
{
    appendFigures(d, bankFigures(in, focus));
}

} // namespace

Diagram bankMapDiagram(const BankViewInput &in)
{
    Diagram d;
    d.title = u"Bank map: %1"_s.arg(qs(in.sourceText));
    d.subtitle = u"%1: %2 banks of %3 B, bank = (byte / %3) mod %2 (%4)"_s.arg(qs(in.arch->name))
                     .arg(in.mapBanks)
                     .arg(in.arch->bankWidthBytes)
                     .arg(in.report.instructions.empty()
                              ? provenanceText(in.arch->bankProvenance)
                              : qs(in.report.instruction.name) + u", "_s +
                                    provenanceText(in.report.instruction.provenance));
    d.cellSize = QSizeF(30, 20);
    DiagramPanel &p = d.addPanel(in.rows, in.cols);
    p.rowAxisLabel = qs(in.rowAxis);
    p.columnAxisLabel = qs(in.columnAxis);
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
        // One arg() of every field: a chain of arg(int) calls reads the text again per field,
        // and the map's labels were most of the time of a bank view's build.
        const QString bank = QString::number(e.bank);
        p.setText(r, c, u"B"_s + bank);
        cell.tooltip = p.addString(u"(%1, %2): offset %3%4, byte %5, bank %6"_s.arg(
            QString::number(r), QString::number(c), QString::number(e.offset),
            e.partition ? u" in partition "_s + QString::number(e.partition) : QString(),
            QString::number(e.byteAddress), bank));
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
    d.title = u"Threads and banks: %1"_s.arg(qs(in.sourceText));
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
    p.rowAxisLabel = qs(in.rowAxis);
    p.columnAxisLabel = qs(in.columnAxis);
    p.rowHeaders = numbered(r0, r1 - r0 + 1);
    p.columnHeaders = numbered(c0, c1 - c0 + 1, qs(in.columnAxis) + u"="_s);
    std::map<std::pair<int, int>, int> owners;
    for (const ElementAccess *e : shown) {
        const auto [row, col] = cellOf(e->coords);
        const int pr = row - r0, pc = col - c0;
        if (owners[{pr, pc}]++ > 0)
            continue; // a broadcast read: the first lane is shown, the tooltip lists the count
        DiagramCell &cell = p.cell(pr, pc);
        cell.fill = waysColor(e->ways);
        cell.elementId = int64_t(row) * in.cols + col;
        const QString lane = QString::number(e->lane), bank = QString::number(e->bank);
        p.setText(pr, pc, u"T"_s + lane + u" B"_s + bank);
        cell.tooltip = p.addString(
            u"(%1, %2): lane %3, instruction %4%5, phase %6, byte %7, bank %8, %9-way"_s.arg(
                QString::number(row), QString::number(col), lane, QString::number(e->instruction),
                e->pass ? u" pass 2"_s : QString(), QString::number(e->phase),
                QString::number(e->byteAddress), bank, QString::number(e->ways)));
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
    d.title = u"Accesses per bank and phase: %1"_s.arg(qs(in.sourceText));
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

namespace {

// The bank view's inputs for a view that needs an access (its instructions) to draw.
Expected<BankViewInput> resolveBankAccess(const ViewRequest &request, const std::string &view)
{
    Expected<BankViewInput> in = resolveBankView(request);
    if (in && in->report.instructions.empty())
        return makeError("view '" + view +
                         "' needs an access: option 'reg' (a register layout) or 'kpack'");
    return in;
}

// A kPack view's decision figures (request/kpackfigures.h), drawn as a table in the figure
// itself, each inferred value and each wrong published row said there, and listed as figures.
Expected<Diagram> withKPackDecision(Diagram d, const ViewRequest &request)
{
    auto figures = kpackFigures(request);
    if (!figures)
        return makeError("view '" + request.kind + "': " + figures.message());
    if (figures->empty())
        return d;
    appendFigures(d, *figures);
    // The whole table where the view quotes the pull request or rocMLIR would emit other
    // stores; else one line of the subtitle says which rule the stores follow (a figure of
    // several such views stays readable).
    const nlohmann::json &k = request.options.at("kpack");
    bool vectorisesD = false;
    for (const Figure &f : *figures)
        vectorisesD = vectorisesD || (f.key == "storesShown" && f.value && *f.value > 0);
    if (!vectorisesD && !k.contains("published") && !k.contains("measured")) {
        for (const Figure &f : *figures)
            if (f.key == "storesShown" || f.key == "decisionAfterFix")
                d.subtitle += u"\n"_s + qs(f.label) + u": "_s + qs(f.text);
        return d;
    }
    DiagramTable t;
    t.title = u"rocMLIR's store decision (getLDSLayoutConfigDim) and the pull request's numbers"_s;
    t.header = {u"what"_s, u"value"_s, u"provenance"_s};
    for (const Figure &f : *figures) {
        const bool inferred = f.label.find("inferred") != std::string::npos;
        const bool flagged =
            (f.key == "publishedRows" || f.key == "storesShown") && f.value && *f.value > 0;
        t.rows.push_back(
            {qs(f.label), qs(f.text), inferred ? u"inferred"_s : qs(figureSourceName(f.source))});
        const QRgb fill = flagged                              ? qRgb(250, 205, 205)
                          : inferred                           ? qRgb(255, 240, 190)
                          : f.source == FigureSource::Measured ? qRgb(215, 230, 250)
                                                               : QRgb(0);
        t.fills.push_back(std::vector<QRgb>(3, fill));
    }
    d.tables.push_back(std::move(t));
    return d;
}

} // namespace

Expected<Diagram> buildBankMapView(const ViewRequest &request)
{
    auto in = resolveBankView(request);
    if (!in)
        return in.error();
    return withKPackDecision(bankMapDiagram(*in), request);
}

Expected<Diagram> buildBankTableView(const ViewRequest &request)
{
    auto lanes = request.intOption("lanes", -1);
    auto index = request.intOption("instructionIndex", -1);
    if (!lanes)
        return lanes.error();
    if (!index)
        return index.error();
    auto in = resolveBankAccess(request, "bank-table");
    if (!in)
        return in.error();
    return withKPackDecision(bankTableDiagram(*in, int(*lanes), int(*index)), request);
}

Expected<Diagram> buildBankHistogramView(const ViewRequest &request)
{
    auto index = request.intOption("instructionIndex", 0);
    if (!index)
        return index.error();
    auto in = resolveBankAccess(request, "bank-histogram");
    if (!in)
        return in.error();
    return withKPackDecision(bankHistogramDiagram(*in, int(*index)), request);
}

} // namespace lx
