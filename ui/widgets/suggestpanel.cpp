#include "widgets/suggestpanel.h"

#include "hw/arch.h"
#include "io/ttgtext.h"
#include "models/ctasuggestmodel.h"
#include "models/layoutdocument.h"
#include "models/scenefile.h"
#include "models/suggestmodel.h"
#include "request/ctasearch.h"
#include "widgets/conflictexplainer.h"
#include "widgets/ctasuggestpage.h"
#include "widgets/panelwidgets.h"
#include "widgets/suggestscatter.h"

#include <QClipboard>
#include <QComboBox>
#include <QDockWidget>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMainWindow>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace lx {

SuggestPanel::SuggestPanel(LayoutDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_model(new SuggestModel(document, this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_chooser = new QComboBox(this);
    m_chooser->setObjectName(u"suggestViewChooser"_s);
    m_chooser->setToolTip(tr("The access to search: every view of the scene the design "
                             "assistant can search (suggest --view N)"));
    m_chooser->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_chooser->setMinimumContentsLength(20);
    layout->addWidget(m_chooser);
    auto *top = new QHBoxLayout;
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    auto *again = new QPushButton(tr("Search"), this);
    again->setToolTip(tr("Search the shared layouts for the scene's access again"));
    top->addWidget(m_status, 1);
    top->addWidget(again);
    layout->addLayout(top);
    m_pages = new QStackedWidget(this);
    auto *split = new QSplitter(Qt::Vertical, m_pages);
    m_scatter = new SuggestScatter(m_model, split);
    m_table = new QTableView(split);
    m_table->setObjectName(u"suggestTable"_s);
    showAsRowList(m_table, m_model);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    QWidget *explainBox = createExplainBox(split);
    split->addWidget(m_scatter);
    split->addWidget(m_table);
    split->addWidget(explainBox);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 3);
    m_pages->addWidget(split);
    m_ctaPage = new CtaSuggestPage(document, m_pages);
    m_pages->addWidget(m_ctaPage);
    layout->addWidget(m_pages, 1);

    m_searchAgain = new QTimer(this);
    m_searchAgain->setSingleShot(true);
    m_searchAgain->setInterval(150);
    connect(m_searchAgain, &QTimer::timeout, this, &SuggestPanel::refresh);
    connect(document, &LayoutDocument::layoutChanged, this, &SuggestPanel::follow);
    connect(document, &LayoutDocument::structureChanged, this, &SuggestPanel::follow);
    connect(document, &LayoutDocument::archChanged, this, &SuggestPanel::follow);
    connect(document, &LayoutDocument::viewChanged, this, &SuggestPanel::follow);
    connect(document, &LayoutDocument::sceneReset, this, &SuggestPanel::follow);
    connect(again, &QPushButton::clicked, this, &SuggestPanel::refresh);
    connect(m_chooser, &QComboBox::activated, this, [this](int index) {
        if (index >= 0 && index < int(m_choices.size()))
            m_chosenView = m_choices[size_t(index)].first;
        run(index);
    });
    connect(m_ctaPage->model(), &CtaSuggestModel::refreshed, this,
            [this] { m_status->setText(m_ctaPage->model()->status()); });
    connect(m_ctaPage, &CtaSuggestPage::editRefused, this, &SuggestPanel::editRefused);
    connect(m_ctaPage, &CtaSuggestPage::previewRequested, this, &SuggestPanel::previewRequested);
    connect(m_ctaPage, &CtaSuggestPage::previewEnded, this, &SuggestPanel::previewEnded);
    connect(m_ctaPage, &CtaSuggestPage::status, this, &SuggestPanel::status);
    connect(m_ctaPage, &CtaSuggestPage::viewAdded, this, &SuggestPanel::viewAdded);
    connect(m_scatter, &SuggestScatter::clicked, this, &SuggestPanel::select);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &i) {
                m_scatter->setSelected(i.row());
                if (const SharedCandidate *c = m_model->candidate(i.row()))
                    m_keptText = QString::fromStdString(c->text);
                updateButtons();
            });
    connect(m_table, &QTableView::doubleClicked, this, [this] { applySelected(); });
    connect(m_apply, &QPushButton::clicked, this, &SuggestPanel::applySelected);
    connect(m_copyTtg, &QPushButton::clicked, this, [this] { copySelected(false); });
    connect(m_copyGluon, &QPushButton::clicked, this, [this] { copySelected(true); });
    connect(m_explain, &QPushButton::clicked, this, &SuggestPanel::explain);
    connect(m_model, &SuggestModel::refreshed, this, [this] {
        m_status->setText(m_model->status());
        m_scatter->setSelected(-1);
        m_scatter->update();
        reselect();
        updateButtons();
        explain();
    });
    updateButtons();
}

