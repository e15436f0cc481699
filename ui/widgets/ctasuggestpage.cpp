#include "widgets/ctasuggestpage.h"

#include "models/ctasuggestmodel.h"
#include "widgets/panelwidgets.h"

#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace lx {

CtaSuggestPage::CtaSuggestPage(LayoutDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_model(new CtaSuggestModel(document, this)),
      m_sorted(new QSortFilterProxyModel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_sorted->setSourceModel(m_model);
    m_sorted->setSortRole(CtaSuggestModel::SortRole);
    m_table = new QTableView(this);
    m_table->setObjectName(u"ctaSuggestTable"_s);
    showAsRowList(m_table, m_sorted);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(CtaSuggestModel::RankColumn, Qt::AscendingOrder);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_table->setMouseTracking(true);
    m_table->viewport()->installEventFilter(this);
    m_table->setToolTip(tr("Ranked by cross-pair sharing, then partition conflicts, TDM "
                           "instructions, pieces and groups; click a header to sort. Hover a "
                           "row to preview it in the open views."));
    layout->addWidget(m_table, 1);
    auto *buttons = new QHBoxLayout;
    m_apply = new QPushButton(tr("Apply ctaLayout"), this);
    m_apply->setObjectName(u"ctaApply"_s);
    m_copyTtg = new QPushButton(tr("Copy #ttg"), this);
    m_copyTtg->setObjectName(u"ctaCopyTtg"_s);
    m_copyGluon = new QPushButton(tr("Copy Gluon"), this);
    m_copyGluon->setObjectName(u"ctaCopyGluon"_s);
    m_compare = new QPushButton(tr("Compare"), this);
    m_compare->setObjectName(u"ctaCompare"_s);
    m_compare->setToolTip(tr("Add the selected ctaLayout to the scene beside a compare view of "
                             "the scene's layout and it: every figure in two columns (one undo "
                             "step)"));
    for (QPushButton *b : {m_apply, m_copyTtg, m_copyGluon, m_compare})
        buttons->addWidget(b);
    buttons->addStretch(1);
    layout->addLayout(buttons);

    connect(m_table, &QTableView::entered, this,
            [this](const QModelIndex &i) { preview(m_sorted->mapToSource(i).row()); });
    connect(m_table, &QTableView::doubleClicked, this, [this] { applySelected(); });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        if (const int row = selectedRow(); row >= 0)
            m_keptText = m_model->ttgText(row);
        updateButtons();
    });
    connect(m_model, &CtaSuggestModel::refreshed, this, [this] {
        m_previewRow = -1;
        // Candidates come first, the scene's own row last: an applied ctaLayout is found at its
        // rank, not at the "current" row.
        for (int r = 0; r < m_model->rowCount() && !m_keptText.isEmpty(); ++r)
            if (m_model->ttgText(r) == m_keptText) {
                selectRow(r);
                break;
            }
        updateButtons();
    });
    connect(m_apply, &QPushButton::clicked, this, &CtaSuggestPage::applySelected);
    connect(m_copyTtg, &QPushButton::clicked, this, [this] { copySelected(false); });
    connect(m_copyGluon, &QPushButton::clicked, this, [this] { copySelected(true); });
    connect(m_compare, &QPushButton::clicked, this, &CtaSuggestPage::compareSelected);
    updateButtons();
}

int CtaSuggestPage::selectedRow() const
{
    const QModelIndex i = m_table->currentIndex();
    return i.isValid() ? m_sorted->mapToSource(i).row() : -1;
}

void CtaSuggestPage::selectRow(int row)
{
    const QModelIndex i = m_sorted->mapFromSource(m_model->index(row, 0));
    m_table->setCurrentIndex(i);
    m_table->selectRow(i.row());
    m_table->scrollTo(i);
}

void CtaSuggestPage::updateButtons()
{
    const int row = selectedRow();
    const int current = m_model->currentRow();
    // A candidate equal to the scene's layout (an applied one) is in place already.
    const bool inPlace =
        row >= 0 && (row == current || m_model->ttgText(row) == m_model->ttgText(current));
    m_apply->setEnabled(row >= 0 && !inPlace);
    m_compare->setEnabled(row >= 0 && !inPlace);
    m_copyTtg->setEnabled(row >= 0);
    m_copyGluon->setEnabled(row >= 0);
    const QString none =
        m_model->rowCount() == 0 ? tr("nothing was searched") : tr("select a ctaLayout first");
    m_apply->setToolTip(row < 0   ? tr("Nothing to apply: %1").arg(none)
                        : inPlace ? tr("The selected ctaLayout is the scene's layout already")
                                  : tr("Replace the scene's layout with the selected ctaLayout "
                                       "(one undo step)"));
    m_copyTtg->setToolTip(row < 0 ? tr("Nothing to copy: %1").arg(none)
                                  : tr("Copy the selected ctaLayout's #ttg attribute"));
    m_copyGluon->setToolTip(row < 0 ? tr("Nothing to copy: %1").arg(none)
                                    : tr("Copy the selected ctaLayout as a Gluon constructor"));
}

void CtaSuggestPage::applySelected()
{
    preview(-1);
    if (const QString why = m_model->apply(selectedRow()); !why.isEmpty())
        Q_EMIT editRefused(why);
}

void CtaSuggestPage::copySelected(bool gluon)
{
    const int row = selectedRow();
    const QString text = gluon ? m_model->gluonText(row) : m_model->ttgText(row);
    if (text.isEmpty()) {
        Q_EMIT editRefused(tr("select a ctaLayout to copy"));
        return;
    }
    QApplication::clipboard()->setText(text);
    Q_EMIT status(gluon ? tr("Copied the Gluon layout") : tr("Copied the #ttg layout"), 3000);
}

void CtaSuggestPage::compareSelected()
{
    preview(-1);
    if (const QString why = m_model->compare(selectedRow()); !why.isEmpty())
        Q_EMIT editRefused(why);
    else
        Q_EMIT viewAdded();
}

void CtaSuggestPage::preview(int row)
{
    if (row == m_previewRow)
        return;
    m_previewRow = row;
    if (row < 0 || row == m_model->currentRow()) {
        Q_EMIT previewEnded();
        return;
    }
    if (const std::optional<SceneContents> scene = m_model->sceneWith(row))
        Q_EMIT previewRequested(*scene);
    else
        Q_EMIT previewEnded();
}

bool CtaSuggestPage::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_table->viewport() && event->type() == QEvent::Leave)
        preview(-1);
    return QWidget::eventFilter(watched, event);
}

} // namespace lx
