#include "widgets/windowdocks.h"

#include "models/layoutdocument.h"
#include "models/layoutlistmodel.h"
#include "models/layoutpropertiesmodel.h"
#include "models/matrixmodel.h"
#include "widgets/baseseditor.h"
#include "widgets/conflictexplainer.h"
#include "widgets/ctalayouteditor.h"
#include "widgets/kerneldock.h"
#include "widgets/layoutactions.h"
#include "widgets/layouttextdelegate.h"
#include "widgets/panelwidgets.h"
#include "widgets/suggestpanel.h"
#include "widgets/viewoptionspanel.h"

#include <QAction>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QScrollBar>
#include <QStackedWidget>
#include <QTableView>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace lx {

namespace {

// The rows of the scene list kept in view beside any other dock.
constexpr int kSceneListMinimumRows = 5;

QDockWidget *newDock(QMainWindow *window, const QString &title, const char *name)
{
    auto *dock = new QDockWidget(title, window);
    dock->setObjectName(QString::fromLatin1(name));
    return dock;
}

} // namespace

WindowDocks::WindowDocks(QMainWindow *window, LayoutDocument *document, LayoutActions *actions)
    : QObject(window), m_window(window), m_document(document)
{
    setObjectName(QStringLiteral("windowDocks"));
    // The right-hand docks run the window's full height, so the Kernel dock below the canvas is
    // not held down to what is left above it by their minimum heights (the Suggest panel's
    // chart, the ctaLayout editor).
    m_window->setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    createSceneDock(actions);
    createEditorDocks();
    createAnalysisDocks();
    applyDefaultSizes();
}

void WindowDocks::createSceneDock(LayoutActions *actions)
{
    // Scene panel: the named layouts.
    m_sceneDock = newDock(m_window, tr("Scene"), "sceneDock");
    auto *scenePanel = new QWidget(m_sceneDock);
    auto *sceneLayout = new QVBoxLayout(scenePanel);
    sceneLayout->setContentsMargins(2, 2, 2, 2);
    auto *bar = new QToolBar(scenePanel);
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    // One "Add" button with the three ways to add a layout, so the dock stays narrow enough to
    // show every action.
    auto *addButton = new QToolButton(bar);
    addButton->setObjectName(QStringLiteral("addLayoutButton"));
    addButton->setText(tr("Add"));
    addButton->setToolTip(tr("Add a layout from bases, from a builder form or from #ttg / Gluon "
                             "text"));
    addButton->setPopupMode(QToolButton::InstantPopup);
    auto *addMenu = new QMenu(addButton);
    addMenu->addAction(actions->addFromBuilderAction());
    addMenu->addAction(actions->addFromTextAction());
    addMenu->addAction(actions->addFromBasesAction());
    addButton->setMenu(addMenu);
    bar->addWidget(addButton);
    bar->addAction(actions->duplicateAction());
    bar->addAction(actions->renameAction());
    bar->addAction(actions->removeAction());
    actions->addFromBasesAction()->setIconText(tr("Add"));
    actions->duplicateAction()->setIconText(tr("Duplicate"));
    actions->renameAction()->setIconText(tr("Rename"));
    actions->removeAction()->setIconText(tr("Delete"));
    sceneLayout->addWidget(bar);
    // Ctrl+C anywhere in the panel copies the current layout (its shortcut is the panel's).
    scenePanel->addAction(actions->copyAction());
    m_layoutList = new LayoutListModel(m_document, this);
    connect(m_layoutList, &LayoutListModel::editRefused, this, &WindowDocks::report);
    m_layoutTable = new QTableView(scenePanel);
    m_layoutTable->setObjectName(QStringLiteral("layoutTable"));
    showAsRowList(m_layoutTable, m_layoutList);
    m_layoutTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_layoutTable->setWordWrap(false);
    // Out dims are in the analysis panel; the scene list stays narrow enough for its dock.
    m_layoutTable->setColumnHidden(LayoutListModel::OutDimsColumn, true);
    m_layoutTable->setEditTriggers(QAbstractItemView::DoubleClicked |
                                   QAbstractItemView::EditKeyPressed);
    connect(m_layoutTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    Q_EMIT layoutChosen(current.row());
            });
    // Several rows stay in view whatever the docks around ask for (the Kernel dock below takes
    // the lower half of the window): the header and five rows at least, above the horizontal
    // scroll bar that long sources bring.
    m_layoutTable->setMinimumHeight(m_layoutTable->horizontalHeader()->sizeHint().height() +
                                    kSceneListMinimumRows *
                                        m_layoutTable->verticalHeader()->defaultSectionSize() +
                                    m_layoutTable->horizontalScrollBar()->sizeHint().height() +
                                    2 * m_layoutTable->frameWidth());
    sceneLayout->addWidget(m_layoutTable);
    // The Source column edits the layout's text in place; why typed text is refused shows right
    // under the list as it is typed.
    auto *textDelegate = new LayoutTextDelegate(m_layoutTable);
    m_layoutTable->setItemDelegateForColumn(LayoutListModel::SourceColumn, textDelegate);
    QLabel *textMessage = newMessageLabel(scenePanel);
    textMessage->setObjectName(QStringLiteral("layoutTextMessage"));
    textMessage->hide();
    connect(textDelegate, &LayoutTextDelegate::message, textMessage,
            [textMessage](const QString &m) {
                textMessage->setText(m);
                textMessage->setVisible(!m.isEmpty());
            });
    // A refused name or text typed in the list: the reason under the list, the entry as it was.
    connect(m_layoutList, &LayoutListModel::editRefused, textMessage,
            [textMessage](const QString &m) {
                textMessage->setText(m);
                textMessage->setVisible(!m.isEmpty());
            });
    // After an undo or redo the message is about a text no longer there.
    connect(m_document, &LayoutDocument::historyMoved, textMessage, [textMessage] {
        textMessage->clear();
        textMessage->hide();
    });
    sceneLayout->addWidget(textMessage);
    m_sceneDock->setWidget(scenePanel);
    m_window->addDockWidget(Qt::LeftDockWidgetArea, m_sceneDock);
}

