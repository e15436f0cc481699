#pragma once

// The Suggest panel's scatter plot of the shared-layout candidates: conflict cycles (read +
// write, wave 0) against LDS bytes, the marker by vector width, the Pareto front joined in LDS
// order, Triton's pick (or the current kPack layout) ringed in red. Hover a point: its layout
// text; click it: clicked(row). QPainter only; the rows are the SuggestModel's.

#include <QWidget>

#include <utility>
#include <vector>

class QPainter;

namespace lx {

struct SharedCandidate;
class SuggestModel;

class SuggestScatter : public QWidget
{
    Q_OBJECT
public:
    explicit SuggestScatter(SuggestModel *model, QWidget *parent = nullptr);
    // The row drawn selected (-1: none).
    void setSelected(int row);

Q_SIGNALS:
    void clicked(int row);

protected:
    void paintEvent(QPaintEvent *) override;
    void mouseMoveEvent(QMouseEvent *e) override;
    void mousePressEvent(QMouseEvent *e) override;

private:
    static int cost(const SharedCandidate &c);
    // Marker shapes and the red ring, in one row above the plot (never over a point).
    void drawLegend(QPainter &p, const QRectF &plot) const;
    int rowAt(const QPointF &at) const;

    SuggestModel *m_model;
    std::vector<std::pair<QPointF, int>> m_points;
    int m_selected = -1;
};

} // namespace lx
