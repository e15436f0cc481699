#pragma once

// The paint engine of TikzPaintDevice (tikzpaintdevice.h says what it carries and refuses).
// Internal to the render floor: users paint on the device.

#include <QBrush>
#include <QHash>
#include <QMap>
#include <QPaintEngine>
#include <QPainterPath>
#include <QPen>
#include <QRectF>
#include <QString>
#include <QTransform>

#include <optional>
#include <vector>

namespace lx {

// TeX text for `s`: TeX's specials escaped, the few symbols figures use (→ ⊕ × ≤ …) as TeX
// symbols, any other non-ASCII character as '?'.
[[nodiscard]] QString texEscape(const QString &s);
// `v` with at most two decimals, trailing zeros dropped ("12", "0.5", "-3.25").
[[nodiscard]] QString texNumber(double v);

class TikzPaintEngine final : public QPaintEngine
{
public:
    explicit TikzPaintEngine(QSize size);

    bool begin(QPaintDevice *device) override;
    bool end() override;
    void updateState(const QPaintEngineState &s) override;

    void drawRects(const QRect *rects, int count) override;
    void drawRects(const QRectF *rects, int count) override;
    void drawLines(const QLine *lines, int count) override;
    void drawLines(const QLineF *lines, int count) override;
    void drawEllipse(const QRectF &rect) override;
    void drawEllipse(const QRect &rect) override { drawEllipse(QRectF(rect)); }
    void drawPath(const QPainterPath &path) override;
    void drawPolygon(const QPointF *points, int count, PolygonDrawMode mode) override;
    void drawPolygon(const QPoint *points, int count, PolygonDrawMode mode) override;
    void drawPixmap(const QRectF &rect, const QPixmap &pixmap, const QRectF &source) override;
    void drawImage(const QRectF &rect, const QImage &image, const QRectF &source,
                   Qt::ImageConversionFlags flags) override;
    void drawTiledPixmap(const QRectF &rect, const QPixmap &pixmap, const QPointF &offset) override;
    void drawTextItem(const QPointF &position, const QTextItem &item) override;
    Type type() const override { return Type(User + 1); }

    const QByteArray &document() const { return m_document; }
    const QString &error() const { return m_error; }

private:
    struct Fill
    {
        QRectF rect; // device px
        QRgb colour; // with its alpha (opacity included)
    };

    void reset();
    void refuse(const QString &what);
    void setClip(const std::optional<QPainterPath> &clip, bool enabled);
    bool clipActive() const { return m_clipEnabled && m_clip.has_value(); }

    // Before a shape with these device bounds goes into the picture: earlier fills written, and
    // a new picture begun when the shape covers text of this picture's text layer.
    void beforeShape(const QRectF &bounds);
    void addFill(const QRectF &rect, QRgb colour);
    void flushFills();
    void ensureScope();
    void closeSegment();
    // A shape in device coordinates, filled with the brush and/or stroked with the pen.
    void shape(const QString &geometry, QRectF bounds, bool closed, bool oddEven);
    QString fillStyle(bool oddEven);
    QString strokeStyle();
    double penWidth() const;

    void layerText(const QPointF &start, double width, const QString &text, const QString &font,
                   QRgb colour);
    void nodeText(const QPointF &centre, double width, const QString &text, const QString &font,
                  QRgb colour, double angle);

    QString colour(QRgb rgb);
    QString point(const QPointF &p) const;
    QString pathGeometry(const QPainterPath &path) const;
    QByteArray assemble() const;

    QSize m_size;
    QPen m_pen;
    QBrush m_brush;
    QTransform m_transform;
    double m_opacity = 1.0;
    std::optional<QPainterPath> m_clip; // device px
    bool m_clipEnabled = true;
    bool m_scopeOpen = false;

    std::vector<Fill> m_fills; // pending fills, pairwise disjoint (see addFill)
    double m_fillsBottom = 0;
    QString m_body;                // the current picture's commands
    QMap<QString, QString> m_text; // the current text layer, by style (ordered: deterministic)
    QRectF m_textBounds;           // of the current text layer, device px
    QString m_segments;            // finished pictures and text layers
    QHash<QRgb, int> m_colourIds;
    std::vector<QRgb> m_colours; // by first use
    QString m_error;
    QByteArray m_document;
};

} // namespace lx
