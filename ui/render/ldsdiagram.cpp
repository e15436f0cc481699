#include "render/ldsdiagram.h"
#include "render/ldsdiagraminternal.h"

#include "render/chartannotations.h"

#include "layout/basisname.h"
#include "render/allocatorscale.h"
#include "render/palette.h"
#include "render/qtext.h"
#include "render/viewregistry.h"
#include "request/analysisinputs.h"
#include "request/partitionloweringfigures.h"
#include "request/viewfigures.h"

#include <algorithm>
#include <optional>
#include <set>

using namespace Qt::StringLiterals;

namespace lx {

namespace ldsdiagraminternal {

QString kib(int64_t bytes)
{
    return qs(byteSizeText(bytes));
}

} // namespace ldsdiagraminternal

using namespace ldsdiagraminternal;

namespace {

const QRgb kIdle = qRgb(235, 235, 235);
const QRgb kPartitionLine = qRgb(120, 120, 120);

} // namespace

namespace {

// Where the datapath view's rows sit: SIMD pairs on top, the arbiter with its ports, the
// partitions below.
struct DatapathGeometry
{
    double pairW = 250, pairH = 90, gap = 40;
    double totalW = 0;
    double arbY = 0, arbH = 80;
    double partY = 0, partW = 0, partH = 60;

