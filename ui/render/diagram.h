#pragma once

// Diagram: the one picture format every view builds and the one DiagramRenderer paints.
//
// A Diagram is a plain value (no QObject, copyable, comparable-by-content) describing a figure:
// a title block, one or more panels of cells (each panel a dense grid, e.g. the source and the
// destination lanes of a ds_load_tr, one panel per instruction, or a C tile with an A strip on its
// left and a B strip on top), groups (outlined rectangles of cells with a label: warp tiles,
// pieces, SIMD pairs), free annotations (lines, arrows, text boxes), tables and a legend.
//
// Builders (ownershipdiagram.h, matrixdiagram.h, ...) fill it from an analysis; the renderer, the
// exporters, DiagramView and the command line only read it, so the screen and an exported figure
// cannot disagree.
//
// Units. Cell coordinates are (row, col) inside a panel. Panel placement and free annotations use
// *diagram units*: pixels at scale 1 (96 dpi). DiagramGeometry (diagramrenderer.h) turns both into
// device pixels for a given scale.
//
// Cost. A panel either stores its cells densely (24 bytes each; cell texts and tooltips are
// indices into a per-panel string table, so repeated labels ("W1") are stored once: use
// DiagramPanel::internString to share equal strings), or stores none and asks a DiagramCellSource
// for the fill, outline, element id and text of a cell when it is painted or exported (the
// ownership views: a 4096×4096 panel costs its analysis, not 16M cell records and labels). Every
// reader goes through DiagramPanel::cell() and text(), so both kinds paint and export alike.
//
// Example (a 2×2 panel, coloured by warp, one group):
//
//     Diagram d;
//     d.title = u"Ownership"_s;
//     DiagramPanel &p = d.addPanel(2, 2);
//     p.cell(0, 1).fill = qRgb(255, 0, 0);
//     p.setText(0, 1, u"W1"_s);
//     p.groups.push_back({QRect(0, 0, 2, 1), qRgb(0, 0, 0), u"warp tile"_s});

#include "request/figures.h"

#include <QColor>
#include <QHash>
#include <QPointF>
#include <QRect>
#include <QSizeF>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace lx {

// One cell of a panel. A fill with alpha 0 (the default) means "empty": nothing is painted but
// the grid. Text and tooltip are indices into DiagramPanel::strings (-1: none); text lines are
// separated by '\n'.
struct DiagramCell
{
    QRgb fill = 0;
    QRgb outline = 0; // alpha 0: no own outline (the panel grid still applies)
    int32_t text = -1;
    int32_t tooltip = -1;
    int64_t elementId = -1; // the same element in several panels/views has the same id (-1: none)

    bool operator==(const DiagramCell &) const = default;
};

// An outlined rectangle of cells with a label (warp tiles, pieces, SIMD pairs, instructions).
// `cells` is in (x = col, y = row) cell coordinates of its panel.
struct DiagramGroup
{
    QRect cells;
    QRgb color = qRgb(0, 0, 0);
    QString label;
    double penWidth = 2.0; // diagram units
    bool dashed = false;

    bool operator==(const DiagramGroup &) const = default;
};

// A point either in a panel's cell coordinates (x = col, y = row; (0.5, 0.5) is the centre of
// cell (0, 0)), or, with panel == -1, in diagram units from the diagram's top-left corner.
struct DiagramPoint
{
    int panel = -1;
    QPointF pos;

    bool operator==(const DiagramPoint &) const = default;
};

// A free annotation for datapath and pipeline figures or arrows between panels.
//  Line/Arrow: from `from` to `to` (arrow head at `to`), `text` at the midpoint.
//  Box: the rectangle spanned by `from` and `to`, `text` centred inside, `fill` behind it.
//  Text: `text` with its top-left at `from`.
struct DiagramAnnotation
{
    enum Kind
    {
        Line,
        Arrow,
        Box,
        Text
    };
    Kind kind = Line;
    DiagramPoint from;
    DiagramPoint to;
    QString text;
    QRgb color = qRgb(0, 0, 0);
    QRgb fill = 0; // Box only; alpha 0: no fill
    double penWidth = 1.5;

    bool operator==(const DiagramAnnotation &) const = default;
};

// A table (basis tables, microbenchmark tables, bank tables). `fills`, when not empty, has one
// colour per body cell (alpha 0: none), rows × header.size().
struct DiagramTable
{
    QString title;
    QStringList header;
    std::vector<QStringList> rows;
    std::vector<std::vector<QRgb>> fills;

    bool operator==(const DiagramTable &) const = default;
};

struct DiagramLegendEntry
{
    QRgb color = 0;
    QString text;
    QRgb outline = 0; // alpha 0: the palette's muted colour

    bool operator==(const DiagramLegendEntry &) const = default;
};

