#pragma once

// DiagramRenderer: the only drawing code. DiagramView, every exporter (PNG, SVG, PDF, TikZ),
// thumbnails and the command line paint a Diagram through it, so the screen and a figure cannot
// disagree.
//
// The renderer paints into any QPainter whose origin is the diagram's top-left corner and whose
// unit is one device pixel at the chosen scale, given the exposed rect in the same coordinates;
// it draws only the cells, headers and labels that intersect the exposed rect.
//
// Level of detail (thresholds are public so tests can check them):
//  - every cell text of the view is drawn in one size (labelPixelSize), the largest at which the
//    widest text of every panel (DiagramPanel::textExtent) fits its cells, and only when that is
//    at least kMinTextPixelSize pixels: zoomed out, all cell labels go at once, never some;
//  - grid lines and per-cell outlines are drawn only when a cell is at least kMinOutlinePixels
//    wide and high;
//  - when cells are smaller than that and the painter is a raster painter with a translation-only
//    transform, the visible cells are rasterised into one image (one pixel write per device
//    pixel), which keeps "fit a 1024×1024 grid in the window" interactive.
//
// DiagramGeometry is the plain-struct half: where every panel, cell, header, table and legend is,
// in device pixels, and which cell is under a point. It needs no painter, no fonts and no window:
// text extents are estimated from character counts, so geometry is identical on every machine.
// Cell edges are integers: column c spans [left + floor(c·w), left + floor((c+1)·w)) with
// w = cellSize.width · scale, so flat-colour images are exact and the screen equals the PNG.

#include "render/diagram.h"
#include "render/diagramstyle.h"

#include <QRect>
#include <QSize>

#include <cstdint>
#include <utility>
#include <vector>

class QFont;
class QImage;
class QPainter;

namespace lx {

struct RenderOptions
{
    double scale = 1.0;
    bool labels = true; // cell texts, headers, group labels, axis labels
    bool grid = true;
    bool legend = true;
    bool dark = false;
    bool transparent = false; // no background fill (PNG alpha, SVG/PDF without a page colour)
    int64_t highlightedElement = -1; // outlined in every panel containing it (-1: none)
    // The smallest font size of titles, headers, tables and the legend, in pixels (0: none, the
    // sizes follow the scale). Cell labels that would be smaller are left out.
    int minTextPx = 0;
    // The smallest cell label drawn, in pixels (0: minTextPx, so a fitted figure's labels follow
    // its text floor; the window keeps labels down to DiagramRenderer::kMinTextPixelSize).
    int minCellTextPx = 0;
    // Tables side by side in this many columns (filled in order, balanced by height) instead of
    // one below the other; fitDiagram picks it for a wide page.
    int tableColumns = 1;
    // Tables to the right of the panels, from their top, instead of below them (a tall figure
    // on a wide page); fitDiagram picks it where that allows a larger scale.
    bool tablesBeside = false;
    // The page the figure is painted on, in device pixels (empty: the figure's own size). The
    // page is filled with the background and the figure centred on it; the exporters write
    // exactly this size (fitDiagram sets it to the asked page).
    QSize page;

    bool operator==(const RenderOptions &) const = default;
};

// Colours of the non-data parts of a figure.
struct DiagramPalette
{
    QRgb background;
    QRgb foreground;
    QRgb grid;
    QRgb muted;
    QRgb highlight;

    [[nodiscard]] static DiagramPalette light();
    [[nodiscard]] static DiagramPalette dark();
    [[nodiscard]] static DiagramPalette forOptions(const RenderOptions &options)
    {
        return options.dark ? dark() : light();
    }
};

// `color` for an outline (a group) on `palette`'s background: the palette's foreground when
// `color` has too little contrast with the background to be seen (black on the dark theme).
[[nodiscard]] QRgb visibleOutline(QRgb color, const DiagramPalette &palette);

// What is under a point: a cell of a panel (panel, row, col >= 0) or nothing (panel == -1).
struct DiagramHit
{
    int panel = -1;
    int row = -1;
    int col = -1;
    int64_t elementId = -1;

