#include "render/dsloadtrdiagram.h"
#include "render/dsloadtrdiagraminternal.h"
#include "render/qtext.h"

#include "analysis/dsloadtr.h"
#include "layout/basisname.h"
#include "layout/linearlayout.h"
#include "render/palette.h"
#include "render/viewregistry.h"
#include "request/analysisinputs.h"
#include "request/kernelpressure.h"

#include <algorithm>
#include <bit>
#include <map>

namespace lx {

namespace {

constexpr int kLaneGroup = 8; // the blog colours lane labels in blocks of eight
constexpr int kMaxPanelSide = 256;
constexpr QRgb kTileBasis = qRgb(205, 220, 245);

QRgb laneColor(int lane, int warpSize)
{
    return categoricalColor(lane / kLaneGroup, warpSize / kLaneGroup);
}

void addLaneLegend(Diagram &d, int warpSize, const QString &what)
{
    d.legendTitle = what;
    for (int g = 0; g < warpSize / kLaneGroup; ++g)
        d.legend.push_back(
            {laneColor(g * kLaneGroup, warpSize), QStringLiteral("lanes %1–%2")
                                                      .arg(g * kLaneGroup)
                                                      .arg(g * kLaneGroup + kLaneGroup - 1)});
}

// (dim0, dim1) of shared(offset [, partition]) for a source element.
std::pair<int32_t, int32_t> tensorCoord(const LinearLayout &shared, int32_t offset,
                                        int32_t partition)
{
    std::vector<int32_t> in;
    for (const std::string &d : shared.inDimNames())
        in.push_back(d == "offset" ? offset : d == "partition" ? partition : 0);
    const std::vector<int32_t> v = shared.applyOrdered(in);
    return {v.empty() ? 0 : v[0], v.size() > 1 ? v[1] : 0};
}

} // namespace

namespace dsloadtrdiagraminternal {

QString basisText(const LinearLayout::Basis &b)
{
    return qs(formatBasis(b));
}

// One row per basis: "register=4" -> "[0, 4]". Dims in the layout's order.
DiagramTable basisTable(const QString &title, const LinearLayout &l, const QString &imageHeader)
{
    DiagramTable t;
    t.title = title;
    t.header = {QStringLiteral("input"), imageHeader};
    for (const auto &[dim, bases] : l.bases())
        for (size_t i = 0; i < bases.size(); ++i)
            t.rows.push_back({qs(basisName(dim, int(i))), basisText(bases[i])});
    if (t.rows.empty())
        t.rows.push_back({QStringLiteral("(no bases)"), QString()});
    return t;
}

QString outNames(const LinearLayout &l)
{
    QStringList names;
    for (const std::string &o : l.outDimNames())
        names << qs(o);
    return QLatin1Char('[') + names.join(QStringLiteral(", ")) + QLatin1Char(']');
}

QString planSubtitle(const DsLoadTrPlan &p, const std::string &dtype)
{
    QString s = p.hasInstruction()
                    ? QStringLiteral("%1 on %2").arg(qs(p.instruction.name), qs(p.instruction.arch))
                    : QStringLiteral("%1-bit elements on %2")
                          .arg(p.instruction.elementBits)
                          .arg(qs(p.instruction.arch));
    if (!dtype.empty())
        s += QStringLiteral(", %1").arg(qs(dtype));
    if (p.eligible)
        s += QStringLiteral(": %1 per thread (fallback: %2 × %3)")
                 .arg(p.instructions)
                 .arg(p.fallback.count)
                 .arg(qs(p.fallback.instruction));
    else
        s += QStringLiteral(": not eligible — %1 (fallback: %2 × %3)")
                 .arg(qs(p.reason))
                 .arg(p.fallback.count)
                 .arg(qs(p.fallback.instruction));
    return s;
}

} // namespace dsloadtrdiagraminternal

using namespace dsloadtrdiagraminternal;

Diagram buildNoTransposedLoad(const DsLoadTrPlan &plan, const std::string &dtype)
{
    Diagram d;
    d.title = QStringLiteral("No transposed load for %1-bit elements on %2")
                  .arg(plan.instruction.elementBits)
                  .arg(qs(plan.instruction.arch));
    d.subtitle = planSubtitle(plan, dtype);
    DiagramTable t;
    t.title = QStringLiteral("What the lowering does instead");
    t.header = {QStringLiteral("question"), QStringLiteral("answer")};
    t.rows.push_back({QStringLiteral("transposed load eligible"), QStringLiteral("no")});
    t.rows.push_back({QStringLiteral("why"), qs(plan.reason)});
    t.rows.push_back({QStringLiteral("fallback instruction"),
                      QStringLiteral("%1 (%2 element(s), %3 bits per load)")
                          .arg(qs(plan.fallback.instruction))
                          .arg(plan.fallback.vectorElements)
                          .arg(plan.fallback.bits)});
    t.rows.push_back(
        {QStringLiteral("fallback loads per thread"), QString::number(plan.fallback.count)});
    t.rows.push_back({QStringLiteral("registers per thread"), QString::number(plan.registers)});
    d.tables.push_back(std::move(t));
    return d;
}

Expected<Diagram> buildDsLoadTrPanels(const DsLoadTrPlan &plan, const LinearLayout &shared,
                                      const DsLoadTrPanelsOptions &options)
{
    if (!plan.hasInstruction())
        return buildNoTransposedLoad(plan, options.dtype);
    if (!plan.eligible)
        return makeError("no ds_load_tr panels: " + plan.reason);
    if (shared.numOutDims() != 2)
        return makeError("the panels view needs a 2-D tensor");
    if (options.warp < 0 || options.warp >= plan.warps)
        return makeError("warp " + std::to_string(options.warp) +
                         " does not exist (the layout has " + std::to_string(plan.warps) + ")");
    if (options.firstInstruction < 0 || options.firstInstruction >= plan.instructions)
        return makeError("instruction " + std::to_string(options.firstInstruction) +
                         " does not exist (" + std::to_string(plan.instructions) + " per thread)");
    const DsLoadTrInstruction &in = plan.instruction;
    const int E = in.elementsPerInstruction();
    const int64_t last =
        std::min<int64_t>(plan.instructions, int64_t(options.firstInstruction) +
                                                 std::max(1, options.instructionCount));
    const int32_t cols = shared.outDims()[1].second;

    Diagram d;
    d.title = QStringLiteral("%1: source and destination lanes").arg(qs(in.name));
    d.subtitle = planSubtitle(plan, options.dtype);
    d.rowAxisLabel = qs(shared.outDims()[0].first);
    d.columnAxisLabel = qs(shared.outDims()[1].first);
    d.cellSize = QSizeF(E > 8 ? 46 : 52, 20);
    for (int64_t i = options.firstInstruction; i < last; ++i) {
        struct Item
        {
            int32_t row, col;
            int srcLane, element, dstLane, reg;
        };
        std::vector<Item> items;
        int32_t r0 = INT32_MAX, r1 = -1, c0 = INT32_MAX, c1 = -1;
        for (int s = 0; s < in.warpSize; ++s)
            for (int e = 0; e < in.tileSize(); ++e) {
                const int32_t off =
                    plan.laneOffsets[size_t(options.warp)][size_t(i)][size_t(s)] + e;
                const int32_t part =
                    plan.lanePartitions[size_t(options.warp)][size_t(i)][size_t(s)];
                const auto [row, col] = tensorCoord(shared, off, part);
                const auto dst = in.destinationOf(s, e);
                items.push_back({row, col, s, e, dst.lane, int(i) * E + dst.element});
                r0 = std::min(r0, row);
                r1 = std::max(r1, row);
                c0 = std::min(c0, col);
                c1 = std::max(c1, col);
            }
        if (r1 - r0 + 1 > kMaxPanelSide || c1 - c0 + 1 > kMaxPanelSide)
            return makeError(
                "instruction " + std::to_string(i) + " touches a " + std::to_string(r1 - r0 + 1) +
                "x" + std::to_string(c1 - c0 + 1) +
                " region of the tensor; the exchange view (ds-load-tr-exchange) draws it by lane");
        const int rows = r1 - r0 + 1, ncols = c1 - c0 + 1;
        QStringList rowHeaders, colHeaders;
        for (int r = 0; r < rows; ++r)
            rowHeaders << QString::number(r0 + r);
        for (int c = 0; c < ncols; ++c)
            colHeaders << QString::number(c0 + c);
        for (int side = 0; side < 2; ++side) {
            DiagramPanel &p = d.addPanel(rows, ncols);
            // One row per instruction: source on the left, destination on the right (explicit
            // origins; the geometry shifts the whole block so its decorations fit).
            p.origin =
                QPointF(side * (ncols * d.cellSize.width() + 110),
                        double(i - options.firstInstruction) * (rows * d.cellSize.height() + 90));
            p.title = side == 0 ? QStringLiteral("instr %1 · source lanes S:E").arg(i)
                                : QStringLiteral("instr %1 · destination lanes D:R").arg(i);
            p.rowHeaders = rowHeaders;
            p.columnHeaders = colHeaders;
            for (const Item &it : items) {
                const int r = it.row - r0, c = it.col - c0;
                DiagramCell &cell = p.cell(r, c);
                cell.elementId = int64_t(it.row) * cols + it.col;
                if (side == 0) {
                    cell.fill = laneColor(it.srcLane, in.warpSize);
                    p.setText(r, c, QStringLiteral("S%1:E%2").arg(it.srcLane).arg(it.element));
                } else {
                    cell.fill = laneColor(it.dstLane, in.warpSize);
                    p.setText(r, c, QStringLiteral("D%1:R%2").arg(it.dstLane).arg(it.reg));
                }
                p.setTooltip(
                    r, c,
                    QStringLiteral("[%1, %2] · S%3:E%4 → D%5:R%6 · offset %7")
                        .arg(it.row)
                        .arg(it.col)
                        .arg(it.srcLane)
                        .arg(it.element)
                        .arg(it.dstLane)
                        .arg(it.reg)
                        .arg(plan.laneOffsets[size_t(options.warp)][size_t(i)][size_t(it.srcLane)] +
                             it.element));
            }
        }
    }
    addLaneLegend(d, in.warpSize, QStringLiteral("lane groups (S or D)"));
    return d;
}

Diagram buildDsLoadTrExchange(const DsLoadTrInstruction &in, const DsLoadTrPlan *plan, int warp,
                              int instr)
{
    const bool addresses = plan && plan->eligible && warp >= 0 && warp < plan->warps &&
                           instr >= 0 && instr < plan->instructions;
    Diagram d;
    d.title = QStringLiteral("%1: the fixed cross-lane exchange").arg(qs(in.name));
    d.subtitle =
        addresses
            ? QStringLiteral("warp %1, instruction %2: each source lane reads %3 contiguous "
                             "elements at its own LDS address")
                  .arg(warp)
                  .arg(instr)
                  .arg(in.tileSize())
            : QStringLiteral("each source lane reads %1 contiguous elements at its own address")
                  .arg(in.tileSize());
    d.cellSize = QSizeF(52, 18);
    const int n = in.tileSize();
    DiagramPanel &src = d.addPanel(in.warpSize, n);
    src.title = QStringLiteral("source lanes × elements");
    src.columnAxisLabel = QStringLiteral("element E");
    for (int e = 0; e < n; ++e)
        src.columnHeaders << QStringLiteral("E%1").arg(e);
    for (int s = 0; s < in.warpSize; ++s) {
        if (addresses)
            src.rowHeaders
                << QStringLiteral("S%1 @ %2 B").arg(s).arg(plan->byteAddress(warp, instr, s));
        else
            src.rowHeaders << QStringLiteral("S%1").arg(s);
        for (int e = 0; e < n; ++e) {
            src.cell(s, e).fill = laneColor(s, in.warpSize);
            src.cell(s, e).elementId = int64_t(s) * n + e;
            src.setText(s, e, QStringLiteral("S%1:E%2").arg(s).arg(e));
            const auto dst = in.destinationOf(s, e);
            src.setTooltip(s, e, QStringLiteral("goes to D%1:R%2").arg(dst.lane).arg(dst.element));
        }
    }
    DiagramPanel &dst = d.addPanel(in.warpSize, n);
    dst.title = QStringLiteral("destination lanes × registers");
    dst.columnAxisLabel = QStringLiteral("register R");
    for (int r = 0; r < n; ++r)
        dst.columnHeaders << QStringLiteral("R%1").arg(r);
    for (int l = 0; l < in.warpSize; ++l) {
        dst.rowHeaders << QStringLiteral("D%1").arg(l);
        for (int r = 0; r < n; ++r) {
            const auto s = in.sourceOf(l, r);
            dst.cell(l, r).fill = laneColor(s.lane, in.warpSize);
            dst.cell(l, r).elementId = int64_t(s.lane) * n + s.element;
            dst.setText(l, r, QStringLiteral("S%1:E%2").arg(s.lane).arg(s.element));
        }
    }
    addLaneLegend(d, in.warpSize, QStringLiteral("source lane groups"));
    return d;
}

Diagram buildDsLoadTrFullTile(const DsLoadTrInstruction &in)
{
    const LinearLayout ft = in.fullTile();
    Diagram d;
    d.title = QStringLiteral("%1 fullTile: (lane, register) → (offset, addr)").arg(qs(in.name));
    d.subtitle =
        QStringLiteral("destination (D, R) receives element O of the chunk read by source lane S; "
                       "the %1 bases define every other position by XOR")
            .arg(ft.totalInDimSizeLog2());
    d.cellSize = QSizeF(52, 18);
    const int n = in.tileSize();
    DiagramPanel &p = d.addPanel(in.warpSize, n);
    p.title = QStringLiteral("one instruction: O, S per destination (D, R)");
    p.rowAxisLabel = QStringLiteral("lane D");
    p.columnAxisLabel = QStringLiteral("register R");
    for (int r = 0; r < n; ++r)
        p.columnHeaders << QStringLiteral("R%1").arg(r);
    for (int l = 0; l < in.warpSize; ++l) {
        p.rowHeaders << QStringLiteral("D%1").arg(l);
        for (int r = 0; r < n; ++r) {
            const auto s = in.sourceOf(l, r);
            p.cell(l, r).fill = laneColor(s.lane, in.warpSize);
            p.setText(l, r, QStringLiteral("O%1 S%2").arg(s.element).arg(s.lane));
        }
    }
    DiagramTable t;
    t.title = QStringLiteral("fullTile bases");
    t.header = {QStringLiteral("basis"), QStringLiteral("(D, R)"), QStringLiteral("→ (O, S)")};
    for (const std::string &dim : {std::string("lane"), std::string("register")}) {
        for (int i = 0; i < ft.inDimSizeLog2(dim); ++i) {
            const int v = 1 << i;
            const int lane = dim == "lane" ? v : 0, reg = dim == "register" ? v : 0;
            const auto s = in.sourceOf(lane, reg);
            t.rows.push_back({qs(basisName(dim, i)),
                              QStringLiteral("(D%1, R%2)").arg(lane).arg(reg),
                              QStringLiteral("(O%1, S%2)").arg(s.element).arg(s.lane)});
            t.fills.push_back({0, 0, s.element != 0 ? kTileBasis : 0});
            // Outlined only: a label would cover the cell's text; the table names the basis.
            p.groups.push_back({QRect(reg, lane, 1, 1), qRgb(0, 0, 0), QString()});
        }
    }
    d.tables.push_back(std::move(t));
    addLaneLegend(d, in.warpSize, QStringLiteral("source lane groups"));
    return d;
}

Diagram buildDsLoadTrEligibility(const DsLoadTrPlan &plan, const LinearLayout &dst,
                                 const std::string &dtype)
{
    if (!plan.hasInstruction())
        return buildNoTransposedLoad(plan, dtype);
    const DsLoadTrInstruction &in = plan.instruction;
    const int t = std::countr_zero(uint32_t(in.tileSize()));
    Diagram d;
    d.title = plan.eligible
                  ? QStringLiteral("divideLeft(cvt, tile): %1 applies").arg(qs(in.name))
                  : QStringLiteral("divideLeft(cvt, tile) has no result: no %1").arg(qs(in.name));
    d.subtitle = planSubtitle(plan, dtype);
    d.tables.push_back(
        basisTable(QStringLiteral("destination %1").arg(outNames(dst)), dst, outNames(dst)));
    DiagramTable c;
    c.title = QStringLiteral("cvt against the tile");
    c.header = {QStringLiteral("input"), QStringLiteral("→ %1").arg(outNames(plan.cvt)),
                QStringLiteral("tile requires"), QStringLiteral("")};
    bool reported = false; // colour only the first breaking basis red, like the reason
    for (const auto &[dim, bases] : plan.cvt.bases()) {
        for (size_t i = 0; i < bases.size(); ++i) {
            const bool inTile = dim == "lane" && int(i) < t;
            const int32_t off = bases[i][0];
            const bool ok = inTile ? off == (int32_t(1) << i) : off % in.tileSize() == 0;
            const QString need = inTile ? QStringLiteral("offset %1 exactly").arg(1 << i)
                                        : QStringLiteral("a multiple of %1").arg(in.tileSize());
            QRgb fill = ok ? (inTile ? kTileBasis : kVerdictOk) : 0;
            if (!ok && !reported) {
                fill = kVerdictBad;
                reported = true;
            }
            c.rows.push_back({qs(basisName(dim, int(i))), basisText(bases[i]), need,
                              ok ? QStringLiteral("ok") : QStringLiteral("breaks")});
            c.fills.push_back({0, fill, 0, fill});
        }
    }
    d.tables.push_back(std::move(c));
    DiagramTable tile = basisTable(QStringLiteral("tile (%1)").arg(qs(in.name)), in.tile(),
                                   QStringLiteral("[offset]"));
    d.tables.push_back(std::move(tile));
    d.legendTitle = QStringLiteral("bases");
    d.legend = {{kTileBasis, QStringLiteral("the tile: lanes walk offsets 1, 2, 4, …")},
                {kVerdictOk, QStringLiteral("moves whole chunks")},
                {kVerdictBad, QStringLiteral("breaks divideLeft")}};
    return d;
}

// ---- view-registry entry points ------------------------------------------------------------

namespace {

using Resolved = DsLoadTrInput;

Expected<Resolved> resolve(const ViewRequest &r)
{
    return resolveDsLoadTr(r);
}

Diagram withTitle(Diagram d, const ViewRequest &r)
{
    if (!r.title.empty())
        d.title = qs(r.title);
    return d;
}

// What the loads cost a thread beyond the LDS, drawn in the figure (the figures' own texts):
// the instructions against the DS counter and the VGPRs each lowering writes, both models.
Diagram withCostTable(Diagram d)
{
    DiagramTable t;
    t.title = QStringLiteral("Per thread: the DS counter and the VGPRs (models, and what was "
                             "measured where the view quotes it)");
    t.header = {QStringLiteral("what"), QStringLiteral("value"), QStringLiteral("provenance")};
    for (const DiagramFigure &f : d.figures)
        if (f.key.startsWith(QStringLiteral("dsCounter")) ||
            f.key.startsWith(QStringLiteral("vgprs")) ||
            f.key.startsWith(QStringLiteral("spills"))) {
            t.rows.push_back({f.label, f.value, qs(figureSourceName(f.source))});
            const bool exhausted = f.value.contains(QStringLiteral("exhausts"));
            t.fills.push_back(std::vector<QRgb>(3, exhausted ? qRgb(250, 215, 215) : QRgb(0)));
        }
    if (!t.rows.empty())
        d.tables.push_back(std::move(t));
    return d;
}

// The plan's numbers for the analysis panel (Diagram::figures), the same for every view of it.
Diagram withFigures(Diagram d, const Resolved &r, const ViewRequest &request)
{
    appendFigures(d, dsLoadTrFigures(r));
    return withTitle(std::move(d), request);
}

} // namespace

Expected<Diagram> buildDsLoadTrPanelsView(const ViewRequest &request)
{
    Expected<Resolved> r = resolve(request);
    if (!r)
        return r.error();
    Expected<int64_t> warp = request.intOption("warp", 0);
    Expected<int64_t> first = request.intOption("first", 0);
    Expected<int64_t> count = request.intOption("count", 8);
    for (const auto *e : {&warp, &first, &count})
        if (!*e)
            return e->error();
    DsLoadTrPanelsOptions o;
    o.warp = int(*warp);
    o.firstInstruction = int(*first);
    o.instructionCount = int(std::clamp<int64_t>(*count, 1, 64));
    o.dtype = r->dtype;
    Expected<Diagram> d = buildDsLoadTrPanels(r->plan, r->shared->layout, o);
    if (!d)
        return makeError("view '" + request.kind + "': " + d.message());
    Expected<std::vector<Figure>> measured = measuredRegisterFigures(request);
    if (!measured)
        return measured.error();
    Diagram out = withFigures(std::move(*d), *r, request);
    appendFigures(out, *measured);
    return withCostTable(std::move(out));
}

Expected<Diagram> buildDsLoadTrExchangeView(const ViewRequest &request)
{
    Expected<std::string> name = request.stringOption("instruction", "");
    if (!name)
        return name.error();
    Expected<int64_t> warp = request.intOption("warp", 0);
    Expected<int64_t> instr = request.intOption("instr", 0);
    if (!warp)
        return warp.error();
    if (!instr)
        return instr.error();
    if (!name->empty() && request.layouts.empty()) {
        std::optional<DsLoadTrInstruction> in = dsLoadTrInstructionByName(*name);
        if (!in)
            return makeError("view '" + request.kind + "': unknown instruction '" + *name + "'");
        return withTitle(buildDsLoadTrExchange(*in, nullptr, 0, 0), request);
    }
    Expected<Resolved> r = resolve(request);
    if (!r)
        return r.error();
    if (!r->plan.hasInstruction())
        return withFigures(buildNoTransposedLoad(r->plan, r->dtype), *r, request);
    if (r->plan.eligible &&
        (*warp >= r->plan.warps || *instr >= r->plan.instructions || *warp < 0 || *instr < 0))
        return makeError("view '" + request.kind + "': warp " + std::to_string(*warp) +
                         " / instruction " + std::to_string(*instr) + " out of range");
    return withFigures(
        buildDsLoadTrExchange(r->plan.instruction, &r->plan, int(*warp), int(*instr)), *r, request);
}

Expected<Diagram> buildDsLoadTrFullTileView(const ViewRequest &request)
{
    Expected<std::string> name = request.stringOption("instruction", "");
    if (!name)
        return name.error();
    if (name->empty()) {
        Expected<Resolved> r = resolve(request);
        if (!r)
            return r.error();
        if (!r->plan.hasInstruction())
            return withFigures(buildNoTransposedLoad(r->plan, r->dtype), *r, request);
        return withFigures(buildDsLoadTrFullTile(r->plan.instruction), *r, request);
    }
    std::optional<DsLoadTrInstruction> in = dsLoadTrInstructionByName(*name);
    if (!in)
        return makeError("view '" + request.kind + "': unknown instruction '" + *name + "'");
    return withTitle(buildDsLoadTrFullTile(*in), request);
}

Expected<Diagram> buildDsLoadTrEligibilityView(const ViewRequest &request)
{
    Expected<Resolved> r = resolve(request);
    if (!r)
        return r.error();
    return withFigures(buildDsLoadTrEligibility(r->plan, r->dst->layout, r->dtype), *r, request);
}

Expected<Diagram> buildDsLoadTrPipelineView(const ViewRequest &request)
{
    Expected<Resolved> r = resolve(request);
    if (!r)
        return r.error();
    Expected<int64_t> step = request.intOption("step", 0);
    if (!step)
        return step.error();
    if (*step < 0 || *step > pipelineStepCount())
        return makeError("view '" + request.kind + "': option 'step' must be 0 (every step) to " +
                         std::to_string(pipelineStepCount()) + ", not " + std::to_string(*step));
    return withFigures(buildDsLoadTrPipeline(r->plan, r->dst->layout, int(*step)), *r, request);
}

Expected<Diagram> buildInvertAndComposeView(const ViewRequest &request)
{
    Expected<std::pair<const ResolvedLayout *, const ResolvedLayout *>> l =
        dsLoadTrLayouts(request);
    if (!l)
        return l.error();
    Expected<Diagram> d = buildInvertAndComposeTable(l->second->layout, l->first->layout);
    if (!d)
        return makeError("view '" + request.kind + "': " + d.message());
    return withTitle(std::move(*d), request);
}

} // namespace lx