    explicit DatapathGeometry(const CuModel &cu)
    {
        const int pairs = cu.numPairs();
        totalW = std::max(pairs * pairW + (pairs - 1) * gap, cu.hwPartitions() * 110.0);
        arbY = pairH + 50;
        partY = arbY + arbH + 50;
        partW = totalW / cu.hwPartitions() - 10;
    }
};

// The SIMD pairs, each SIMD with the warps the load runs on it (lit when active).
void drawSimdPairs(Diagram &d, const CuModel &cu, const LoadInstruction *load,
                   const std::set<int> &activeSimds, const DatapathGeometry &g)
{
    for (int q = 0; q < cu.numPairs(); ++q) {
        const double x = q * (g.pairW + g.gap);
        chart::box(d, x, 0, g.pairW, g.pairH, QString(), 0, simdPairColor(q), 2.5);
        chart::text(d, x + 8, 4, qs(simdPairName(q)));
        int k = 0;
        for (int simd = 0; simd < cu.simds; ++simd) {
            if (cu.pairOfSimd(simd) != q)
                continue;
            QStringList warps;
            if (load)
                for (const WarpLoadAccess &w : load->warps)
                    if (cu.simdOfWarp(w.warp) == simd)
                        warps << u"w%1"_s.arg(w.warp);
            chart::box(
                d, x + 12 + k * 118, 30, 108, 50,
                u"SIMD %1\n%2"_s.arg(simd).arg(warps.isEmpty() ? u"idle"_s : warps.join(u" "_s)),
                activeSimds.count(simd) ? simdPairColor(q) : kIdle);
            ++k;
        }
    }
}

// The arbiter with its ports (the first portsUsed lit) and the pairs' arrows into it; where each
// port's lines to the partitions start.
std::vector<QPointF> drawArbiter(Diagram &d, const CuModel &cu,
                                 const std::vector<std::set<int>> &byPair,
                                 const LoadInstruction *load, const DatapathGeometry &g)
{
    chart::box(d, 0, g.arbY, g.totalW, g.arbH, QString(), qRgb(250, 250, 245), qRgb(0, 0, 0), 2);
    chart::text(d, 8, g.arbY + 4, u"LDS/L0 arbiter"_s);
    const int portsUsed = load ? load->portsUsable : 0;
    const double portW = 150;
    std::vector<QPointF> portBottoms;
    for (int p = 0; p < cu.ports; ++p) {
        const double px = g.totalW / cu.ports * (p + 0.5) - portW / 2;
        portBottoms.emplace_back(px + portW / 2, g.arbY + 28 + 42);
        const bool lit = p < portsUsed;
        chart::box(d, px, g.arbY + 28, portW, 42,
                   u"port %1\n%2 B/cycle"_s.arg(QString::fromStdString(cu.portNames[size_t(p)]))
                       .arg(cu.portBytesPerCycle.value),
                   lit ? qRgb(255, 230, 120) : kIdle);
    }
    for (int q = 0; q < cu.numPairs(); ++q) {
        const double x = q * (g.pairW + g.gap) + g.pairW / 2;
        const bool active = load && !byPair[size_t(q)].empty();
        chart::line(d, DiagramAnnotation::Arrow, QPointF(x, g.pairH), QPointF(x, g.arbY),
                    active ? simdPairColor(q) : qRgb(160, 160, 160), active ? 3 : 1.5);
    }
    return portBottoms;
}

// The partitions, coloured by the pair(s) reading them (red: both), each reached by every port.
void drawPartitions(Diagram &d, const CuModel &cu, const std::vector<std::set<int>> &byPair,
                    const std::vector<QPointF> &portBottoms, int portsUsed,
                    const DatapathGeometry &g)
{
    for (int i = 0; i < cu.hwPartitions(); ++i) {
        const double x = i * (g.partW + 10);
        std::vector<int> readers;
        for (int q = 0; q < int(byPair.size()); ++q)
            if (byPair[size_t(q)].count(i))
                readers.push_back(q);
        QRgb fill = kIdle;
        if (readers.size() > 1)
            fill = kConflictMark;
        else if (readers.size() == 1)
            fill = simdPairColor(readers[0]);
        const bool l0 = i >= cu.ldsPartitions;
        QStringList who;
        for (int q : readers)
            who << QString::number(q);
        chart::box(d, x, g.partY, g.partW, g.partH,
                   u"P%1 %2\n%3"_s.arg(i)
                       .arg(l0 ? u"(L0)"_s : kib(cu.partitionBytes))
                       .arg(who.isEmpty() ? QString() : u"SIMD pair "_s + who.join(u"+"_s)),
                   fill, l0 ? qRgb(120, 120, 120) : qRgb(0, 0, 0), l0 ? 1 : 1.5);
        // Every port reaches every partition: one line from each port to each partition.
        for (size_t p = 0; p < portBottoms.size(); ++p)
            chart::line(
                d, DiagramAnnotation::Line, portBottoms[p],
                QPointF(x + g.partW * double(p + 1) / double(portBottoms.size() + 1), g.partY),
                int(p) < portsUsed ? qRgb(200, 150, 0) : qRgb(160, 160, 160), 1);
    }
}

// What the load costs under the model, and how many loads of the scenario conflict.
QString loadCaption(const CuModel &cu, const LdsScenario &s, const LoadInstruction &load)
{
    const double rate = cu.peakBytesPerCycle(load.portsUsable);
    QString caption =
        load.conflict
            ? u"Partition conflict: both pairs reach P%1 in this load; the arbiter "
              u"serialises them onto one port: %2 B/cycle (model)"_s
                  .arg(*load.conflictPartitions.begin())
                  .arg(rate)
            : u"No partition conflict: each pair gets its own port: %1 B/cycle (model)"_s.arg(rate);
    caption +=
        u"\n%1 of %2 loads conflict"_s.arg(s.access.conflictingLoads).arg(s.access.loads.size());
    return caption;
}

} // namespace

Expected<Diagram> buildLdsDatapathView(const ViewRequest &request)
{
    auto prep = resolveLds(request);
    if (!prep)
        return prep.error();
    const CuModel &cu = prep->cu;
    const LdsScenario &s = prep->scenario;
    auto loadOpt = request.intOption("load", 0);
    if (!loadOpt)
        return loadOpt.error();
    const LoadInstruction *load = nullptr;
    if (s.hasRead) {
        if (*loadOpt < 0 || *loadOpt >= int64_t(s.access.loads.size()))
            return makeError("view 'lds-datapath': load " + std::to_string(*loadOpt) +
                             " does not exist");
        load = &s.access.loads[size_t(*loadOpt)];
    }
    // Partitions each pair touches in this load.
    std::vector<std::set<int>> byPair(size_t(std::max(cu.numPairs(), 1)));
    std::set<int> activeSimds;
    if (load)
        for (const WarpLoadAccess &w : load->warps) {
            if (w.pair >= 0 && size_t(w.pair) < byPair.size())
                byPair[size_t(w.pair)].insert(w.partitions.begin(), w.partitions.end());
            activeSimds.insert(cu.simdOfWarp(w.warp));
        }

    Diagram d;
    d.title = request.title.empty()
                  ? u"LDS datapath of one WGP (%1)"_s.arg(QString::fromStdString(cu.arch))
                  : QString::fromStdString(request.title);
    d.subtitle = load ? u"lit by load %1 of the %2 scenario (same-cycle model)"_s.arg(load->index)
                            .arg(QString::fromStdString(s.label))
                      : u"no read in this scenario: nothing lit"_s;

    const DatapathGeometry g(cu);
    drawSimdPairs(d, cu, load, activeSimds, g);
    const std::vector<QPointF> portBottoms = drawArbiter(d, cu, byPair, load, g);
    drawPartitions(d, cu, byPair, portBottoms, load ? load->portsUsable : 0, g);
    const QString caption = load ? loadCaption(cu, s, *load) : QString();
    if (!caption.isEmpty())
        chart::text(d, 0, g.partY + g.partH + 16, caption);
    d.legendTitle = u"lit by the load"_s;
    for (int q = 0; q < cu.numPairs(); ++q)
        d.legend.push_back({simdPairColor(q), qs(simdPairName(q))});
    d.legend.push_back({kConflictMark, u"partition reached by both SIMD pairs"_s});
    d.legend.push_back({qRgb(255, 230, 120), u"port in use"_s});

    appendFigures(d, ldsFigures(*prep));
    if (load)
        appendFigures(d, loadFigures(*load, byPair, cu));
    return d;
}

namespace {

// Top of the allocator's charts: a step's caption takes three lines, the capacity label one.
constexpr double kChartTop = 60;

// The allocator's charts side by side, time x offset, all on one scale: one per stage-1 step,
// then the final placement.
class AllocatorCharts
{
public:
    static constexpr double kChartW = 170, kChartH = 240, kGap = 60;
    // A buffer's least height (its name fits) and the gap left between neighbouring buffers.
    static constexpr double kMinBoxH = 14, kBoxGap = 2;
    // A chart's block: its caption, the chart and room below it; what follows the charts
    // starts under the blocks.
    static constexpr double kBlockH = kChartTop + kChartH + 24;