void WindowDocks::createEditorDocks()
{
    m_basesDock = newDock(m_window, tr("Bases"), "basesDock");
    m_basesEditor = new BasesEditor(m_document, m_basesDock);
    connect(m_basesEditor, &BasesEditor::editRefused, this, &WindowDocks::report);
    m_basesDock->setWidget(m_basesEditor);
    m_window->addDockWidget(Qt::LeftDockWidgetArea, m_basesDock);

    // Bit matrix: click a bit to flip it.
    m_matrixDock = newDock(m_window, tr("Bit Matrix"), "matrixDock");
    m_matrix = new MatrixModel(m_document, this);
    m_matrixTable = new QTableView(m_matrixDock);
    m_matrixTable->setObjectName(QStringLiteral("matrixTable"));
    m_matrixTable->setModel(m_matrix);
    m_matrixTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_matrixTable->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_matrixTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_matrixTable->setToolTip(tr("Rows: out bits; columns: bases. Click a bit to flip it."));
    connect(m_matrixTable, &QTableView::clicked, this, [this](const QModelIndex &index) {
        if (const QString e = m_matrix->flip(index); !e.isEmpty())
            Q_EMIT status(e, 8000);
    });
    // Without a selected layout the dock says so instead of showing an empty grid.
    m_matrixStack = new QStackedWidget(m_matrixDock);
    auto *noMatrix = new QLabel(tr("<i>No layout selected.</i>"), m_matrixStack);
    noMatrix->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    noMatrix->setMargin(6);
    m_matrixStack->addWidget(noMatrix);
    m_matrixStack->addWidget(m_matrixTable);
    m_matrixDock->setWidget(m_matrixStack);
    m_window->addDockWidget(Qt::RightDockWidgetArea, m_matrixDock);

    // ctaLayout editor, tabbed with the bit matrix.
    auto *ctaDock = newDock(m_window, tr("ctaLayout"), "ctaDock");
    m_ctaEditor = new CtaLayoutEditor(m_document, ctaDock);
    ctaDock->setWidget(m_ctaEditor);
    m_window->addDockWidget(Qt::RightDockWidgetArea, ctaDock);
    // tabifyDockWidget(a, b) puts b on top: the matrix is the one shown first.
    m_window->tabifyDockWidget(ctaDock, m_matrixDock);
    m_matrixDock->raise();
}