// Tooltips computed on demand (e.g. every owner of an element with its XOR decomposition):
// building a tooltip string for each of a million cells up front would dominate the build
// time. Shared between copies of a panel; must be immutable.
class DiagramTooltipSource
{
public:
    virtual ~DiagramTooltipSource() = default;
    [[nodiscard]] virtual QString tooltip(int row, int col) const = 0;
};

// The cells of a panel computed when asked (see "Cost" above). Shared between copies of a panel
// and read from several threads: must be immutable.
class DiagramCellSource
{
public:
    // The widest text of any cell: its line count and the characters of its longest line.
    struct TextExtent
    {
        int lines = 0;
        int chars = 0;
    };
    virtual ~DiagramCellSource() = default;
    // Fill, outline and element id of a cell inside the panel (text and tooltip -1).
    [[nodiscard]] virtual DiagramCell cell(int row, int col) const = 0;
    // cell(row, col).fill; a source may answer it faster (the fill of every pixel of a zoomed-out
    // view of millions of cells is read from it).
    [[nodiscard]] virtual QRgb fill(int row, int col) const { return cell(row, col).fill; }
    // The cell's text (lines separated by '\n'); empty for none.
    [[nodiscard]] virtual QString text(int row, int col) const = 0;
    // At least as large as the extent of every text(row, col).
    [[nodiscard]] virtual TextExtent textExtent() const = 0;
};

// A dense grid of cells with headers, groups and its own title.
class DiagramPanel
{
public:
    DiagramPanel() = default;
    DiagramPanel(int rows, int cols);
    // A panel of rows × cols whose cells `source` computes (no cell is stored).
    DiagramPanel(int rows, int cols, std::shared_ptr<const DiagramCellSource> source);

    QString title;
    QStringList rowHeaders;    // empty, or one label per row
    QStringList columnHeaders; // empty, or one label per column
    QString rowAxisLabel;      // drawn left of the row headers (e.g. "dim0 (M)")
    QString columnAxisLabel;   // drawn above the column headers (e.g. "dim1 (N)")
    std::vector<DiagramGroup> groups;
    // Top-left of the panel's cell area in diagram units; when unset (x < 0) the panel is placed
    // to the right of the previous one (DiagramGeometry does the flow).
    QPointF origin{-1, -1};
    std::vector<QString> strings; // text table for DiagramCell::text/tooltip
    // Consulted by tooltip() for cells without a stored tooltip (may be null).
    std::shared_ptr<const DiagramTooltipSource> tooltipSource;

    int rows() const { return m_rows; }
    int columns() const { return m_cols; }
    bool contains(int row, int col) const
    {
        return row >= 0 && col >= 0 && row < m_rows && col < m_cols;
    }

    // Requires: contains(row, col). Writing to a computed panel first stores every cell of it
    // (as a dense panel would have them).
    DiagramCell &cell(int row, int col)
    {
        if (m_source)
            materialize();
        return m_cells[size_t(row) * size_t(m_cols) + size_t(col)];
    }
    DiagramCell cell(int row, int col) const
    {
        return m_source ? m_source->cell(row, col)
                        : m_cells[size_t(row) * size_t(m_cols) + size_t(col)];
    }
    // cell(row, col).fill (requires: contains(row, col)).
    QRgb fill(int row, int col) const
    {
        return m_source ? m_source->fill(row, col)
                        : m_cells[size_t(row) * size_t(m_cols) + size_t(col)].fill;
    }
    // Whether the cells are computed by a source (nothing stored).
    bool isComputed() const { return m_source != nullptr; }
    const std::shared_ptr<const DiagramCellSource> &cellSource() const { return m_source; }
    // The widest cell text of the panel (lines, characters of the longest line).
    [[nodiscard]] DiagramCellSource::TextExtent textExtent() const;

    // Returns the index of `s` in strings, adding it once. Equal strings share one index.
    int32_t internString(const QString &s);
    // Adds `s` without looking for an equal one (for strings known to be unique, e.g. tooltips).
    int32_t addString(const QString &s);
    void setText(int row, int col, const QString &text)
    {
        cell(row, col).text = internString(text);
    }
    void setTooltip(int row, int col, const QString &tip)
    {
        cell(row, col).tooltip = internString(tip);
    }
    QString text(int row, int col) const
    {
        return m_source ? m_source->text(row, col) : stringAt(cell(row, col).text);
    }
    // The stored tooltip of the cell, else the tooltip source's, else empty.
    QString tooltip(int row, int col) const
    {
        const int32_t index = cell(row, col).tooltip;
        if (index >= 0 || !tooltipSource)
            return stringAt(index);
        return tooltipSource->tooltip(row, col);
    }
    QString stringAt(int32_t index) const
    {
        return index >= 0 && size_t(index) < strings.size() ? strings[size_t(index)] : QString();
    }

