#pragma once

// Window tests start from the default window state in scratch folders: preferences, recent files
// and window state never touch the user's, and autosave writes to a folder of its own.

#include <QSettings>
#include <QStandardPaths>
#include <QString>
#include <QTemporaryDir>

namespace lx::test {

struct ScratchSettings
{
    QTemporaryDir settingsDir;
    QTemporaryDir autosaveDir;

    // Call from initTestCase(). False when a scratch folder could not be made.
    [[nodiscard]] bool install()
    {
        QStandardPaths::setTestModeEnabled(true);
        if (!settingsDir.isValid() || !autosaveDir.isValid())
            return false;
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
        return true;
    }
    [[nodiscard]] QString autosavePath() const { return autosaveDir.path(); }
};

} // namespace lx::test
