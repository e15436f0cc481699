#include "widgets/mainwindow.h"

#include "hw/resources.h"
#include "io/cute.h"
#include "io/layoutjson.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "models/autosave.h"
#include "models/documentviews.h"
#include "models/layoutdocument.h"
#include "models/layoutlistmodel.h"
#include "models/layoutpropertiesmodel.h"
#include "models/matrixmodel.h"
#include "models/scenefile.h"
#include "render/ownershipdiagram.h"
#include "render/viewregistry.h"
#include "widgets/baseseditor.h"
#include "widgets/builderdialog.h"
#include "widgets/ctalayouteditor.h"
#include "widgets/diagramview.h"
#include "widgets/exportdialog.h"
#include "widgets/kerneldock.h"
#include "widgets/learnpanel.h"
#include "widgets/presetsdialog.h"
#include "widgets/viewpane.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QPalette>
#include <QPlainTextEdit>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyleFactory>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

namespace lx {

namespace {

constexpr int kMaxRecentFiles = 8;
// Bumped whenever the docks change, so a state saved by an older window is not restored.
constexpr int kWindowStateVersion = 2;
const QString kSceneFilter = QStringLiteral("Layout Explorer scenes (*.lxscene);;All files (*)");

QString settingsKeyRecent()
{
    return QStringLiteral("recentFiles");
}

// A layout "from bases": the named in-dims and out-dims, with basis k set to the k-th out bit
// (minor first) while there are out bits left and zero after that, so the new layout starts as
// an identity-like map a person can then edit.
Expected<LinearLayout> identityLikeLayout(const QString &inSpec, const QString &outSpec)
{
    auto parseDims = [](const QString &spec,
                        std::vector<LinearLayout::NamedSize> &dims) -> QString {
        for (const QString &part : spec.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QStringList kv = part.trimmed().split(QLatin1Char(':'));
            bool ok = false;
            const int size = kv.size() == 2 ? kv[1].trimmed().toInt(&ok) : 0;
            if (kv.size() != 2 || kv[0].trimmed().isEmpty() || !ok || size < 1 ||
                (size & (size - 1)) != 0)
                return QObject::tr("'%1' is not NAME:SIZE with SIZE a power of two")
                    .arg(part.trimmed());
            dims.emplace_back(kv[0].trimmed().toStdString(), size);
        }
        if (dims.empty())
            return QObject::tr("give at least one dim, e.g. register:4, lane:32");
        return {};
    };
    std::vector<LinearLayout::NamedSize> ins;
    std::vector<LinearLayout::NamedSize> outs;
    if (QString e = parseDims(inSpec, ins); !e.isEmpty())
        return makeError(QObject::tr("In dims: %1").arg(e).toStdString());
    if (QString e = parseDims(outSpec, outs); !e.isEmpty())
        return makeError(QObject::tr("Out dims: %1").arg(e).toStdString());
    std::vector<std::pair<size_t, int>> outBits; // (out-dim, bit), minor first
    for (size_t o = 0; o < outs.size(); ++o)
        for (int b = 0; (1 << b) < outs[o].second; ++b)
            outBits.emplace_back(o, b);
    LinearLayout::BasesT bases;
    size_t next = 0;
    for (const auto &[name, size] : ins) {
        std::vector<LinearLayout::Basis> bs;
        for (int b = 0; (1 << b) < size; ++b) {
            LinearLayout::Basis v(outs.size(), 0);
            if (next < outBits.size()) {
                v[outBits[next].first] = 1 << outBits[next].second;
                ++next;
            }
            bs.push_back(std::move(v));
        }
        bases.emplace_back(name, std::move(bs));
    }
    return LinearLayout::tryCreate(std::move(bases), std::move(outs), false);
}

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x31);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xdf, 0xe1, 0xe5);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x6f, 0xb6));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::PlaceholderText, QColor(0x8a, 0x8d, 0x93));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x70, 0x72, 0x78));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x70, 0x72, 0x78));
    return p;
}

} // namespace

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent), m_document(new LayoutDocument(this))
{
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);
    setDockNestingEnabled(true);

    m_viewTabs = new QTabWidget(this);
    m_viewTabs->setObjectName(QStringLiteral("viewTabs"));
    m_viewTabs->setDocumentMode(true);
    m_viewTabs->setMovable(false); // tab order is the scene's view order
    m_viewTabs->setTabsClosable(true);
    connect(m_viewTabs, &QTabWidget::tabCloseRequested, this, &MainWindow::closeViewTab);
    connect(m_viewTabs, &QTabWidget::currentChanged, this, &MainWindow::updateCurrentViewControls);
    setCentralWidget(m_viewTabs);

    createActions();
    createDocks();
    createMenus();
    createToolBar();

    m_coordinateLabel = new QLabel(this);
    m_coordinateLabel->setObjectName(QStringLiteral("coordinateLabel"));
    m_coordinateLabel->setMinimumWidth(260);
    m_summaryLabel = new QLabel(this);
    m_hoverLabel = new QLabel(this);
    m_hoverLabel->setObjectName(QStringLiteral("hoverLabel"));
    m_hoverLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_messageLabel = new QLabel(this);
    m_messageLabel->setObjectName(QStringLiteral("messageLabel"));
    m_messageTimer = new QTimer(this);
    m_messageTimer->setSingleShot(true);
    connect(m_messageTimer, &QTimer::timeout, m_messageLabel, &QLabel::clear);
    statusBar()->addWidget(m_summaryLabel);
    statusBar()->addWidget(m_hoverLabel, 1);
    statusBar()->addPermanentWidget(m_messageLabel);
    statusBar()->addPermanentWidget(m_coordinateLabel);

    connect(m_document, &LayoutDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &LayoutDocument::fileNameChanged, this, &MainWindow::updateTitle);
    connect(m_document, &LayoutDocument::sceneReset, this, [this] {
        m_selectedElement = -1;
        updateArchBox();
        rebuildViewTabs();
        setCurrentLayoutIndex(m_document->layoutCount() > 0 ? 0 : -1);
    });
    // Each view pane rebuilds itself on layout and architecture changes.
    connect(m_document, &LayoutDocument::archChanged, this, &MainWindow::updateArchBox);
    connect(m_document, &LayoutDocument::structureChanged, this, [this] {
        rebuildViewTabs();
        if (m_currentLayout >= m_document->layoutCount())
            setCurrentLayoutIndex(m_document->layoutCount() - 1);
        else
            setCurrentLayoutIndex(
                m_currentLayout < 0 && m_document->layoutCount() > 0 ? 0 : m_currentLayout);
    });
    connect(m_document, &LayoutDocument::layoutChanged, this, [this](int i) {
        if (i == m_currentLayout)
            onLayoutSelected();
    });

    m_autosave = new Autosave(m_document, Autosave::defaultDirectory(), this);

    readSettings();
    updateTitle();
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions()
{
    QUndoStack *stack = m_document->undoStack();

    m_newAction = new QAction(tr("&New Scene"), this);
    m_newAction->setShortcut(QKeySequence::New);
    connect(m_newAction, &QAction::triggered, this, &MainWindow::newScene);

    m_openAction = new QAction(tr("&Open..."), this);
    m_openAction->setShortcut(QKeySequence::Open);
    connect(m_openAction, &QAction::triggered, this, &MainWindow::openDialog);

    m_saveAction = new QAction(tr("&Save"), this);
    m_saveAction->setShortcut(QKeySequence::Save);
    connect(m_saveAction, &QAction::triggered, this, &MainWindow::save);

    m_saveAsAction = new QAction(tr("Save &As..."), this);
    m_saveAsAction->setShortcut(QKeySequence::SaveAs);
    connect(m_saveAsAction, &QAction::triggered, this, &MainWindow::saveAs);

    m_presetsAction = new QAction(tr("Open &Preset..."), this);
    m_presetsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    connect(m_presetsAction, &QAction::triggered, this, &MainWindow::showPresets);

    m_exportAction = new QAction(tr("&Export Figure..."), this);
    m_exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(m_exportAction, &QAction::triggered, this, &MainWindow::showExportDialog);

    m_quitAction = new QAction(tr("&Quit"), this);
    m_quitAction->setShortcut(QKeySequence::Quit);
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    m_undoAction = stack->createUndoAction(this, tr("&Undo"));
    m_undoAction->setShortcut(QKeySequence::Undo);
    m_redoAction = stack->createRedoAction(this, tr("&Redo"));
    m_redoAction->setShortcut(QKeySequence::Redo);

    m_copyJsonAction = new QAction(tr("Copy Layout as &JSON"), this);
    m_copyJsonAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    connect(m_copyJsonAction, &QAction::triggered, this, &MainWindow::copyLayoutJson);

    m_addLayoutAction = new QAction(tr("&Add Layout from Bases..."), this);
    m_addLayoutAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(m_addLayoutAction, &QAction::triggered, this, &MainWindow::addLayoutFromBases);
    m_addTextAction = new QAction(tr("Add Layout from &Text..."), this);
    m_addTextAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    m_addTextAction->setIconText(tr("Add text"));
    connect(m_addTextAction, &QAction::triggered, this, [this] { addLayoutFromText(); });
    m_addBuilderAction = new QAction(tr("Add Layout from &Builder..."), this);
    m_addBuilderAction->setObjectName(QStringLiteral("addLayoutFromBuilderAction"));
    m_addBuilderAction->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_L));
    m_addBuilderAction->setToolTip(tr("Build a blocked, WMMA, MFMA, linear or shared layout from "
                                      "its parameters, with a live #ttg preview"));
    m_addBuilderAction->setIconText(tr("Builder"));
    connect(m_addBuilderAction, &QAction::triggered, this, &MainWindow::addLayoutFromBuilder);
    m_copyTtgAction = new QAction(tr("Copy Layout as #&ttg"), this);
    connect(m_copyTtgAction, &QAction::triggered, this, [this] { copyLayoutText(false); });
    m_copyGluonAction = new QAction(tr("Copy Layout as &Gluon"), this);
    connect(m_copyGluonAction, &QAction::triggered, this, [this] { copyLayoutText(true); });
    m_pasteAction = new QAction(tr("&Paste Layout"), this);
    m_pasteAction->setShortcut(QKeySequence::Paste);
    m_pasteAction->setToolTip(tr("A layout as conformance JSON is added as it is; #ttg or Gluon "
                                 "text opens the text form to give its shape"));
    connect(m_pasteAction, &QAction::triggered, this, &MainWindow::pasteLayout);
    m_duplicateAction = new QAction(tr("&Duplicate Layout"), this);
    m_duplicateAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    connect(m_duplicateAction, &QAction::triggered, this, &MainWindow::duplicateLayout);
    m_renameAction = new QAction(tr("Re&name Layout..."), this);
    m_renameAction->setShortcut(QKeySequence(Qt::Key_F2));
    connect(m_renameAction, &QAction::triggered, this, &MainWindow::renameLayout);
    m_removeAction = new QAction(tr("&Remove Layout"), this);
    connect(m_removeAction, &QAction::triggered, this, &MainWindow::removeLayout);

    m_zoomInAction = new QAction(tr("Zoom &In"), this);
    m_zoomInAction->setShortcut(QKeySequence::ZoomIn);
    connect(m_zoomInAction, &QAction::triggered, this, [this] {
        if (ViewPane *p = currentViewPane())
            p->diagramView()->zoomIn();
    });
    m_zoomOutAction = new QAction(tr("Zoom &Out"), this);
    m_zoomOutAction->setShortcut(QKeySequence::ZoomOut);
    connect(m_zoomOutAction, &QAction::triggered, this, [this] {
        if (ViewPane *p = currentViewPane())
            p->diagramView()->zoomOut();
    });
    m_zoomResetAction = new QAction(tr("&Actual Size"), this);
    m_zoomResetAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    connect(m_zoomResetAction, &QAction::triggered, this, [this] {
        if (ViewPane *p = currentViewPane())
            p->diagramView()->setScale(1.0);
    });
    m_fitAction = new QAction(tr("&Fit to Window"), this);
    m_fitAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_9));
    connect(m_fitAction, &QAction::triggered, this, [this] {
        if (ViewPane *p = currentViewPane())
            p->diagramView()->fitToView();
    });
    m_labelsAction = new QAction(tr("Cell &Labels"), this);
    m_labelsAction->setCheckable(true);
    m_labelsAction->setChecked(true);
    connect(m_labelsAction, &QAction::toggled, this, &MainWindow::applyRenderOptions);
    m_gridAction = new QAction(tr("&Grid"), this);
    m_gridAction->setCheckable(true);
    m_gridAction->setChecked(true);
    connect(m_gridAction, &QAction::toggled, this, &MainWindow::applyRenderOptions);
    m_nextStepAction = new QAction(tr("&Next Step"), this);
    m_nextStepAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_BracketRight));
    m_nextStepAction->setStatusTip(
        tr("Pipeline views: show the next step of cvt → divideLeft → reps → addrToOffset → "
           "addrLayout"));
    connect(m_nextStepAction, &QAction::triggered, this, [this] {
        if (ViewPane *p = currentViewPane())
            p->nextStep();
    });
    m_previousStepAction = new QAction(tr("&Previous Step"), this);
    m_previousStepAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_BracketLeft));
    m_previousStepAction->setStatusTip(tr("Pipeline views: show the previous step"));
    connect(m_previousStepAction, &QAction::triggered, this, [this] {
        if (ViewPane *p = currentViewPane())
            p->previousStep();
    });
    m_closeViewAction = new QAction(tr("&Close View"), this);
    m_closeViewAction->setShortcut(QKeySequence::Close);
    connect(m_closeViewAction, &QAction::triggered, this,
            [this] { closeViewTab(m_viewTabs->currentIndex()); });

    m_darkAction = new QAction(tr("&Dark Theme"), this);
    m_darkAction->setCheckable(true);
    connect(m_darkAction, &QAction::toggled, this, &MainWindow::setDarkTheme);

    m_aboutAction = new QAction(tr("&About Layout Explorer"), this);
    m_aboutAction->setMenuRole(QAction::AboutRole);
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::about);
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_newAction);
    file->addAction(m_openAction);
    file->addAction(m_kernelDock->openAction());
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addAction(m_presetsAction);
    file->addSeparator();
    file->addAction(m_saveAction);
    file->addAction(m_saveAsAction);
    file->addSeparator();
    file->addAction(m_exportAction);
    QAction *handout = file->addAction(tr("Export &Handout..."));
    handout->setObjectName(QStringLiteral("exportHandoutAction"));
    handout->setStatusTip(tr("The current view, one step a page, as a PDF or numbered SVGs"));
    connect(handout, &QAction::triggered, this, [this] { exportViewHandout(this); });
    file->addSeparator();
    file->addAction(m_quitAction);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(m_undoAction);
    edit->addAction(m_redoAction);
    edit->addSeparator();
    edit->addAction(m_copyJsonAction);
    edit->addAction(m_copyTtgAction);
    edit->addAction(m_copyGluonAction);
    edit->addAction(m_pasteAction);

    QMenu *layout = menuBar()->addMenu(tr("&Layout"));
    layout->addAction(m_addLayoutAction);
    layout->addAction(m_addTextAction);
    layout->addAction(m_addBuilderAction);
    layout->addAction(m_duplicateAction);
    layout->addAction(m_renameAction);
    layout->addAction(m_removeAction);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_addViewMenu = m_viewMenu->addMenu(tr("&Add View of Current Layout"));
    for (const ViewKind &k : viewKinds()) {
        const QString kind = QString::fromLatin1(k.kind);
        QAction *a = m_addViewMenu->addAction(kind, this, [this, kind] { addViewOfKind(kind); });
        a->setToolTip(QString::fromUtf8(k.summary));
        a->setStatusTip(QString::fromUtf8(k.summary));
    }
    m_viewMenu->addAction(m_closeViewAction);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_zoomInAction);
    m_viewMenu->addAction(m_zoomOutAction);
    m_viewMenu->addAction(m_zoomResetAction);
    m_viewMenu->addAction(m_fitAction);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_previousStepAction);
    m_viewMenu->addAction(m_nextStepAction);
    m_viewMenu->addSeparator();
    // Colour By: the same choice as the toolbar's box, for the current ownership view.
    m_colorMenu = m_viewMenu->addMenu(tr("&Colour By"));
    m_colorGroup = new QActionGroup(this);
    m_colorGroup->setExclusionPolicy(QActionGroup::ExclusionPolicy::ExclusiveOptional);
    for (const std::string &name : ownerColorNames()) {
        const QString color = QString::fromStdString(name);
        QAction *a =
            m_colorMenu->addAction(color, this, [this, color] { setCurrentViewColor(color); });
        a->setCheckable(true);
        m_colorGroup->addAction(a);
    }
    m_viewMenu->addAction(m_labelsAction);
    m_viewMenu->addAction(m_gridAction);
    m_viewMenu->addAction(m_darkAction);
    m_viewMenu->addSeparator();
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        m_viewMenu->addAction(dock->toggleViewAction());

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *learn = help->addAction(tr("&Learn"));
    learn->setObjectName(QStringLiteral("learnAction"));
    learn->setShortcut(QKeySequence(Qt::Key_F1));
    learn->setStatusTip(tr("Lessons: linear layouts step by step, checked as you edit"));
    connect(learn, &QAction::triggered, this, [this] { showLearnDock(this); });
    help->addAction(m_aboutAction);
    updateRecentMenu();
}