    // Equal as pictures: the same headers, groups and, cell by cell, the same fill, outline,
    // element, text and tooltip, whether the cells are stored or computed (two panels built
    // from the same layout have different sources but are equal).
    bool operator==(const DiagramPanel &o) const
    {
        return title == o.title && rowHeaders == o.rowHeaders && columnHeaders == o.columnHeaders &&
               rowAxisLabel == o.rowAxisLabel && columnAxisLabel == o.columnAxisLabel &&
               groups == o.groups && origin == o.origin && m_rows == o.m_rows &&
               m_cols == o.m_cols &&
               ((m_source == o.m_source && m_cells == o.m_cells && strings == o.strings &&
                 tooltipSource == o.tooltipSource) ||
                sameCells(o));
    }

private:
    void materialize();
    // Cell by cell, as operator== describes; requires the same size.
    [[nodiscard]] bool sameCells(const DiagramPanel &o) const;

    int m_rows = 0;
    int m_cols = 0;
    std::vector<DiagramCell> m_cells; // empty when m_source computes them
    std::shared_ptr<const DiagramCellSource> m_source;
    // Not part of the value: a lookup cache of strings[0, m_internedUpTo).
    QHash<QString, int32_t> m_interned;
    size_t m_internedUpTo = 0;
};

// A number the view's analysis computed (eligibility and instruction counts, n-way conflicts
// and cycles, pieces, TDM descriptors, LDS bytes, modelled bandwidth). The window's analysis
// panel lists the current view's figures under the layout's own properties; exporters ignore
// them (they are in the figure's text already where the blog prints them).
struct DiagramFigure
{
    QString key;     // stable name for tests and scripts: "instructions", "nway", ...
    QString label;   // what the panel shows: "ds_load_tr instructions"
    QString value;   // the text shown: "128", "323.5 cycles"
    QString toolTip; // how it is computed (may be empty)
    // The number behind the text, its unit and where it comes from (request/figures.h Figure):
    // the window's panel, `render --figures` and `analyze --json` carry the same three.
    std::optional<double> number;
    QString unit;
    FigureSource source = FigureSource::Computed;

    bool operator==(const DiagramFigure &) const = default;
};

// Step mode of a pipeline view (the ds_load_tr lowering of Fig 5/6): the steps it walks, by
// name, and the one shown. A builder that supports steps reads the view option "step"
// (1..names.size(); 0 or absent: every step at once), fills `names` and sets `current`.
struct DiagramSteps
{
    QStringList names; // empty: the view has no step mode
    int current = 0;   // 0: all steps shown; k: steps 1..k shown, step k emphasised
    // Indices into Diagram::tables of step `current`'s tables (the emphasised ones), in order;
    // the window scrolls them into view. Empty when current is 0.
    std::vector<int> currentTables;

    bool operator==(const DiagramSteps &) const = default;
};

struct Diagram
{
    QString title;
    QString subtitle;
    // Axis labels of panels that have none of their own.
    QString rowAxisLabel;
    QString columnAxisLabel;
    // Cell size in diagram units (pixels at scale 1).
    QSizeF cellSize{28, 20};
    // Gap between auto-placed panels, in diagram units.
    double panelGap = 24;
    std::vector<DiagramPanel> panels;
    std::vector<DiagramAnnotation> annotations;
    // Parts of a figure drawn with free annotations (one chart per step of a sequence), in
    // diagram units, each with the gap after it: a free annotation belongs to the block its
    // `from` point lies in. Fitting to a page lays blocks out in rows as it does panels
    // (figurefit.h arrangeBlocks), each moving with its annotations.
    std::vector<QRectF> blocks;
    std::vector<DiagramTable> tables;
    QString legendTitle;
    std::vector<DiagramLegendEntry> legend;
    std::vector<DiagramFigure> figures;
    DiagramSteps steps;

    // Appends an empty panel of rows × cols and returns it (references into `panels` are
    // invalidated by the next addPanel).
    DiagramPanel &addPanel(int rows, int cols)
    {
        panels.emplace_back(rows, cols);
        return panels.back();
    }
    // Appends a panel of rows × cols whose cells `source` computes.
    DiagramPanel &addComputedPanel(int rows, int cols,
                                   std::shared_ptr<const DiagramCellSource> source)
    {
        panels.emplace_back(rows, cols, std::move(source));
        return panels.back();
    }
    // A figure with its number, unit and provenance. The request layer builds every figure
    // (request/figures.h, request/viewfigures.h); viewregistry.h appendFigures adds them here.
    void addFigure(const QString &key, const QString &label, const QString &value,
                   const QString &toolTip, std::optional<double> number, const QString &unit,
                   FigureSource source)
    {
        figures.push_back({key, label, value, toolTip, number, unit, source});
    }

    bool operator==(const Diagram &) const = default;
};

} // namespace lx
