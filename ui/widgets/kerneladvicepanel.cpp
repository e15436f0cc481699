#include "widgets/kerneladvicepanel.h"

#include "models/kerneladvicemodel.h"
#include "widgets/panelwidgets.h"

#include <QAction>
#include <QGridLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QScrollBar>
#include <QTableView>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

namespace lx {

KernelAdvicePanel::KernelAdvicePanel(QAction *savePatched, QWidget *parent)
    : QWidget(parent), m_model(new KernelAdviceModel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    // Two rows of buttons: the panel shares its column with the op's explanation, and one row of
    // five would set a minimum width that squeezes the explanation to a few characters.
    auto *buttons = new QGridLayout;
    m_suggest = new QPushButton(tr("Suggest for this op"), this);
    m_suggest->setObjectName(QStringLiteral("kernelSuggest"));
    m_suggest->setToolTip(tr("Search shared layouts for the selected op's buffer, judged on every "
                             "op of the kernel that uses that layout, and give the alias line to "
                             "put back into the kernel"));
    m_copyTtg = new QPushButton(tr("Copy #ttg line"), this);
    m_copyTtg->setToolTip(tr("Copy the suggested alias line, to paste over the kernel's own"));
    m_copyGluon = new QPushButton(tr("Copy Gluon"), this);
    m_copyGluon->setToolTip(tr("Copy the suggested layout as a Gluon constructor"));
    m_apply = new QPushButton(tr("Apply"), this);
    m_apply->setObjectName(QStringLiteral("kernelApplyAdvice"));
    m_apply->setToolTip(tr("Put the suggestion in place of the op's shared layout, in the scene "
                           "and in the module's alias line (one undo step): the kernel is "
                           "analysed again and every view shows the access as it would be"));
    for (QPushButton *b : {m_suggest, m_copyTtg, m_copyGluon, m_apply})
        b->setEnabled(b == m_suggest);
    auto *save = new QToolButton(this);
    save->setObjectName(QStringLiteral("kernelSavePatched"));
    save->setDefaultAction(savePatched);
    save->setToolButtonStyle(Qt::ToolButtonTextOnly);
    buttons->addWidget(m_suggest, 0, 0);
    buttons->addWidget(m_apply, 0, 1);
    buttons->addWidget(save, 0, 2);
    buttons->addWidget(m_copyTtg, 1, 0);
    buttons->addWidget(m_copyGluon, 1, 1);
    buttons->setColumnStretch(3, 1);
    layout->addLayout(buttons);

    // The before/after table under the buttons, always whole at the panel's width; the words
    // (the alias and Gluon lines, which can be long and run without a space) wrap anywhere and
    // scroll down below it instead of growing the dock's minimum height, pushing the table out
    // of view or scrolling sideways.
    m_words = newWrappingText(this);
    m_words->setObjectName(QStringLiteral("kernelAdvice"));
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("kernelAdviceTable"));
    m_table->setModel(m_model);
    m_table->verticalHeader()->hide();
    // The line and op as wide as their text; before and after share the rest, wrapped, so the
    // table fits the panel's width instead of scrolling sideways.
    m_table->setWordWrap(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    for (int c : {int(KernelAdviceModel::NowColumn), int(KernelAdviceModel::AfterColumn)})
        m_table->horizontalHeader()->setSectionResizeMode(c, QHeaderView::Stretch);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->hide();
    layout->addWidget(m_table);
    layout->addWidget(m_words, 1);

    connect(m_suggest, &QPushButton::clicked, this, &KernelAdvicePanel::suggestRequested);
    connect(m_apply, &QPushButton::clicked, this, &KernelAdvicePanel::applyRequested);
    connect(m_copyTtg, &QPushButton::clicked, this, [this] { Q_EMIT copyRequested(false); });
    connect(m_copyGluon, &QPushButton::clicked, this, [this] { Q_EMIT copyRequested(true); });
}

void KernelAdvicePanel::showAdvice(const OpSuggestion &advice)
{
    m_words->setHtml(advice.html + (advice.patchError.isEmpty()
                                        ? QString()
                                        : tr("<br>The module's text cannot take it: %1")
                                              .arg(advice.patchError.toHtmlEscaped())));
    m_model->setRows(advice.rows);
    m_table->setVisible(!advice.rows.isEmpty());
    m_words->verticalScrollBar()->setValue(0);
    // Nothing better found: the alias line is shown, but there is no fix to copy or apply.
    for (QPushButton *b : {m_copyTtg, m_copyGluon, m_apply})
        b->setEnabled(advice.improves);
}

void KernelAdvicePanel::clearAdvice(const QString &why)
{
    m_words->setHtml(why.toHtmlEscaped());
    m_model->setRows({});
    m_table->hide();
    for (QPushButton *b : {m_copyTtg, m_copyGluon, m_apply})
        b->setEnabled(false);
}

} // namespace lx
