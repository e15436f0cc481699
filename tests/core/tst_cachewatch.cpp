// Following a Triton cache folder (io/cachewatch.h) and what changed between two compiles of a
// kernel (request/kerneldiff.h).
//
// The kernel folders are tests/data/triton-cache's, copied into a scratch cache one at a time the
// way Triton writes them: each file into a `tmp.pid_*` folder and renamed into place, the group
// file last. The clock the watch is polled with is the test's; the files' times are real.

#include "cachecopy.h"
#include "io/cachewatch.h"
#include "io/ttgir.h"
#include "request/kerneldiff.h"
#include "request/kernelrequest.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>

using namespace lx;

namespace {

using lx::test::copyKernelFolder;
using lx::test::inWritingOrder;
using lx::test::putFile;
using lx::test::readFile;
using lx::test::tritonCacheFolders;
using lx::test::writeFile;

const QString &kCache = lx::test::kTritonCache;

// Polls until the watch reports something or `deadlineMs` of the test's clock pass.
std::vector<WatchEvent> pollUntil(CacheWatch &w, int64_t &now, int64_t deadlineMs)
{
    for (const int64_t end = now + deadlineMs; now <= end; now += 100)
        if (std::vector<WatchEvent> e = w.poll(now); !e.empty())
            return e;
    return {};
}

KernelAnswer answer(const KernelFiles &f)
{
    Expected<KernelAnswer> a = resolveCompiledKernel(f);
    if (!a)
        qFatal("%s", a.message().c_str());
    return *a;
}

} // namespace

class TestCacheWatch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void foldersAppearOneByOne();
    void halfWrittenFoldersAreWaitedFor();
    void onlyKernelFoldersAreRead();
    void bounded();
    void recompileDiff();
    void previousCompilePrefersTheSameTarget();
    void diffOfComparedCompiles();
    void badRoots();
};

void TestCacheWatch::foldersAppearOneByOne()
{
    QTemporaryDir root;
    const QStringList folders = tritonCacheFolders();
    QVERIFY(folders.size() >= 5);
    // The folder already there is the baseline, not reported.
    QVERIFY(copyKernelFolder(root.path(), folders.front()));
    CacheWatch w(root.path().toStdString(), 200);
    int64_t now = 0;
    QVERIFY(w.start(now));
    QVERIFY(pollUntil(w, now, 3 * kRescanMs).empty());
    for (const QString &hash : folders.mid(1)) {
        QVERIFY(copyKernelFolder(root.path(), hash));
        const std::vector<WatchEvent> e = pollUntil(w, now, 3 * kRescanMs);
        QCOMPARE(e.size(), size_t(1));
        QCOMPARE(QString::fromStdString(e[0].folderName), hash);
        QVERIFY2(e[0].files.incomplete.empty(), e[0].files.incomplete.c_str());
        // The kernel is the folder's own module with its assembly and metadata.
        const QString module =
            QDir(kCache + u'/' + hash).entryList({QStringLiteral("*.ttgir")}, QDir::Files).value(0);
        QCOMPARE(QString::fromStdString(e[0].files.name) + QStringLiteral(".ttgir"), module);
        QVERIFY(!e[0].files.amdgcn.empty());
        QVERIFY(!e[0].files.metadata.empty());
        QVERIFY(answer(e[0].files).compiler.has_value());
        // Reported once.
        QVERIFY(pollUntil(w, now, 3 * kRescanMs).empty());
    }
    QCOMPARE(w.pendingCount(), size_t(0));
}

