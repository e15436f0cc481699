#include "widgets/suggestscatter.h"

#include "base/bytesize.h"
#include "models/suggestmodel.h"

#include <QFontMetricsF>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace lx {

namespace {

// The scatter's marker shapes, one per vector width, in the legend's order.
enum class Marker
{
    Circle,
    Square,
    Triangle
};

Marker markerOfVectorBits(int vectorBits)
{
    return vectorBits >= 128  ? Marker::Circle
           : vectorBits >= 64 ? Marker::Square
                              : Marker::Triangle;
}

// One marker of half-size s centred at `at`, with the painter's pen and brush.
void drawMarker(QPainter &p, QPointF at, double s, Marker m)
{
    switch (m) {
    case Marker::Circle:
        p.drawEllipse(at, s, s);
        return;
    case Marker::Square:
        p.drawRect(QRectF(at.x() - s, at.y() - s, 2 * s, 2 * s));
        return;
    case Marker::Triangle: {
        QPainterPath tri;
        tri.moveTo(at.x(), at.y() - s);
        tri.lineTo(at.x() + s, at.y() + s);
        tri.lineTo(at.x() - s, at.y() + s);
        tri.closeSubpath();
        p.drawPath(tri);
        return;
    }
    }
}

// One axis of the scatter plot: linear, or log2 (of 1 + v, so 0 stays on the axis) when the
// values span more than a factor of 8.
class ScatterAxis
{
public:
    // `bytes`: linear ticks at power-of-two steps (1 KiB, 64 B), else at 1, 2, 5 x 10^k.
    ScatterAxis(double lo, double hi, double from, double to, bool bytes)
        : m_lo(lo), m_hi(hi), m_from(from), m_to(to), m_bytes(bytes)
    {
        const bool positive = bytes;
        m_log = hi > 8 * std::max(lo, positive ? 1.0 : 0.5) && hi > 16;
        if (m_hi <= m_lo)
            m_hi = m_lo + 1;
    }
    bool isLog() const { return m_log; }
    double map(double v) const
    {
        const double a = f(m_lo), b = f(m_hi);
        return m_from + (m_to - m_from) * (f(v) - a) / (b - a);
    }
    // Powers of two (log) or about five round steps (linear) inside [lo, hi], ends included.
    std::vector<double> ticks() const
    {
        std::vector<double> t;
        if (m_log) {
            t.push_back(m_lo);
            for (double v = 1; v <= m_hi; v *= 2)
                if (v > m_lo && std::abs(map(v) - map(t.back())) > 34)
                    t.push_back(v);
            if (std::abs(map(m_hi) - map(t.back())) > 34)
                t.push_back(m_hi);
            else
                t.back() = m_hi;
            return t;
        }
        const double raw = (m_hi - m_lo) / 4;
        double step = 1;
        if (m_bytes) {
            while (step < raw)
                step *= 2;
        } else {
            const double mag = std::pow(10, std::floor(std::log10(std::max(raw, 1.0))));
            step = mag;
            for (double m : {1.0, 2.0, 5.0, 10.0})
                if (m * mag >= raw) {
                    step = m * mag;
                    break;
                }
        }
        for (double v = std::ceil(m_lo / step) * step; v <= m_hi + 1e-9; v += step)
            t.push_back(v);
        if (t.empty() || std::abs(map(t.front()) - map(m_lo)) > 34)
            t.insert(t.begin(), m_lo);
        return t;
    }

private:
    double f(double v) const { return m_log ? std::log2(1 + std::max(0.0, v)) : v; }
    double m_lo, m_hi, m_from, m_to;
    bool m_bytes = false;
    bool m_log = false;
};

// The axis ticks are whole bytes: base/bytesize.h byteSizeText.
QString bytesLabel(double bytes)
{
    return QString::fromStdString(byteSizeText(std::llround(bytes)));
}

} // namespace

SuggestScatter::SuggestScatter(SuggestModel *model, QWidget *parent)
    : QWidget(parent), m_model(model)
{
    setMouseTracking(true);
    setMinimumSize(300, 170);
    setToolTip(tr("Conflict cycles (read + write, wave 0) against LDS bytes. Circle: 128-bit "
                  "vectors, square: 64-bit, triangle: narrower. Red ring: Triton's pick. "
                  "Click a point to select it."));
}

void SuggestScatter::setSelected(int row)
{
    m_selected = row;
    update();
}