void MainWindow::createToolBar()
{
    QToolBar *bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    bar->addAction(m_presetsAction);
    m_presetsAction->setIconText(tr("Presets"));
    bar->addAction(m_openAction);
    bar->addAction(m_saveAction);
    bar->addAction(m_exportAction);
    m_exportAction->setIconText(tr("Export"));
    bar->addSeparator();
    bar->addAction(m_undoAction);
    bar->addAction(m_redoAction);
    bar->addSeparator();
    bar->addAction(m_fitAction);
    m_fitAction->setIconText(tr("Fit"));
    bar->addSeparator();
    bar->addWidget(new QLabel(tr(" Architecture "), bar));
    m_archBox = new QComboBox(bar);
    m_archBox->setObjectName(QStringLiteral("archBox"));
    m_archBox->setToolTip(tr("The architecture the analyses and views model (bank counts, "
                             "partitions, instruction widths)"));
    for (const std::string &path : embeddedResourcePaths("arch/")) {
        QString name = QString::fromStdString(path).section(QLatin1Char('/'), -1);
        if (name.endsWith(QLatin1String(".json")))
            m_archBox->addItem(name.chopped(5));
    }
    connect(m_archBox, &QComboBox::activated, this,
            [this] { m_document->setArch(m_archBox->currentText()); });
    bar->addWidget(m_archBox);
    updateArchBox();

    bar->addWidget(new QLabel(tr(" Colour by "), bar));
    m_colorBox = new QComboBox(bar);
    m_colorBox->setObjectName(QStringLiteral("colorBox"));
    m_colorBox->setToolTip(tr("What the colours of the current ownership view show (saved with "
                              "the view, so an export shows the same)"));
    for (const std::string &name : ownerColorNames())
        m_colorBox->addItem(QString::fromStdString(name));
    connect(m_colorBox, &QComboBox::activated, this,
            [this] { setCurrentViewColor(m_colorBox->currentText()); });
    bar->addWidget(m_colorBox);
}

