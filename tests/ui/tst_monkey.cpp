// The monkey test: random user actions on the real window, offscreen. Layout edits
// (bases cells, bit flips, bases added and removed), undo and redo, views added and closed, view
// options chosen in the view-options panel, colourings, architecture switches, navigation,
// preset and kernel opens, kernel ops selected and suggested for, a kernel op's suggestion applied
// and the patched module saved, suggestions searched and applied (shared layouts and ctaLayouts:
// previewed, applied, compared, copied), presenting entered, stepped with the arrow keys and
// left, warp tiles dragged in a cta-tiles view (mouse events), layouts duplicated, removed, added
// from text, copied and pasted, and saves reopened.
//
// After every action: the document is valid (unique names, views of existing layouts and kinds,
// and it survives its own file format unchanged) and every view builds through the view registry
// as the document describes it (a view that cannot show its layouts says why), and what each tab
// shows is that build. Each scene the run opens is an epoch: when it ends (another open, or an
// undo history longer than kMaxEpochSteps, which ends it with a save and reopen), undo all the
// way must give the scene as it was opened, byte for byte, and redo all the way the scene as it
// was. The heap in use after the warm-up and at the end, each on the same scene, may differ by at
// most kMaxHeapGrowth; the run prints its peak RSS and where its time went.
//
// LX_MONKEY_SEED (default 24) seeds the run, LX_MONKEY_ACTIONS (default kDefaultActions) counts
// it; the actions run as rows of at most kChunk so that no row meets QtTest's function timeout.

#include "monkeyactions.h"
#include "render/celltextpainter.h"
#include "scratchsettings.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QPixmapCache>
#include <QTest>
#include <QTimer>

#include <sys/resource.h>

#if defined(__SANITIZE_ADDRESS__)
// <sanitizer/allocator_interface.h> comes with clang, not with GCC 12: its one declaration here.
extern "C" size_t __sanitizer_get_current_allocated_bytes(void);
#else
#include <malloc.h>
#endif

#include <map>
#include <memory>

using namespace lx;
using namespace lx::test;
using namespace Qt::StringLiterals;

namespace {

// About four minutes on two cores either way: the ASan build (Debug) runs about 1.2 actions a
// second, the dev build 25 or more.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kDefaultActions = 250;
constexpr int kChunk = 150;
#else
constexpr int kDefaultActions = 1500;
constexpr int kChunk = 500;
#endif
// The heap may grow this much from the end of the warm-up to the end of the run, measured without
// the shaped cell text and QPixmapCache (bounded caches, dropped first). What remains is Qt's own
// font, glyph and style state (1.5 to 4.3 MiB over runs of 1500 and 2000 actions in the dev
// build). A leak of a scene per open or a diagram per edit passes the bound within a few hundred
// actions.
constexpr qint64 kMaxHeapGrowth = qint64(32) << 20;
// The window's objects may differ by this many from the warm-up's, on the same scene.
constexpr int kMaxObjectGrowth = 64;
// The heap in use without the bounded caches that fill as more is drawn (shaped cell text,
// QPixmapCache: each tested for its bound on its own), so that what remains is what leaks.
qint64 heapInUse()
{
    CellTextPainter::dropCache();
    QPixmapCache::clear();
#if defined(__SANITIZE_ADDRESS__)
    return qint64(__sanitizer_get_current_allocated_bytes());
#else
    const struct mallinfo2 m = mallinfo2();
    return qint64(m.uordblks + m.hblkhd);
#endif
}

qint64 peakRssKiB()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

// The offscreen platform's "does not support propagateSizeHints()" on every dock shown would
// use up QtTest's warnings (and then its info lines): it is dropped, everything else goes on.
QtMessageHandler g_next = nullptr;
void dropSizeHintWarnings(QtMsgType type, const QMessageLogContext &context, const QString &text)
{
    if (!text.contains(u"propagateSizeHints"_s))
        g_next(type, context, text);
}

// The window's objects and every widget of the application, counted by class.
std::map<QByteArray, int> objectCensus(const QWidget &window)
{
    std::map<QByteArray, int> n;
    for (const QObject *o : window.findChildren<QObject *>())
        ++n[o->metaObject()->className()];
    for (const QWidget *w : QApplication::allWidgets())
        if (!window.isAncestorOf(w))
            ++n[QByteArray("(outside) ") + w->metaObject()->className()];
    return n;
}

int censusTotal(const std::map<QByteArray, int> &n)
{
    int total = 0;
    for (const auto &[name, count] : n)
        total += count;
    return total;
}

int envInt(const char *name, int fallback)
{
    bool ok = false;
    const int v = qEnvironmentVariableIntValue(name, &ok);
    return ok && v > 0 ? v : fallback;
}

} // namespace