void SuggestScatter::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().base());
    m_points.clear();
    const int n = m_model->rowCount();
    if (n == 0) {
        p.drawText(rect(), Qt::AlignCenter, tr("No candidates"));
        return;
    }
    double xMin = 1e300, xMax = -1e300, yMin = 1e300, yMax = -1e300;
    for (int r = 0; r < n; ++r) {
        const SharedCandidate *c = m_model->candidate(r);
        xMin = std::min(xMin, double(c->ldsBytes));
        xMax = std::max(xMax, double(c->ldsBytes));
        yMin = std::min(yMin, double(cost(*c)));
        yMax = std::max(yMax, double(cost(*c)));
    }
    const QRectF plot = QRectF(rect()).adjusted(62, 22, -14, -40);
    // Bytes and cycles each span powers of two with most points at the low end: a log axis
    // when the range is wide, else linear; ticks labelled either way.
    const ScatterAxis xAxis(xMin, xMax, plot.left() + 8, plot.right() - 8, true);
    const ScatterAxis yAxis(yMin, yMax, plot.bottom() - 8, plot.top() + 8, false);
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(plot);
    const QColor text = palette().color(QPalette::Text);
    QColor grid = palette().color(QPalette::Mid);
    grid.setAlpha(70);
    for (double t : xAxis.ticks()) {
        const double x = xAxis.map(t);
        p.setPen(grid);
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        p.setPen(text);
        // Centred under the tick, kept inside the widget at the ends.
        const double left = std::clamp(x - 40, 0.0, double(width()) - 80);
        p.drawText(QRectF(left, plot.bottom() + 2, 80, 14), Qt::AlignCenter, bytesLabel(t));
    }
    for (double t : yAxis.ticks()) {
        const double y = yAxis.map(t);
        p.setPen(grid);
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        p.setPen(text);
        p.drawText(QRectF(20, y - 7, 38, 14), Qt::AlignRight | Qt::AlignVCenter,
                   QString::number(t, 'f', 0));
    }
    p.setPen(text);
    p.drawText(QRectF(plot.left(), plot.bottom() + 20, plot.width(), 16), Qt::AlignCenter,
               xAxis.isLog() ? tr("LDS bytes (log scale)") : tr("LDS bytes"));
    p.save();
    p.translate(12, plot.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-plot.height() / 2, -10, plot.height(), 16), Qt::AlignCenter,
               yAxis.isLog() ? tr("cycles (log)") : tr("conflict cycles"));
    p.restore();
    drawLegend(p, plot);
    auto pos = [&](const SharedCandidate &c) {
        return QPointF(xAxis.map(double(c.ldsBytes)), yAxis.map(double(cost(c))));
    };
    // The front, joined in LDS order.
    std::vector<QPointF> front;
    for (int r = 0; r < n; ++r)
        if (m_model->candidate(r)->pareto && r != m_model->referenceRow())
            front.push_back(pos(*m_model->candidate(r)));
    std::sort(front.begin(), front.end(),
              [](const QPointF &a, const QPointF &b) { return a.x() < b.x(); });
    p.setPen(QPen(QColor(0x2e, 0x7d, 0x32), 1.2, Qt::DashLine));
    for (size_t i = 1; i < front.size(); ++i)
        p.drawLine(front[i - 1], front[i]);
    for (int r = n - 1; r >= 0; --r) {
        const SharedCandidate *c = m_model->candidate(r);
        const QPointF at = pos(*c);
        m_points.push_back({at, r});
        const QColor fill = c->pareto ? QColor(0x2e, 0x7d, 0x32) : QColor(0x90, 0x90, 0x90);
        p.setPen(QPen(r == m_selected ? QColor(0x15, 0x65, 0xc0) : fill.darker(140),
                      r == m_selected ? 2.5 : 1));
        p.setBrush(fill);
        drawMarker(p, at, 5, markerOfVectorBits(c->vectorBits));
        if (r == m_model->referenceRow()) {
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(QColor(0xc6, 0x28, 0x28), 2));
            p.drawEllipse(at, 10, 10);
            p.drawText(at + QPointF(12, at.y() < plot.top() + 18 ? 14 : -8),
                       m_model->isKPack() ? tr("current") : tr("Triton's pick"));
        }
    }
}

void SuggestScatter::mouseMoveEvent(QMouseEvent *e)
{
    const int r = rowAt(e->position());
    if (r < 0) {
        QToolTip::hideText();
        return;
    }
    const SharedCandidate *c = m_model->candidate(r);
    int here = 0;
    for (const auto &[pt, row] : m_points)
        here += std::hypot(pt.x() - e->position().x(), pt.y() - e->position().y()) <= 7;
    QString tip =
        u"%1: %2 conflict cycles, %3 B, %4-bit\n%5"_s.arg(QString::fromStdString(c->family))
            .arg(cost(*c))
            .arg(c->ldsBytes)
            .arg(c->vectorBits)
            .arg(QString::fromStdString(c->text));
    if (here > 1)
        tip += tr("\n(%1 more candidates at this point: see the table)").arg(here - 1);
    QToolTip::showText(e->globalPosition().toPoint(), tip, this);
}

void SuggestScatter::mousePressEvent(QMouseEvent *e)
{
    const int r = rowAt(e->position());
    if (r >= 0)
        Q_EMIT clicked(r);
}

int SuggestScatter::cost(const SharedCandidate &c)
{
    return c.readCycles + c.writeCycles;
}

// Marker shapes and the red ring, in one row above the plot (never over a point).
void SuggestScatter::drawLegend(QPainter &p, const QRectF &plot) const
{
    const QStringList labels = {tr("128-bit"), tr("64-bit"), tr("narrower"),
                                m_model->isKPack() ? tr("current") : tr("Triton's pick")};
    const QFontMetricsF fm(font());
    double x = plot.left();
    const double y = plot.top() - 11;
    for (int i = 0; i < labels.size(); ++i) {
        const QPointF at(x + 6, y);
        p.setPen(QColor(0x55, 0x55, 0x55));
        p.setBrush(QColor(0x90, 0x90, 0x90));
        if (i < 3) {
            drawMarker(p, at, 4, Marker(i));
        } else {
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(QColor(0xc6, 0x28, 0x28), 2));
            p.drawEllipse(at, 6, 6);
        }
        p.setPen(palette().color(QPalette::Text));
        const double w = fm.horizontalAdvance(labels[i]);
        p.drawText(QRectF(at.x() + 10, y - 8, w + 2, 16), Qt::AlignVCenter, labels[i]);
        x = at.x() + 10 + w + 14;
    }
    p.setPen(QPen(QColor(0x2e, 0x7d, 0x32), 1.2, Qt::DashLine));
    p.drawLine(QPointF(x, y), QPointF(x + 16, y));
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRectF(x + 20, y - 8, 120, 16), Qt::AlignVCenter, tr("Pareto front"));
}

int SuggestScatter::rowAt(const QPointF &at) const
{
    for (const auto &[pt, row] : m_points)
        if (std::hypot(pt.x() - at.x(), pt.y() - at.y()) <= 7)
            return row;
    return -1;
}

} // namespace lx
