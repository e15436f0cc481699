// Sizes read the same everywhere: base/bytesize.h is the one formatting of a byte count, and the
// bounded file reader's refusal names its limit in those words.

#include "base/boundedread.h"
#include "base/bytesize.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>

using namespace lx;

class TestByteSize : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void byteSize_data()
    {
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<QString>("text");
        QTest::newRow("zero") << qint64(0) << QStringLiteral("0 B");
        QTest::newRow("under a KiB") << qint64(100) << QStringLiteral("100 B");
        // 4 x 263 B of padded rows: not a whole KiB, so exact (a rounded "1 KiB" would hide 28 B).
        QTest::newRow("padding") << qint64(4 * 263) << QStringLiteral("1052 B");
        QTest::newRow("one partition") << qint64(64 * 1024) << QStringLiteral("64 KiB");
        QTest::newRow("five partitions") << qint64(5 * 64 * 1024) << QStringLiteral("320 KiB");
        QTest::newRow("1.5 MiB") << qint64(3 * 512 * 1024) << QStringLiteral("1536 KiB");
        QTest::newRow("4 MiB") << qint64(4) * 1024 * 1024 << QStringLiteral("4 MiB");
    }
    void byteSize()
    {
        QFETCH(qint64, bytes);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(byteSizeText(bytes)), text);
    }

    void exactWithKiB()
    {
        QCOMPARE(bytesText(65536), std::string("65536 B (64 KiB)"));
        QCOMPARE(bytesText(1052), std::string("1052 B"));
        QCOMPARE(bytesText(100), std::string("100 B"));
    }

    // The reader's refusal names its limit as byteSizeText writes it ("100 B", not "100 bytes").
    void boundedReadNamesItsLimitInTheSameWords()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(QStringLiteral("big.json")).toStdString();
        std::ofstream(path) << std::string(300, 'x');
        for (int64_t limit : {int64_t(100), int64_t(256)}) {
            Expected<std::string> r = readBounded(path, limit, "a test file");
            QVERIFY(!r);
            const std::string want = "more than " + byteSizeText(limit);
            QVERIFY2(r.message().find(want) != std::string::npos, r.message().c_str());
        }
        Expected<std::string> r = readBounded(path, 100, "a test file");
        QVERIFY2(r.message().find("more than 100 B ") != std::string::npos, r.message().c_str());
    }
};

QTEST_MAIN(TestByteSize)
#include "tst_bytesize.moc"