    bool isValid() const { return panel >= 0; }
    bool operator==(const DiagramHit &) const = default;
};

class DiagramGeometry
{
public:
    struct Panel
    {
        QRect bounds; // everything of the panel, decorations included
        QRect cells;  // the cell area, including the closing grid line (+1 px)
        QRect title;
        QRect columnAxis;
        QRect columnHeaders;
        QRect rowAxis;
        QRect rowHeaders;
        int rows = 0;
        int cols = 0;
        double cellWidth = 0; // device px, may be fractional
        double cellHeight = 0;
    };
    struct Table
    {
        QRect bounds;
        QRect title;
        int rowHeight = 0;
        std::vector<int> columnLefts; // one per column plus the right edge
        int top = 0;                  // top of the header row
    };
    struct LegendItem
    {
        QRect swatch;
        QRect text;
    };

    DiagramGeometry() = default;
    // Lays out `diagram` for `options` (only scale, labels and legend matter).
    [[nodiscard]] static DiagramGeometry compute(const Diagram &diagram,
                                                 const RenderOptions &options);

    QSize size() const { return m_size; }
    double scale() const { return m_scale; }
    // A font's pixel size at this geometry's scale and minimum (diagramstyle textPx).
    int textPx(double base) const { return diagramstyle::textPx(base, m_scale, m_minTextPx); }
    QRect titleRect() const { return m_title; }
    QRect subtitleRect() const { return m_subtitle; }
    const std::vector<Panel> &panels() const { return m_panels; }
    const std::vector<Table> &tables() const { return m_tables; }
    QRect legendRect() const { return m_legend; }
    QRect legendTitleRect() const { return m_legendTitle; }
    const std::vector<LegendItem> &legendItems() const { return m_legendItems; }

    // Pixel edges of column c / row r of a panel (c in [0, cols], r in [0, rows]).
    int columnEdge(int panel, int c) const;
    int rowEdge(int panel, int r) const;
    // Requires: valid panel, row, col. The cell's pixels, excluding the next cell's grid line.
    QRect cellRect(int panel, int row, int col) const;
    // The column/row whose pixels contain x/y, or -1 outside the panel's cells.
    int columnAt(int panel, int x) const;
    int rowAt(int panel, int y) const;
    // The cell under `point` (device px); elementId is read from `diagram`.
    [[nodiscard]] DiagramHit hitTest(const Diagram &diagram, QPoint point) const;
    // A DiagramPoint in device pixels.
    QPointF map(const DiagramPoint &point) const;

    // Estimated width of `text` drawn with a font of `pixelSize` (0.6 em per character).
    static int textWidth(const QString &text, int pixelSize);

private:
    int layoutTitles(const Diagram &diagram, int margin, int &right);
    // Places the panels with the top-left of their union at `topLeft`; returns that union before
    // placement (its size is what matters).
    QRect placePanels(const Diagram &diagram, bool labels, QPoint topLeft, int &right);
    int annotationsBottom(const Diagram &diagram, int bottom, int &right) const;
    int layoutTables(const Diagram &diagram, int margin, int y, int &right, int columns);
    int layoutLegend(const Diagram &diagram, int margin, int y, int &right);

    QSize m_size;
    double m_scale = 1.0;
    int m_minTextPx = 0;
    QPointF m_freeOrigin; // where diagram-unit annotation coordinates start
    QRect m_title;
    QRect m_subtitle;
    std::vector<Panel> m_panels;
    std::vector<Table> m_tables;
    QRect m_legend;
    QRect m_legendTitle;
    std::vector<LegendItem> m_legendItems;
};

class DiagramRenderer
{
public:
    static constexpr int kMinTextPixelSize = 6;
    static constexpr int kMinOutlinePixels = 5;

    // The diagram must outlive the renderer (it is read, never copied: a 1024×1024 diagram is
    // tens of megabytes).
    DiagramRenderer(const Diagram &diagram, const RenderOptions &options);

    const Diagram &diagram() const { return *m_diagram; }
    const RenderOptions &options() const { return m_options; }
    const DiagramGeometry &geometry() const { return m_geometry; }
    QSize size() const { return m_geometry.size(); }

    // Paints what intersects `exposed` (device px, diagram top-left at the painter's origin).
    void paint(QPainter *painter, const QRect &exposed) const;

