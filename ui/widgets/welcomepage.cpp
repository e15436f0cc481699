#include "widgets/welcomepage.h"

#include <QAction>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace lx {

WelcomePage::WelcomePage(QAction *openPreset, QAction *addFromText, QAction *addFromBuilder,
                         QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("welcomePage"));
    auto *outer = new QVBoxLayout(this);
    outer->addStretch(1);
    auto *title = new QLabel(tr("<h2>No view open</h2>"
                                "<p>Start in one of three ways:</p>"),
                             this);
    title->setAlignment(Qt::AlignCenter);
    outer->addWidget(title);
    struct Way
    {
        QAction *action;
        QString label;
        QString help;
        const char *name;
    };
    const Way ways[] = {
        {openPreset, tr("Open a figure preset"),
         tr("A figure of the blog or the rocMLIR pull request, ready to explore"), "welcomePreset"},
        {addFromText, tr("Paste #ttg or Gluon text"),
         tr("A layout attribute copied from a TTGIR dump or a Gluon kernel"), "welcomeText"},
        {addFromBuilder, tr("Build a layout"),
         tr("Blocked, WMMA, MFMA, linear or shared, from its parameters"), "welcomeBuilder"},
    };
    for (const Way &w : ways) {
        auto *button = new QPushButton(this);
        button->setObjectName(QString::fromLatin1(w.name));
        const QString shortcut = w.action->shortcut().toString(QKeySequence::NativeText);
        button->setText(shortcut.isEmpty() ? w.label : tr("%1   (%2)").arg(w.label, shortcut));
        button->setToolTip(w.help);
        button->setMinimumWidth(360);
        connect(button, &QPushButton::clicked, w.action, &QAction::trigger);
        auto *help = new QLabel(w.help, this);
        help->setAlignment(Qt::AlignCenter);
        help->setEnabled(false); // muted text
        outer->addWidget(button, 0, Qt::AlignHCenter);
        outer->addWidget(help);
        outer->addSpacing(8);
    }
    auto *more = new QLabel(tr("Help > Getting Started lists every shortcut."), this);
    more->setAlignment(Qt::AlignCenter);
    outer->addWidget(more);
    outer->addStretch(2);
}

} // namespace lx