void WindowDocks::createAnalysisDocks()
{
    m_analysisDock = newDock(m_window, tr("Analysis"), "analysisDock");
    m_properties = new LayoutPropertiesModel(m_document, this);
    auto *analysisTable = new QTableView(m_analysisDock);
    analysisTable->setObjectName(QStringLiteral("analysisTable"));
    analysisTable->setModel(m_properties);
    analysisTable->verticalHeader()->hide();
    // Labels get a fixed share (long ones wrap, the tooltip has the rest); values the remainder.
    analysisTable->horizontalHeader()->setSectionResizeMode(LayoutPropertiesModel::PropertyColumn,
                                                            QHeaderView::Interactive);
    analysisTable->horizontalHeader()->resizeSection(LayoutPropertiesModel::PropertyColumn, 170);
    analysisTable->horizontalHeader()->setStretchLastSection(true);
    analysisTable->setWordWrap(true);
    analysisTable->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    connect(m_properties, &QAbstractItemModel::modelReset, analysisTable,
            &QTableView::resizeRowsToContents);
    m_analysisDock->setWidget(analysisTable);
    m_window->addDockWidget(Qt::RightDockWidgetArea, m_analysisDock);
    m_kernelDock = new KernelDock(m_document, m_window);
    m_window->addDockWidget(Qt::BottomDockWidgetArea, m_kernelDock);
    m_kernelDock->hide();
    connect(m_kernelDock, &KernelDock::statusMessage, this, &WindowDocks::report);
    connect(m_kernelDock, &KernelDock::viewChosen, this, &WindowDocks::viewChosen);
    connect(m_kernelDock, &KernelDock::layoutsChosen, this, &WindowDocks::selectLayouts);
    // Suggest panel (the design assistant), tabbed with the analysis; hidden until asked for.
    m_suggestDock = createSuggestDock(m_window, m_document);
    m_window->addDockWidget(Qt::RightDockWidgetArea, m_suggestDock);
    m_window->tabifyDockWidget(m_analysisDock, m_suggestDock);
    m_suggestDock->hide();
    connect(static_cast<SuggestPanel *>(m_suggestDock->widget()), &SuggestPanel::editRefused, this,
            &WindowDocks::report);
    connect(static_cast<SuggestPanel *>(m_suggestDock->widget()), &SuggestPanel::status, this,
            &WindowDocks::status);
    // The conflict explainer, opened by a click on a conflicting cell of a bank view.
    m_conflictDock = createConflictExplainerDock(m_window, m_document);
    m_window->addDockWidget(Qt::RightDockWidgetArea, m_conflictDock);
    m_window->tabifyDockWidget(m_analysisDock, m_conflictDock);
    m_conflictDock->hide();
    connect(static_cast<ConflictExplainer *>(m_conflictDock->widget()),
            &ConflictExplainer::editRefused, this, &WindowDocks::report);

    // The current view's options, beside the analysis panel.
    m_viewOptionsDock = newDock(m_window, tr("View Options"), "viewOptionsDock");
    m_viewOptions = new ViewOptionsPanel(m_document, m_viewOptionsDock);
    m_viewOptions->setObjectName(QStringLiteral("viewOptionsPanel"));
    m_viewOptionsDock->setWidget(m_viewOptions);
    m_window->addDockWidget(Qt::RightDockWidgetArea, m_viewOptionsDock);
    m_window->tabifyDockWidget(m_analysisDock, m_viewOptionsDock);
    m_analysisDock->raise();
}

void WindowDocks::applyDefaultSizes()
{
    m_window->resizeDocks({m_sceneDock, m_basesDock}, {180, 560}, Qt::Vertical);
    m_window->resizeDocks({m_sceneDock, m_matrixDock}, {360, 360}, Qt::Horizontal);
    m_window->resizeDocks({m_matrixDock, m_analysisDock}, {300, 500}, Qt::Vertical);
}

void WindowDocks::selectLayouts(const QStringList &names)
{
    QItemSelection rows;
    int first = -1;
    for (const QString &name : names)
        if (const int row = m_document->indexOfLayout(name); row >= 0) {
            first = first < 0 ? row : first;
            rows.select(m_layoutList->index(row, 0),
                        m_layoutList->index(row, m_layoutList->columnCount() - 1));
        }
    if (first < 0)
        return;
    // The first (the op's source) is current and shown in the editors; the others are selected
    // beside it.
    m_layoutTable->setCurrentIndex(m_layoutList->index(first, LayoutListModel::NameColumn));
    m_layoutTable->selectionModel()->select(rows, QItemSelectionModel::ClearAndSelect);
    m_layoutTable->scrollTo(m_layoutList->index(first, LayoutListModel::NameColumn));
}

void WindowDocks::setLayoutIndex(int index)
{
    if (index < -1 || index >= m_document->layoutCount())
        index = -1;
    m_basesEditor->setLayoutIndex(index);
    m_ctaEditor->setLayoutIndex(index);
    m_matrix->setLayoutIndex(index);
    m_matrixStack->setCurrentWidget(index >= 0 ? static_cast<QWidget *>(m_matrixTable)
                                               : m_matrixStack->widget(0));
    m_properties->setLayoutIndex(index);
    if (index >= 0 && m_layoutTable->currentIndex().row() != index)
        m_layoutTable->setCurrentIndex(m_layoutList->index(index, LayoutListModel::NameColumn));
}

} // namespace lx
