#pragma once

// KernelSourceView: the Kernel dock's module text, read-only, the selected op's line
// highlighted; a click on a line reports it (the dock selects the op written there).

#include <QPlainTextEdit>

namespace lx {

class KernelSourceView : public QPlainTextEdit
{
    Q_OBJECT
public:
    explicit KernelSourceView(QWidget *parent = nullptr);

    // Replaces the text without reporting a click.
    void setModuleText(const QString &text);
    // Highlights `lines` lines from 1-based `line` and centres the first, without reporting it.
    void highlightLine(int line, int lines = 1);

Q_SIGNALS:
    // The person put the cursor on 1-based `line`.
    void lineClicked(int line);

private:
    bool m_quiet = false; // the cursor moves by program
};

} // namespace lx
