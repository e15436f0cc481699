// `layout-explorer handout` through LX_APP: fig6's ds_load_tr pipeline is a 5-page PDF (pages
// counted by pdfinfo from poppler-utils) and five numbered SVGs; a lesson gives one page per
// view; --arch FILE draws with that architecture file's SIMD pairs; bad usage exits 2 and writes
// nothing.

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
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

    // The SIMD pairs a handout colours by are the architecture file's: a copy of gfx1250.json
    // whose pairs are {0, 1} and {2, 3}, given as --arch, changes the legend of the page.
    void archFileSimdPairs()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile original(QStringLiteral(LX_SOURCE_DIR "/resources/arch/gfx1250.json"));
        QVERIFY(original.open(QIODevice::ReadOnly));
        QJsonObject arch = QJsonDocument::fromJson(original.readAll()).object();
        QJsonObject cu = arch.value(QStringLiteral("cu")).toObject();
        QVERIFY(cu.contains(QStringLiteral("pairs")));
        cu[QStringLiteral("pairs")] = QJsonObject{{QStringLiteral("A"), QJsonArray{0, 1}},
                                                  {QStringLiteral("B"), QJsonArray{2, 3}}};
        arch[QStringLiteral("cu")] = cu;
        const QString edited = dir.filePath(QStringLiteral("edited.json"));
        QFile archOut(edited);
        QVERIFY(archOut.open(QIODevice::WriteOnly));
        archOut.write(QJsonDocument(arch).toJson());
        archOut.close();
        // Four warps, each its own SIMD: every pair is drawn.
        const QJsonObject scene{
            {QStringLiteral("format"), QStringLiteral("layout-explorer-scene")},
            {QStringLiteral("version"), 1},
            {QStringLiteral("name"), QStringLiteral("pairs")},
            {QStringLiteral("arch"), QStringLiteral("gfx1250")},
            {QStringLiteral("layouts"),
             QJsonArray{QJsonObject{
                 {QStringLiteral("name"), QStringLiteral("wmma")},
                 {QStringLiteral("text"),
                  QStringLiteral("#ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = "
                                 "{register = [[2, 0]], warp = [[2, 1], [1, 0]]}, instrShape = "
                                 "[16, 16, 32]}>")},
                 {QStringLiteral("shape"), QJsonArray{64, 64}},
                 {QStringLiteral("dtype"), QStringLiteral("f16")}}}},
            {QStringLiteral("views"),
             QJsonArray{QJsonObject{
                 {QStringLiteral("kind"), QStringLiteral("ownership")},
                 {QStringLiteral("layout"), QStringLiteral("wmma")},
                 {QStringLiteral("options"),
                  QJsonObject{{QStringLiteral("colorBy"), QStringLiteral("simd-pair")}}}}}}};
        const QString sceneFile = dir.filePath(QStringLiteral("pairs.lxscene"));
        QFile sceneOut(sceneFile);
        QVERIFY(sceneOut.open(QIODevice::WriteOnly));
        sceneOut.write(QJsonDocument(scene).toJson());
        sceneOut.close();
        auto legend = [&](const QString &archArg, const QString &name) {
            const QString out = dir.filePath(name + QStringLiteral(".svg"));
            const Run r = app({QStringLiteral("--scene"), sceneFile, QStringLiteral("--arch"),
                               archArg, QStringLiteral("-o"), out});
            if (r.exitCode != 0)
                return QStringLiteral("exit %1: %2").arg(r.exitCode).arg(r.err);
            QFile page(dir.filePath(name + QStringLiteral("-01.svg")));
            return page.open(QIODevice::ReadOnly) ? QString::fromUtf8(page.readAll())
                                                  : QStringLiteral("no page written");
        };
        const QString before = legend(QStringLiteral("gfx1250"), QStringLiteral("before"));
        const QString after = legend(edited, QStringLiteral("after"));
        QVERIFY2(before.contains(QStringLiteral("SIMD pair 0: SIMD 0, 2")),
                 qPrintable(before.left(300)));
        QVERIFY(!before.contains(QStringLiteral("SIMD pair 0: SIMD 0, 1")));
        QVERIFY2(after.contains(QStringLiteral("SIMD pair 0: SIMD 0, 1")),
                 qPrintable(after.left(300)));
        QVERIFY(after.contains(QStringLiteral("SIMD pair 1: SIMD 2, 3")));
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
