#include "widgets/mainwindow.h"

#include "base/resources.h"
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

namespace {

// A window action with its shortcut (none when empty) and what it does.
template <typename Slot>
QAction *newAction(MainWindow *window, const QString &text, const QKeySequence &shortcut, Slot slot)
{
    auto *action = new QAction(text, window);
    if (!shortcut.isEmpty())
        action->setShortcut(shortcut);
    QObject::connect(action, &QAction::triggered, window, slot);
    return action;
}

// A checkable action, checked or not, whose toggles call `slot`.
template <typename Slot>
QAction *newToggle(MainWindow *window, const QString &text, bool checked, Slot slot)
{
    auto *action = new QAction(text, window);
    action->setCheckable(true);
    action->setChecked(checked);
    QObject::connect(action, &QAction::toggled, window, slot);
    return action;
}

} // namespace

void MainWindow::createActions()
{
    m_newAction = newAction(this, tr("&New Scene"), QKeySequence::New, &MainWindow::newScene);
    m_openAction = newAction(this, tr("&Open..."), QKeySequence::Open, &MainWindow::openDialog);
    m_saveAction = newAction(this, tr("&Save"), QKeySequence::Save, &MainWindow::save);
    m_saveAsAction = newAction(this, tr("Save &As..."), QKeySequence::SaveAs, &MainWindow::saveAs);
    m_presetsAction =
        newAction(this, tr("Open &Preset..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O),
                  &MainWindow::showPresets);
    m_exportAction = newAction(this, tr("&Export Figure..."), QKeySequence(Qt::CTRL | Qt::Key_E),
                               &MainWindow::showExportDialog);
    m_quitAction = newAction(this, tr("&Quit"), QKeySequence::Quit, &QWidget::close);
    m_quitAction->setMenuRole(QAction::QuitRole);
    createEditActions();
    createViewActions();

    m_darkAction = newToggle(this, tr("&Dark Theme"), false, &MainWindow::setDarkTheme);
    m_gettingStartedAction = newAction(this, tr("&Getting Started"), QKeySequence::HelpContents,
                                       &MainWindow::showGettingStarted);
    m_gettingStartedAction->setObjectName(QStringLiteral("gettingStartedAction"));
    m_aboutAction = newAction(this, tr("&About Layout Explorer"), {}, &MainWindow::about);
    m_aboutAction->setMenuRole(QAction::AboutRole);
}

void MainWindow::createEditActions()
{
    QUndoStack *stack = m_document->undoStack();
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

    m_copyJsonAction =
        newAction(this, tr("Copy Layout as &JSON"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C),
                  &MainWindow::copyLayoutJson);
    m_addLayoutAction =
        newAction(this, tr("&Add Layout from Bases..."), QKeySequence(Qt::CTRL | Qt::Key_L),
                  &MainWindow::addLayoutFromBases);
    m_addTextAction =
        newAction(this, tr("Add Layout from &Text..."),
                  QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L), [this] { addLayoutFromText(); });
    m_addTextAction->setIconText(tr("Add text"));
    m_addBuilderAction =
        newAction(this, tr("Add Layout from &Builder..."),
                  QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_L), &MainWindow::addLayoutFromBuilder);
    m_addBuilderAction->setObjectName(QStringLiteral("addLayoutFromBuilderAction"));
    m_addBuilderAction->setToolTip(tr("Build a blocked, WMMA, MFMA, linear or shared layout from "
                                      "its parameters, with a live #ttg preview"));
    m_addBuilderAction->setIconText(tr("Builder"));
    m_copyTtgAction =
        newAction(this, tr("Copy Layout as #&ttg"), {}, [this] { copyLayoutText(false); });
    m_copyGluonAction =
        newAction(this, tr("Copy Layout as &Gluon"), {}, [this] { copyLayoutText(true); });
    m_pasteAction =
        newAction(this, tr("&Paste Layout"), QKeySequence::Paste, &MainWindow::pasteLayout);
    m_pasteAction->setToolTip(tr("A layout as conformance JSON is added as it is; #ttg or Gluon "
                                 "text opens the text form to give its shape"));
    m_duplicateAction = newAction(this, tr("&Duplicate Layout"), QKeySequence(Qt::CTRL | Qt::Key_D),
                                  &MainWindow::duplicateLayout);
    m_renameAction = newAction(this, tr("Re&name Layout..."), QKeySequence(Qt::Key_F2),
                               &MainWindow::renameLayout);
    m_removeAction = newAction(this, tr("&Remove Layout"), {}, &MainWindow::removeLayout);
}

void MainWindow::createViewActions()
{
    // What the current view pane does, nothing when no view is open.
    auto onPane = [this](auto f) {
        return [this, f] {
            if (ViewPane *p = currentViewPane())
                f(p);
        };
    };
    m_zoomInAction = newAction(this, tr("Zoom &In"), QKeySequence::ZoomIn,
                               onPane([](ViewPane *p) { p->diagramView()->zoomIn(); }));
    m_zoomOutAction = newAction(this, tr("Zoom &Out"), QKeySequence::ZoomOut,
                                onPane([](ViewPane *p) { p->diagramView()->zoomOut(); }));
    m_zoomResetAction = newAction(this, tr("&Actual Size"), QKeySequence(Qt::CTRL | Qt::Key_0),
                                  onPane([](ViewPane *p) { p->diagramView()->setScale(1.0); }));
    m_fitAction = newAction(this, tr("&Fit to Window"), QKeySequence(Qt::CTRL | Qt::Key_9),
                            onPane([](ViewPane *p) { p->diagramView()->fitToView(); }));
    m_labelsAction = newToggle(this, tr("Cell &Labels"), true, &MainWindow::applyRenderOptions);
    m_gridAction = newToggle(this, tr("&Grid"), true, &MainWindow::applyRenderOptions);
    m_nextStepAction =
        newAction(this, tr("&Next Step"), QKeySequence(Qt::CTRL | Qt::Key_BracketRight),
                  onPane([](ViewPane *p) { p->nextStep(); }));
    m_nextStepAction->setStatusTip(
        tr("Pipeline views: show the next step of cvt → divideLeft → reps → addrToOffset → "
           "addrLayout"));
    m_previousStepAction =
        newAction(this, tr("&Previous Step"), QKeySequence(Qt::CTRL | Qt::Key_BracketLeft),
                  onPane([](ViewPane *p) { p->previousStep(); }));
    m_previousStepAction->setStatusTip(tr("Pipeline views: show the previous step"));
    m_closeViewAction = newAction(this, tr("&Close View"), QKeySequence::Close,
                                  [this] { closeViewTab(m_viewTabs->currentIndex()); });
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
