#include "render/nvidiadiagram.h"

#include "render/palette.h"
#include "render/qtext.h"
#include "render/viewregistry.h"
#include "request/nvidiainputs.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lx {

namespace {

constexpr int kQuads = 8; // lanes in groups of four: the threads that share a matrix row

QString coordText(const std::vector<int32_t> &c)
{
    QStringList parts;
    for (int32_t v : c)
        parts << QString::number(v);
    return u"["_s + parts.join(u", "_s) + u"]"_s;
}

// The tensor element at `offset` of the shared layout (other in-dims at 0).
std::vector<int32_t> elementAt(const LinearLayout &shared, int64_t offset)
{
    std::vector<int32_t> in(size_t(shared.numInDims()), 0);
    in[size_t(shared.inDimIndex("offset"))] = int32_t(offset);
    return shared.applyOrdered(in);
}

int64_t elementIdOf(const LinearLayout &shared, const std::vector<int32_t> &coord)
{
    int64_t id = 0;
    for (size_t d = 0; d < coord.size(); ++d)
        id = id * shared.outDims()[d].second + coord[d];
    return id;
}

Diagram withTitle(Diagram d, const ViewRequest &r, const std::vector<Figure> &figures)
{
    appendFigures(d, figures);
    if (!r.title.empty())
        d.title = qs(r.title);
    return d;
}

// The access stays a plain ld.shared / st.shared: why, and what it is instead.
Diagram buildNoMatrix(const NvMatrixInput &in)
{
    const QString op = in.write ? u"stmatrix"_s : u"ldmatrix"_s;
    Diagram d;
    d.title = u"No %1: %2 × %3 per thread"_s.arg(op, qs(in.access.mnemonic)).arg(in.access.count);
    d.subtitle = u"%1 → %2 on %3, %4"_s.arg(qs(in.reg->name), qs(in.shared->name), qs(in.arch.name),
                                            qs(in.dtype));
    DiagramTable t;
    t.title = u"What Triton's lowering tries"_s;
    t.header = {u"instruction"_s, u"used"_s, u"why not"_s};
    t.rows.push_back({op, u"no"_s, qs(in.access.whyNotMatrix)});
    t.rows.push_back({op + u".trans"_s, u"no"_s, qs(in.access.whyNotTransposed)});
    t.rows.push_back({qs(in.access.mnemonic), u"yes"_s,
                      u"%1 register(s) contiguous in shared memory per access"_s.arg(
                          in.access.elementsPerInstruction)});
    t.fills = {{0, kVerdictBad, 0}, {0, kVerdictBad, 0}, {0, kVerdictOk, 0}};
    d.tables.push_back(std::move(t));
    return d;
}

void addQuadLegend(Diagram &d)
{
    d.legendTitle = u"thread holding the element"_s;
    for (int q = 0; q < kQuads; ++q)
        d.legend.push_back(
            {categoricalColor(q, kQuads), u"threads %1–%2"_s.arg(4 * q).arg(4 * q + 3)});
    d.legend.push_back(
        {qRgb(255, 255, 255), u"red outline: a phase with a bank conflict"_s, kConflictMark});
}

// One panel per matrix of instructions [first, first + count) of `warp`.
Expected<Diagram> buildLdMatrixPanels(const NvMatrixInput &in, int warp, int64_t first,
                                      int64_t count)
{
    const NvMatrixPhases &ph = *in.phases;
    if (warp < 0 || warp >= ph.warps)
        return makeError("warp " + std::to_string(warp) + " does not exist (the layout has " +
                         std::to_string(ph.warps) + ")");
    if (first < 0 || first >= ph.instructionsPerWarp)
        return makeError("instruction " + std::to_string(first) + " does not exist (" +
                         std::to_string(ph.instructionsPerWarp) + " per thread)");
    const int64_t last = std::min(ph.instructionsPerWarp, first + std::max<int64_t>(1, count));
    const LinearLayout &shared = in.shared->layout;
    const int bytes = std::max(1, in.elementBits / 8);
    const bool transposed = in.access.kind == NvAccessKind::MatrixTransposed;
    Diagram d;
    d.title =
        u"%1: row addresses by lane, elements by thread and register"_s.arg(qs(in.access.mnemonic));
    d.subtitle =
        u"%1 %2 %3 on %4, %5, warp %6: %7 per thread. Lane 8i + r gives the address of row r "
        "of matrix i; T:R is the thread and register holding each element%8"_s
            .arg(qs(in.reg->name), in.write ? u"→"_s : u"←"_s, qs(in.shared->name),
                 qs(in.arch.name), qs(in.dtype))
            .arg(warp)
            .arg(in.access.count)
            .arg(transposed ? u" (transposed: a row in memory is a column of the fragment)"_s
                            : QString());
    d.cellSize = QSizeF(48, 22);
    const double panelWidth = ph.rowElements * d.cellSize.width();
    for (const NvMatrixPhase &p : ph.phases) {
        if (p.warp != warp || p.instruction < first || p.instruction >= last)
            continue;
        DiagramPanel &panel = d.addPanel(int(p.rows.size()), ph.rowElements);
        panel.origin = QPointF(p.matrix * (panelWidth + 200),
                               double(p.instruction - first) *
                                   (double(p.rows.size()) * d.cellSize.height() + 90));
        panel.title = u"instr %1 · matrix %2 (lanes %3–%4) · %5-way"_s.arg(p.instruction)
                          .arg(p.matrix)
                          .arg(8 * p.matrix)
                          .arg(8 * p.matrix + 7)
                          .arg(p.ways);
        panel.columnAxisLabel = u"element of the 16-byte row"_s;
        for (int e = 0; e < ph.rowElements; ++e)
            panel.columnHeaders << u"+%1"_s.arg(e);
        for (int r = 0; r < int(p.rows.size()); ++r) {
            const NvMatrixRow &row = p.rows[size_t(r)];
            const int64_t byteAddress = row.offset * bytes;
            panel.rowHeaders << u"T%1 @ %2 B %3"_s.arg(row.lane)
                                    .arg(byteAddress)
                                    .arg(coordText(elementAt(shared, row.offset)));
            for (int e = 0; e < ph.rowElements && e < int(row.elements.size()); ++e) {
                const NvMatrixSlot &s = row.elements[size_t(e)];
                const std::vector<int32_t> coord = elementAt(shared, row.offset + e);
                DiagramCell &c = panel.cell(r, e);
                c.elementId = elementIdOf(shared, coord);
                if (s.lane < 0) {
                    panel.setText(r, e, u"?"_s);
                    continue;
                }
                c.fill = categoricalColor(s.lane / 4, kQuads);
                panel.setText(r, e, u"T%1:R%2"_s.arg(s.lane).arg(s.reg));
                const int64_t b = (row.offset + e) * bytes;
                panel.setTooltip(r, e,
                                 u"%1 · offset %2 · byte %3 · bank %4 · thread %5, register %6"_s
                                     .arg(coordText(coord))
                                     .arg(row.offset + e)
                                     .arg(b)
                                     .arg((b / std::max(1, in.arch.bankWidthBytes)) %
                                          std::max(1, in.arch.numBanks))
                                     .arg(s.lane)
                                     .arg(s.reg));
            }
        }
        // Outlined only: a label would cover a cell's text; the panel title says the n-way.
        if (p.ways > 1)
            panel.groups.push_back(
                {QRect(0, 0, ph.rowElements, int(p.rows.size())), kConflictMark, QString()});
    }
    addQuadLegend(d);
    return d;
}

// The atom's lines: each cell the index of the chunk stored there.
void addAtomPanel(Diagram &d, const SwizzleAtom &a, const LinearLayout &shared)
{
    DiagramPanel &p = d.addPanel(int(a.lines.size()), a.chunksPerLine);
    p.title = u"chunk index j at each 16-byte position"_s;
    p.columnAxisLabel = u"byte in the line"_s;
    p.rowAxisLabel = u"line (tensor row, byte address)"_s;
    for (int c = 0; c < a.chunksPerLine; ++c)
        p.columnHeaders << u"+%1"_s.arg(16 * c);
    for (int i = 0; i < int(a.lines.size()); ++i) {
        const std::vector<SwizzleAtomChunk> &line = a.lines[size_t(i)];
        // The line's place in the tensor: its coordinates other than the contiguous one.
        QStringList where;
        for (size_t dim = 0; dim < line.front().coord.size(); ++dim)
            if (int(dim) != a.contiguousDim)
                where << u"%1 = %2"_s.arg(qs(shared.outDims()[dim].first))
                             .arg(line.front().coord[dim]);
        p.rowHeaders << u"%1 @ %2 B"_s.arg(where.join(u", "_s)).arg(line.front().byteAddress);
        for (int c = 0; c < int(line.size()); ++c) {
            const SwizzleAtomChunk &k = line[size_t(c)];
            DiagramCell &cell = p.cell(i, c);
            cell.fill = categoricalColor(k.chunk, a.chunksPerLine);
            cell.elementId = elementIdOf(shared, k.coord);
            p.setText(i, c, QString::number(k.chunk));
            p.setTooltip(i, c,
                         u"chunk %1 of its row: elements %2 onwards · bytes %3–%4"_s.arg(k.chunk)
                             .arg(coordText(k.coord))
                             .arg(k.byteAddress)
                             .arg(k.byteAddress + 15));
        }
    }
}

DiagramTable atomWaysTable(const SwizzleAtom &a, const QString &name)
{
    DiagramTable t;
    t.title = u"%1: reading chunk j of every line (one ldmatrix phase)"_s.arg(name);
    t.header = {u"chunk j"_s, u"positions in lines 0–%1"_s.arg(a.lines.size() - 1),
                u"wavefronts"_s};
    for (int j = 0; j < int(a.ways.size()); ++j) {
        QStringList where;
        for (int p : a.positions[size_t(j)])
            where << (p < 0 ? u"–"_s : QString::number(p));
        const int w = a.ways[size_t(j)];
        t.rows.push_back(
            {QString::number(j), where.join(u" "_s), w == 1 ? u"1"_s : u"%1 (%1-way)"_s.arg(w)});
        t.fills.push_back({0, 0, w > 1 ? kVerdictBad : kVerdictOk});
    }
    return t;
}

DiagramTable bridgeTable(const SwizzleAtomInput &in)
{
    DiagramTable t;
    t.title = u"%1 as the NVIDIA tools name it"_s.arg(qs(in.shared->name));
    t.header = {u"form"_s, u"value"_s};
    if (!in.bridge) {
        t.rows.push_back({u"bridge"_s, u"none: "_s + qs(in.bridgeProblem)});
        return t;
    }
    const NvSharedBridge &b = *in.bridge;
    if (b.canonical) {
        t.rows.push_back({u"#ttg"_s, qs(b.nvmmaText)});
        t.rows.push_back({u"Gluon"_s, qs(b.gluon)});
    } else {
        t.rows.push_back({u"NVMMA"_s, u"not canonical: "_s + qs(b.whyNot)});
        t.rows.push_back({u"closest"_s, qs(b.nvmmaText)});
    }
    if (!b.canonical)
        return t; // the other forms name the NVMMA layout, which this one is not
    t.rows.push_back({u"CuTe (bytes)"_s, qs(b.cuteBytes)});
    t.rows.push_back({u"CuTe (elements)"_s, qs(b.cute)});
    QStringList box;
    for (int32_t v : b.tmaBox)
        box << QString::number(v);
    t.rows.push_back({u"TMA"_s, qs(b.tmaSwizzle) + u", box ["_s + box.join(u", "_s) + u"]"_s});
    for (const WgmmaDescriptor &dsc : b.descriptors)
        t.rows.push_back(
            {u"descriptor as "_s + qs(dsc.operand),
             dsc.problem.empty() ? qs(descriptorText(dsc)) : u"none: "_s + qs(dsc.problem)});
    return t;
}

} // namespace

