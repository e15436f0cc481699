#pragma once

// KernelWatchPanel: the Kernel dock's list of the kernels Triton compiles into a watched cache
// folder (models/kernelwatchmodel.h), newest first, with what changed since the previous compile
// of the selected one. Shown while a folder is watched.
//
// The header says which folder is watched and how many kernels came; "Follow newest" (on by
// default, remembered) opens each new kernel as it arrives unless the scene has unsaved changes
// (then the status bar says a kernel is waiting in the list); Stop ends the watch. Selecting a
// row opens that kernel (after the unsaved-changes prompt). The panel owns the model and the
// File menu's action; the Kernel dock holds the panel and says how a kernel is opened.

#include <QWidget>

#include <functional>

class QAction;
class QCheckBox;
class QLabel;
class QPushButton;
class QTableView;
class QTextBrowser;

namespace lx {

class KernelWatchModel;

class KernelWatchPanel : public QWidget
{
    Q_OBJECT
public:
    explicit KernelWatchPanel(QWidget *parent = nullptr);

    KernelWatchModel *model() const { return m_model; }
    // File > Watch Triton Cache… (asks for a folder, starting in the last one watched, else
    // KernelWatchModel::defaultFolder(), which is created when it does not exist yet).
    QAction *watchAction() const { return m_watchAction; }
    // Starts watching `folder` and shows the panel; an empty string on success, else why not.
    QString startWatching(const QString &folder);
    // How a kernel is opened: `path` its module, `prompt` whether to ask about unsaved changes;
    // returns the error, empty on success.
    void setOpener(std::function<QString(const QString &path, bool prompt)> open)
    {
        m_open = std::move(open);
    }
    // Whether a new kernel may replace the scene without asking (no unsaved changes).
    void setMayReplace(std::function<bool()> mayReplace) { m_mayReplace = std::move(mayReplace); }

    QTableView *list() const { return m_list; }
    QTextBrowser *changesView() const { return m_changes; }
    bool followNewest() const;
    // Selects `row` without asking to open it.
    void showRow(int row);
    // The changes of `row` as shown (HTML).
    QString changesHtml(int row) const;

Q_SIGNALS:
    void statusMessage(const QString &message);

private:
    void chooseFolder();
    void updateHeader();
    void open(int row, bool prompt);
    void kernelAdded();

    KernelWatchModel *m_model;
    QLabel *m_header;
    QCheckBox *m_follow;
    QPushButton *m_stop;
    QTableView *m_list;
    QTextBrowser *m_changes;
    QAction *m_watchAction;
    std::function<QString(const QString &, bool)> m_open;
    std::function<bool()> m_mayReplace;
    bool m_quiet = false; // selecting a row from code
};

} // namespace lx