void TestCacheWatch::halfWrittenFoldersAreWaitedFor()
{
    QTemporaryDir root;
    const QString hash = tritonCacheFolders().front();
    const QString src = kCache + u'/' + hash;
    CacheWatch w(root.path().toStdString(), 200);
    int64_t now = 0;
    QVERIFY(w.start(now));
    const QString to = root.path() + QStringLiteral("/NEWHASH");
    QVERIFY(QDir().mkpath(to));
    const QStringList files = inWritingOrder(src);
    // Every prefix of Triton's writing order but the whole is waited for: the module alone with
    // a stage (its .ttir) beside it, the assembly half-written in Triton's temporary folder, the
    // group file before... Each is polled well past the settling time.
    const QString name = files.front().chopped(6);
    QVERIFY(writeFile(to + u'/' + name + QStringLiteral(".ttir"), "module {}\n"));
    for (const QString &f : files) {
        const QByteArray bytes = readFile(src + u'/' + f);
        // Half of the file in the temporary folder: not read.
        QVERIFY(QDir().mkpath(to + QStringLiteral("/tmp.pid_7_1")));
        QVERIFY(writeFile(to + QStringLiteral("/tmp.pid_7_1/") + f, bytes.left(bytes.size() / 2)));
        QVERIFY2(pollUntil(w, now, 2000).empty(), qPrintable(f));
        QVERIFY(writeFile(to + QStringLiteral("/tmp.pid_7_1/") + f, bytes));
        QVERIFY(QFile::rename(to + QStringLiteral("/tmp.pid_7_1/") + f, to + u'/' + f));
        QVERIFY(QDir().rmdir(to + QStringLiteral("/tmp.pid_7_1")));
        if (f != files.back() && !f.endsWith(QLatin1String(".json")))
            QVERIFY2(pollUntil(w, now, 2000).empty(), qPrintable(f));
    }
    const std::vector<WatchEvent> e = pollUntil(w, now, 2000);
    QCOMPARE(e.size(), size_t(1));
    QVERIFY(e[0].files.incomplete.empty());
    QCOMPARE(answer(e[0].files).module.aliases.size(),
             parseTtgir(readFile(src + u'/' + files.front()).toStdString())->aliases.size());

    // A compile that stops half-way (its stages there, never its metadata or assembly) is
    // reported once, incomplete, after the timeout, with the reason.
    const QString stopped = root.path() + QStringLiteral("/STOPPED");
    QVERIFY(QDir().mkpath(stopped));
    QVERIFY(writeFile(stopped + QStringLiteral("/k.ttir"), "module {}\n"));
    QVERIFY(writeFile(stopped + QStringLiteral("/k.ttgir"), readFile(src + u'/' + files.front())));
    QVERIFY(pollUntil(w, now, 3000).empty());
    now += kPendingTimeoutMs;
    const std::vector<WatchEvent> late = w.poll(now);
    QCOMPARE(late.size(), size_t(1));
    QVERIFY(QString::fromStdString(late[0].files.incomplete).contains(QLatin1String("k.ttir")));
    QVERIFY(w.poll(now + 1000).empty());
}

void TestCacheWatch::onlyKernelFoldersAreRead()
{
    QTemporaryDir root;
    CacheWatch w(root.path().toStdString(), 100);
    int64_t now = 0;
    QVERIFY(w.start(now));
    const QString hash = tritonCacheFolders().front();
    // A module directly in the root, a link to a kernel folder and a module two levels down are
    // not kernel folders of the cache.
    QVERIFY(QFile::copy(kCache + u'/' + hash + QStringLiteral("/matmul.ttgir"),
                        root.filePath(QStringLiteral("loose.ttgir"))));
    QVERIFY(QFile::link(kCache + u'/' + hash, root.filePath(QStringLiteral("LINK"))));
    QVERIFY(QDir().mkpath(root.filePath(QStringLiteral("OUTER/INNER"))));
    QVERIFY(QFile::copy(kCache + u'/' + hash + QStringLiteral("/matmul.ttgir"),
                        root.filePath(QStringLiteral("OUTER/INNER/matmul.ttgir"))));
    QVERIFY(pollUntil(w, now, 3 * kRescanMs).empty());
    // OUTER waits (it holds no module of its own) and is given up on after the timeout.
    now += kPendingTimeoutMs;
    const std::vector<WatchEvent> e = w.poll(now);
    QCOMPARE(e.size(), size_t(1));
    QCOMPARE(e[0].folderName, std::string("OUTER"));
    QVERIFY(!e[0].files.incomplete.empty());
}

void TestCacheWatch::bounded()
{
    QTemporaryDir root;
    CacheWatch w(root.path().toStdString(), 100);
    int64_t now = 0;
    QVERIFY(w.start(now));
    for (size_t i = 0; i < kMaxWatchPending + 40; ++i)
        QVERIFY(QDir().mkpath(root.filePath(QStringLiteral("EMPTY%1").arg(i))));
    now += kRescanMs;
    QVERIFY(w.poll(now).empty());
    QCOMPARE(w.pendingCount(), kMaxWatchPending);
    // The folders pushed out are remembered, not read again.
    QCOMPARE(w.rememberedCount(), size_t(40));
}