void MainWindow::updateArchBox()
{
    if (!m_archBox)
        return;
    const QString arch = m_document->arch();
    // A scene may name an architecture this build does not describe: show it anyway.
    if (m_archBox->findText(arch) < 0)
        m_archBox->addItem(arch);
    m_archBox->setCurrentIndex(m_archBox->findText(arch));
}

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
    m_layoutTable->setModel(m_layoutList);
    m_layoutTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_layoutTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_layoutTable->verticalHeader()->hide();
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
    m_defaultDockSizes = [this, sceneDock, basesDock, matrixDock, analysisDock] {
        resizeDocks({sceneDock, basesDock}, {180, 560}, Qt::Vertical);
        resizeDocks({sceneDock, matrixDock}, {360, 360}, Qt::Horizontal);
        resizeDocks({matrixDock, analysisDock}, {300, 500}, Qt::Vertical);
    };
    m_defaultDockSizes();
}

void MainWindow::setCurrentLayoutIndex(int index)
{
    if (index < -1 || index >= m_document->layoutCount())
        index = -1;
    m_currentLayout = index;
    m_basesEditor->setLayoutIndex(index);
    m_ctaEditor->setLayoutIndex(index);
    m_matrix->setLayoutIndex(index);
    m_matrixStack->setCurrentWidget(index >= 0 ? static_cast<QWidget *>(m_matrixTable)
                                               : m_matrixStack->widget(0));
    m_properties->setLayoutIndex(index);
    if (index >= 0 && m_layoutTable->currentIndex().row() != index)
        m_layoutTable->setCurrentIndex(m_layoutList->index(index, LayoutListModel::NameColumn));
    const bool has = index >= 0;
    m_duplicateAction->setEnabled(has);
    m_renameAction->setEnabled(has);
    m_removeAction->setEnabled(has);
    m_copyJsonAction->setEnabled(has);
    m_copyTtgAction->setEnabled(has);
    m_copyGluonAction->setEnabled(has);
    onLayoutSelected();
}

