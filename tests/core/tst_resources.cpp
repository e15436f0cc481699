// The embedded files (resources/embedded.cmake, compiled in by cmake/EmbedResources.cmake) are
// exactly the files of resources/arch, resources/lessons and resources/presets: a file added to a
// folder but not to the list (or listed but deleted) fails here instead of silently missing from
// the program.

#include "base/resources.h"

#include <QDir>
#include <QTest>

#include <string>
#include <vector>

class TestResources : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void embeddedListMatchesFolders_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::newRow("arch") << QStringLiteral("arch");
        QTest::newRow("lessons") << QStringLiteral("lessons");
        QTest::newRow("presets") << QStringLiteral("presets");
    }
    void embeddedListMatchesFolders()
    {
        QFETCH(QString, folder);
        const QDir dir(QStringLiteral(LX_SOURCE_DIR "/resources/") + folder);
        QVERIFY(dir.exists());
        QStringList onDisk;
        for (const QString &name : dir.entryList(QDir::Files, QDir::Name))
            onDisk << folder + QLatin1Char('/') + name;
        QStringList embedded;
        const std::string prefix = folder.toStdString() + "/";
        for (const std::string &path : lx::embeddedResourcePaths(prefix))
            embedded << QString::fromStdString(path);
        QVERIFY(!onDisk.isEmpty());
        QCOMPARE(embedded, onDisk);
    }

    void embeddedBytesAreTheFile()
    {
        const QString path = QStringLiteral("arch/gfx1250.json");
        QFile f(QStringLiteral(LX_SOURCE_DIR "/resources/") + path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        const auto text = lx::embeddedResource(path.toStdString());
        QVERIFY(text.has_value());
        QCOMPARE(QByteArray(text->data(), qsizetype(text->size())), bytes);
        QVERIFY(!lx::embeddedResource("arch/no-such.json").has_value());
    }
};

QTEST_GUILESS_MAIN(TestResources)
#include "tst_resources.moc"