    // Frozen headers (the window's, never a figure's): where a panel's cells fill the top or the
    // left edge of `visible` (the part of the diagram a viewport shows) but its column or row
    // headers have scrolled out of it, a band along that edge that repeats them for the visible
    // columns or rows. The bands, in diagram device px; empty when nothing is frozen.
    [[nodiscard]] std::vector<QRect> frozenHeaderBands(const QRect &visible) const;
    // Paints those bands over what paint() drew.
    void paintFrozenHeaders(QPainter *painter, const QRect &visible) const;
    // Paints everything.
    void paint(QPainter *painter) const { paint(painter, QRect(QPoint(0, 0), size())); }

    // The page (figurepage.cpp): options().page when it is set, else the figure's own size; the
    // figure's top-left corner on it (the figure centred, whole pixels); the page painted: its
    // background, then the figure at that offset. The exporters paint pages.
    [[nodiscard]] QSize pageSize() const;
    [[nodiscard]] QPoint figureOffset() const;
    void paintPage(QPainter *painter) const;

    // Level-of-detail decisions for panel `panel` (exposed for tests).
    [[nodiscard]] bool drawsGrid(int panel) const;
    // The font pixel size used for the text of a cell with `lines` lines of at most `chars`
    // characters, or 0 when the text is not drawn.
    [[nodiscard]] int cellTextPixelSize(int panel, int lines, int chars) const;
    // The one font pixel size of every cell text of the view (0: no cell text is drawn).
    [[nodiscard]] int labelPixelSize() const { return m_labelPx; }
    // The font every text of a figure is drawn in, at `pixelSize` device pixels (tests measure
    // text with it).
    [[nodiscard]] static QFont textFont(int pixelSize, bool bold = false);

private:
    struct CellRange // rows r0..r1 and columns c0..c1 of a panel, inclusive
    {
        int r0, r1, c0, c1;
    };
    std::pair<int, int> columnRange(int index, int x0, int x1) const;
    std::pair<int, int> rowRange(int index, int y0, int y1) const;
    void paintPanel(QPainter *painter, int index, const QRect &exposed) const;
    void paintPanelLabels(QPainter *painter, int index, const QRect &exposed) const;
    void paintHeaders(QPainter *painter, int index, const QRect &exposed) const;
    // The column headers of the columns in [x0, x1] with their bottom at `bottom`; the row
    // headers of the rows in [y0, y1] with their right edge at `right`.
    void paintColumnHeaders(QPainter *painter, int index, int x0, int x1, int bottom) const;
    void paintRowHeaders(QPainter *painter, int index, int y0, int y1, int right) const;
    // Sets the headers' font and pen; returns their pixel size.
    int beginHeaders(QPainter *painter) const;
    // Every k-th header label is drawn: the smallest power of two k with k cells >= need px.
    [[nodiscard]] static int headerStep(double cell, double need);
    // The smallest a header's font shrinks to, so that every header is drawn, before every n-th
    // is: two thirds of the headers' size, never below kMinHeaderPx.
    static constexpr int kMinHeaderPx = 8;
    [[nodiscard]] static int headerFloor(int headerPx);
    // The frozen bands of panel `index` in `visible`: top (column headers), left (row headers).
    [[nodiscard]] std::pair<QRect, QRect> frozenBands(int index, const QRect &visible) const;
    void paintFills(QPainter *painter, int index, const QRect &visible, const CellRange &range,
                    bool grid) const;
    [[nodiscard]] QImage rasterise(int index, const QRect &block) const;
    void paintGrid(QPainter *painter, int index, const CellRange &range) const;
    void paintCellTexts(QPainter *painter, int index, const CellRange &range) const;
    void paintGroups(QPainter *painter, int index, const QRect &exposed) const;
    void paintSelection(QPainter *painter, int index, const CellRange &range) const;
    void paintAnnotations(QPainter *painter) const;
    void paintTables(QPainter *painter, const QRect &exposed) const;
    void paintLegend(QPainter *painter) const;

    const Diagram *m_diagram;
    RenderOptions m_options;
    DiagramPalette m_palette;
    DiagramGeometry m_geometry;
    int m_labelPx = 0;
};

} // namespace lx
