#include "widgets/mainwindow.h"

#include "hw/resources.h"
#include "models/layoutdocument.h"
#include "render/ownershipdiagram.h"
#include "render/viewregistry.h"
#include "widgets/diagramview.h"
#include "widgets/exportdialog.h"
#include "widgets/kerneldock.h"
#include "widgets/viewpane.h"

#include "widgets/learnpanel.h"

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QToolBar>
#include <QUndoStack>

namespace lx {

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
    // The toolbar shows a fixed word: the menu text ("Undo Set lane bases") changes with every
    // edit and would shift the combo boxes after it. The tooltip keeps the full text.
    m_undoAction->setIconText(tr("Undo"));
    m_redoAction->setIconText(tr("Redo"));
    // The stack outlives the MainWindow part of this object (it clears itself, emitting these,
    // while QObject destroys the children), so the handlers use the actions, never `this`.
    connect(stack, &QUndoStack::undoTextChanged, m_undoAction,
            [undo = m_undoAction](const QString &t) {
                undo->setToolTip(MainWindow::tr("Undo %1").arg(t));
            });
    connect(stack, &QUndoStack::redoTextChanged, m_redoAction,
            [redo = m_redoAction](const QString &t) {
                redo->setToolTip(MainWindow::tr("Redo %1").arg(t));
            });

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

    m_gettingStartedAction = new QAction(tr("&Getting Started"), this);
    m_gettingStartedAction->setObjectName(QStringLiteral("gettingStartedAction"));
    m_gettingStartedAction->setShortcut(QKeySequence::HelpContents);
    connect(m_gettingStartedAction, &QAction::triggered, this, &MainWindow::showGettingStarted);

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
    m_addViewMenu->setObjectName(QStringLiteral("addViewMenu"));
    m_addViewMenu->setToolTipsVisible(true);
    for (const ViewKind &k : viewKinds()) {
        const QString kind = QString::fromLatin1(k.kind);
        // One line says what the view shows; the kind stays first so it is easy to find.
        QAction *a =
            m_addViewMenu->addAction(tr("%1 \u2014 %2").arg(kind, QString::fromUtf8(k.summary)),
                                     this, [this, kind] { addViewOfKind(kind); });
        a->setData(kind);
        a->setToolTip(QString::fromUtf8(k.summary));
        a->setStatusTip(QString::fromUtf8(k.summary));
    }
    m_viewMenu->addAction(m_closeViewAction);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_zoomInAction);
    m_viewMenu->addAction(m_zoomOutAction);
    m_viewMenu->addAction(m_zoomResetAction);
    m_viewMenu->addAction(m_fitAction);
    if (auto *suggest = findChild<QDockWidget *>(QStringLiteral("suggestDock"))) {
        suggest->toggleViewAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G));
        m_viewMenu->addAction(suggest->toggleViewAction());
    }
    if (auto *conflicts = findChild<QDockWidget *>(QStringLiteral("conflictDock")))
        m_viewMenu->addAction(conflicts->toggleViewAction());
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
    help->addAction(m_gettingStartedAction);
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
            [this] { switchArch(m_archBox->currentText()); });
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

} // namespace lx