Expected<Diagram> buildLdMatrixPanelsView(const ViewRequest &request)
{
    Expected<NvMatrixInput> in = resolveNvMatrix(request);
    if (!in)
        return in.error();
    Expected<int64_t> warp = request.intOption("warp", 0);
    Expected<int64_t> first = request.intOption("first", 0);
    Expected<int64_t> count = request.intOption("count", 2);
    for (const auto *e : {&warp, &first, &count})
        if (!*e)
            return e->error();
    const std::vector<Figure> figures = nvMatrixFigures(*in);
    if (!in->phases)
        return withTitle(buildNoMatrix(*in), request, figures);
    Expected<Diagram> d =
        buildLdMatrixPanels(*in, int(*warp), *first, std::clamp<int64_t>(*count, 1, 16));
    if (!d)
        return makeError("view '" + request.kind + "': " + d.message());
    return withTitle(std::move(*d), request, figures);
}

Expected<Diagram> buildSwizzleAtomView(const ViewRequest &request)
{
    Expected<SwizzleAtomInput> in = resolveSwizzleAtom(request);
    if (!in)
        return in.error();
    const SwizzleAtom &a = in->atom;
    Diagram d;
    d.title = u"Swizzle atom of %1: %2 lines × %3 chunks of 16 B"_s.arg(qs(in->shared->name))
                  .arg(a.lines.size())
                  .arg(a.chunksPerLine);
    QString rule;
    if (in->bridge && in->bridge->canonical && in->bridge->nvmma.swizzlingByteWidth > 0) {
        const int s = in->bridge->nvmma.swizzlingByteWidth;
        const QString row = s == 128 ? u"r"_s : u"r / %1"_s.arg(128 / s);
        rule = u"%1: chunk j of row r at position j XOR (%2 mod %3)"_s
                   .arg(qs(in->bridge->cuteBytes.substr(0, in->bridge->cuteBytes.find(' '))), row)
                   .arg(s / 16);
    } else if (in->bridge && in->bridge->canonical) {
        rule = u"no swizzle: chunk j of every row at position j"_s;
    } else {
        rule = u"Each cell: the index of the chunk stored there in its row"_s;
    }
    d.subtitle =
        u"%1, %2 on %3. %4"_s.arg(qs(in->shared->name), qs(in->dtype), qs(in->arch.name), rule);
    d.cellSize = QSizeF(40, 24);
    addAtomPanel(d, a, in->shared->layout);
    d.tables.push_back(atomWaysTable(a, qs(in->shared->name)));
    d.tables.push_back(bridgeTable(*in));
    d.legendTitle = u"chunk index j in its row"_s;
    for (int j = 0; j < a.chunksPerLine; ++j)
        d.legend.push_back({categoricalColor(j, a.chunksPerLine), u"chunk %1"_s.arg(j)});
    return withTitle(std::move(d), request, swizzleAtomFigures(*in));
}

} // namespace lx
