#include "widgets/presentmode.h"

#include "render/diagramrenderer.h"
#include "widgets/diagramview.h"
#include "widgets/viewpane.h"
#include "widgets/viewtabs.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QKeyEvent>
#include <QMainWindow>
#include <QMenuBar>
#include <QStatusBar>
#include <QTabBar>
#include <QTimer>
#include <QToolBar>

#include <algorithm>

namespace lx {

PresentMode::PresentMode(QMainWindow *window, ViewTabs *tabs)
    : QObject(window), m_window(window), m_tabs(tabs), m_action(new QAction(tr("&Present"), window))
{
    setObjectName(QStringLiteral("presentMode"));
    m_action->setObjectName(QStringLiteral("presentAction"));
    m_action->setCheckable(true);
    m_action->setShortcut(QKeySequence(Qt::Key_F5));
    m_action->setStatusTip(tr("Full screen with the current view alone, fitted to the screen; "
                              "arrow keys walk the steps and views, Esc leaves"));
    // The window holds the action too: its shortcut must work while the menu bar is hidden.
    window->addAction(m_action);
    connect(m_action, &QAction::toggled, this, [this](bool on) { on ? enter() : leave(); });
    // The walk changes the view or its step: the new diagram is fitted again.
    connect(m_tabs, &ViewTabs::currentViewChanged, this, [this] {
        if (m_active)
            QTimer::singleShot(0, this, &PresentMode::fitCurrent);
    });
    connect(m_tabs, &ViewTabs::paneCreated, this, [this](ViewPane *pane) {
        if (m_active) {
            RenderOptions o = pane->viewWidget()->renderOptions();
            o.minTextPx = kPresentTextPx;
            pane->viewWidget()->setRenderOptions(o);
        }
        connect(pane, &ViewPane::rebuilt, this, [this, pane] {
            if (m_active && pane == m_tabs->currentPane())
                fitCurrent();
        });
    });
}

void PresentMode::enter()
{
    if (m_active)
        return;
    m_active = true;
    m_state = m_window->saveState();
    m_geometry = m_window->saveGeometry();
    m_windowState = m_window->windowState();
    m_menuBarShown = !m_window->menuBar()->isHidden();
    m_statusBarShown = !m_window->statusBar()->isHidden();
    m_tabBarShown = !m_tabs->tabBar()->isHidden();
    m_scales.clear();
    for (ViewPane *pane : m_tabs->panes())
        m_scales.emplace_back(pane, pane->viewWidget()->scale());
    for (QDockWidget *dock : m_window->findChildren<QDockWidget *>())
        dock->hide();
    // The window's own toolbars (a dock's inner toolbar goes with its dock).
    for (QToolBar *bar : m_window->findChildren<QToolBar *>(Qt::FindDirectChildrenOnly))
        bar->hide();
    m_window->menuBar()->hide();
    m_window->statusBar()->hide();
    m_tabs->tabBar()->hide();
    setViewTextFloor(kPresentTextPx);
    qApp->installEventFilter(this);
    m_window->setWindowState(m_windowState | Qt::WindowFullScreen);
    if (m_tabs->currentPane())
        m_tabs->currentPane()->viewWidget()->setFocus();
    fitCurrent();
    if (!m_action->isChecked())
        m_action->setChecked(true);
}

void PresentMode::leave()
{
    if (!m_active)
        return;
    m_active = false;
    qApp->removeEventFilter(this);
    setViewTextFloor(0);
    m_window->setWindowState(m_windowState);
    if (!(m_windowState & (Qt::WindowMaximized | Qt::WindowFullScreen)))
        m_window->restoreGeometry(m_geometry);
    m_window->menuBar()->setVisible(m_menuBarShown);
    m_window->statusBar()->setVisible(m_statusBarShown);
    m_tabs->tabBar()->setVisible(m_tabBarShown);
    // Docks and toolbars: their visibility, places, tabs and sizes as saved on entry.
    m_window->restoreState(m_state);
    // The window manager gives the window its size back later: the dock sizes once more then.
    QTimer::singleShot(0, this, [this, state = m_state] {
        if (!m_active)
            m_window->restoreState(state);
    });
    // Each view at its zoom from before (a view opened while presenting: fitted).
    for (ViewPane *pane : m_tabs->panes()) {
        const auto was = std::find_if(m_scales.begin(), m_scales.end(),
                                      [pane](const auto &s) { return s.first == pane; });
        if (was != m_scales.end())
            pane->viewWidget()->setScale(was->second, QPoint(0, 0));
        else
            pane->viewWidget()->fitToView();
    }
    m_scales.clear();
    if (m_action->isChecked())
        m_action->setChecked(false);
}

void PresentMode::setViewTextFloor(int px)
{
    for (ViewPane *pane : m_tabs->panes()) {
        RenderOptions o = pane->viewWidget()->renderOptions();
        o.minTextPx = px; // DiagramView keeps its own floor (kMinTextPx) under it
        // The tables below in one column (presenting arranges them again as it fits).
        o.tableColumns = 1;
        o.tablesBeside = false;
        pane->viewWidget()->setRenderOptions(o);
    }
}

void PresentMode::fitCurrent()
{
    if (!m_active)
        return;
    if (ViewPane *pane = m_tabs->currentPane()) {
        pane->diagramView()->fitToView(kPresentMaxScale, true);
        // A pipeline taller than the screen at the presenting text size: its step in view.
        pane->scrollToCurrentStep();
    }
}

bool PresentMode::step(int direction)
{
    ViewPane *pane = m_tabs->currentPane();
    if (!pane)
        return false;
    const int steps = pane->stepCount();
    const int current = pane->currentStep();
    if (direction > 0 && steps > 0 && current < steps) {
        pane->nextStep();
        return true;
    }
    if (direction < 0 && steps > 0 && current > 1) {
        pane->previousStep();
        return true;
    }
    if (pane->stepInstruction(direction))
        return true;
    const int next = m_tabs->currentIndex() + (direction > 0 ? 1 : -1);
    if (next < 0 || next >= m_tabs->count())
        return false;
    m_tabs->setCurrentIndex(next);
    return true;
}

bool PresentMode::eventFilter(QObject *watched, QEvent *event)
{
    if (!m_active)
        return false;
    // The current view's viewport gets the screen's size after the window does (the layouts
    // follow later): the view is fitted again then.
    if (event->type() == QEvent::Resize) {
        const ViewPane *pane = m_tabs->currentPane();
        if (pane && watched == pane->viewWidget()->viewport())
            QTimer::singleShot(0, this, &PresentMode::fitCurrent);
        return false;
    }
    if (event->type() != QEvent::KeyPress)
        return false;
    auto *widget = qobject_cast<QWidget *>(watched);
    if (!widget || widget->window() != m_window || QApplication::activePopupWidget() ||
        QApplication::activeModalWidget())
        return false;
    switch (static_cast<QKeyEvent *>(event)->key()) {
    case Qt::Key_Right:
    case Qt::Key_Down:
    case Qt::Key_PageDown:
    case Qt::Key_Space:
        step(+1);
        return true;
    case Qt::Key_Left:
    case Qt::Key_Up:
    case Qt::Key_PageUp:
    case Qt::Key_Backspace:
        step(-1);
        return true;
    case Qt::Key_Escape:
        leave();
        return true;
    default:
        return false;
    }
}

} // namespace lx