    AllocatorCharts(Diagram &d, const CuModel &cu, const AllocationResult &a)
        : m_d(d), m_cu(cu), m_a(a)
    {
        int64_t tMax = a.buffers.front().liveEnd;
        m_tMin = a.buffers.front().liveStart;
        int64_t top = a.totalBytes;
        for (const AllocStage1Step &st : a.stage1)
            top = std::max(top, std::max(st.slotOffset, st.reopenedAt));
        for (const AllocBuffer &b : a.buffers) {
            m_tMin = std::min(m_tMin, b.liveStart);
            tMax = std::max(tMax, b.liveEnd);
        }
        m_unit = cu.partitionBytes > 0 ? cu.partitionBytes : 65536;
        // The chart reaches the capacity, so the red line at it is always drawn.
        m_topOffset =
            std::max((top / m_unit + 1) * m_unit, (cu.ldsBytes + m_unit - 1) / m_unit * m_unit);
        // One axis for all charts, over every placement any of them draws.
        m_scale.emplace(drawnPlacements(a), m_topOffset, kChartH, kMinBoxH);
        m_tScale = kChartW / double(std::max<int64_t>(tMax - m_tMin, 1));
    }

    // The next chart: the buffers at `offsets` (-1: not placed yet), and for a step its slot and
    // what blocked it.
    void draw(const QString &title, const std::vector<int64_t> &offsets, const AllocStage1Step *st,
              const std::vector<int> &emphasised = {})
    {
        // Below the three-line caption, with room for the capacity's label above the chart.
        const double x0 = m_chart * (kChartW + kGap), y0 = kChartTop;
        // One block per chart, its labels and the gap after it included: a page lays the charts
        // out in rows.
        m_d.blocks.emplace_back(x0, 0, kChartW + kGap, kBlockH);
        chart::text(m_d, x0, 0, title);
        chart::box(m_d, x0, y0, kChartW, kChartH, QString(), qRgb(252, 252, 252), qRgb(0, 0, 0), 1);
        drawScale(x0, y0);
        for (const AllocBuffer &b : m_a.buffers) {
            const int64_t off = offsets[size_t(b.id)];
            if (off < 0)
                continue;
            const double x = x0 + double(b.liveStart - m_tMin) * m_tScale;
            const double w = double(b.liveEnd - b.liveStart) * m_tScale;
            // Inset by half the gap at each end: neighbours in offset never touch.
            const double y = yOf(y0, off + b.size) + kBoxGap / 2;
            const double h = yOf(y0, off) - kBoxGap / 2 - y;
            const bool justPlaced =
                (st && st->chosen == b.id) ||
                std::find(emphasised.begin(), emphasised.end(), b.id) != emphasised.end();
            chart::box(m_d, x, y, w, h, QString::fromStdString(b.name),
                       categoricalColor(b.request, int(m_a.buffers.back().request) + 1),
                       justPlaced ? qRgb(0, 0, 0) : qRgb(90, 90, 90), justPlaced ? 2.5 : 1);
        }
        if (st)
            drawSlot(x0, y0, *st);
        ++m_chart;
    }

