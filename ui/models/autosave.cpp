#include "models/autosave.h"

#include "models/layoutdocument.h"
#include "models/scenefile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QSaveFile>
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
    connect(document, &LayoutDocument::modifiedChanged, this, [this](bool modified) {
        if (!modified)
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
    if (const QString e = writeSceneFile(scenePath(), m_document->contents()); !e.isEmpty())
        return e;
    QSaveFile origin(basePath(m_directory, m_session) + QStringLiteral(".origin"));
    if (!origin.open(QIODevice::WriteOnly))
        return origin.errorString();
    origin.write(m_document->fileName().toUtf8());
    if (!origin.commit())
        return origin.errorString();
    return {};
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
        QLockFile lock(base + QStringLiteral(".lock"));
        lock.setStaleLockTime(0);
        if (!lock.tryLock(0))
            continue;
        lock.unlock();
        QFile origin(base + QStringLiteral(".origin"));
        QString originFile;
        if (origin.open(QIODevice::ReadOnly))
            originFile = QString::fromUtf8(origin.readAll());
        found.append({info.absoluteFilePath(), originFile, info.lastModified()});
    }
    return found;
}

Expected<SceneContents> Autosave::takeRecoverable(const Recoverable &entry)
{
    Expected<SceneContents> scene = readSceneFile(entry.scenePath);
    if (!scene)
        return scene;
    const QString base = entry.scenePath.chopped(int(QStringLiteral(".lxscene").size()));
    QFile::remove(entry.scenePath);
    QFile::remove(base + QStringLiteral(".origin"));
    QFile::remove(base + QStringLiteral(".lock"));
    return scene;
}

} // namespace lx