void MainWindow::onLayoutSelected()
{
    if (m_currentLayout < 0) {
        m_summaryLabel->setText(tr("No layout"));
        return;
    }
    const DocumentLayout &e = m_document->layoutAt(m_currentLayout);
    m_summaryLabel->setText(tr("%1: rank %2, %3 in bits, %4 out bits")
                                .arg(e.name)
                                .arg(e.layout.rank())
                                .arg(e.layout.totalInDimSizeLog2())
                                .arg(e.layout.totalOutDimSizeLog2()));
}

QList<ViewPane *> MainWindow::viewPanes() const
{
    QList<ViewPane *> panes;
    for (int i = 0; i < m_viewTabs->count(); ++i)
        if (auto *p = qobject_cast<ViewPane *>(m_viewTabs->widget(i)))
            panes.append(p);
    return panes;
}

ViewPane *MainWindow::currentViewPane() const
{
    return qobject_cast<ViewPane *>(m_viewTabs->currentWidget());
}

void MainWindow::rebuildViewTabs()
{
    const int current = m_viewTabs->currentIndex();
    while (m_viewTabs->count() > 0) {
        QWidget *w = m_viewTabs->widget(0);
        m_viewTabs->removeTab(0);
        w->deleteLater();
    }
    const SceneContents &scene = m_document->contents();
    for (int i = 0; i < int(scene.views.size()); ++i) {
        auto *pane = new ViewPane(m_document, i, m_viewTabs);
        connect(pane, &ViewPane::hovered, this, [this](const QString &where, const QString &what) {
            m_coordinateLabel->setText(where);
            m_hoverLabel->setText(what);
        });
        connect(pane, &ViewPane::elementClicked, this, &MainWindow::selectElement);
        connect(pane, &ViewPane::rebuilt, this, [this, pane] {
            if (pane == currentViewPane())
                updateCurrentViewControls();
        });
        m_viewTabs->addTab(pane, viewTitle(scene, i));
        m_viewTabs->setTabToolTip(
            i, QString::fromUtf8(findViewKind(scene.views.at(i).kind.toStdString())
                                     ? findViewKind(scene.views.at(i).kind.toStdString())->summary
                                     : ""));
    }
    if (current >= 0 && current < m_viewTabs->count())
        m_viewTabs->setCurrentIndex(current);
    applyRenderOptions();
    m_closeViewAction->setEnabled(m_viewTabs->count() > 0);
    updateCurrentViewControls();
}

