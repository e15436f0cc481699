#pragma once

// The crash-recovery question asked at start-up, one autosaved session at a time: recover the
// scene (it opens unsaved, with its original file name), discard it (its files are removed), or
// decide later (it stays and is offered again on the next start).

#include "models/autosave.h"

#include <QDialog>

namespace lx {

class RecoveryDialog : public QDialog
{
    Q_OBJECT
public:
    enum class Choice
    {
        Recover,
        Discard,
        Later
    };

    explicit RecoveryDialog(const Autosave::Recoverable &entry, QWidget *parent = nullptr);

    // The question shown, e.g. "... the unsaved scene of fig9.lxscene autosaved at 14:02?".
    [[nodiscard]] static QString question(const Autosave::Recoverable &entry);
    [[nodiscard]] Choice choice() const { return m_choice; }

    // Shows the dialog modally and returns the choice (Later when closed).
    static Choice ask(const Autosave::Recoverable &entry, QWidget *parent);

private:
    Choice m_choice = Choice::Later;
};

} // namespace lx
