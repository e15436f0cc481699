#include "widgets/gettingstarteddialog.h"

#include "models/glossary.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace lx {

GettingStartedDialog::GettingStartedDialog(const QList<QAction *> &actions, QWidget *parent)
    : QDialog(parent), m_shortcuts(new QTableWidget(this))
{
    setWindowTitle(tr("Getting Started"));
    resize(720, 640);
    auto *layout = new QVBoxLayout(this);
    QString glossary;
    for (const auto &[term, text] : glossaryEntries())
        glossary += QStringLiteral("<li><b>%1</b>: %2</li>")
                        .arg(term.toHtmlEscaped(), QString(text).toHtmlEscaped());
    auto *intro = new QLabel(
        tr("<p><b>Three ways in:</b> open a figure preset (File &gt; Open Preset), paste a "
           "<code>#ttg</code> or Gluon layout (Edit &gt; Paste Layout, or Layout &gt; Add "
           "Layout from Text), or build one from its parameters (Layout &gt; Add Layout from "
           "Builder).</p>"
           "<p><b>Then:</b> edit bases in the Bases dock (Enter applies, Ctrl+Z undoes), add "
           "views from View &gt; Add View, hover a cell to see which register, lane and warp "
           "own it, and export a figure with File &gt; Export (Fit to page for slides).</p>"
           "<p><b>Terms:</b></p><ul>%1</ul>")
            .arg(glossary),
        this);
    intro->setWordWrap(true);
    intro->setTextFormat(Qt::RichText);
    layout->addWidget(intro);
    layout->addWidget(new QLabel(tr("<b>Shortcuts</b>"), this));
    m_shortcuts->setObjectName(QStringLiteral("shortcutTable"));
    m_shortcuts->setColumnCount(2);
    m_shortcuts->setHorizontalHeaderLabels({tr("Action"), tr("Shortcut")});
    m_shortcuts->verticalHeader()->hide();
    m_shortcuts->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_shortcuts->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_shortcuts->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    for (QAction *a : actions) {
        if (a->shortcut().isEmpty())
            continue;
        const int row = m_shortcuts->rowCount();
        m_shortcuts->insertRow(row);
        QString text = a->text();
        text.remove(QLatin1Char('&'));
        if (text.endsWith(QLatin1String("...")))
            text.chop(3);
        m_shortcuts->setItem(row, 0, new QTableWidgetItem(text));
        m_shortcuts->setItem(
            row, 1, new QTableWidgetItem(a->shortcut().toString(QKeySequence::NativeText)));
    }
    layout->addWidget(m_shortcuts, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

} // namespace lx
