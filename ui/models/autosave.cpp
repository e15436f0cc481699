#include "models/autosave.h"

#include "base/safewrite.h"
#include "models/layoutdocument.h"
#include "models/scenefile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QStandardPaths>
#include <QTimer>
#include <QUuid>

#include <algorithm>

namespace lx {

namespace {

QString basePath(const QString &directory, const QString &session)
{
    return QDir(directory).filePath(session);
}

// Autosaves hold a person's unsaved work: readable by its owner only.
QString writePrivate(const QString &path, const QByteArray &bytes)
{
    WriteOptions options;
    options.privateFile = true;
    const Expected<bool> ok = writeFileAtomically(
        path.toStdString(), std::string_view(bytes.constData(), size_t(bytes.size())), options);
    return ok ? QString() : QString::fromStdString(ok.message());
}

// True when no living process holds `lockPath` (taking it proves its owner is gone).
bool lockIsStale(const QString &lockPath)
{
    QLockFile lock(lockPath);
    lock.setStaleLockTime(0);
    if (!lock.tryLock(0))
        return false;
    lock.unlock(); // removes the file
    return true;
}

} // namespace

QString Autosave::defaultDirectory()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation))
        .filePath(QStringLiteral("autosave"));
}

Autosave::Autosave(LayoutDocument *document, const QString &directory, QObject *parent)
    : QObject(parent), m_document(document), m_directory(directory),
      m_session(QUuid::createUuid().toString(QUuid::WithoutBraces)), m_timer(new QTimer(this))
{
    QDir().mkpath(m_directory);
    QFile::setPermissions(m_directory,
                          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    cleanStaleSessions(m_directory);
    m_lock =
        std::make_unique<QLockFile>(basePath(m_directory, m_session) + QStringLiteral(".lock"));
    // A lock that cannot be taken only costs crash detection for this session, never an edit.
    m_lock->setStaleLockTime(0);
    (void)m_lock->tryLock(0);
    m_timer->setSingleShot(true);
    m_timer->setInterval(2000);
    connect(m_timer, &QTimer::timeout, this, [this] { (void)saveNow(); });
    connect(document, &LayoutDocument::layoutChanged, this, &Autosave::onChanged);
    connect(document, &LayoutDocument::structureChanged, this, &Autosave::onChanged);
    connect(document, &LayoutDocument::archChanged, this, &Autosave::onChanged);
    // The first edit after opening changes the layout before the document counts as modified;
    // becoming modified is itself a change to autosave.
    connect(document, &LayoutDocument::modifiedChanged, this, [this](bool modified) {
        if (modified)
            m_timer->start();
        else
            discard();
    });
}

// Deliberately leaves the scene behind: only discard() says the changes are no longer wanted,
// so an object destroyed by an ending process without it is what a crash looks like.
Autosave::~Autosave() = default;

void Autosave::setDelay(int milliseconds)
{
    m_timer->setInterval(milliseconds);
}

QString Autosave::scenePath() const
{
    return basePath(m_directory, m_session) + QStringLiteral(".lxscene");
}

void Autosave::onChanged()
{
    if (m_document->isModified())
        m_timer->start();
}

QString Autosave::saveNow()
{
    m_timer->stop();
    if (!m_document->isModified())
        return {};
    if (const QString e = writePrivate(scenePath(), serializeSceneContents(m_document->contents()));
        !e.isEmpty())
        return e;
    return writePrivate(basePath(m_directory, m_session) + QStringLiteral(".origin"),
                        m_document->fileName().toUtf8());
}

void Autosave::discard()
{
    m_timer->stop();
    QFile::remove(scenePath());
    QFile::remove(basePath(m_directory, m_session) + QStringLiteral(".origin"));
}

QList<Autosave::Recoverable> Autosave::recoverable(const QString &directory)
{
    QList<Recoverable> found;
    const QDir dir(directory);
    for (const QFileInfo &info :
         dir.entryInfoList({QStringLiteral("*.lxscene")}, QDir::Files, QDir::Time)) {
        const QString base = dir.filePath(info.completeBaseName());
        // Taking the lock proves its owner is gone (a live session holds it); release at once.
        if (!lockIsStale(base + QStringLiteral(".lock")))
            continue;
        QFile origin(base + QStringLiteral(".origin"));
        QString originFile;
        if (origin.open(QIODevice::ReadOnly))
            originFile = QString::fromUtf8(origin.readAll());
        found.append({info.absoluteFilePath(), originFile, info.lastModified()});
    }
    return found;
}

void Autosave::cleanStaleSessions(const QString &directory)
{
    const QDir dir(directory);
    // Locks of sessions that ended without unsaved changes (a crash before the first edit, a
    // kill): nothing to recover, so the lock only piles up.
    for (const QFileInfo &info : dir.entryInfoList({QStringLiteral("*.lock")}, QDir::Files)) {
        const QString base = dir.filePath(info.completeBaseName());
        if (!QFileInfo::exists(base + QStringLiteral(".lxscene")))
            (void)lockIsStale(info.absoluteFilePath());
    }
    // An .origin without its scene, once no living session owns it.
    for (const QFileInfo &info : dir.entryInfoList({QStringLiteral("*.origin")}, QDir::Files)) {
        const QString base = dir.filePath(info.completeBaseName());
        if (!QFileInfo::exists(base + QStringLiteral(".lxscene")) &&
            !QFileInfo::exists(base + QStringLiteral(".lock")))
            QFile::remove(info.absoluteFilePath());
    }
    // Temporary files of a write cut short by a crash (older than a minute: not in progress).
    const QDateTime old = QDateTime::currentDateTime().addSecs(-60);
    for (const QFileInfo &info : dir.entryInfoList({QStringLiteral("*.tmp-*")}, QDir::Files))
        if (info.lastModified() < old)
            QFile::remove(info.absoluteFilePath());
}

void Autosave::discardRecoverable(const Recoverable &entry)
{
    const QString base = entry.scenePath.chopped(int(QStringLiteral(".lxscene").size()));
    QFile::remove(entry.scenePath);
    QFile::remove(base + QStringLiteral(".origin"));
    QFile::remove(base + QStringLiteral(".lock"));
}

Expected<SceneContents> Autosave::takeRecoverable(const Recoverable &entry)
{
    Expected<SceneContents> scene = readSceneFile(entry.scenePath);
    if (!scene)
        return scene;
    discardRecoverable(entry);
    return scene;
}

} // namespace lx