    // Whether a small buffer is drawn taller than its bytes (the offset axis not to scale).
    bool isStretched() const { return m_scale->isStretched(); }

private:
    double yOf(double y0, int64_t offset) const { return y0 + kChartH - m_scale->at(offset); }

    // The partition boundaries with their offsets and the capacity line.
    void drawScale(double x0, double y0)
    {
        for (int64_t b = m_unit; b < m_topOffset; b += m_unit) {
            const double y = yOf(y0, b);
            DiagramAnnotation l;
            l.kind = DiagramAnnotation::Line;
            l.from = chart::at(x0, y);
            l.to = chart::at(x0 + kChartW, y);
            l.color = kPartitionLine;
            l.penWidth = 1;
            m_d.annotations.push_back(l);
            chart::text(m_d, x0 + kChartW + 2, y - 8, kib(b));
        }
        const double yCap = yOf(y0, m_cu.ldsBytes);
        chart::line(m_d, DiagramAnnotation::Line, QPointF(x0, yCap), QPointF(x0 + kChartW, yCap),
                    kConflictMark, 2, u"capacity %1"_s.arg(kib(m_cu.ldsBytes)));
    }

    // The step's slot (blue) and, when it was blocked, the arrow to where it reopened.
    void drawSlot(double x0, double y0, const AllocStage1Step &st)
    {
        const double ys = yOf(y0, st.slotOffset);
        chart::line(m_d, DiagramAnnotation::Line, QPointF(x0, ys), QPointF(x0 + kChartW, ys),
                    qRgb(30, 90, 200), 2);
        if (st.reopenedAt >= 0) {
            const double yr = yOf(y0, st.reopenedAt);
            QStringList blocked;
            for (int id : st.blocked)
                blocked << QString::fromStdString(m_a.buffers[size_t(id)].name);
            chart::line(m_d, DiagramAnnotation::Arrow, QPointF(x0 + kChartW * 0.8, ys),
                        QPointF(x0 + kChartW * 0.8, yr), kConflictMark, 2.5,
                        u"%1 blocked"_s.arg(blocked.join(u", "_s)));
        }
    }

