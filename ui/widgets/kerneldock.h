#pragma once

// KernelDock: a TTGIR module opened in the window, made of parts each with its own model, wired
// here:
//   KernelSourceView    the module text, the selected op's line highlighted;
//   KernelOpsTable      its data-placing ops with what each costs (models/kernelopsmodel.h),
//                       sortable, the costliest op in bold;
//   KernelSummaryPanel  the kernel's figures from the request layer (the costliest op and why),
//                       predicted and compiler counts with the counting rule under them;
//   the op's explanation (KernelOpsModel::DetailRole);
//   KernelAdvicePanel   "Suggest for this op" with its before/after table;
//   KernelWatchPanel    the kernels of a watched cache folder, left of the module.
// In columns, each line between them movable: the module text over the summary (which scrolls
// only when the dock is too short for it); the ops across the rest of the width, every cost
// column in view, over the explanation beside the suggestion.
//
// Opening a module (File > Open Kernel, dropping a .ttgir file, pasting module text) starts a
// scene of its own, after the unsaved-changes prompt: titled by the kernel, on the module's
// architecture, with every layout alias as a named layout and the module text kept with the
// scene (so saving, reopening and recovering bring the dock back), and selects the first op that
// needs attention (else the first local_load). The dock always shows the scene's kernel: a scene
// without one empties it, the Architecture selector re-analyses it, and a change of its module
// text (Apply, its undo) analyses the new text.
// Selecting an op adds its layouts and the views that answer for it (models/kernelopscene.h) in
// one undo step, selects its layouts in the scene panel (layoutsChosen) and brings its first
// view to the front (viewChosen).

#include "analysis/compilercheck.h"
#include "models/layoutdocument.h"
#include "models/opsuggestion.h"

#include <QDockWidget>

#include <functional>
#include <optional>

class QAction;
class QPlainTextEdit;
class QResizeEvent;
class QSplitter;
class QTableView;
class QTextBrowser;

namespace lx {

class KernelAdvicePanel;
class KernelOpsModel;
class KernelOpsTable;
class KernelSourceView;
class KernelSummaryPanel;
class KernelWatchPanel;
struct TtgirModule;

class KernelDock : public QDockWidget
{
    Q_OBJECT
public:
    // The selected op's explanation is never narrower than this many average characters.
    static constexpr int kOpDetailMinChars = 28;

    explicit KernelDock(LayoutDocument *document, QWidget *parent = nullptr);

    // File > Open Kernel… (asks for a file).
    QAction *openAction() const { return m_openAction; }
    // File > Save Patched Module… (asks for a file): the scene's module text, with every
    // applied suggestion's alias line.
    QAction *savePatchedAction() const { return m_savePatchedAction; }
    KernelOpsModel *model() const { return m_model; }
    // The kernels compiled into a watched cache folder (File > Watch Triton Cache…,
    // `--watch DIR`), shown beside the module while a folder is watched.
    KernelWatchPanel *watchPanel() const { return m_watchPanel; }
    QTableView *table() const;
    QPlainTextEdit *textView() const;
    KernelSummaryPanel *summaryPanel() const { return m_summary; }
    KernelAdvicePanel *advicePanel() const { return m_advicePanel; }

    // Reads, analyses and shows a module as a new scene; an empty string on success (or when
    // the unsaved-changes prompt cancelled it), else why not (the scene stays as it was).
    // `origin` names the text in titles and messages. `prompt` false: the caller has asked
    // already. openFile also takes a Triton cache kernel folder or a dump folder (its first
    // complete kernel); where the assembly is beside the module the summary gets the
    // compiler's counts and line.
    QString openFile(const QString &path, bool prompt = true);
    QString openText(const QString &text, const QString &origin, bool prompt = true);
    // Asked before a kernel replaces the scene (the unsaved-changes prompt); true to go on.
    void setReplacePrompt(std::function<bool()> confirm) { m_confirmReplace = std::move(confirm); }
    // Writes the scene's module text to `path` (atomically); an empty string, else why not.
    QString savePatchedModule(const QString &path);
    // The summary (rich text): the kernel's figures, the compiler's line, the notes.
    QString summaryText() const;
    // Whether pasted text is a module rather than one layout.
    static bool looksLikeModule(const QString &text);
    // Whether a dropped file is a module (by its suffix).
    static bool isModuleFile(const QString &path);
    // The file-dialog kind (panelwidgets.h) of the folder the last module was opened from.
    static inline const QLatin1String kDialogKey{"kernels"};

    // Selects the op in `row` of the model: highlights it and shows it in the scene.
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
    // The scene layouts of the op just selected (source first): the scene panel selects them.
    void layoutsChosen(const QStringList &names);

protected:
    // A taller dock (the window maximised, the dock's edge dragged) gives the summary its room.
    void resizeEvent(QResizeEvent *event) override;

private:
    QWidget *buildParts();
    void chooseFile();
    void chooseSavePath();
    // Shows the scene's kernel (none: an empty dock).
    void loadFromDocument();
    // The scene's module text changed (Apply, its undo): analysed again, the same op selected.
    void reloadText();
    // Analyses the shown module for the scene's architecture.
    void analyse();
    // The first op that needs attention, else the first local_load, else -1.
    int firstOp() const;
    // Adds the op's layouts and views to the scene (those it has already stay).
    void showOp(int row);
    void showDetail(int row);
    void apply();
    void updateSummary();
    // Gives the summary the height it needs under the module text (which keeps a few lines),
    // and the op table the height of its rows over the explanation.
    void fitParts();

    LayoutDocument *m_document;
    KernelOpsModel *m_model;
    KernelSourceView *m_source = nullptr;
    KernelOpsTable *m_table = nullptr;
    KernelSummaryPanel *m_summary = nullptr;
    QSplitter *m_sourceOverSummary = nullptr;
    QSplitter *m_opsOverDetail = nullptr;
    QTextBrowser *m_opDetail = nullptr;
    KernelAdvicePanel *m_advicePanel = nullptr;
    KernelWatchPanel *m_watchPanel = nullptr;
    QAction *m_openAction;
    QAction *m_savePatchedAction;
    QString m_origin;
    // The compiler's answer for the module as opened (openFile of a kernel with its assembly):
    // its counts and its header line (HTML); none for another text.
    std::optional<CompilerComparison> m_compiler;
    QString m_compilerLine;
    QString m_compiledText; // the module text the compiler's answer is for
    qint64 m_lastOpenMs = 0;
    bool m_selectFirst = false; // the scene is being opened from a module: show its first op
    QString m_error;            // why the shown module cannot be analysed (empty: it can)
    std::function<bool()> m_confirmReplace;
    QStringList m_opLayouts; // the scene layouts of the op shown last
    Advice m_advice;
};

} // namespace lx
