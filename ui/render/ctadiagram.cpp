#include "render/ctadiagram.h"

#include "analysis/ctaconflicts.h"
#include "io/basestext.h"
#include "render/palette.h"
#include "render/qtext.h"
#include "render/viewregistry.h"
#include "request/analysisinputs.h"
#include "request/viewfigures.h"

#include <optional>
#include <set>

using namespace Qt::StringLiterals;

namespace lx {

namespace {

const QRgb kShared = qRgb(220, 60, 60);

// The ctaLayout as written (the bases the notes cite), then, when they differ, the bases the
// tiles are drawn with: a basis reaching past C wraps to 0 and repetitions are appended.
QString ctaBasesText(const CtaAnalysis &c)
{
    const QString written = u"ctaLayout warp = %1, register = %2 (tile units)"_s.arg(
        qs(formatBasesText(c.writtenWarpBases)), qs(formatBasesText(c.writtenRegisterBases)));
    if (c.warpBases == c.writtenWarpBases && c.registerBases == c.writtenRegisterBases)
        return written;
    return written +
           u"; on C's %1x%2 tiles: warp = %3, register = %4 (bases past C wrap to "
           u"0, automatic repetitions appended)"_s.arg(c.tilesM)
               .arg(c.tilesN)
               .arg(qs(formatBasesText(c.warpBases)), qs(formatBasesText(c.registerBases)));
}

void headers(DiagramPanel &p, const CtaAnalysis &c, const QString &strip)
{
    p.rowHeaders << strip;
    for (int m = 0; m < c.tilesM; ++m)
        p.rowHeaders << u"M%1"_s.arg(m);
    p.columnHeaders << QString();
    for (int n = 0; n < c.tilesN; ++n)
        p.columnHeaders << u"N%1"_s.arg(n);
}

QString partitionText(int partition)
{
    return partition >= 0 ? u"partition P%1"_s.arg(partition)
                          : u"no partition separates the pairs"_s;
}

// The tiles of instruction `instr` whose warp meets a warp of the other SIMD pair in one band or
// partition of A or B: outlined red and dashed, the tooltip saying which operand and partition.
void markConflicts(DiagramPanel &p, const CtaAnalysis &c, const CtaPartitionConflicts &conflicts,
                   int instr)
{
    const CtaOperandInstruction &a = conflicts.a.instructions[size_t(instr)];
    const CtaOperandInstruction &b = conflicts.b.instructions[size_t(instr)];
    for (const CtaWarpTile &t : c.instructions[size_t(instr)].tiles) {
        const CtaWarpRead &ra = a.reads[size_t(t.warp)];
        const CtaWarpRead &rb = b.reads[size_t(t.warp)];
        const int row = t.tileM + 1, col = t.tileN + 1;
        QString tip = p.tooltip(row, col);
        tip += u"\nin instruction %1: reads A band M%2 (%3), B band N%4 (%5)"_s.arg(instr)
                   .arg(ra.band)
                   .arg(partitionText(ra.partition))
                   .arg(rb.band)
                   .arg(partitionText(rb.partition));
        QStringList on;
        if (ra.conflict)
            on << u"A"_s;
        if (rb.conflict)
            on << u"B"_s;
        if (!on.isEmpty()) {
            tip += u"\npartition conflict on %1: a warp of the other SIMD pair reads the same "
                   u"band or partition in this instruction"_s.arg(on.join(u" and "_s));
            p.groups.push_back({QRect(col, row, 1, 1), kShared, QString(), 3.0, true});
        }
        p.setTooltip(row, col, tip);
    }
}

// Per warp in instruction `instr`: the bands and partitions it reads, and whether it conflicts.
void addConflictTable(Diagram &d, const CtaAnalysis &c, const CtaPartitionConflicts &conflicts,
                      int instr)
{
    DiagramTable t;
    t.title = u"Partition conflicts in instruction %1 (over all instructions: %2)"_s.arg(instr).arg(
        conflicts.count == 1 ? u"1 conflicting operand"_s
                             : u"%1 conflicting operands"_s.arg(conflicts.count));
    t.header = {u"warp"_s,   u"SIMD pair"_s,   u"A band"_s,  u"A partition"_s,
                u"B band"_s, u"B partition"_s, u"conflict"_s};
    auto part = [](int q) { return q >= 0 ? u"P%1"_s.arg(q) : u"-"_s; };
    for (const CtaWarpTile &w : c.instructions[size_t(instr)].tiles) {
        const CtaWarpRead &ra = conflicts.a.instructions[size_t(instr)].reads[size_t(w.warp)];
        const CtaWarpRead &rb = conflicts.b.instructions[size_t(instr)].reads[size_t(w.warp)];
        QStringList on;
        if (ra.conflict)
            on << u"A"_s;
        if (rb.conflict)
            on << u"B"_s;
        t.rows.push_back({u"w%1"_s.arg(w.warp), u"p%1"_s.arg(ra.pair), u"M%1"_s.arg(ra.band),
                          part(ra.partition), u"N%1"_s.arg(rb.band), part(rb.partition),
                          on.isEmpty() ? u"no"_s : u"yes: "_s + on.join(u", "_s)});
    }
    d.tables.push_back(t);
    // Why each conflicting operand conflicts, in a table of its own: a long reason in the
    // warps' table would widen its last column for every row.
    DiagramTable why;
    why.title = u"Conflicting operands"_s;
    why.header = {u"operand"_s, u"why"_s};
    for (const CtaOperandConflicts *op : {&conflicts.a, &conflicts.b})
        if (op->conflict)
            why.rows.push_back(
                {QString::fromStdString(op->name), QString::fromStdString(op->reason)});
    if (!why.rows.empty())
        d.tables.push_back(why);
}

// The tiles of every instruction (fill: warp; outline: SIMD pair, thick for `instr`) and the
// strips of who reads each A row band and B column band in instruction `instr`.
void fillTilesPanel(DiagramPanel &p, const CtaAnalysis &c, int instr)
{
    for (const CtaInstruction &in : c.instructions)
        for (const CtaWarpTile &t : in.tiles) {
            const int row = t.tileM + 1, col = t.tileN + 1;
            const int pair = c.warps[size_t(t.warp)].pair;
            DiagramCell &cell = p.cell(row, col);
            const QString label = u"w%1 r%2"_s.arg(t.warp).arg(in.index);
            const QString old = p.text(row, col);
            p.setText(row, col, old.isEmpty() ? label : old + u"\n"_s + label);
            if (cell.fill == 0) {
                cell.fill = categoricalColor(t.warp, c.numWarps);
                p.groups.push_back({QRect(col, row, 1, 1), simdPairColor(pair), QString(),
                                    in.index == instr ? 4.0 : 2.0, false});
            }
            p.setTooltip(row, col,
                         u"tile (%1, %2): warp %3 (SIMD %4, %5), instruction %6"_s.arg(t.tileM)
                             .arg(t.tileN)
                             .arg(t.warp)
                             .arg(c.warps[size_t(t.warp)].simd)
                             .arg(qs(simdPairName(pair)))
                             .arg(in.index));
            // Warp 2^k's tile in instruction 0 is warp basis k: the window drags it.
            for (size_t k = 0; in.index == 0 && k < c.writtenWarpBases.size(); ++k)
                if (t.warp == (1 << k))
                    p.setTooltip(row, col,
                                 p.tooltip(row, col) +
                                     u"\nwarp basis %1: drag this tile onto another tile to "
                                     u"make it that tile's [M, N]"_s.arg(k));
        }
    // Strips: which pairs read each band in the chosen instruction.
    std::vector<std::set<int>> rowsBy(size_t(c.tilesM)), colsBy(size_t(c.tilesN));
    for (const CtaWarpTile &t : c.instructions[size_t(instr)].tiles) {
        rowsBy[size_t(t.tileM)].insert(c.warps[size_t(t.warp)].pair);
        colsBy[size_t(t.tileN)].insert(c.warps[size_t(t.warp)].pair);
    }
    const CtaPartitionConflicts conflicts = ctaPartitionConflicts(c);
    // The partition each band lands in (the operand's pieces), -1 when not separable.
    auto partitionOf = [&](const CtaOperandConflicts &op, int band) {
        for (const CtaWarpRead &r : op.instructions[size_t(instr)].reads)
            if (r.band == band)
                return r.partition;
        return -1;
    };
    auto stripCell = [&](int row, int col, const std::set<int> &pairs, int partition) {
        if (pairs.empty())
            return;
        QStringList names;
        for (int q : pairs)
            names << u"p%1"_s.arg(q);
        p.cell(row, col).fill = pairs.size() > 1 ? kShared : simdPairColor(*pairs.begin());
        p.setText(row, col,
                  names.join(u"+"_s) + (partition >= 0 ? u" P%1"_s.arg(partition) : QString()));
    };
    for (int m = 0; m < c.tilesM; ++m)
        stripCell(m + 1, 0, rowsBy[size_t(m)], partitionOf(conflicts.a, m));
    for (int n = 0; n < c.tilesN; ++n)
        stripCell(0, n + 1, colsBy[size_t(n)], partitionOf(conflicts.b, n));
    markConflicts(p, c, conflicts, instr);
}

// The location condition per operand, and the analysis' notes (under the subtitle).
void addLocationTables(Diagram &d, const CtaAnalysis &c)
{
    DiagramTable t;
    t.title = u"Location condition (same-cycle model)"_s;
    t.header = {u"operand"_s, u"cross-pair shared"_s, u"evidence"_s};
    for (const OperandPartitioning *op : {&c.a, &c.b})
        t.rows.push_back({QString::fromStdString(op->name),
                          op->crossPairShared ? u"yes"_s : u"no"_s,
                          op->crossPairShared
                              ? u"both pairs read band %1 in instruction %2"_s.arg(op->sharedBand)
                                    .arg(op->sharedInstruction)
                              : u"the pairs read disjoint bands in every instruction"_s});
    d.tables.push_back(t);
    // The analysis' notes close the subtitle, which every face wraps to its page: a long note
    // in a table would set the width of the figure's whole table column.
    for (const std::string &n : c.notes)
        d.subtitle += u"\nnote: "_s + QString::fromStdString(n);
}

QRgb partitionColor(int part)
{
    return part == 0 ? qRgb(150, 200, 150) : qRgb(200, 160, 220);
}

// One operand's strip: each piece in its partition's colour and outlined, each group (one P0,
// P1 cycle) outlined thick.
void drawOperandStrip(DiagramPanel &p, const CtaAnalysis &c, const OperandPartitioning &op)
{
    const int tileExtent = op.partitionDim == 0 ? c.tileM : c.tileN;
    for (const OperandPiece &pc : op.pieces) {
        const int first = pc.begin / tileExtent, count = (pc.end - pc.begin) / tileExtent;
        for (int k = first; k < first + count; ++k) {
            const int row = op.partitionDim == 0 ? k + 1 : 0;
            const int col = op.partitionDim == 0 ? 0 : k + 1;
            p.cell(row, col).fill = partitionColor(pc.partition);
            // The group is in the label: a group label on the outline would cover it.
            p.setText(row, col, k == first ? u"pc%1 G%2"_s.arg(pc.index).arg(pc.group) : QString());
            p.setTooltip(row, col,
                         u"%1 piece %2: %3 [%4, %5), partition %6, group %7"_s
                             .arg(QString::fromStdString(op.name))
                             .arg(pc.index)
                             .arg(op.partitionDim == 0 ? u"rows"_s : u"columns"_s)
                             .arg(pc.begin)
                             .arg(pc.end)
                             .arg(pc.partition)
                             .arg(pc.group));
        }
        const QRect r =
            op.partitionDim == 0 ? QRect(0, first + 1, 1, count) : QRect(first + 1, 0, count, 1);
        p.groups.push_back({r, qRgb(40, 40, 40), QString(), 1.5, false});
    }
    // One group = one (P0, P1) cycle.
    const int perGroup = op.numPartitions > 0 ? op.numPartitions : 1;
    for (int g = 0; g < op.numGroups; ++g) {
        const OperandPiece &a = op.pieces[size_t(g * perGroup)];
        const OperandPiece &b = op.pieces[size_t(g * perGroup + perGroup - 1)];
        const int first = a.begin / tileExtent, count = (b.end - a.begin) / tileExtent;
        const QRect r =
            op.partitionDim == 0 ? QRect(0, first + 1, 1, count) : QRect(first + 1, 0, count, 1);
        p.groups.push_back({r, qRgb(0, 0, 0), QString(), 3.0, false});
    }
}

// The PartitionedSharedLayout parameters and the buffer of each partition.
// Fig 11's arithmetic in the parameters table: the bytes of a piece row and its share of a
// cache line, as the figures give them (request/pieceline.h); nothing when they are absent.
void addCacheLineColumns(DiagramTable &params, const std::vector<Figure> &figures)
{
    auto text = [&](const std::string &key) -> std::optional<QString> {
        for (const Figure &f : figures)
            if (f.key == key)
                return QString::fromStdString(f.text);
        return std::nullopt;
    };
    if (!text("cacheLineA") && !text("cacheLineB"))
        return;
    params.header << u"bytes per piece row"_s << u"cache line per row"_s;
    for (QStringList &row : params.rows) {
        const std::string op = row.front().toStdString();
        row << text("pieceRowBytes" + op).value_or(u"-"_s)
            << text("cacheLine" + op).value_or(u"-"_s);
    }
}

void addPartitionTables(Diagram &d, const CtaAnalysis &c)
{
    DiagramTable params;
    params.title = u"PartitionedSharedLayout parameters read off the ctaLayout"_s;
    params.header = {u"operand"_s,          u"partition_dim"_s,    u"num_partitions"_s,
                     u"num_groups"_s,       u"pieces"_s,           u"piece extent"_s,
                     u"TDM instructions"_s, u"cross-pair shared"_s};
    for (const OperandPartitioning *op : {&c.a, &c.b})
        params.rows.push_back({QString::fromStdString(op->name), QString::number(op->partitionDim),
                               op->separable ? QString::number(op->numPartitions) : u"-"_s,
                               op->separable ? QString::number(op->numGroups) : u"-"_s,
                               op->separable ? QString::number(op->numPieces) : u"-"_s,
                               op->separable ? QString::number(op->pieceExtent) : u"-"_s,
                               op->separable ? u"ceil(%1 / %2) = %3"_s.arg(op->numPieces)
                                                   .arg(c.numWarps)
                                                   .arg(op->tdmInstructions)
                                             : u"-"_s,
                               op->crossPairShared ? u"yes"_s : u"no"_s});
    d.tables.push_back(params);
    DiagramTable buffers;
    buffers.title = u"Round-robin distribution: the buffer of each partition"_s;
    buffers.header = {u"operand"_s, u"partition"_s, u"pieces (groups in order)"_s};
    for (const OperandPartitioning *op : {&c.a, &c.b}) {
        if (!op->separable) {
            buffers.rows.push_back(
                {QString::fromStdString(op->name), u"-"_s, QString::fromStdString(op->note)});
            continue;
        }
        for (int q = 0; q < op->numPartitions; ++q) {
            QStringList list;
            for (const OperandPiece &pc : op->pieces)
                if (pc.partition == q)
                    list << u"pc%1 (G%2)"_s.arg(pc.index).arg(pc.group);
            buffers.rows.push_back(
                {QString::fromStdString(op->name), u"P%1"_s.arg(q), list.join(u" | "_s)});
        }
    }
    d.tables.push_back(buffers);
}

} // namespace

Expected<Diagram> buildCtaTilesView(const ViewRequest &request)
{
    auto prep = resolveCta(request);
    if (!prep)
        return prep.error();
    const CtaAnalysis &c = prep->cta;
    const CuModel &cu = prep->cu;
    auto instr = request.intOption("instruction", 0);
    if (!instr)
        return instr.error();
    if (*instr < 0 || *instr >= int64_t(c.instructions.size()))
        return makeError("view 'cta-tiles': instruction " + std::to_string(*instr) +
                         " does not exist (0.." + std::to_string(c.instructions.size() - 1) + ")");

    Diagram d;
    d.title = request.title.empty() ? u"ctaLayout tiles by SIMD pair"_s
                                    : QString::fromStdString(request.title);
    d.subtitle =
        ctaBasesText(c) + u"\nstrips: who reads A rows / B columns in instruction %1"_s.arg(*instr);
    d.cellSize = QSizeF(46, 30);
    DiagramPanel &p = d.addPanel(c.tilesM + 1, c.tilesN + 1);
    p.title = u"C %1x%2 in %3x%4 tiles"_s.arg(c.tilesM * c.tileM)
                  .arg(c.tilesN * c.tileN)
                  .arg(c.tileM)
                  .arg(c.tileN);
    p.rowAxisLabel = u"A rows (M)"_s;
    p.columnAxisLabel = u"B columns (N)"_s;
    headers(p, c, u"B"_s);
    p.rowHeaders[0] = u"B strip"_s;
    p.columnHeaders[0] = u"A strip"_s;

    fillTilesPanel(p, c, int(*instr));

    d.legendTitle = u"fill: warp; dark outline: SIMD pair (thick: instruction %1)"_s.arg(*instr);
    for (int w = 0; w < c.numWarps; ++w)
        d.legend.push_back({categoricalColor(w, c.numWarps),
                            u"w%1 (SIMD %2)"_s.arg(w).arg(c.warps[size_t(w)].simd)});
    for (int q = 0; q < cu.numPairs(); ++q)
        d.legend.push_back({simdPairColor(q), u"p%1: %2 reads"_s.arg(q).arg(qs(simdPairName(q)))});
    d.legend.push_back(
        {kShared, u"both SIMD pairs read it: shared across pairs; red dashed "
                  u"outline: a warp in a partition conflict in instruction %1"_s.arg(*instr)});

    addLocationTables(d, c);
    addConflictTable(d, c, ctaPartitionConflicts(c), int(*instr));
    appendFigures(d, ctaFigures(*prep));
    return d;
}

Expected<Diagram> buildCtaPiecesView(const ViewRequest &request)
{
    auto prep = resolveCta(request);
    if (!prep)
        return prep.error();
    const CtaAnalysis &c = prep->cta;

    Diagram d;
    d.title = request.title.empty() ? u"Pieces, groups and partitions of A and B"_s
                                    : QString::fromStdString(request.title);
    d.subtitle = u"C %1x%2, %3 warps; colour in C: the instruction (register index) computing the "
                 u"tile; dashed: the %4x%5-tile ctaLayout tile"_s.arg(c.tilesM * c.tileM)
                     .arg(c.tilesN * c.tileN)
                     .arg(c.numWarps)
                     .arg(c.ctaTilesM)
                     .arg(c.ctaTilesN);
    d.cellSize = QSizeF(52, 26);
    DiagramPanel &p = d.addPanel(c.tilesM + 1, c.tilesN + 1);
    p.title = u"C tiles, A strip (left) and B strip (top)"_s;
    p.rowAxisLabel = u"M"_s;
    p.columnAxisLabel = u"N"_s;
    headers(p, c, u"B"_s);
    p.rowHeaders[0] = u"B"_s;
    p.columnHeaders[0] = u"A"_s;
    const int numInstr = int(c.instructions.size());
    for (const CtaInstruction &in : c.instructions)
        for (const CtaWarpTile &t : in.tiles) {
            DiagramCell &cell = p.cell(t.tileM + 1, t.tileN + 1);
            if (cell.fill == 0) {
                cell.fill = categoricalColor(in.index, numInstr);
                p.setText(t.tileM + 1, t.tileN + 1, u"w%1"_s.arg(t.warp));
            }
        }
    for (int m = 0; m < c.tilesM; m += c.ctaTilesM)
        for (int n = 0; n < c.tilesN; n += c.ctaTilesN)
            p.groups.push_back({QRect(n + 1, m + 1, std::min(c.ctaTilesN, c.tilesN - n),
                                      std::min(c.ctaTilesM, c.tilesM - m)),
                                qRgb(60, 60, 60), QString(), 2.0, true});
    drawOperandStrip(p, c, c.a);
    drawOperandStrip(p, c, c.b);

    addPartitionTables(d, c);
    const std::vector<Figure> figures = ctaFigures(*prep);
    for (DiagramTable &t : d.tables)
        if (t.title.startsWith(u"PartitionedSharedLayout parameters"_s))
            addCacheLineColumns(t, figures);
    d.legendTitle = u"strips: partition of the piece; thick outline: a group (one P0, P1 cycle)"_s;
    d.legend.push_back({partitionColor(0), u"partition 0 (even pieces)"_s});
    d.legend.push_back({partitionColor(1), u"partition 1 (odd pieces)"_s});
    // The C tiles' colours: one per instruction (register index).
    for (int r = 0; r < numInstr; ++r)
        d.legend.push_back({categoricalColor(r, numInstr), u"C: instruction r%1"_s.arg(r)});
    appendFigures(d, figures);
    return d;
}

} // namespace lx