class TestMonkey : public QObject
{
    Q_OBJECT
private:
    lx::test::ScratchSettings m_scratch;
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<Monkey> m_monkey;
    QTimer m_modalWatch;
    QString m_modal; // the title of a dialog that opened during the run
    qint64 m_heapAfterWarmUp = -1;
    std::map<QByteArray, int> m_objectsAfterWarmUp;
    int m_warmUp = 0;
    int m_total = 0;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_scratch.install());
        g_next = qInstallMessageHandler(dropSizeHintWarnings);
        m_window = lx::test::shownWindow(m_scratch.newWindow(), QSize(1400, 900));
        QVERIFY(m_window);
        m_window->layoutActions()->setRemovePrompt([](const QString &) { return true; });
        m_window->kernelDock()->setReplacePrompt([] { return true; });
        const quint32 seed = quint32(envInt("LX_MONKEY_SEED", 24));
        m_total = envInt("LX_MONKEY_ACTIONS", kDefaultActions);
        m_warmUp = std::min(300, m_total / 5);
        qInfo("seed %u, %d actions, warm-up %d", seed, m_total, m_warmUp);
        m_monkey = std::make_unique<Monkey>(*m_window, seed);
        QVERIFY(m_monkey->ready());
        // No action may open a dialog: one that does is closed and fails the run.
        connect(&m_modalWatch, &QTimer::timeout, this, [this] {
            if (QWidget *modal = QApplication::activeModalWidget()) {
                m_modal = modal->windowTitle();
                modal->close();
            }
        });
        m_modalWatch.start(200);
        m_window->openScene(builtinExampleScene());
        m_monkey->settle();
        m_monkey->startEpoch();
    }

    void actions_data()
    {
        QTest::addColumn<int>("count");
        for (int first = 0; first < m_total; first += kChunk)
            QTest::addRow("%d-%d", first + 1, std::min(m_total, first + kChunk))
                << std::min(kChunk, m_total - first);
    }

    void actions()
    {
        QFETCH(int, count);
        QElapsedTimer t;
        t.start();
        for (int i = 0; i < count; ++i) {
            m_monkey->step();
            if (QTest::currentTestFailed() || !m_modal.isEmpty()) {
                qInfo("failed at action %d; the last actions:", m_monkey->actions());
                for (const QString &line : m_monkey->recent())
                    qInfo("  %s", qPrintable(line));
                QVERIFY2(m_modal.isEmpty(), qPrintable(u"a dialog opened: "_s + m_modal));
                return;
            }
            if (m_monkey->actions() == m_warmUp) {
                m_monkey->toBaseline();
                m_heapAfterWarmUp = heapInUse();
                m_objectsAfterWarmUp = objectCensus(*m_window);
                qInfo("heap in use after the warm-up: %.1f MiB",
                      double(m_heapAfterWarmUp) / 1048576);
            }
        }
        qInfo("%d actions in %.1f s (%.1f per s), peak RSS %.0f MiB", count,
              double(t.elapsed()) / 1e3, count * 1e3 / double(std::max<qint64>(1, t.elapsed())),
              double(peakRssKiB()) / 1024);
    }

    // The last epoch's walk back, and the heap on the same scene as after the warm-up.
    void noGrowth()
    {
        QVERIFY2(m_monkey->actions() == m_total, "the actions stopped early");
        m_monkey->toBaseline();
        const qint64 end = heapInUse();
        QVERIFY(!QTest::currentTestFailed());
        m_monkey->printTimes();
        const qint64 growth = end - m_heapAfterWarmUp;
        qInfo("heap in use: %.1f MiB after the warm-up (%d actions), %.1f MiB at the end (%d): "
              "%+.1f MiB; peak RSS %.0f MiB",
              double(m_heapAfterWarmUp) / 1048576, m_warmUp, double(end) / 1048576, m_total,
              double(growth) / 1048576, double(peakRssKiB()) / 1024);
        QVERIFY(m_heapAfterWarmUp > 0);
        // The window holds about as many objects as after the warm-up, on the same scene.
        const std::map<QByteArray, int> objects = objectCensus(*m_window);
        for (const auto &[name, count] : objects)
            if (count != m_objectsAfterWarmUp[name])
                qInfo("%s: %d objects after the warm-up, %d at the end", name.constData(),
                      m_objectsAfterWarmUp[name], count);
        // Docks shown or hidden and the current view's options account for a few dozen.
        QVERIFY2(censusTotal(objects) <= censusTotal(m_objectsAfterWarmUp) + kMaxObjectGrowth,
                 qPrintable(u"the window holds %1 objects, %2 after the warm-up"_s
                                .arg(censusTotal(objects))
                                .arg(censusTotal(m_objectsAfterWarmUp))));
        QVERIFY2(growth <= kMaxHeapGrowth,
                 qPrintable(u"the heap grew by %1 MiB over the run"_s.arg(growth >> 20)));
    }

    void cleanupTestCase()
    {
        m_monkey.reset();
        m_window.reset();
    }
};

QTEST_MAIN(TestMonkey)
#include "tst_monkey.moc"
