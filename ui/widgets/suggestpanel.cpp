#include "widgets/suggestpanel.h"

#include "hw/arch.h"
#include "models/layoutdocument.h"
#include "models/suggestmodel.h"

#include <QDockWidget>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMainWindow>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace lx {

// Conflict cycles (read + write) against LDS bytes; QPainter only.
class SuggestScatter : public QWidget
{
    Q_OBJECT
public:
    explicit SuggestScatter(SuggestModel *model, QWidget *parent = nullptr)
        : QWidget(parent), m_model(model)
    {
        setMouseTracking(true);
        setMinimumSize(300, 170);
        setToolTip(tr("Conflict cycles (read + write, wave 0) against LDS bytes. Circle: 128-bit "
                      "vectors, square: 64-bit, triangle: narrower. Red ring: Triton's pick. "
                      "Click a point to select it."));
    }
    void setSelected(int row)
    {
        m_selected = row;
        update();
    }

Q_SIGNALS:
    void clicked(int row);

protected:
    void paintEvent(QPaintEvent *) override
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
        if (xMax <= xMin)
            xMax = xMin + 1;
        if (yMax <= yMin)
            yMax = yMin + 1;
        const QRectF plot = QRectF(rect()).adjusted(58, 12, -14, -36);
        p.setPen(palette().color(QPalette::Mid));
        p.drawRect(plot);
        p.setPen(palette().color(QPalette::Text));
        p.drawText(QRectF(plot.left(), plot.bottom() + 16, plot.width(), 18), Qt::AlignCenter,
                   tr("LDS bytes (%1 - %2)").arg(xMin, 0, 'f', 0).arg(xMax, 0, 'f', 0));
        p.save();
        p.translate(14, plot.center().y());
        p.rotate(-90);
        p.drawText(QRectF(-plot.height() / 2, -12, plot.height(), 18), Qt::AlignCenter,
                   tr("conflict cycles"));
        p.restore();
        p.drawText(QRectF(20, plot.top() - 6, 36, 14), Qt::AlignRight, QString::number(yMax));
        p.drawText(QRectF(20, plot.bottom() - 8, 36, 14), Qt::AlignRight, QString::number(yMin));
        auto pos = [&](const SharedCandidate &c) {
            const double x =
                plot.left() + 8 + (plot.width() - 16) * (double(c.ldsBytes) - xMin) / (xMax - xMin);
            const double y =
                plot.bottom() - 8 - (plot.height() - 16) * (double(cost(c)) - yMin) / (yMax - yMin);
            return QPointF(x, y);
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
            const double s = 5;
            if (c->vectorBits >= 128) {
                p.drawEllipse(at, s, s);
            } else if (c->vectorBits >= 64) {
                p.drawRect(QRectF(at.x() - s, at.y() - s, 2 * s, 2 * s));
            } else {
                QPainterPath tri;
                tri.moveTo(at.x(), at.y() - s);
                tri.lineTo(at.x() + s, at.y() + s);
                tri.lineTo(at.x() - s, at.y() + s);
                tri.closeSubpath();
                p.drawPath(tri);
            }
            if (r == m_model->referenceRow()) {
                p.setBrush(Qt::NoBrush);
                p.setPen(QPen(QColor(0xc6, 0x28, 0x28), 2));
                p.drawEllipse(at, 10, 10);
                p.drawText(at + QPointF(12, -8),
                           m_model->isKPack() ? tr("current") : tr("Triton's pick"));
            }
        }
    }
    void mouseMoveEvent(QMouseEvent *e) override
    {
        const int r = rowAt(e->position());
        if (r < 0) {
            QToolTip::hideText();
            return;
        }
        const SharedCandidate *c = m_model->candidate(r);
        QToolTip::showText(
            e->globalPosition().toPoint(),
            u"%1: %2 conflict cycles, %3 B, %4-bit\n%5"_s.arg(QString::fromStdString(c->family))
                .arg(cost(*c))
                .arg(c->ldsBytes)
                .arg(c->vectorBits)
                .arg(QString::fromStdString(c->text)),
            this);
    }
    void mousePressEvent(QMouseEvent *e) override
    {
        const int r = rowAt(e->position());
        if (r >= 0)
            Q_EMIT clicked(r);
    }

