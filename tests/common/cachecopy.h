#pragma once

// Writing kernel folders into a scratch Triton cache the way Triton 3.6's cache manager does:
// each file into a `tmp.pid_*` folder of the kernel folder and renamed into place, the module
// first, then the assembly, the metadata NAME.json, and the group file __grp__NAME.json last.
// The folders come from tests/data/triton-cache.

#include <QDir>
#include <QFile>
#include <QString>
#include <QStringList>

#include <algorithm>

namespace lx::test {

inline const QString kTritonCache = QStringLiteral(LX_TEST_DATA_DIR "/triton-cache");

// The kernel folders of tests/data/triton-cache, by name.
inline QStringList tritonCacheFolders()
{
    return QDir(kTritonCache).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
}

inline QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// The files of a kernel folder in the order Triton writes them.
inline QStringList inWritingOrder(const QString &folder)
{
    QStringList files = QDir(folder).entryList(QDir::Files, QDir::Name);
    auto rank = [](const QString &f) {
        if (f.startsWith(QLatin1String("__grp__")))
            return 3;
        if (f.endsWith(QLatin1String(".json")))
            return 2;
        return f.endsWith(QLatin1String(".ttgir")) ? 0 : 1;
    };
    std::stable_sort(files.begin(), files.end(),
                     [&](const QString &a, const QString &b) { return rank(a) < rank(b); });
    return files;
}

// Writes one file into `dir` through a temporary folder, as Triton does.
inline bool putFile(const QString &dir, const QString &name, const QByteArray &bytes)
{
    const QString tmp = dir + QStringLiteral("/tmp.pid_1_0");
    return QDir().mkpath(tmp) && writeFile(tmp + u'/' + name, bytes) &&
           QFile::rename(tmp + u'/' + name, dir + u'/' + name) && QDir().rmdir(tmp);
}

// Writes kernel folder `hash` of the test data into `root` under the name `as` (default: the
// same name).
inline bool copyKernelFolder(const QString &root, const QString &hash, const QString &as = {})
{
    const QString to = root + u'/' + (as.isEmpty() ? hash : as);
    if (!QDir().mkpath(to))
        return false;
    for (const QString &f : inWritingOrder(kTritonCache + u'/' + hash))
        if (!putFile(to, f, readFile(kTritonCache + u'/' + hash + u'/' + f)))
            return false;
    return true;
}

} // namespace lx::test
