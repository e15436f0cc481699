#pragma once

// KernelDock: a TTGIR module opened in the window. The module text (the selected op's lines
// highlighted) beside a table of its data-placing ops with what each costs (KernelOpsModel),
// and the kernel's totals underneath.
//
// Opening a module (File > Open Kernel, dropping a .ttgir file, pasting module text) sets the
// scene's architecture to the module's and adds every layout alias as a named layout, in one
// undo step, and selects the first op that needs attention (else the first local_load).
// Selecting an op adds its layouts (source and destination, over the op's shape) and
// opens the views that answer for it, again in one undo step: for a local_load the ds_load_tr
// panels (or the eligibility table when the transposed load does not apply), the bank table and
// the destination's ownership; for a write the bank table, the bank map and the source's
// ownership; for a convert_layout the conversion map dst.invertAndCompose(src) and the
// ownership of both sides.

#include <QDockWidget>

class QAction;
class QLabel;
class QPlainTextEdit;
class QTableView;

namespace lx {

class KernelOpsModel;
class LayoutDocument;

class KernelDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit KernelDock(LayoutDocument *document, QWidget *parent = nullptr);

    // File > Open Kernel… (asks for a file).
    QAction *openAction() const { return m_openAction; }
    KernelOpsModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QPlainTextEdit *textView() const { return m_text; }

    // Reads, analyses and shows a module; an empty string on success, else why not (the dock
    // keeps what it showed). `origin` names the text in titles and messages. openFile also takes
    // a Triton cache kernel folder or a dump folder (its first complete kernel), and where the
    // assembly is beside the module the summary gets a line with the compiler's answer.
    QString openFile(const QString &path);
    // The summary under the table (rich text): totals and, when there, the compiler's line.
    QString summaryText() const;
    QString openText(const QString &text, const QString &origin);
    // Whether pasted text is a module rather than one layout.
    static bool looksLikeModule(const QString &text);
    // Whether a dropped file is a module (by its suffix).
    static bool isModuleFile(const QString &path);

    // Selects the op in `row` of the table: highlights it and shows it in the scene.
    void selectOp(int row);
    // Milliseconds from reading the text to the table filled, for the last open.
    qint64 lastOpenMilliseconds() const { return m_lastOpenMs; }

Q_SIGNALS:
    void statusMessage(const QString &message);

private:
    void chooseFile();
    void highlightLine(int line, int lines);
    void addAliasLayouts();
    void showOp(int row);
    void updateSummary();

    LayoutDocument *m_document;
    KernelOpsModel *m_model;
    QPlainTextEdit *m_text;
    QTableView *m_table;
    QLabel *m_summary;
    QAction *m_openAction;
    QString m_origin;
    QString m_compiler; // the compiler's header line (HTML), empty without an assembly
    qint64 m_lastOpenMs = 0;
    bool m_selecting = false;
};

} // namespace lx
