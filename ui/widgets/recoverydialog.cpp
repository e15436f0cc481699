#include "widgets/recoverydialog.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

namespace lx {

QString RecoveryDialog::question(const Autosave::Recoverable &entry)
{
    return tr("Layout Explorer did not exit cleanly. Recover the unsaved scene%1 autosaved at "
              "%2?")
        .arg(entry.originFile.isEmpty() ? QString()
                                        : tr(" of %1").arg(QFileInfo(entry.originFile).fileName()),
             QLocale().toString(entry.saved, QLocale::ShortFormat));
}

RecoveryDialog::RecoveryDialog(const Autosave::Recoverable &entry, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Recover Scene"));
    auto *layout = new QVBoxLayout(this);
    auto *label = new QLabel(question(entry), this);
    label->setWordWrap(true);
    layout->addWidget(label);
    if (!entry.originFile.isEmpty()) {
        auto *origin = new QLabel(tr("Original file: %1").arg(entry.originFile), this);
        origin->setTextInteractionFlags(Qt::TextSelectableByMouse);
        layout->addWidget(origin);
    }
    auto *buttons = new QDialogButtonBox(this);
    QPushButton *recover = buttons->addButton(tr("&Recover"), QDialogButtonBox::AcceptRole);
    QPushButton *discard = buttons->addButton(tr("&Discard"), QDialogButtonBox::DestructiveRole);
    QPushButton *later = buttons->addButton(tr("Ask &Later"), QDialogButtonBox::RejectRole);
    recover->setToolTip(tr("Open the autosaved scene; save it to keep it"));
    discard->setToolTip(tr("Delete the autosaved scene"));
    later->setToolTip(tr("Keep the autosaved scene and ask again on the next start"));
    recover->setDefault(true);
    connect(recover, &QPushButton::clicked, this, [this] {
        m_choice = Choice::Recover;
        accept();
    });
    connect(discard, &QPushButton::clicked, this, [this] {
        m_choice = Choice::Discard;
        accept();
    });
    connect(later, &QPushButton::clicked, this, [this] {
        m_choice = Choice::Later;
        reject();
    });
    layout->addWidget(buttons);
}

RecoveryDialog::Choice RecoveryDialog::ask(const Autosave::Recoverable &entry, QWidget *parent)
{
    RecoveryDialog dialog(entry, parent);
    dialog.exec();
    return dialog.choice();
}

} // namespace lx