QWidget *SuggestPanel::createExplainBox(QWidget *parent)
{
    auto *explainBox = new QWidget(parent);
    auto *explainLayout = new QVBoxLayout(explainBox);
    explainLayout->setContentsMargins(0, 0, 0, 0);
    auto *buttons = new QHBoxLayout;
    m_apply = new QPushButton(tr("Apply layout"), explainBox);
    m_apply->setToolTip(tr("Replace the scene's shared layout with the selected candidate (one "
                           "undo step)"));
    m_apply->setObjectName(u"suggestApply"_s);
    m_copyTtg = new QPushButton(tr("Copy #ttg"), explainBox);
    m_copyTtg->setObjectName(u"suggestCopyTtg"_s);
    m_copyGluon = new QPushButton(tr("Copy Gluon"), explainBox);
    m_copyGluon->setObjectName(u"suggestCopyGluon"_s);
    m_explain = new QPushButton(tr("Explain worst conflict"), explainBox);
    m_explain->setObjectName(u"suggestExplain"_s);
    m_applyFix = new QPushButton(tr("Apply fix"), explainBox);
    m_applyFix->setEnabled(false);
    for (QPushButton *b : {m_apply, m_copyTtg, m_copyGluon, m_explain, m_applyFix})
        buttons->addWidget(b);
    buttons->addStretch(1);
    explainLayout->addLayout(buttons);
    m_explainer = new QTextBrowser(explainBox);
    m_explainer->setObjectName(u"conflictExplainer"_s);
    // A layout line has no spaces to break at for long stretches: it wraps anywhere, never
    // scrolls sideways.
    m_explainer->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_explainer->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    explainLayout->addWidget(m_explainer);
    return explainBox;
}

void SuggestPanel::reselect()
{
    for (int r = 0; r < m_model->rowCount() && !m_keptText.isEmpty(); ++r)
        if (QString::fromStdString(m_model->candidate(r)->text) == m_keptText) {
            select(r);
            return;
        }
}

void SuggestPanel::updateButtons()
{
    const int row = m_table->currentIndex().row();
    const SharedCandidate *c = m_model->candidate(row);
    const bool layout = c && c->attr && !m_model->isKPack();
    // An applied candidate stays selected: it is the scene's layout now, to copy, not to apply.
    const bool inPlace = layout && m_model->isInPlace(row);
    m_apply->setEnabled(layout && !inPlace && isCurrent());
    for (QPushButton *b : {m_copyTtg, m_copyGluon})
        b->setEnabled(layout);
    const QString why = !m_model->access() ? tr("nothing was searched")
                        : m_model->isKPack()
                            ? tr("kPack candidates are rocMLIR parameters, not #ttg layouts")
                            : tr("select a candidate first");
    m_apply->setToolTip(!layout   ? tr("Nothing to apply: %1").arg(why)
                        : inPlace ? tr("The selected layout is the scene's shared layout already")
                                  : tr("Replace the scene's shared layout with the selected "
                                       "candidate (one undo step)"));
    m_copyTtg->setToolTip(layout ? tr("Copy the selected layout's #ttg attribute")
                                 : tr("Nothing to copy: %1").arg(why));
    m_copyGluon->setToolTip(layout ? tr("Copy the selected layout as a Gluon constructor")
                                   : tr("Nothing to copy: %1").arg(why));
}

void SuggestPanel::copySelected(bool gluon)
{
    const SharedCandidate *c = m_model->candidate(m_table->currentIndex().row());
    if (!c || !c->attr) {
        Q_EMIT editRefused(tr("select a candidate to copy"));
        return;
    }
    QGuiApplication::clipboard()->setText(
        QString::fromStdString(gluon ? printGluon(*c->attr) : c->text));
    Q_EMIT status(gluon ? tr("Copied the Gluon layout") : tr("Copied the #ttg layout"), 3000);
}