private:
    static int cost(const SharedCandidate &c) { return c.readCycles + c.writeCycles; }
    int rowAt(const QPointF &at) const
    {
        for (const auto &[pt, row] : m_points)
            if (std::hypot(pt.x() - at.x(), pt.y() - at.y()) <= 7)
                return row;
        return -1;
    }

    SuggestModel *m_model;
    std::vector<std::pair<QPointF, int>> m_points;
    int m_selected = -1;
};

SuggestPanel::SuggestPanel(LayoutDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_model(new SuggestModel(document, this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto *top = new QHBoxLayout;
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    auto *again = new QPushButton(tr("Search"), this);
    again->setToolTip(tr("Search the shared layouts for the scene's access again"));
    top->addWidget(m_status, 1);
    top->addWidget(again);
    layout->addLayout(top);
    auto *split = new QSplitter(Qt::Vertical, this);
    m_scatter = new SuggestScatter(m_model, split);
    m_table = new QTableView(split);
    m_table->setObjectName(u"suggestTable"_s);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    auto *explainBox = new QWidget(split);
    auto *explainLayout = new QVBoxLayout(explainBox);
    explainLayout->setContentsMargins(0, 0, 0, 0);
    auto *buttons = new QHBoxLayout;
    m_apply = new QPushButton(tr("Apply layout"), explainBox);
    m_apply->setToolTip(tr("Replace the scene's shared layout with the selected candidate (one "
                           "undo step)"));
    m_apply->setEnabled(false);
    auto *explainButton = new QPushButton(tr("Explain worst conflict"), explainBox);
    explainButton->setToolTip(tr("The lanes, addresses and colliding lane bits of the worst "
                                 "bank conflict of the current layout, and the smallest fix"));
    m_applyFix = new QPushButton(tr("Apply fix"), explainBox);
    m_applyFix->setEnabled(false);
    buttons->addWidget(m_apply);
    buttons->addWidget(explainButton);
    buttons->addWidget(m_applyFix);
    buttons->addStretch(1);
    explainLayout->addLayout(buttons);
    m_explainer = new QTextBrowser(explainBox);
    m_explainer->setObjectName(u"conflictExplainer"_s);
    explainLayout->addWidget(m_explainer);
    split->addWidget(m_scatter);
    split->addWidget(m_table);
    split->addWidget(explainBox);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 3);
    layout->addWidget(split, 1);

    connect(again, &QPushButton::clicked, this, &SuggestPanel::refresh);
    connect(m_scatter, &SuggestScatter::clicked, this, &SuggestPanel::select);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &i) {
                m_scatter->setSelected(i.row());
                m_apply->setEnabled(i.isValid() && !m_model->isKPack());
            });
    connect(m_table, &QTableView::doubleClicked, this, [this] { applySelected(); });
    connect(m_apply, &QPushButton::clicked, this, &SuggestPanel::applySelected);
    connect(explainButton, &QPushButton::clicked, this, &SuggestPanel::explain);
    connect(m_model, &SuggestModel::refreshed, this, [this] {
        m_status->setText(m_model->status());
        m_scatter->setSelected(-1);
        m_scatter->update();
        m_apply->setEnabled(false);
        explain();
    });
}

void SuggestPanel::refresh()
{
    m_model->refresh();
}

void SuggestPanel::select(int row)
{
    m_table->selectRow(row);
    m_table->scrollTo(m_model->index(row, 0));
}