void MainWindow::setCurrentViewColor(const QString &colorBy)
{
    ViewPane *pane = currentViewPane();
    if (!pane || pane->viewIndex() >= int(m_document->views().size()))
        return;
    const DocumentView &view = m_document->views().at(pane->viewIndex());
    if (view.kind != QLatin1String("ownership"))
        return;
    QJsonObject options = view.options;
    options.insert(QStringLiteral("colorBy"), colorBy);
    if (const QString e =
            m_document->setViewOptions(pane->viewIndex(), options, tr("Colour by %1").arg(colorBy));
        !e.isEmpty())
        showRefusal(e);
}

void MainWindow::updateCurrentViewControls()
{
    ViewPane *pane = currentViewPane();
    // While the tabs are rebuilt, the current pane may be one of the old views.
    if (pane && pane->viewIndex() >= int(m_document->views().size()))
        pane = nullptr;
    // Colour by: the ownership view's option, or its default (offset for a shared layout).
    const bool ownership =
        pane && m_document->views().at(pane->viewIndex()).kind == QLatin1String("ownership");
    m_colorBox->setEnabled(ownership);
    m_colorMenu->setEnabled(ownership);
    for (QAction *a : m_colorGroup->actions())
        a->setChecked(false);
    if (!ownership)
        m_colorBox->setCurrentIndex(-1); // nothing to colour: show no choice
    if (ownership) {
        const DocumentView &view = m_document->views().at(pane->viewIndex());
        const int layout = pane->layoutIndex();
        const QString fallback =
            layout >= 0
                ? QString::fromStdString(defaultOwnerColorName(m_document->layoutAt(layout).layout))
                : QString();
        const QString color = view.options.value(QStringLiteral("colorBy")).toString(fallback);
        m_colorBox->setCurrentIndex(m_colorBox->findText(color));
        for (QAction *a : m_colorGroup->actions())
            a->setChecked(a->text() == color);
    }
    const bool steps = pane && pane->stepCount() > 0;
    m_nextStepAction->setEnabled(steps);
    m_previousStepAction->setEnabled(steps);
    if (!pane || !pane->errorText().isEmpty()) {
        // A view that cannot be built has no numbers; stale ones would mislead.
        m_properties->setViewFigures({}, {});
        return;
    }
    m_properties->setViewFigures(m_viewTabs->tabText(m_viewTabs->indexOf(pane)),
                                 pane->diagramView()->diagram().figures);
}

void MainWindow::applyRenderOptions()
{
    for (ViewPane *p : viewPanes()) {
        RenderOptions o = p->diagramView()->renderOptions();
        o.labels = m_labelsAction->isChecked();
        o.grid = m_gridAction->isChecked();
        o.dark = m_dark;
        p->diagramView()->setRenderOptions(o);
        p->diagramView()->setHighlightedElement(m_selectedElement);
    }
}

void MainWindow::selectElement(qint64 elementId)
{
    m_selectedElement = elementId;
    for (ViewPane *p : viewPanes())
        p->diagramView()->setHighlightedElement(elementId);
}

void MainWindow::addViewOfKind(const QString &kind)
{
    if (m_currentLayout < 0) {
        showRefusal(tr("Select a layout first"));
        return;
    }
    const QString e =
        m_document->addView(DocumentView{kind, m_document->layoutAt(m_currentLayout).name, {}});
    if (!e.isEmpty())
        showRefusal(e);
    else
        m_viewTabs->setCurrentIndex(m_viewTabs->count() - 1);
}

void MainWindow::closeViewTab(int index)
{
    if (index < 0)
        return;
    if (const QString e = m_document->removeView(index); !e.isEmpty())
        showRefusal(e);
}

void MainWindow::setAutosaveDirectory(const QString &directory)
{
    m_autosave->discard();
    delete m_autosave;
    m_autosave = new Autosave(m_document, directory, this);
}

bool MainWindow::recoverAutosaves()
{
    for (const Autosave::Recoverable &entry : Autosave::recoverable(m_autosave->directory())) {
        const QString question =
            tr("Layout Explorer did not exit cleanly. Recover the unsaved scene%1 autosaved at "
               "%2?")
                .arg(entry.originFile.isEmpty()
                         ? QString()
                         : tr(" of %1").arg(QFileInfo(entry.originFile).fileName()),
                     QLocale().toString(entry.saved, QLocale::ShortFormat));
        const bool accept = m_recoverPrompt ? m_recoverPrompt(question)
                                            : QMessageBox::question(this, tr("Recover Scene"),
                                                                    question) == QMessageBox::Yes;
        if (!accept)
            continue;
        Expected<SceneContents> scene = Autosave::takeRecoverable(entry);
        if (!scene) {
            showRefusal(QString::fromStdString(scene.message()));
            continue;
        }
        m_document->reset(*scene, entry.originFile);
        m_document->markUnsaved();
        showStatus(tr("Recovered the autosaved scene; save it to keep it"), 8000);
        return true;
    }
    return false;
}

QString MainWindow::openPreset(const QString &name)
{
    Expected<SceneContents> scene = loadPresetScene(name);
    if (!scene)
        return QString::fromStdString(scene.message());
    m_document->reset(*scene);
    showStatus(tr("Opened preset %1").arg(name), 4000);
    return {};
}

