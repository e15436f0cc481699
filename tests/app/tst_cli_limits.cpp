// Requests beyond the limits are refused with a reason, quickly, by every command a person can
// point at them: a 2^30-element tensor, a 2^31-lane layout, an oversized file.

#include "base/boundedread.h"

#include "clitest.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace {
const QString kBlocked = QStringLiteral("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = "
                                        "[8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>");
const QString kShared =
    QStringLiteral("#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>");
const QString kDotB = QStringLiteral("#mma = #ttg.amd_wmma<{version = 3, ctaLayout = {warp = [[0, "
                                     "1], [1, 0]]}, instrShape = [16, 16, 32]}>\n"
                                     "#ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>");
const QString kWmma =
    QStringLiteral("#ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {register = "
                   "[[2, 0]], warp = [[2, 1], [1, 0]]}, instrShape = [16, 16, 32]}>");
const QString kHuge = QStringLiteral("32768x32768"); // 2^30 elements
} // namespace

class TestCliLimits : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void hugeRequestsAreRefused_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("reason");
        const QString out = QDir::tempPath() + QStringLiteral("/lx-limits-never-written.png");
        QTest::newRow("render ownership 2^30") << QStringList{QStringLiteral("render"),
                                                              QStringLiteral("--layout"),
                                                              kBlocked,
                                                              QStringLiteral("--shape"),
                                                              kHuge,
                                                              QStringLiteral("-o"),
                                                              out}
                                               << QStringLiteral("more than a figure shows");
        QTest::newRow("convert text view 2^30") << QStringList{QStringLiteral("convert"),
                                                               QStringLiteral("--layout"),
                                                               kBlocked,
                                                               QStringLiteral("--shape"),
                                                               kHuge,
                                                               QStringLiteral("--to"),
                                                               QStringLiteral("triton-text")}
                                                << QStringLiteral("too large");
        QTest::newRow("banks 2^30")
            << QStringList{QStringLiteral("analyze"),  QStringLiteral("banks"),
                           QStringLiteral("--reg"),    kBlocked,
                           QStringLiteral("--shared"), kShared,
                           QStringLiteral("--shape"),  kHuge,
                           QStringLiteral("--dtype"),  QStringLiteral("f16"),
                           QStringLiteral("--arch"),   QStringLiteral("gfx942")}
            << QStringLiteral("too large to analyse");
        QTest::newRow("ds-load-tr 2^30")
            << QStringList{QStringLiteral("analyze"),  QStringLiteral("ds-load-tr"),
                           QStringLiteral("--shared"), kShared,
                           QStringLiteral("--dst"),    kDotB,
                           QStringLiteral("--shape"),  kHuge,
                           QStringLiteral("--dtype"),  QStringLiteral("f16"),
                           QStringLiteral("--arch"),   QStringLiteral("gfx1250")}
            << QStringLiteral("too large to analyse");
        QTest::newRow("cta 2^30") << QStringList{QStringLiteral("analyze"),  QStringLiteral("cta"),
                                                 QStringLiteral("--layout"), kWmma,
                                                 QStringLiteral("--shape"),  kHuge,
                                                 QStringLiteral("--dtype"),  QStringLiteral("f16")}
                                  << QStringLiteral("too large to analyse");
    }

    void hugeRequestsAreRefused()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, reason);
        const lx::test::CliResult r = lx::test::runApp(args);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.errText().contains(reason), qPrintable(r.errText()));
        QVERIFY(!QFile::exists(QDir::tempPath() + QStringLiteral("/lx-limits-never-written.png")));
    }

    void oversizedFilesAreRefused()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("big.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(lx::kMaxCaseFileBytes + 1)); // sparse: one byte over the limit
        f.close();
        for (const QString &cmd : {QStringLiteral("eval"), QStringLiteral("render")}) {
            QStringList args{cmd};
            if (cmd == QLatin1String("render"))
                args << QStringLiteral("--scene") << path << QStringLiteral("-o")
                     << dir.filePath(QStringLiteral("x.png"));
            else
                args << path;
            const lx::test::CliResult r = lx::test::runApp(args);
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.errText().contains(QStringLiteral("MiB (the limit for a")),
                     qPrintable(r.errText()));
        }
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x.png"))));
    }
};

QTEST_GUILESS_MAIN(TestCliLimits)
#include "tst_cli_limits.moc"
