#pragma once

// Window tests start from the default window state in scratch folders: preferences, recent files
// and window state never touch the user's, and autosave writes to a folder of its own.

#include "widgets/mainwindow.h"

#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QString>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

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

    // A window that autosaves to the scratch folder and discards instead of asking to save.
    [[nodiscard]] std::unique_ptr<MainWindow> newWindow() const
    {
        auto w = std::make_unique<MainWindow>();
        w->setAutosaveDirectory(autosavePath());
        w->setSavePrompt([](const QString &) { return QMessageBox::Discard; });
        return w;
    }
};

// Shows `w` at `size` and waits until it is exposed; nullptr when it never is.
[[nodiscard]] inline std::unique_ptr<MainWindow> shownWindow(std::unique_ptr<MainWindow> w,
                                                             QSize size)
{
    w->resize(size);
    w->show();
    if (!QTest::qWaitForWindowExposed(w.get()))
        return nullptr;
    return w;
}

// Shows `w` at `size`, activates it and waits until it is active (so key events reach its
// shortcuts); nullptr when it never is.
[[nodiscard]] inline std::unique_ptr<MainWindow> activeWindow(std::unique_ptr<MainWindow> w,
                                                              QSize size)
{
    w->resize(size);
    w->show();
    w->activateWindow();
    if (!QTest::qWaitForWindowActive(w.get()))
        return nullptr;
    return w;
}

} // namespace lx::test