    Diagram &m_d;
    const CuModel &m_cu;
    const AllocationResult &m_a;
    int64_t m_tMin = 0;
    int64_t m_unit = 65536;
    int64_t m_topOffset = 0;
    std::optional<OffsetScale> m_scale;
    double m_tScale = 1;
    int m_chart = 0;
};

// "slot 0:\nB placed at 0", "slot 65536 blocked:\nreopened at 98304", or a dropped slot.
QString stepCaption(const AllocationResult &a, const AllocStage1Step &st)
{
    return st.chosen >= 0 ? u"slot %1:\n%2 placed at %3"_s.arg(st.slotOffset)
                                .arg(QString::fromStdString(a.buffers[size_t(st.chosen)].name))
                                .arg(st.placedOffset)
           : st.reopenedAt >= 0
               ? u"slot %1 blocked:\nreopened at %2"_s.arg(st.slotOffset).arg(st.reopenedAt)
               : u"slot %1: no buffer\nneeds it; dropped"_s.arg(st.slotOffset);
}

// Every stage-2 move: the buffer, where it was and went, and the interferer that set the offset.
DiagramTable allocatorStage2Table(const AllocationResult &a)
{
    DiagramTable t;
    t.title = u"Stage 2: buffers live together must not overlap, neighbours not share a "
              u"partition"_s;
    t.header = {u"round"_s, u"buffer"_s, u"from"_s, u"to"_s, u"because of"_s};
    for (size_t r = 0; r < a.stage2.size(); ++r)
        for (const AllocMove &m : a.stage2[r].moves) {
            const QString cause = m.cause < 0
                                      ? QString()
                                      : QString::fromStdString(a.buffers[size_t(m.cause)].name) +
                                            (m.partitionEdge ? u" (neighbour: past its partition)"_s
                                                             : u" (overlapping while live)"_s);
            t.rows.push_back({QString::number(r + 1),
                              QString::fromStdString(a.buffers[size_t(m.buffer)].name),
                              QString::number(m.from), QString::number(m.to), cause});
        }
    return t;
}

// The buffers in placement order with their partitions and neighbours.
DiagramTable allocatorBufferTable(const AllocationResult &a)
{
    DiagramTable t;
    t.title = u"Buffers (largest first; neighbours must sit in different partitions)"_s;
    t.header = {u"buffer"_s, u"size"_s, u"live"_s, u"offset"_s, u"partitions"_s, u"neighbours"_s};
    for (int id : a.placementOrder) {
        const AllocBuffer &b = a.buffers[size_t(id)];
        const auto parts = a.partitionsOf(b);
        QStringList nb;
        for (int n : b.neighbors)
            nb << QString::fromStdString(a.buffers[size_t(n)].name);
        t.rows.push_back({QString::fromStdString(b.name), QString::number(b.size),
                          u"[%1, %2)"_s.arg(b.liveStart).arg(b.liveEnd), QString::number(b.offset),
                          parts.first == parts.second
                              ? QString::number(parts.first)
                              : u"%1-%2"_s.arg(parts.first).arg(parts.second),
                          nb.join(u", "_s)});
    }
    return t;
}

} // namespace

Expected<Diagram> buildAllocatorView(const ViewRequest &request)
{
    auto prep = resolveLds(request);
    if (!prep)
        return prep.error();
    const CuModel &cu = prep->cu;
    const AllocationResult &a = prep->scenario.allocation;
    Diagram d;
    d.title = request.title.empty() ? u"Partition-aware allocation (time x offset)"_s
                                    : QString::fromStdString(request.title);
    d.subtitle =
        u"stage 1 step by step (blue: the slot taken), then %6; grey "
        u"lines: %1 partition boundaries; red: the LDS capacity (%2, %3); total %4 B%5"_s
            .arg(kib(cu.partitionBytes), kib(cu.ldsBytes), QString::fromStdString(cu.arch))
            .arg(a.totalBytes)
            .arg(prep->scenario.warnings.empty() ? QString() : u", which does not fit"_s)
            .arg(a.stage2.empty() ? u"the final placement"_s
                                  : u"each stage-2 round (outlined: the buffers it moved)"_s);
    appendFigures(d, ldsFigures(*prep)); // the allocator's own among them
    if (a.buffers.empty())
        return d;

    AllocatorCharts charts(d, cu, a);
    // Every step, numbered as the allocator numbers them (and the stage1Steps figure counts
    // them): a step that placed nothing and reopened nothing still took its slot off the list.
    std::vector<int64_t> placedAt(a.buffers.size(), -1);
    for (size_t i = 0; i < a.stage1.size(); ++i) {
        const AllocStage1Step &st = a.stage1[i];
        if (st.chosen >= 0)
            placedAt[size_t(st.chosen)] = st.placedOffset;
        charts.draw(u"stage 1, step %1\n%2"_s.arg(int(i)).arg(stepCaption(a, st)), placedAt, &st);
    }
    if (a.stage2.empty()) {
        charts.draw(u"final\n(stage 2: no change)"_s, a.stage1Offsets(), nullptr);
    } else {
        // Each stage-2 round from the placement it found: the buffers it moved drawn thick.
        std::vector<int64_t> offsets = a.stage1Offsets();
        for (size_t r = 0; r < a.stage2.size(); ++r) {
            std::vector<int> moved;
            QStringList names;
            for (const AllocMove &m : a.stage2[r].moves) {
                offsets[size_t(m.buffer)] = m.to;
                moved.push_back(m.buffer);
                names << QString::fromStdString(a.buffers[size_t(m.buffer)].name);
            }
            charts.draw(u"stage 2, round %1%2\n%3 moved up"_s.arg(r + 1)
                            .arg(r + 1 == a.stage2.size() ? u" (final)"_s : QString())
                            .arg(names.join(u", "_s)),
                        offsets, nullptr, moved);
        }
        d.tables.push_back(allocatorStage2Table(a));
    }
    chart::text(d, 0, AllocatorCharts::kBlockH + 2,
                u"x: liveness (program steps), y: offset (0 at the bottom)%1"_s.arg(
                    charts.isStretched() ? u"; a small buffer drawn tall enough for its name, free "
                                           u"space shortened for it"_s
                                         : QString()));
    d.tables.push_back(allocatorBufferTable(a));
    return d;
}

Expected<Diagram> buildCvtPartitionView(const ViewRequest &request)
{
    auto prep = resolveLds(request);
    if (!prep)
        return prep.error();
    const LdsScenario &s = prep->scenario;
    if (!s.hasRead)
        return makeError(
            "view 'cvt-partition' needs a 'read' (or a microbenchmark) in its options");
    Diagram d;
    d.title = request.title.empty() ? u"cvt: (register, lane, warp) -> (offset, partition)"_s
                                    : QString::fromStdString(request.title);
    d.subtitle = u"highlighted: the bases that feed the partition coordinate"_s;
    const QRgb hi = qRgb(255, 215, 120);
    auto layoutTable = [&](const QString &title, const LinearLayout &l, const LinearLayout *cvt) {
        DiagramTable t;
        t.title = title;
        t.header << u"in-dim"_s << u"basis"_s;
        for (const auto &o : l.outDimNames())
            t.header << QString::fromStdString(o);
        for (const auto &[dim, bases] : l.bases())
            for (size_t i = 0; i < bases.size(); ++i) {
                QStringList row{QString::fromStdString(dim),
                                QString::fromStdString(basisName(dim, int(i)))};
                for (int32_t v : bases[i])
                    row << QString::number(v);
                bool feeds = dim == "partition";
                if (cvt) {
                    const int pi = l.outDimIndex("partition");
                    feeds = pi >= 0 && bases[i][size_t(pi)] != 0;
                }
                t.rows.push_back(row);
                t.fills.push_back(std::vector<QRgb>(size_t(row.size()), feeds ? hi : QRgb(0)));
            }
        d.tables.push_back(t);
    };
    for (const ResolvedLayout &l : request.layouts) {
        const bool shared = l.layout.hasInDim("offset");
        layoutTable(QString::fromStdString(l.name) +
                        (shared ? u" (shared): (offset, partition) -> (dim0, dim1)"_s
                                : u" (distributed): (register, lane, warp) -> (dim0, dim1)"_s),
                    l.layout, nullptr);
        if (!shared)
            d.tables.back().fills.assign(d.tables.back().rows.size(), {});
    }
    layoutTable(u"cvt = distributed.invertAndCompose(shared)"_s, s.access.conversion.cvt,
                &s.access.conversion.cvt);
    std::vector<std::string> feeding;
    for (const CvtBasisRow &r : s.access.conversion.rows)
        if (r.feedsPartition)
            feeding.push_back(basisName(r.inDim, r.index));
    const Figure bases = partitionBasesFigure(feeding);
    DiagramTable summary;
    summary.title = u"Partition index = XOR of"_s;
    summary.rows.push_back({feeding.empty() ? u"nothing: one partition"_s : qs(bases.text)});
    d.tables.push_back(summary);
    // The run-time lowering, as the figures say it (request/partitionloweringfigures.h).
    DiagramTable lowering;
    lowering.title = u"Run-time lowering: the per-partition base-pointer array"_s;
    lowering.header = {u"what"_s, u"computed from the bases above"_s};
    for (const Figure &f : partitionLoweringFigures(partitionLowering(s.access.conversion))) {
        lowering.rows.push_back({qs(f.label), qs(f.text)});
        const bool flagged = f.key == "partitionLaneBits" && f.value && *f.value > 0;
        lowering.fills.push_back({0, flagged ? qRgb(250, 200, 200) : QRgb(0)});
    }
    if (!lowering.rows.empty())
        d.tables.push_back(lowering);
    appendFigures(d, {bases});
    appendFigures(d, ldsFigures(*prep));
    return d;
}

} // namespace lx
