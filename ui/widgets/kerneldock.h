#pragma once

// KernelDock: a TTGIR module opened in the window. The module text (the selected op's lines
// highlighted) beside a table of its data-placing ops with what each costs (KernelOpsModel),
// and the kernel's totals underneath.
//
// Opening a module (File > Open Kernel, dropping a .ttgir file, pasting module text) starts a
// scene of its own, after the unsaved-changes prompt: titled by the kernel, on the module's
// architecture, with every layout alias as a named layout and the module text kept with the
// scene (so saving, reopening and recovering bring the dock back), and selects the first op that
// needs attention (else the first local_load). The dock always shows the scene's kernel: a scene
// without one empties it, and the Architecture selector re-analyses it.
// Selecting an op adds its layouts (source and destination, over the op's shape) and
// opens the views that answer for it, again in one undo step: for a local_load the ds_load_tr
// panels (or the eligibility table when the transposed load does not apply), the bank table and
// the destination's ownership; for a write the bank table, the bank map and the source's
// ownership; for a convert_layout the conversion map dst.invertAndCompose(src) and the
// ownership of both sides.
// While a cache folder is watched (widgets/kernelwatchpanel.h) the list of compiled kernels sits
// left of the module; each new one opens as it arrives when the scene has no unsaved changes.

#include "models/layoutdocument.h"
#include "models/opsuggestion.h"

#include <QDockWidget>
#include <QElapsedTimer>

#include <functional>
#include <optional>

class QAction;
class QLabel;
class QScrollArea;
class QPushButton;
class QPlainTextEdit;
class QTableView;

namespace lx {

class KernelOpsModel;
class KernelWatchPanel;
struct TtgirModule;

class KernelDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit KernelDock(LayoutDocument *document, QWidget *parent = nullptr);

    // File > Open Kernel… (asks for a file).
    QAction *openAction() const { return m_openAction; }
    KernelOpsModel *model() const { return m_model; }
    // The kernels compiled into a watched cache folder (File > Watch Triton Cache…,
    // `--watch DIR`), shown beside the module while a folder is watched.
    KernelWatchPanel *watchPanel() const { return m_watchPanel; }
    QTableView *table() const { return m_table; }
    QPlainTextEdit *textView() const { return m_text; }

    // Reads, analyses and shows a module as a new scene; an empty string on success (or when
    // the unsaved-changes prompt cancelled it), else why not (the scene stays as it was).
    // `origin` names the text in titles and messages. `prompt` false: the caller has asked
    // already.
    QString openFile(const QString &path, bool prompt = true);
    QString openText(const QString &text, const QString &origin, bool prompt = true);
    // Asked before a kernel replaces the scene (the unsaved-changes prompt); true to go on.
    void setReplacePrompt(std::function<bool()> confirm) { m_confirmReplace = std::move(confirm); }
    // openFile also takes a Triton cache kernel folder or a dump folder (its first complete
    // kernel); where the assembly is beside the module the summary gets a line with the
    // compiler's answer.
    // The summary under the table (rich text): totals and, when there, the compiler's line.
    QString summaryText() const;
    // Whether pasted text is a module rather than one layout.
    static bool looksLikeModule(const QString &text);
    // Whether a dropped file is a module (by its suffix).
    static bool isModuleFile(const QString &path);
    // The file-dialog kind (panelwidgets.h) of the folder the last module was opened from.
    static inline const QLatin1String kDialogKey{"kernels"};

    // Selects the op in `row` of the table: highlights it and shows it in the scene.
    void selectOp(int row);

    // Suggest for this op: selects it and shows the shared layout for its buffer
    // (request/kernelsuggest.h: judged on every op of the module that uses it) as the alias line
    // to put back into the kernel, in #ttg and Gluon, with each of those ops' instructions,
    // n-way and cycles now and after. An empty string on success, else why there is nothing to
    // suggest.
    QString suggestForOp(int row);
    using Advice = OpSuggestion; // the last "Suggest for this op"
    const Advice &advice() const { return m_advice; }
    // Milliseconds from reading the text to the table filled, for the last open.
    qint64 lastOpenMilliseconds() const { return m_lastOpenMs; }

Q_SIGNALS:
    void statusMessage(const QString &message);
    // The first view that answers for the op just selected (index into the document's views):
    // the window brings it to the front.
    void viewChosen(int view);

private:
    QWidget *addAdvicePanel(QWidget *parent);
    void chooseFile();
    void highlightLine(int line, int lines);
    // Every layout alias of the module as a named layout over the shape of its first use.
    static QList<DocumentLayout> aliasLayouts(const TtgirModule &module);
    // Shows the scene's kernel (none: an empty dock).
    void loadFromDocument();
    // Analyses the shown module for the scene's architecture.
    void analyse();
    // Adds the op's layouts and views to the scene (those it has already stay).
    void showOp(int row);
    QString showAdvice(const QString &why);
    // Scrolls the words so the suggestion's first line is at the top (while one waits to be).
    void scrollToAdvice();
    void updateSummary();

    LayoutDocument *m_document;
    KernelOpsModel *m_model;
    QPlainTextEdit *m_text;
    QTableView *m_table;
    QLabel *m_summary;
    QLabel *m_opDetail = nullptr;
    QAction *m_openAction;
    QString m_origin;
    QString m_compiler; // the compiler's header line (HTML), empty without an assembly
    qint64 m_lastOpenMs = 0;
    bool m_selecting = false;
    bool m_selectFirst = false; // the scene is being opened from a module: show its first op
    QString m_error;            // why the shown module cannot be analysed (empty: it can)
    std::function<bool()> m_confirmReplace;
    KernelWatchPanel *m_watchPanel;
    QPushButton *m_suggest;
    QPushButton *m_copyTtg;
    QPushButton *m_copyGluon;
    QLabel *m_adviceLabel;
    QScrollArea *m_scroll = nullptr; // the words under the buttons
    // Since the suggestion was shown, while it waits to be scrolled to the top (else invalid).
    QElapsedTimer m_adviceShown;
    QPushButton *m_applyAdvice = nullptr;
    Advice m_advice;
};

} // namespace lx