void SuggestPanel::applySelected()
{
    const int row = m_table->currentIndex().row();
    if (const QString why = m_model->apply(row); !why.isEmpty())
        Q_EMIT editRefused(why);
}

void SuggestPanel::explain()
{
    auto e = m_model->explainWorst();
    m_applyFix->disconnect();
    m_applyFix->setEnabled(false);
    if (!e) {
        m_explainer->setPlainText(QString::fromStdString(e.message()));
        return;
    }
    QString html = tr("<b>Wave %1, instruction %2, phase %3 (lanes %4): bank %5 serves %6 "
                      "distinct dwords (%6-way)</b><br>")
                       .arg(e->warp)
                       .arg(e->instruction)
                       .arg(e->phase)
                       .arg(QString::fromStdString(formatLaneList(e->phaseLanes, "T")))
                       .arg(e->bank)
                       .arg(e->ways);
    QStringList rows;
    for (size_t i = 0; i < e->lanes.size(); ++i)
        rows << u"T%1 @ byte %2 (dword %3)"_s.arg(e->lanes[i])
                    .arg(e->addresses[i])
                    .arg(e->addresses[i] / 4);
    html += tr("Lanes on the bank: %1<br>").arg(rows.join(u", "_s));
    if (!e->collisions.empty()) {
        QStringList cs;
        for (const auto &c : e->collisions) {
            QStringList bits;
            for (int b : c.laneBits)
                bits << u"lane bit %1"_s.arg(b);
            cs << u"%1 (+%2 B, same bank)"_s.arg(bits.join(u" ^ "_s)).arg(c.byteDelta);
        }
        html += tr("Colliding basis bits (kernel of the bank map on the phase): %1<br>")
                    .arg(cs.join(u"; "_s));
    } else if (!e->kernelNote.empty()) {
        html += QString::fromStdString(e->kernelNote) + u"<br>"_s;
    }
    if (e->fix) {
        const ConflictFix fix = *e->fix;
        html += tr("<b>Smallest fix</b> (%1): %2 -> %3-way in this phase; cycles %4 -> %5; LDS "
                   "%6 -> %7 B<br><tt>%8</tt>")
                    .arg(QString::fromStdString(fix.kind), QString::fromStdString(fix.description))
                    .arg(fix.waysAfter)
                    .arg(fix.cyclesBefore)
                    .arg(fix.cyclesAfter)
                    .arg(fix.ldsBytesBefore)
                    .arg(fix.ldsBytesAfter)
                    .arg(QString::fromStdString(fix.text).toHtmlEscaped());
        m_applyFix->setEnabled(true);
        connect(m_applyFix, &QPushButton::clicked, this, [this, fix] {
            if (const QString why = m_model->applyFix(fix); !why.isEmpty())
                Q_EMIT editRefused(why);
            else
                explain();
        });
    } else if (e->ways > 1) {
        html += tr("No single XOR term or pad lowers this phase's n-way.");
    } else {
        html += tr("No bank conflict in this access.");
    }
    m_explainer->setHtml(html);
}

QDockWidget *createSuggestDock(QMainWindow *window, LayoutDocument *document)
{
    auto *dock = new QDockWidget(QObject::tr("Suggest"), window);
    dock->setObjectName(u"suggestDock"_s);
    auto *panel = new SuggestPanel(document, dock);
    dock->setWidget(panel);
    QObject::connect(dock, &QDockWidget::visibilityChanged, panel,
                     [window, dock, panel, sized = false](bool visible) mutable {
                         if (!visible)
                             return;
                         if (!sized && !dock->isFloating()) {
                             window->resizeDocks({dock}, {560}, Qt::Horizontal);
                             sized = true;
                         }
                         panel->refresh();
                     });
    QObject::connect(document, &LayoutDocument::sceneReset, panel, [dock, panel] {
        if (dock->isVisible())
            panel->refresh();
    });
    dock->hide();
    return dock;
}

} // namespace lx

#include "suggestpanel.moc"
