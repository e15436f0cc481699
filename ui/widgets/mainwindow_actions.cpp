#include "widgets/mainwindow.h"

#include "base/resources.h"
#include "models/layoutdocument.h"
#include "render/ownershipdiagram.h"
#include "render/viewregistry.h"
#include "widgets/diagramview.h"
#include "widgets/exportdialog.h"
#include "widgets/kerneldock.h"
#include "widgets/kernelwatchpanel.h"
#include "widgets/layoutactions.h"
#include "widgets/learnpanel.h"
#include "widgets/presentmode.h"
#include "widgets/scenefiles.h"
#include "widgets/viewpane.h"
#include "widgets/viewtabs.h"
#include "widgets/windowdocks.h"

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
    m_exportAction = newAction(this, tr("&Export Figure..."), QKeySequence(Qt::CTRL | Qt::Key_E),
                               [this] { showExportDialog(false); });
    m_exportAllAction = newAction(this, tr("Export &All Open Views..."), QKeySequence(),
                                  [this] { showExportDialog(true); });
    m_exportAllAction->setObjectName(QStringLiteral("exportAllViewsAction"));
    m_exportAllAction->setStatusTip(tr("Every open view with the same settings, one file each"));
    m_quitAction = newAction(this, tr("&Quit"), QKeySequence::Quit, &QWidget::close);
    m_quitAction->setMenuRole(QAction::QuitRole);

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

    m_darkAction = newToggle(this, tr("&Dark Theme"), false, &MainWindow::setDarkTheme);
    m_gettingStartedAction = newAction(this, tr("&Getting Started"), QKeySequence::HelpContents,
                                       &MainWindow::showGettingStarted);
    m_gettingStartedAction->setObjectName(QStringLiteral("gettingStartedAction"));
    m_aboutAction = newAction(this, tr("&About Layout Explorer"), {}, &MainWindow::about);
    m_aboutAction->setMenuRole(QAction::AboutRole);
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_files->newAction());
    file->addAction(m_files->openAction());
    file->addAction(m_docks->kernelDock()->openAction());
    file->addAction(m_docks->kernelDock()->savePatchedAction());
    file->addAction(m_docks->kernelDock()->watchPanel()->watchAction());
    m_files->setRecentMenu(file->addMenu(tr("Open &Recent")));
    file->addAction(m_files->presetsAction());
    file->addSeparator();
    file->addAction(m_files->saveAction());
    file->addAction(m_files->saveAsAction());
    file->addSeparator();
    file->addAction(m_exportAction);
    file->addAction(m_exportAllAction);
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
    edit->addAction(m_layoutActions->copyAction());
    edit->addAction(m_layoutActions->copyJsonAction());
    edit->addAction(m_layoutActions->copyTtgAction());
    edit->addAction(m_layoutActions->copyGluonAction());
    edit->addAction(m_layoutActions->pasteAction());
    edit->addSeparator();
    edit->addAction(m_viewTabs->copyFigureAction());

    QMenu *layout = menuBar()->addMenu(tr("&Layout"));
    layout->setToolTipsVisible(true);
    layout->addAction(m_layoutActions->addFromBasesAction());
    layout->addAction(m_layoutActions->addFromTextAction());
    layout->addAction(m_layoutActions->addFromBuilderAction());
    layout->addAction(m_layoutActions->duplicateAction());
    layout->addAction(m_layoutActions->renameAction());
    layout->addAction(m_layoutActions->removeAction());
    layout->addSeparator();
    layout->addAction(m_layoutActions->compareAction());

    createViewMenu();

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *learn = help->addAction(tr("&Learn"));
    learn->setObjectName(QStringLiteral("learnAction"));
    learn->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F1));
    learn->setStatusTip(tr("Lessons: linear layouts step by step, checked as you edit"));
    connect(learn, &QAction::triggered, this, [this] { showLearnDock(this); });
    help->addAction(m_gettingStartedAction);
    help->addAction(m_aboutAction);
}

void MainWindow::createViewMenu()
{
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
    m_viewMenu->addAction(m_viewTabs->closeViewAction());
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_viewTabs->zoomInAction());
    m_viewMenu->addAction(m_viewTabs->zoomOutAction());
    m_viewMenu->addAction(m_viewTabs->zoomResetAction());
    m_viewMenu->addAction(m_viewTabs->fitAction());
    m_viewMenu->addAction(m_present->action());
    m_docks->suggestDock()->toggleViewAction()->setShortcut(
        QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G));
    m_viewMenu->addAction(m_docks->suggestDock()->toggleViewAction());
    m_viewMenu->addAction(m_docks->conflictDock()->toggleViewAction());
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_viewTabs->previousStepAction());
    m_viewMenu->addAction(m_viewTabs->nextStepAction());
    m_viewMenu->addAction(m_viewTabs->goToElementAction());
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
    m_viewMenu->addAction(m_viewTabs->labelsAction());
    m_viewMenu->addAction(m_viewTabs->gridAction());
    m_viewMenu->addAction(m_darkAction);
    m_viewMenu->addSeparator();
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        m_viewMenu->addAction(dock->toggleViewAction());
}

void MainWindow::createToolBar()
{
    QToolBar *bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    bar->addAction(m_files->presetsAction());
    m_files->presetsAction()->setIconText(tr("Presets"));
    bar->addAction(m_files->openAction());
    bar->addAction(m_files->saveAction());
    bar->addAction(m_exportAction);
    m_exportAction->setIconText(tr("Export"));
    bar->addSeparator();
    bar->addAction(m_undoAction);
    bar->addAction(m_redoAction);
    bar->addSeparator();
    bar->addAction(m_viewTabs->fitAction());
    m_viewTabs->fitAction()->setIconText(tr("Fit"));
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
