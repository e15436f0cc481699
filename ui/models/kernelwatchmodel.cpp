#include "kernelwatchmodel.h"
#include "render/qtext.h"

#include "io/cachewatch.h"
#include "request/kernelrequest.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTimer>

namespace lx {

namespace {

// A steady clock for the watch, in ms.
int64_t steadyMs()
{
    static QElapsedTimer clock = [] {
        QElapsedTimer t;
        t.start();
        return t;
    }();
    return clock.elapsed();
}

QString timeText(const QDateTime &t)
{
    return t.isValid() ? t.toString(QStringLiteral("HH:mm:ss")) : QString();
}

// Reads and analyses the kernel of `e` (and its previous compile, when the watch knows one).
KernelWatchModel::Entry makeEntry(const CacheWatch &watch, const WatchEvent &e)
{
    KernelWatchModel::Entry entry;
    entry.files = e.files;
    entry.folderName = qs(e.folderName);
    entry.compiled = QDateTime::fromMSecsSinceEpoch(e.modifiedMs);
    if (!e.files.incomplete.empty()) {
        entry.error = KernelWatchModel::tr("incomplete: %1").arg(qs(e.files.incomplete));
        return entry;
    }
    Expected<KernelAnswer> now = resolveCompiledKernel(e.files);
    if (!now) {
        entry.error = qs(now.message());
        return entry;
    }
    entry.arch = now->metadata && !now->metadata->arch.empty() ? qs(now->metadata->arch)
                                                               : qs(now->report.arch);
    const std::optional<KernelFiles> previous = watch.previousCompile(e);
    if (!previous)
        return entry;
    Expected<KernelAnswer> before = resolveCompiledKernel(*previous);
    if (!before)
        return entry; // an unreadable earlier compile: nothing to compare with
    entry.hasPrevious = true;
    entry.previousFolder = qs(previous->folder);
    entry.previousCompiled = QFileInfo(qs(previous->ttgir)).lastModified();
    entry.changes = diffKernels(*before, *now).changes;
    return entry;
}

} // namespace

KernelWatchModel::KernelWatchModel(QObject *parent)
    : QAbstractTableModel(parent), m_timer(new QTimer(this))
{
    m_timer->setInterval(kPollMs);
    connect(m_timer, &QTimer::timeout, this, [this] { poll(); });
}

KernelWatchModel::~KernelWatchModel() = default;

QString KernelWatchModel::defaultFolder()
{
    const QString env = qEnvironmentVariable("TRITON_CACHE_DIR");
    return env.isEmpty() ? QDir::homePath() + QStringLiteral("/.triton/cache") : env;
}

QString KernelWatchModel::start(const QString &folder)
{
    auto watch = std::make_unique<CacheWatch>(QDir::cleanPath(folder).toStdString());
    if (Expected<bool> ok = watch->start(steadyMs()); !ok)
        return qs(ok.message());
    beginResetModel();
    m_entries.clear();
    m_watch = std::move(watch);
    m_folder = QDir::cleanPath(folder);
    m_pollError.clear();
    endResetModel();
    m_timer->start();
    Q_EMIT watchingChanged(true);
    return {};
}

void KernelWatchModel::stop()
{
    if (!m_watch)
        return;
    m_timer->stop();
    m_watch.reset();
    Q_EMIT watchingChanged(false);
}

bool KernelWatchModel::isWatching() const
{
    return m_watch != nullptr;
}

int KernelWatchModel::poll()
{
    if (!m_watch)
        return 0;
    const std::vector<WatchEvent> events = m_watch->poll(steadyMs());
    m_pollError = qs(m_watch->error());
    for (const WatchEvent &e : events)
        add(makeEntry(*m_watch, e));
    return int(events.size());
}

void KernelWatchModel::add(Entry entry)
{
    if (m_entries.size() >= kMaxWatchedKernels) {
        beginRemoveRows({}, kMaxWatchedKernels - 1, int(m_entries.size()) - 1);
        m_entries.erase(m_entries.begin() + (kMaxWatchedKernels - 1), m_entries.end());
        endRemoveRows();
    }
    beginInsertRows({}, 0, 0);
    m_entries.prepend(std::move(entry));
    endInsertRows();
    Q_EMIT kernelAdded();
}

int KernelWatchModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int KernelWatchModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant KernelWatchModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const Entry &e = m_entries.at(index.row());
    if (role == Qt::ToolTipRole)
        return e.error.isEmpty() ? qs(e.files.folder) : qs(e.files.folder) + u'\n' + e.error;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case NameColumn:
        return e.files.name.empty() ? e.folderName : qs(e.files.name);
    case ArchColumn:
        return e.arch;
    case TimeColumn:
        return timeText(e.compiled);
    case ChangesColumn:
        if (!e.error.isEmpty())
            return e.files.incomplete.empty() ? tr("cannot be read") : tr("incomplete");
        if (!e.hasPrevious)
            return tr("first compile");
        if (e.changes.empty())
            return tr("no change");
        return e.changes.size() == 1 ? tr("1 change") : tr("%1 changes").arg(e.changes.size());
    default:
        return {};
    }
}

QVariant KernelWatchModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn:
        return tr("Kernel");
    case ArchColumn:
        return tr("Architecture");
    case TimeColumn:
        return tr("Compiled");
    case ChangesColumn:
        return tr("Changes");
    default:
        return {};
    }
}

} // namespace lx
