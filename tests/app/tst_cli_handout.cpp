// `layout-explorer handout` through LX_APP: fig6's ds_load_tr pipeline is a 5-page PDF (pages
// counted by pdfinfo from poppler-utils) and five numbered SVGs; a lesson gives one page per
// view; bad usage exits 2 and writes nothing.

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

Run run(const QString &program, const QStringList &args)
{
    QProcess p;
    p.start(program, args);
    Run r;
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit)
        return r;
    r.exitCode = p.exitCode();
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

Run app(const QStringList &args)
{
    return run(qEnvironmentVariable("LX_APP"), QStringList{QStringLiteral("handout")} + args);
}

int pdfPages(const QString &path)
{
    const QString pdfinfo = QStandardPaths::findExecutable(QStringLiteral("pdfinfo"));
    if (pdfinfo.isEmpty())
        return -1;
    const Run r = run(pdfinfo, {path});
    const auto m = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)")).match(r.out);
    return m.hasMatch() ? m.captured(1).toInt() : 0;
}

} // namespace

class TestCliHandout : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void fig6Pdf()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("fig6.pdf"));
        const Run r =
            app({QStringLiteral("--preset"), QStringLiteral("fig6"), QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(QFile::exists(out));
        const int pages = pdfPages(out);
        if (pages < 0)
            QSKIP("pdfinfo (poppler-utils) is not installed");
        QCOMPARE(pages, 5);
    }

    void fig6Svgs()
    {
        QTemporaryDir dir;
        const Run r = app({QStringLiteral("--preset"), QStringLiteral("fig6"), QStringLiteral("-o"),
                           dir.filePath(QStringLiteral("fig6.svg"))});
        QCOMPARE(r.exitCode, 0);
        const QStringList files =
            QDir(dir.path()).entryList({QStringLiteral("*.svg")}, QDir::Files, QDir::Name);
        QCOMPARE(files, (QStringList{QStringLiteral("fig6-01.svg"), QStringLiteral("fig6-02.svg"),
                                     QStringLiteral("fig6-03.svg"), QStringLiteral("fig6-04.svg"),
                                     QStringLiteral("fig6-05.svg")}));
        // Each page shows its own step.
        QFile third(dir.filePath(QStringLiteral("fig6-03.svg")));
        QVERIFY(third.open(QIODevice::ReadOnly));
        QVERIFY(third.readAll().contains("Step 3 of 5"));
    }

    void lesson()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("lesson.pdf"));
        const Run r = app({QStringLiteral("--lesson"), QStringLiteral("07-equivalent"),
                           QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 0);
        const int pages = pdfPages(out);
        if (pages < 0)
            QSKIP("pdfinfo (poppler-utils) is not installed");
        QCOMPARE(pages, 2); // the lesson opens a diff view and an ownership view
    }

    void failures_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("no source") << QStringList{QStringLiteral("-o"), QStringLiteral("x.pdf")}
                                   << 2 << QStringLiteral("give one of");
        QTest::newRow("bad suffix")
            << QStringList{QStringLiteral("--preset"), QStringLiteral("fig6"), QStringLiteral("-o"),
                           QStringLiteral("x.png")}
            << 2 << QStringLiteral(".pdf or .svg");
        QTest::newRow("no lesson")
            << QStringList{QStringLiteral("--lesson"), QStringLiteral("99-none"),
                           QStringLiteral("-o"), QStringLiteral("x.pdf")}
            << 1 << QStringLiteral("no lesson '99-none'");
        QTest::newRow("no such view")
            << QStringList{QStringLiteral("--preset"), QStringLiteral("fig6"),
                           QStringLiteral("--view"),   QStringLiteral("bank-map"),
                           QStringLiteral("-o"),       QStringLiteral("x.pdf")}
            << 1 << QStringLiteral("no view of kind 'bank-map'");
    }
    void failures()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        QTemporaryDir dir;
        QProcess p;
        p.setWorkingDirectory(dir.path());
        p.start(qEnvironmentVariable("LX_APP"), QStringList{QStringLiteral("handout")} + args);
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), exitCode);
        QVERIFY2(QString::fromUtf8(p.readAllStandardError()).contains(message),
                 qPrintable(message));
        QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCliHandout)
#include "tst_cli_handout.moc"