void TestCacheWatch::recompileDiff()
{
    // A kernel compiled again with a different shared layout: the watch finds the previous
    // compile, and the diff names the layout and the ops that read through it.
    QTemporaryDir root;
    QString fma;
    for (const QString &h : tritonCacheFolders())
        if (readFile(kCache + u'/' + h + QStringLiteral("/matmul.json")).contains("gfx1250"))
            fma = h;
    QVERIFY(!fma.isEmpty());
    CacheWatch w(root.path().toStdString(), 100);
    int64_t now = 0;
    QVERIFY(w.start(now));
    QVERIFY(copyKernelFolder(root.path(), fma));
    const std::vector<WatchEvent> first = pollUntil(w, now, 3 * kRescanMs);
    QCOMPARE(first.size(), size_t(1));
    QVERIFY(!w.previousCompile(first[0]));

    const QByteArray module = readFile(kCache + u'/' + fma + QStringLiteral("/matmul.ttgir"));
    const Expected<TtgirModule> parsed = parseTtgir(module.toStdString());
    QVERIFY(parsed);
    const TtgirAlias *shared = parsed->alias("shared");
    QVERIFY(shared);
    const std::string newShared =
        "#ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [0, 1]}>";
    QVERIFY(shared->text != newShared);
    QByteArray edited = module;
    edited.replace(QByteArray::fromStdString("#shared = " + shared->text),
                   QByteArray::fromStdString("#shared = " + newShared));
    QVERIFY(edited != module);
    const QString again = root.filePath(QStringLiteral("RECOMPILED"));
    QVERIFY(QDir().mkpath(again));
    QVERIFY(putFile(again, QStringLiteral("matmul.ttgir"), edited));
    QVERIFY(putFile(again, QStringLiteral("matmul.json"),
                    readFile(kCache + u'/' + fma + QStringLiteral("/matmul.json"))));
    const std::vector<WatchEvent> second = pollUntil(w, now, 3 * kRescanMs);
    QCOMPARE(second.size(), size_t(1));
    const std::optional<KernelFiles> previous = w.previousCompile(second[0]);
    QVERIFY(previous);
    QCOMPARE(QDir(QString::fromStdString(previous->folder)).dirName(), fma);

    const KernelAnswer before = answer(*previous), after = answer(second[0].files);
    const KernelDiff d = diffKernels(before, after);
    const auto layout = std::find_if(d.changes.begin(), d.changes.end(),
                                     [](const KernelChange &c) { return c.kind == "layout"; });
    QVERIFY(layout != d.changes.end());
    QCOMPARE(layout->what, std::string("#shared"));
    QCOMPARE(layout->before, shared->text);
    QCOMPARE(layout->after, newShared);
    // Every op whose analysis differs is listed, and only those.
    int differing = 0;
    for (size_t i = 0; i < before.report.ops.size(); ++i) {
        const KernelOpReport &x = before.report.ops[i], &y = after.report.ops[i];
        differing +=
            (x.accesses != y.accesses || x.maxWays != y.maxWays || x.path != y.path) ? 1 : 0;
    }
    QVERIFY(differing > 0);
    QCOMPARE(int(std::count_if(d.changes.begin(), d.changes.end(),
                               [](const KernelChange &c) { return c.kind == "op"; })),
             differing);
    // The assembly went with the old compile: no compiler line.
    QVERIFY(std::none_of(d.changes.begin(), d.changes.end(),
                         [](const KernelChange &c) { return c.kind == "compiler"; }));
    QCOMPARE(describeChanges(d).size(), d.changes.size());
    QVERIFY(diffKernels(after, after).same());
}

