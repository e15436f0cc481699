#pragma once

// Autosave with crash recovery.
//
// While a window runs, its Autosave owns a session in the autosave folder: SESSION.lock (a
// QLockFile held for the life of the object), and, once the scene has unsaved changes,
// SESSION.lxscene (the scene, written atomically a moment after each change) and SESSION.origin
// (the file the scene belongs to, possibly empty). discard() removes them: after a save, when the
// changes are dropped, on a clean exit. A process that ends without discard() (a crash, a kill)
// leaves them behind with a stale lock: recoverable() lists exactly those, never the session of
// a window that is still running. The folder is private (0700) and every file in it 0600. The
// first edit after opening is autosaved (becoming modified starts the timer).

#include "base/expected.h"

#include <QDateTime>
#include <QList>
#include <QObject>
#include <QString>

#include <memory>

class QLockFile;
class QTimer;

namespace lx {

class LayoutDocument;
struct SceneContents;

class Autosave : public QObject
{
    Q_OBJECT
public:
    struct Recoverable
    {
        QString scenePath;  // SESSION.lxscene
        QString originFile; // the file the scene was opened from or saved to (may be empty)
        QDateTime saved;
    };

    // The default folder: <AppLocalDataLocation>/autosave.
    [[nodiscard]] static QString defaultDirectory();
    // Sessions in `directory` left by processes that ended without discard(), newest first.
    [[nodiscard]] static QList<Recoverable> recoverable(const QString &directory);
    // Reads a recoverable scene; removes its files once read successfully.
    [[nodiscard]] static Expected<SceneContents> takeRecoverable(const Recoverable &entry);
    // Removes a recoverable session's files (the person chose to discard it).
    static void discardRecoverable(const Recoverable &entry);
    // Removes what dead sessions leave behind with nothing to recover: their locks, orphaned
    // .origin files and temporary files of interrupted writes. Never touches a live session or
    // a recoverable scene. Called by every new Autosave.
    static void cleanStaleSessions(const QString &directory);

    Autosave(LayoutDocument *document, const QString &directory, QObject *parent = nullptr);
    ~Autosave() override;

    QString directory() const { return m_directory; }
    // Delay after the last change before the scene is written (default 2000 ms).
    void setDelay(int milliseconds);
    // Writes now when the document has unsaved changes; returns the reason on failure.
    QString saveNow();
    // Removes this session's scene (the lock stays while the object lives).
    void discard();
    QString scenePath() const;

private:
    void onChanged();

    LayoutDocument *m_document;
    QString m_directory;
    QString m_session;
    std::unique_ptr<QLockFile> m_lock;
    QTimer *m_timer;
};

} // namespace lx
