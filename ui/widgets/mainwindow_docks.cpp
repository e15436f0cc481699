#include "widgets/mainwindow.h"

#include "models/layoutlistmodel.h"
#include "models/layoutpropertiesmodel.h"
#include "models/matrixmodel.h"
#include "widgets/baseseditor.h"
#include "widgets/conflictexplainer.h"
#include "widgets/ctalayouteditor.h"
#include "widgets/kerneldock.h"
#include "widgets/panelwidgets.h"
#include "widgets/suggestpanel.h"

#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QStackedWidget>
#include <QTableView>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace lx {

void MainWindow::createDocks()
{
    // Scene panel: the named layouts.
    auto *sceneDock = new QDockWidget(tr("Scene"), this);
    sceneDock->setObjectName(QStringLiteral("sceneDock"));
    auto *scenePanel = new QWidget(sceneDock);
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
    addMenu->addAction(m_addBuilderAction);
    addMenu->addAction(m_addTextAction);
    addMenu->addAction(m_addLayoutAction);
    addButton->setMenu(addMenu);
    bar->addWidget(addButton);
    bar->addAction(m_duplicateAction);
    bar->addAction(m_renameAction);
    bar->addAction(m_removeAction);
    m_addLayoutAction->setIconText(tr("Add"));
    m_duplicateAction->setIconText(tr("Duplicate"));
    m_renameAction->setIconText(tr("Rename"));
    m_removeAction->setIconText(tr("Delete"));
    sceneLayout->addWidget(bar);
    m_layoutList = new LayoutListModel(m_document, this);
    connect(m_layoutList, &LayoutListModel::renameRefused, this, &MainWindow::showRefusal);
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
                    setCurrentLayoutIndex(current.row());
            });
    sceneLayout->addWidget(m_layoutTable);
    sceneDock->setWidget(scenePanel);
    addDockWidget(Qt::LeftDockWidgetArea, sceneDock);

    // Bases editor.
    auto *basesDock = new QDockWidget(tr("Bases"), this);
    basesDock->setObjectName(QStringLiteral("basesDock"));
    m_basesEditor = new BasesEditor(m_document, basesDock);
    connect(m_basesEditor, &BasesEditor::editRefused, this, &MainWindow::showRefusal);
    basesDock->setWidget(m_basesEditor);
    addDockWidget(Qt::LeftDockWidgetArea, basesDock);

    // Bit matrix: click a bit to flip it.
    auto *matrixDock = new QDockWidget(tr("Bit Matrix"), this);
    matrixDock->setObjectName(QStringLiteral("matrixDock"));
    m_matrix = new MatrixModel(m_document, this);
    m_matrixTable = new QTableView(matrixDock);
    m_matrixTable->setObjectName(QStringLiteral("matrixTable"));
    m_matrixTable->setModel(m_matrix);
    m_matrixTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_matrixTable->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_matrixTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_matrixTable->setToolTip(tr("Rows: out bits; columns: bases. Click a bit to flip it."));
    connect(m_matrixTable, &QTableView::clicked, this, [this](const QModelIndex &index) {
        const QString e = m_matrix->flip(index);
        if (!e.isEmpty())
            showRefusal(e);
    });
    // Without a selected layout the dock says so instead of showing an empty grid.
    m_matrixStack = new QStackedWidget(matrixDock);
    auto *noMatrix = new QLabel(tr("<i>No layout selected.</i>"), m_matrixStack);
    noMatrix->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    noMatrix->setMargin(6);
    m_matrixStack->addWidget(noMatrix);
    m_matrixStack->addWidget(m_matrixTable);
    matrixDock->setWidget(m_matrixStack);
    addDockWidget(Qt::RightDockWidgetArea, matrixDock);

    // ctaLayout editor, tabbed with the bit matrix.
    auto *ctaDock = new QDockWidget(tr("ctaLayout"), this);
    ctaDock->setObjectName(QStringLiteral("ctaDock"));
    m_ctaEditor = new CtaLayoutEditor(m_document, ctaDock);
    ctaDock->setWidget(m_ctaEditor);
    addDockWidget(Qt::RightDockWidgetArea, ctaDock);
    // tabifyDockWidget(a, b) puts b on top: the matrix is the one shown first.
    tabifyDockWidget(ctaDock, matrixDock);
    matrixDock->raise();

    // Analysis panel.
    auto *analysisDock = new QDockWidget(tr("Analysis"), this);
    analysisDock->setObjectName(QStringLiteral("analysisDock"));
    m_properties = new LayoutPropertiesModel(m_document, this);
    auto *analysisTable = new QTableView(analysisDock);
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
    analysisDock->setWidget(analysisTable);
    addDockWidget(Qt::RightDockWidgetArea, analysisDock);
    m_kernelDock = new KernelDock(m_document, this);
    addDockWidget(Qt::BottomDockWidgetArea, m_kernelDock);
    m_kernelDock->hide();
    connect(m_kernelDock, &KernelDock::statusMessage, this,
            [this](const QString &m) { showStatus(m, 8000); });
    // Suggest panel (the design assistant), tabbed with the analysis; hidden until asked for.
    QDockWidget *suggestDock = createSuggestDock(this, m_document);
    addDockWidget(Qt::RightDockWidgetArea, suggestDock);
    tabifyDockWidget(analysisDock, suggestDock);
    suggestDock->hide();
    connect(static_cast<SuggestPanel *>(suggestDock->widget()), &SuggestPanel::editRefused, this,
            &MainWindow::showRefusal);
    // The conflict explainer, opened by a click on a conflicting cell of a bank view.
    QDockWidget *conflictDock = createConflictExplainerDock(this, m_document);
    addDockWidget(Qt::RightDockWidgetArea, conflictDock);
    tabifyDockWidget(analysisDock, conflictDock);
    conflictDock->hide();
    connect(static_cast<ConflictExplainer *>(conflictDock->widget()),
            &ConflictExplainer::editRefused, this, &MainWindow::showRefusal);
    m_defaultDockSizes = [this, sceneDock, basesDock, matrixDock, analysisDock] {
        resizeDocks({sceneDock, basesDock}, {180, 560}, Qt::Vertical);
        resizeDocks({sceneDock, matrixDock}, {360, 360}, Qt::Horizontal);
        resizeDocks({matrixDock, analysisDock}, {300, 500}, Qt::Vertical);
    };
    m_defaultDockSizes();
}

} // namespace lx