void MainWindow::showPresets()
{
    if (!maybeSave())
        return;
    PresetsDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted || dialog.selectedPreset().isEmpty())
        return;
    if (const QString e = openPreset(dialog.selectedPreset()); !e.isEmpty())
        QMessageBox::warning(this, tr("Open Preset"), e);
}

void MainWindow::showExportDialog()
{
    const int view = m_viewTabs->currentIndex();
    if (view < 0) {
        showRefusal(tr("Open a view to export"));
        return;
    }
    ExportDialog dialog(m_document->contents(), view, this);
    if (dialog.exec() == QDialog::Accepted)
        showStatus(tr("Exported %1").arg(dialog.pathEdit()->text()), 5000);
}

void MainWindow::showRefusal(const QString &message)
{
    showStatus(message, 8000);
}

void MainWindow::showStatus(const QString &message, int milliseconds)
{
    // A label of its own rather than QStatusBar::showMessage, which paints over the summary and
    // the hover text instead of replacing them.
    m_messageLabel->setText(message);
    m_messageTimer->start(milliseconds);
}

void MainWindow::updateTitle()
{
    const QString file = m_document->fileName();
    const QString shown = file.isEmpty() ? tr("untitled.lxscene") : QFileInfo(file).fileName();
    setWindowFilePath(file);
    setWindowTitle(tr("%1[*] - Layout Explorer").arg(shown));
    setWindowModified(m_document->isModified());
    m_saveAction->setEnabled(true);
}

void MainWindow::openScene(const SceneContents &contents, const QString &fileName)
{
    m_document->reset(contents, fileName);
}

QString MainWindow::openFile(const QString &fileName)
{
    if (KernelDock::isModuleFile(fileName))
        return m_kernelDock->openFile(fileName);
    Expected<SceneContents> scene = readSceneFile(fileName);
    if (!scene)
        return QString::fromStdString(scene.message());
    const QString absolute = QFileInfo(fileName).absoluteFilePath();
    m_document->reset(*scene, absolute);
    addRecentFile(absolute);
    showStatus(tr("Opened %1").arg(QFileInfo(fileName).fileName()), 4000);
    return {};
}

QString MainWindow::saveToFile(const QString &fileName)
{
    const QString error = writeSceneFile(fileName, m_document->contents());
    if (!error.isEmpty())
        return error;
    const QString absolute = QFileInfo(fileName).absoluteFilePath();
    m_document->setFileName(absolute);
    m_document->markClean();
    addRecentFile(absolute);
    showStatus(tr("Saved %1").arg(QFileInfo(fileName).fileName()), 4000);
    return {};
}

bool MainWindow::maybeSave()
{
    if (!m_document->isModified())
        return true;
    const QString question = tr("The scene has unsaved changes. Save them?");
    const QMessageBox::StandardButton answer =
        m_savePrompt
            ? m_savePrompt(question)
            : QMessageBox::warning(this, tr("Layout Explorer"), question,
                                   QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::newScene()
{
    if (!maybeSave())
        return;
    SceneContents empty;
    empty.name = QStringLiteral("untitled");
    m_document->reset(empty);
}

void MainWindow::openDialog()
{
    if (!maybeSave())
        return;
    QSettings settings;
    const QString dir = settings.value(QStringLiteral("lastDirectory")).toString();
    const QString file = QFileDialog::getOpenFileName(this, tr("Open Scene"), dir, kSceneFilter);
    if (file.isEmpty())
        return;
    settings.setValue(QStringLiteral("lastDirectory"), QFileInfo(file).absolutePath());
    if (const QString e = openFile(file); !e.isEmpty())
        QMessageBox::warning(this, tr("Open Scene"), tr("Could not open %1:\n%2").arg(file, e));
}

bool MainWindow::save()
{
    if (m_document->fileName().isEmpty())
        return saveAs();
    if (const QString e = saveToFile(m_document->fileName()); !e.isEmpty()) {
        QMessageBox::warning(this, tr("Save Scene"), e);
        return false;
    }
    return true;
}

bool MainWindow::saveAs()
{
    QString suggested = m_document->fileName();
    if (suggested.isEmpty())
        suggested = QSettings().value(QStringLiteral("lastDirectory")).toString() +
                    QStringLiteral("/untitled.lxscene");
    QString file = QFileDialog::getSaveFileName(this, tr("Save Scene As"), suggested, kSceneFilter);
    if (file.isEmpty())
        return false;
    if (QFileInfo(file).suffix().isEmpty())
        file += QStringLiteral(".lxscene");
    QSettings().setValue(QStringLiteral("lastDirectory"), QFileInfo(file).absolutePath());
    if (const QString e = saveToFile(file); !e.isEmpty()) {
        QMessageBox::warning(this, tr("Save Scene"), e);
        return false;
    }
    return true;
}

QStringList MainWindow::recentFiles() const
{
    return QSettings().value(settingsKeyRecent()).toStringList();
}

void MainWindow::addRecentFile(const QString &fileName)
{
    QStringList files = recentFiles();
    files.removeAll(fileName);
    files.prepend(fileName);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    QSettings().setValue(settingsKeyRecent(), files);
    updateRecentMenu();
}

void MainWindow::updateRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList files = recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString file = files.at(i);
        QAction *a = m_recentMenu->addAction(
            QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(file).fileName()));
        a->setToolTip(file);
        connect(a, &QAction::triggered, this, [this, file] {
            if (!maybeSave())
                return;
            if (const QString e = openFile(file); !e.isEmpty())
                QMessageBox::warning(this, tr("Open Scene"),
                                     tr("Could not open %1:\n%2").arg(file, e));
        });
    }
    m_recentMenu->setEnabled(!files.isEmpty());
    if (!files.isEmpty()) {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("Clear Menu"), this, [this] {
            QSettings().remove(settingsKeyRecent());
            updateRecentMenu();
        });
    }
}

