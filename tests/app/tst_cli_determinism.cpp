// An exported figure does not depend on the process that wrote it: two runs of `render` give the
// same bytes for every format (QPdfWriter orders embedded fonts by hash, so this needs the fixed
// hash seed main() sets).

#include "clitest.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

class TestCliDeterminism : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameBytesEveryRun_data()
    {
        QTest::addColumn<QString>("suffix");
        QTest::newRow("pdf") << QStringLiteral("pdf");
        QTest::newRow("svg") << QStringLiteral("svg");
        QTest::newRow("png") << QStringLiteral("png");
        QTest::newRow("tex") << QStringLiteral("tex");
    }

    void sameBytesEveryRun()
    {
        QFETCH(QString, suffix);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QList<QByteArray> outputs;
        for (int run = 0; run < 4; ++run) {
            const QString out = dir.filePath(QStringLiteral("fig9-%1.%2").arg(run).arg(suffix));
            const lx::test::CliResult r =
                lx::test::runApp({QStringLiteral("render"), QStringLiteral("--preset"),
                                  QStringLiteral("fig9"), QStringLiteral("-o"), out});
            QCOMPARE(r.exitCode, 0);
            QFile f(out);
            QVERIFY(f.open(QIODevice::ReadOnly));
            outputs << f.readAll();
            QVERIFY(!outputs.back().isEmpty());
        }
        for (const QByteArray &o : outputs)
            QVERIFY(o == outputs.front());
    }
};

QTEST_GUILESS_MAIN(TestCliDeterminism)
#include "tst_cli_determinism.moc"
