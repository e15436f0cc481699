// The headless library (app/ lx_cli) on its own: this test links lx_cli and nothing with Qt
// Widgets (tst_headless_links checks the executable's NEEDED libraries), and runs commands in
// process, as the Python package will.

#include "command.h"

#include <QFile>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

class TestHeadless : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyCommandIsListed()
    {
        // The names the program's --help and man page document (README "Command line").
        const QStringList expected{QStringLiteral("analyze"), QStringLiteral("check"),
                                   QStringLiteral("compare"), QStringLiteral("convert"),
                                   QStringLiteral("diff"),    QStringLiteral("eval"),
                                   QStringLiteral("handout"), QStringLiteral("presets"),
                                   QStringLiteral("render"),  QStringLiteral("suggest")};
        QStringList names;
        for (const lx::app::Command &c : lx::app::commands())
            names << QString::fromLatin1(c.name);
        QCOMPARE(names, expected); // sorted by name
        for (const QString &name : expected)
            QVERIFY(lx::app::findCommand(name) != nullptr);
        QVERIFY(lx::app::findCommand(QStringLiteral("nonsense")) == nullptr);

        QStringList kinds;
        for (const lx::app::Command &a : lx::app::analyses())
            kinds << QString::fromLatin1(a.name);
        QCOMPARE(kinds, (QStringList{QStringLiteral("banks"), QStringLiteral("cta"),
                                     QStringLiteral("ds-load-tr"), QStringLiteral("kernel"),
                                     QStringLiteral("lds")}));
    }

    void rendersAFigureWithoutWidgets()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString out = dir.filePath(QStringLiteral("fig9.svg"));
        const lx::app::Command *render = lx::app::findCommand(QStringLiteral("render"));
        QVERIFY(render);
        const int rc = render->run({QStringLiteral("render"), QStringLiteral("--preset"),
                                    QStringLiteral("fig9"), QStringLiteral("-o"), out});
        QCOMPARE(rc, int(lx::app::ExitOk));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray svg = f.readAll();
        QVERIFY2(svg.contains("<svg"), svg.left(200).constData());
    }

    void refusesAnUnknownPresetWithExitOne()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("x.svg"));
        const lx::app::Command *render = lx::app::findCommand(QStringLiteral("render"));
        const int rc = render->run({QStringLiteral("render"), QStringLiteral("--preset"),
                                    QStringLiteral("no-such-preset"), QStringLiteral("-o"), out});
        QVERIFY(rc != int(lx::app::ExitOk));
        QVERIFY(!QFile::exists(out));
    }
};

QTEST_GUILESS_MAIN(TestHeadless)
#include "tst_headless.moc"
