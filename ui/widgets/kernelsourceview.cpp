#include "widgets/kernelsourceview.h"

#include <QTextBlock>

#include <algorithm>

namespace lx {

KernelSourceView::KernelSourceView(QWidget *parent) : QPlainTextEdit(parent)
{
    setObjectName(QStringLiteral("kernelText"));
    setReadOnly(true);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setFont(QFont(QStringLiteral("monospace")));
    setPlaceholderText(tr("File > Open Kernel… or drop a .ttgir file here"));
    connect(this, &QPlainTextEdit::cursorPositionChanged, this, [this] {
        if (!m_quiet)
            Q_EMIT lineClicked(textCursor().blockNumber() + 1);
    });
}

void KernelSourceView::setModuleText(const QString &text)
{
    m_quiet = true;
    setPlainText(text);
    m_quiet = false;
}

void KernelSourceView::highlightLine(int line, int lines)
{
    QList<QTextEdit::ExtraSelection> selections;
    QTextBlock block = document()->findBlockByNumber(line - 1);
    for (int i = 0; i < std::max(1, lines) && block.isValid(); ++i, block = block.next()) {
        QTextEdit::ExtraSelection s;
        s.format.setBackground(QColor(255, 236, 160));
        s.format.setProperty(QTextFormat::FullWidthSelection, true);
        s.cursor = QTextCursor(block);
        selections << s;
    }
    setExtraSelections(selections);
    if (QTextBlock b = document()->findBlockByNumber(line - 1); b.isValid()) {
        m_quiet = true;
        setTextCursor(QTextCursor(b));
        centerCursor();
        m_quiet = false;
    }
}

} // namespace lx
