#pragma once

// KernelWatchModel: the kernels Triton compiles into a watched cache folder while the window is
// open (File > Watch Triton Cache, `layout-explorer --watch DIR`), newest first, for the Kernel
// dock's list.
//
// It polls a CacheWatch (io/cachewatch.h) every kPollMs: a folder appears once it is complete and
// settled, never half-written. Each new kernel is read and analysed for its own target through
// the request layer (resolveCompiledKernel), and, when the cache holds an earlier compile of a
// kernel of the same name, compared with it (request/kerneldiff.h): what changed in its
// layouts, instructions, conflicts, LDS bytes and, where both have their assembly, the
// compiler's numbers. At most kMaxWatchedKernels rows are kept (the oldest go).
//
// Columns: Kernel (name), Architecture, Compiled (the time its files were written), Changes
// ("first compile", "no change", "5 changes", "incomplete", "cannot be read"); the tooltip of a
// row is its folder and the reason for a row that cannot be read.

#include "io/tritoncache.h"
#include "request/kerneldiff.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QStringList>

#include <vector>

#include <memory>

class QTimer;

namespace lx {

class CacheWatch;

inline constexpr int kMaxWatchedKernels = 100;
inline constexpr int kPollMs = 250;

class KernelWatchModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        NameColumn,
        ArchColumn,
        TimeColumn,
        ChangesColumn,
        ColumnCount
    };

    struct Entry
    {
        KernelFiles files;
        QString folderName; // the folder below the watched root
        QString arch;       // the metadata's target, else the module's
        QDateTime compiled;
        QString error;            // why it cannot be read (incomplete, unreadable), else empty
        bool hasPrevious = false; // an earlier compile of the same name was found
        QString previousFolder;   // its folder
        QDateTime previousCompiled;
        std::vector<KernelChange> changes; // since the previous compile (request/kerneldiff.h)
    };

    explicit KernelWatchModel(QObject *parent = nullptr);
    ~KernelWatchModel() override;

    // Starts following `folder` (the kernels already there are not listed); an empty string on
    // success, else why not. Watching another folder clears the list.
    QString start(const QString &folder);
    void stop();
    bool isWatching() const;
    QString folder() const { return m_folder; }
    // One poll now (the timer calls it); returns the number of kernels added.
    int poll();
    // Why the last poll could not list the folder, else empty.
    QString pollError() const { return m_pollError; }

    const Entry &entryAt(int row) const { return m_entries.at(row); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // The folder Watch Triton Cache starts in: $TRITON_CACHE_DIR, else ~/.triton/cache.
    static QString defaultFolder();

Q_SIGNALS:
    // A kernel was added at row 0.
    void kernelAdded();
    void watchingChanged(bool watching);

private:
    void add(Entry entry);

    std::unique_ptr<CacheWatch> m_watch;
    QTimer *m_timer;
    QString m_folder;
    QString m_pollError;
    QList<Entry> m_entries; // newest first
};

} // namespace lx
