#pragma once

// PresentMode: View > Present, teaching from the canvas. Entering takes the window to full
// screen with the current view alone: the menu bar, toolbars, docks, status bar and the view
// tabs' bar are hidden, the diagram is fitted to the screen (above 100 %, up to
// kPresentMaxScale, its tables below, in columns or beside the panels, whichever lets it grow
// most) and its titles, headers, tables and legend are drawn no smaller than kPresentTextPx.
// The keys walk the lesson:
//   Right, Down, Page Down, Space   the next step of a multi-step view (a cta-tiles view: its
//                                   next instruction); after its last step (or in a view
//                                   without steps) the next view of the scene
//   Left, Up, Page Up, Backspace    back the same way
//   Esc (or Present again)          leave
// Leaving brings the window back exactly as it was: its state (docks, toolbars and their
// places and sizes), its geometry and window state, the menu, status and tab bars, and the
// views' text size and zoom. While presenting, the window's remembered arrangement is not
// rewritten (isActive()), so a window killed in the middle comes back with its panels.

#include <QByteArray>
#include <QObject>
#include <QPointer>

#include <utility>
#include <vector>

class QAction;
class QMainWindow;

namespace lx {

class ViewPane;
class ViewTabs;

class PresentMode : public QObject
{
    Q_OBJECT
public:
    // The text floor and the largest fitting scale while presenting.
    static constexpr int kPresentTextPx = 20;
    static constexpr double kPresentMaxScale = 8.0;

    PresentMode(QMainWindow *window, ViewTabs *tabs);

    // View > Present (checkable; checked while presenting).
    QAction *action() const { return m_action; }
    bool isActive() const { return m_active; }
    void enter();
    void leave();
    // One step of the walk: +1 forward, -1 back (see above). Returns false at either end.
    bool step(int direction);
    // Fits the current view to the screen (a no-op when not presenting).
    void fitCurrent();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void setViewTextFloor(int px);

    QMainWindow *m_window;
    ViewTabs *m_tabs;
    QAction *m_action;
    bool m_active = false;
    // What leaving restores.
    QByteArray m_state;
    QByteArray m_geometry;
    Qt::WindowStates m_windowState;
    bool m_menuBarShown = true;
    bool m_statusBarShown = true;
    bool m_tabBarShown = true;
    // Each view's zoom on entering, given back on leaving.
    std::vector<std::pair<QPointer<ViewPane>, double>> m_scales;
};

} // namespace lx