void MainWindow::readSettings()
{
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        resize(1400, 880);
    m_restoredState = restoreState(settings.value(QStringLiteral("window/state")).toByteArray(),
                                   kWindowStateVersion);
    m_darkAction->setChecked(settings.value(QStringLiteral("view/dark"), false).toBool());
    m_labelsAction->setChecked(settings.value(QStringLiteral("view/labels"), true).toBool());
    m_gridAction->setChecked(settings.value(QStringLiteral("view/grid"), true).toBool());
}

void MainWindow::writeSettings() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState(kWindowStateVersion));
    settings.setValue(QStringLiteral("view/dark"), m_dark);
    settings.setValue(QStringLiteral("view/labels"), m_labelsAction->isChecked());
    settings.setValue(QStringLiteral("view/grid"), m_gridAction->isChecked());
}

void MainWindow::setDarkTheme(bool dark)
{
    m_dark = dark;
    if (m_darkAction->isChecked() != dark)
        m_darkAction->setChecked(dark);
    // Fusion honours a custom palette on every platform; the native styles may not.
    if (QStyle *fusion = QStyleFactory::create(QStringLiteral("Fusion")))
        QApplication::setStyle(fusion);
    QApplication::setPalette(dark ? darkPalette() : QApplication::style()->standardPalette());
    applyRenderOptions();
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    // Dock sizes only take once the window has its size: the first show of a window without a
    // remembered state sets the defaults (the analysis panel as tall as the bit matrix or more).
    if (!m_restoredState && m_defaultDockSizes) {
        m_restoredState = true;
        QTimer::singleShot(0, this, m_defaultDockSizes);
    }
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    writeSettings();
    // A clean exit: the autosaved scene is no longer needed (saved, or the person discarded it).
    m_autosave->discard();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.first().isLocalFile() &&
        (urls.first().toLocalFile().endsWith(QLatin1String(".lxscene")) ||
         KernelDock::isModuleFile(urls.first().toLocalFile())))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() != 1 || !urls.first().isLocalFile())
        return;
    event->acceptProposedAction();
    const QString file = urls.first().toLocalFile();
    if (KernelDock::isModuleFile(file)) {
        if (const QString e = m_kernelDock->openFile(file); !e.isEmpty())
            showRefusal(e);
        return;
    }
    if (!maybeSave())
        return;
    if (const QString e = openFile(file); !e.isEmpty())
        QMessageBox::warning(this, tr("Open Scene"), tr("Could not open %1:\n%2").arg(file, e));
}

void MainWindow::about()
{
    QMessageBox::about(
        this, tr("About Layout Explorer"),
        tr("<h3>Layout Explorer %1</h3>"
           "<p>Explore Triton and Gluon linear layouts on AMD gfx1250: edit bases and watch "
           "every view follow.</p><p>Built with Qt %2.</p>")
            .arg(QApplication::applicationVersion(), QString::fromLatin1(qVersion())));
}

void MainWindow::addLayoutFromBases()
{
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Add Layout from Bases"));
    auto *form = new QFormLayout(&dialog);
    auto *name = new QLineEdit(m_document->uniqueLayoutName(QStringLiteral("L")), &dialog);
    auto *ins = new QLineEdit(QStringLiteral("register:4, lane:32, warp:4"), &dialog);
    auto *outs = new QLineEdit(QStringLiteral("dim0:32, dim1:16"), &dialog);
    auto *message = new QLabel(&dialog);
    message->setStyleSheet(QStringLiteral("color: #b00000;"));
    message->setWordWrap(true);
    form->addRow(tr("Name"), name);
    form->addRow(tr("In dims (NAME:SIZE, minor first)"), ins);
    form->addRow(tr("Out dims (NAME:SIZE, minor first)"), outs);
    form->addRow(new QLabel(tr("Bases start as the identity on the out bits, in order."), &dialog));
    form->addRow(message);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, [&] {
        Expected<LinearLayout> l = identityLikeLayout(ins->text(), outs->text());
        if (!l) {
            message->setText(QString::fromStdString(l.message()));
            return;
        }
        const QString e =
            m_document->addLayout(DocumentLayout{name->text().trimmed(), *l, {}, {}, {}, {}});
        if (!e.isEmpty()) {
            message->setText(e);
            return;
        }
        dialog.accept();
    });
    if (dialog.exec() == QDialog::Accepted)
        setCurrentLayoutIndex(m_document->layoutCount() - 1);
}