void TestCacheWatch::previousCompilePrefersTheSameTarget()
{
    // Folders of "matmul" for several targets: a new compile for a target is compared with the
    // newest earlier one for that target, not with the newest of any.
    QTemporaryDir root;
    std::map<std::string, QStringList> byArch; // target -> folders of "matmul"
    for (const QString &h : tritonCacheFolders()) {
        const std::string json =
            readFile(kCache + u'/' + h + QStringLiteral("/matmul.json")).toStdString();
        if (json.empty())
            continue;
        const Expected<TritonMetadata> m = parseTritonMetadata(json);
        QVERIFY(m);
        byArch[m->arch] << h;
    }
    QVERIFY(byArch.size() >= 2);
    CacheWatch w(root.path().toStdString(), 100);
    int64_t now = 0;
    QVERIFY(w.start(now));
    const QString first = byArch.begin()->second.front();
    QVERIFY(copyKernelFolder(root.path(), first));
    QCOMPARE(pollUntil(w, now, 3 * kRescanMs).size(), size_t(1));
    // Another target afterwards, so that it is the newest.
    const QString other = std::next(byArch.begin())->second.front();
    QTest::qWait(20);
    QVERIFY(copyKernelFolder(root.path(), other));
    const std::vector<WatchEvent> o = pollUntil(w, now, 3 * kRescanMs);
    QCOMPARE(o.size(), size_t(1));
    QCOMPARE(QDir(QString::fromStdString(w.previousCompile(o[0])->folder)).dirName(), first);
    QTest::qWait(20);
    QVERIFY(copyKernelFolder(root.path(), first, QStringLiteral("AGAIN")));
    const std::vector<WatchEvent> again = pollUntil(w, now, 3 * kRescanMs);
    QCOMPARE(again.size(), size_t(1));
    QCOMPARE(QDir(QString::fromStdString(w.previousCompile(again[0])->folder)).dirName(), first);
}

void TestCacheWatch::diffOfComparedCompiles()
{
    // Two compiles of "matmul" for different targets, both with their assembly: the diff has the
    // target and the compiler's numbers where they differ.
    std::vector<KernelAnswer> matmuls;
    for (const QString &h : tritonCacheFolders())
        if (QFile::exists(kCache + u'/' + h + QStringLiteral("/matmul.ttgir")))
            matmuls.push_back(answer(kernelFilesIn((kCache + u'/' + h).toStdString(), "matmul")));
    QVERIFY(matmuls.size() >= 2);
    for (size_t i = 0; i + 1 < matmuls.size(); ++i) {
        const KernelAnswer &a = matmuls[i], &b = matmuls[i + 1];
        const KernelDiff d = diffKernels(a, b);
        auto has = [&](const std::string &kind, const std::string &what) {
            return std::any_of(d.changes.begin(), d.changes.end(), [&](const KernelChange &c) {
                return c.kind == kind && c.what == what;
            });
        };
        QCOMPARE(has("target", "architecture"),
                 a.report.arch != b.report.arch || a.report.numWarps != b.report.numWarps ||
                     a.report.threadsPerWarp != b.report.threadsPerWarp);
        QCOMPARE(has("compiler", "VGPRs"), a.assembly->vgprs != b.assembly->vgprs);
        QCOMPARE(has("lds", "LDS of the allocations end to end"),
                 a.report.totals.ldsBytesEndToEnd != b.report.totals.ldsBytesEndToEnd);
        for (const auto &[m, n] : b.assembly->ds) {
            const auto it = a.assembly->ds.find(m);
            QCOMPARE(has("compiler", m), it == a.assembly->ds.end() || it->second != n);
        }
    }
}

void TestCacheWatch::badRoots()
{
    QTemporaryDir root;
    QVERIFY(!CacheWatch(std::string()).start(0));
    const Expected<bool> missing =
        CacheWatch(root.filePath(QStringLiteral("nope")).toStdString()).start(0);
    QVERIFY(!missing);
    QVERIFY(QString::fromStdString(missing.message()).contains(QLatin1String("no such folder")));
    QVERIFY(writeFile(root.filePath(QStringLiteral("file")), "x"));
    const Expected<bool> file =
        CacheWatch(root.filePath(QStringLiteral("file")).toStdString()).start(0);
    QVERIFY(!file);
    QVERIFY(QString::fromStdString(file.message()).contains(QLatin1String("not a folder")));
    // A root removed while watched: the poll says why and the watch goes on.
    const QString sub = root.filePath(QStringLiteral("cache"));
    QVERIFY(QDir().mkpath(sub));
    CacheWatch w(sub.toStdString(), 100);
    QVERIFY(w.start(0));
    QVERIFY(QDir(sub).removeRecursively());
    QVERIFY(w.poll(kRescanMs).empty());
    QVERIFY(!w.error().empty());
    QVERIFY(QDir().mkpath(sub));
    QVERIFY(w.poll(2 * kRescanMs).empty());
    QVERIFY(w.error().empty());
}

QTEST_GUILESS_MAIN(TestCacheWatch)
#include "tst_cachewatch.moc"