void SuggestPanel::refresh()
{
    m_searchAgain->stop();
    Expected<std::vector<SceneSearch>> searches =
        sceneSearches(sceneFromContents(m_document->contents()));
    m_choices.clear();
    int pick = -1;
    {
        const QSignalBlocker blocker(m_chooser);
        m_chooser->clear();
        if (searches)
            for (const SceneSearch &s : *searches) {
                if (s.viewIndex == m_chosenView || pick < 0)
                    pick = int(m_choices.size());
                m_chooser->addItem(QString::fromStdString(s.description));
                m_choices.emplace_back(s.viewIndex, s.kind == SceneSearch::CtaLayout);
            }
        m_chooser->setCurrentIndex(pick);
    }
    m_chooser->setEnabled(m_choices.size() > 1);
    run(pick);
}

void SuggestPanel::run(int index)
{
    const bool cta = index >= 0 && index < int(m_choices.size()) && m_choices[size_t(index)].second;
    Q_EMIT previewEnded();
    if (cta) {
        m_pages->setCurrentWidget(m_ctaPage);
        m_ctaPage->model()->search(m_choices[size_t(index)].first);
        return;
    }
    m_pages->setCurrentIndex(0);
    m_ctaPage->model()->clear(QString());
    m_model->setViewIndex(
        index >= 0 && index < int(m_choices.size()) ? m_choices[size_t(index)].first : -1);
    m_model->refresh();
}

void SuggestPanel::chooseView(int view)
{
    m_chosenView = view;
    refresh();
}

bool SuggestPanel::isCtaSearch() const
{
    return m_pages->currentWidget() == m_ctaPage;
}

bool SuggestPanel::isCurrent() const
{
    return isCtaSearch() ? m_ctaPage->model()->isCurrent() : m_model->isCurrent();
}

void SuggestPanel::follow()
{
    if (!isVisible()) {
        // Nothing of the old scene is kept to be selected or applied; searched when shown.
        m_searchAgain->stop();
        if (m_model->rowCount() > 0 || m_model->access())
            m_model->clear(tr("The scene changed: it is searched again when this panel is shown."));
        if (m_ctaPage->model()->rowCount() > 0)
            m_ctaPage->model()->clear(
                tr("The scene changed: it is searched again when this panel is shown."));
        return;
    }
    m_apply->setEnabled(false);
    m_apply->setToolTip(tr("Waiting for the search of the changed scene"));
    m_status->setText(tr("The scene changed: searching again…"));
    if (!isCtaSearch())
        explain();
    m_searchAgain->start();
}

void SuggestPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!isCurrent())
        refresh();
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
    m_explain->setEnabled(bool(e));
    if (!e) {
        // Nothing to explain (the scene has no access): the status line says why, once; the
        // button says it on hover. Any other reason is shown here.
        const QString why = QString::fromStdString(e.message());
        m_explain->setToolTip(tr("Nothing to explain: %1").arg(why));
        m_applyFix->setToolTip(tr("Nothing to fix: %1").arg(why));
        if (m_status->text().contains(why))
            m_explainer->clear();
        else
            m_explainer->setPlainText(why);
        return;
    }
    m_explain->setToolTip(tr("The lanes, addresses and colliding lane bits of the worst bank "
                             "conflict of the current layout, and the smallest fix"));
    m_applyFix->setToolTip(tr("Make the smallest change shown (one undo step)"));
    m_explainer->setHtml(conflictExplanationHtml(*e, m_model->isKPack() ? tr("the stores of wave 0")
                                                                        : tr("this phase")));
    if (e->fix && e->ways > 1) {
        const ConflictFix fix = *e->fix;
        m_applyFix->setEnabled(true);
        connect(m_applyFix, &QPushButton::clicked, this, [this, fix] {
            if (const QString why = m_model->applyFix(fix); !why.isEmpty())
                Q_EMIT editRefused(why);
            else
                explain();
        });
    } else if (e->ways <= 1) {
        m_explainer->append(tr("No bank conflict in this access."));
    }
}

QDockWidget *createSuggestDock(QMainWindow *window, LayoutDocument *document)
{
    auto *dock = new QDockWidget(QObject::tr("Suggest"), window);
    dock->setObjectName(u"suggestDock"_s);
    auto *panel = new SuggestPanel(document, dock);
    dock->setWidget(panel);
    QObject::connect(dock, &QDockWidget::visibilityChanged, panel,
                     [window, dock, sized = false](bool visible) mutable {
                         if (visible && !sized && !dock->isFloating()) {
                             window->resizeDocks({dock}, {560}, Qt::Horizontal);
                             sized = true;
                         }
                     });
    dock->hide();
    return dock;
}

} // namespace lx