void MainWindow::addLayoutFromBuilder()
{
    BuilderDialog dialog(m_document, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const bool viewAdded = dialog.openViewBox()->isChecked();
    setCurrentLayoutIndex(m_document->layoutCount() - 1);
    if (viewAdded)
        m_viewTabs->setCurrentIndex(m_viewTabs->count() - 1);
}

void MainWindow::duplicateLayout()
{
    if (const QString e = m_document->duplicateLayout(m_currentLayout); !e.isEmpty())
        showRefusal(e);
    else
        setCurrentLayoutIndex(m_currentLayout + 1);
}

void MainWindow::renameLayout()
{
    if (m_currentLayout < 0)
        return;
    bool ok = false;
    const QString name =
        QInputDialog::getText(this, tr("Rename Layout"), tr("New name:"), QLineEdit::Normal,
                              m_document->layoutAt(m_currentLayout).name, &ok);
    if (!ok)
        return;
    if (const QString e = m_document->renameLayout(m_currentLayout, name); !e.isEmpty())
        QMessageBox::warning(this, tr("Rename Layout"), e);
}

void MainWindow::removeLayout()
{
    if (const QString e = m_document->removeLayout(m_currentLayout); !e.isEmpty())
        showRefusal(e);
}

void MainWindow::copyLayoutJson()
{
    if (m_currentLayout < 0)
        return;
    const DocumentLayout &l = m_document->layoutAt(m_currentLayout);
    QApplication::clipboard()->setText(QString::fromStdString(layoutToJson(l.layout).dump()));
    showStatus(tr("Copied %1 as JSON").arg(l.name), 3000);
}

void MainWindow::copyLayoutText(bool gluon)
{
    if (m_currentLayout < 0)
        return;
    const DocumentLayout &l = m_document->layoutAt(m_currentLayout);
    // A layout written as text copies as that attribute; one edited by hand (raw bases) as the
    // #ttg.linear / #ttg.shared_linear that describes it, ready to paste into a kernel.
    LayoutAttrPtr attr = l.attr;
    if (!attr) {
        Expected<LayoutAttrPtr> linear = linearAttrFor(l.layout);
        if (!linear) {
            showRefusal(tr("%1 has no text form: %2")
                            .arg(l.name, QString::fromStdString(linear.message())));
            return;
        }
        attr = *linear;
    }
    QApplication::clipboard()->setText(
        QString::fromStdString(gluon ? printGluon(*attr) : printTtgWithAliases(*attr)));
    showStatus(tr("Copied %1 as %2").arg(l.name, gluon ? tr("Gluon") : tr("#ttg")), 3000);
}

QString MainWindow::addTextLayout(const QString &name, const QString &text, const QList<int> &shape,
                                  const QString &dtype, bool cuteBytes)
{
    if (looksLikeCute(text.toStdString())) {
        Expected<CuteLayoutText> cute =
            readCuteLayoutText(text.toStdString(), std::vector<int32_t>(shape.begin(), shape.end()),
                               dtype.toStdString(), cuteBytes);
        if (!cute)
            return QString::fromStdString(cute.message());
        const QString e = m_document->addLayout(
            DocumentLayout{name.trimmed(), cute->layout, QString::fromStdString(cute->elementText),
                           QList<int>(cute->shape.begin(), cute->shape.end()), dtype, nullptr});
        if (e.isEmpty())
            setCurrentLayoutIndex(m_document->layoutCount() - 1);
        return e;
    }
    Expected<LayoutAttrPtr> attr = parseLayoutText(text.toStdString());
    if (!attr)
        return QString::fromStdString(attr.message());
    Expected<LinearLayout> l =
        toLinearLayout(**attr, std::vector<int32_t>(shape.begin(), shape.end()));
    if (!l)
        return QString::fromStdString(l.message());
    const QString e = m_document->addLayout(
        DocumentLayout{name.trimmed(), *l, text.trimmed(), shape, dtype, *attr});
    if (e.isEmpty())
        setCurrentLayoutIndex(m_document->layoutCount() - 1);
    return e;
}

void MainWindow::addLayoutFromText(const QString &initialText)
{
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Add Layout from Text"));
    dialog.resize(720, 360);
    auto *form = new QFormLayout(&dialog);
    auto *name = new QLineEdit(m_document->uniqueLayoutName(QStringLiteral("L")), &dialog);
    auto *text = new QPlainTextEdit(&dialog);
    text->setPlaceholderText(
        QStringLiteral("#ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {warp = [[0, "
                       "1], [1, 0]]}, instrShape = [16, 16, 32]}>"));
    text->setPlainText(initialText);
    auto *shape = new QLineEdit(QStringLiteral("64x64"), &dialog);
    auto *dtype = new QLineEdit(QStringLiteral("f16"), &dialog);
    auto *message = new QLabel(&dialog);
    message->setStyleSheet(QStringLiteral("color: #b00000;"));
    message->setWordWrap(true);
    form->addRow(tr("Name"), name);
    form->addRow(tr("#ttg, Gluon or CuTe text"), text);
    form->addRow(tr("Tensor shape (e.g. 128x64)"), shape);
    form->addRow(tr("Element type"), dtype);
    auto *cuteUnits = new QComboBox(&dialog);
    cuteUnits->addItems({tr("elements"), tr("bytes")});
    cuteUnits->setToolTip(
        tr("Whether the offsets and swizzle of a CuTe memory layout count "
           "elements or bytes (Sw<3,4,3> in bytes is Sw<3,3,3> in f16 elements)"));
    form->addRow(tr("CuTe offsets in"), cuteUnits);
    form->addRow(message);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, [&] {
        QList<int> dims;
        for (const QString &part : shape->text().split(QLatin1Char('x'))) {
            bool ok = false;
            const int v = part.trimmed().toInt(&ok);
            if (!ok || v <= 0) {
                message->setText(tr("The shape is positive integers joined by x, e.g. 128x64"));
                return;
            }
            dims << v;
        }
        const QString e = addTextLayout(name->text(), text->toPlainText(), dims,
                                        dtype->text().trimmed(), cuteUnits->currentIndex() == 1);
        if (!e.isEmpty()) {
            message->setText(e);
            return;
        }
        dialog.accept();
    });
    dialog.exec();
}

void MainWindow::pasteLayout()
{
    const QString text = QApplication::clipboard()->text().trimmed();
    if (text.isEmpty()) {
        showRefusal(tr("The clipboard holds no text"));
        return;
    }
    if (KernelDock::looksLikeModule(text)) {
        if (const QString e = m_kernelDock->openText(text, tr("clipboard")); !e.isEmpty())
            showRefusal(e);
        return;
    }
    if (text.startsWith(QLatin1Char('{'))) {
        const nlohmann::json j = nlohmann::json::parse(text.toStdString(), nullptr, false);
        Expected<LinearLayout> l =
            j.is_discarded() ? Expected<LinearLayout>(makeError("not JSON")) : layoutFromJson(j);
        if (!l) {
            showRefusal(tr("Paste: %1").arg(QString::fromStdString(l.message())));
            return;
        }
        const QString e = m_document->addLayout(DocumentLayout{
            m_document->uniqueLayoutName(QStringLiteral("L")), *l, {}, {}, {}, nullptr});
        if (!e.isEmpty())
            showRefusal(e);
        else
            setCurrentLayoutIndex(m_document->layoutCount() - 1);
        return;
    }
    addLayoutFromText(text);
}

} // namespace lx
