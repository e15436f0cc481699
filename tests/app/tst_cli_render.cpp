// `layout-explorer render` end to end (the binary from $LX_APP): every format, bad usage exits 2,
// bad input and unwritable output exit 1 and leave no file.

#include "clitest.h"
#include "render/exportformat.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

// Without a display: main() must choose the offscreen platform itself.
lx::test::CliResult run(const QStringList &args)
{
    lx::test::CliOptions options;
    options.headless = true;
    return lx::test::runApp(QStringList{u"render"_s} + args, options);
}

QString data(const char *name)
{
    return QStringLiteral(LX_TEST_DATA_DIR "/render/") + QString::fromLatin1(name);
}

// The blog's swizzled ctaLayout (Figure 9) as #ttg text.
const QString kWmmaText =
    u"#ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {register = [[2, 0]], "
    u"warp = [[2, 1], [1, 0]]}, instrShape = [16, 16, 32]}>"_s;

} // namespace

class TestCliRender : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        if (qEnvironmentVariableIsEmpty("LX_APP"))
            QSKIP("LX_APP is not set (run through ctest)");
    }

    void eachFormat_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("source");
        QTest::addColumn<QStringList>("extra");
        const QStringList wmma{u"--layout"_s, kWmmaText, u"--shape"_s, u"64x64"_s};
        const QStringList json{u"--layout-json"_s, data("worked_example.json")};
        QTest::newRow("png from #ttg text")
            << u"f.png"_s << wmma << QStringList{u"--scale"_s, u"0.5"_s};
        QTest::newRow("svg from #ttg text, simd-pair")
            << u"f.svg"_s << wmma << QStringList{u"--color-by"_s, u"simd-pair"_s};
        QTest::newRow("pdf from json, matrix view")
            << u"f.pdf"_s << json << QStringList{u"--view"_s, u"matrix"_s};
        QTest::newRow("tex from json, inverse view, dark")
            << u"f.tex"_s << json << QStringList{u"--view"_s, u"inverse"_s, u"--dark"_s};
        QTest::newRow("png transparent without legend")
            << u"f.png"_s << json
            << QStringList{u"--transparent"_s, u"--no-legend"_s, u"--title"_s, u"T"_s};
        // resources/presets/default.lxscene: an ownership view of a WMMA v3 accumulator.
        QTest::newRow("png from the default preset")
            << u"f.png"_s << QStringList{u"--preset"_s, u"default"_s}
            << QStringList{u"--scale"_s, u"0.5"_s};
        QTest::newRow("pdf from a scene file, view chosen by kind")
            << u"f.pdf"_s
            << QStringList{u"--scene"_s,
                           QStringLiteral(LX_SOURCE_DIR "/resources/presets/default.lxscene")}
            << QStringList{u"--view"_s, u"matrix"_s};
        QTest::newRow("svg xor view")
            << u"f.svg"_s << json
            << QStringList{u"--view"_s, u"xor"_s, u"--options"_s, u"{\"warp\": 3}"_s};
    }
    void eachFormat()
    {
        QFETCH(QString, file);
        QFETCH(QStringList, source);
        QFETCH(QStringList, extra);
        QTemporaryDir dir;
        const QString path = dir.filePath(file);
        const lx::test::CliResult r = run(source + extra + QStringList{u"-o"_s, path});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        // A figure written says nothing on standard error (Qt's warning about an unset
        // XDG_RUNTIME_DIR included).
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        if (file.endsWith(u".png"_s)) {
            const QImage img = QImage::fromData(bytes, "PNG");
            QVERIFY(!img.isNull());
            if (extra.contains(u"--transparent"_s))
                QCOMPARE(qAlpha(img.pixel(0, 0)), 0);
        } else if (file.endsWith(u".svg"_s)) {
            QVERIFY(QSvgRenderer(bytes).isValid());
        } else if (file.endsWith(u".pdf"_s)) {
            QVERIFY(bytes.startsWith("%PDF-"));
        } else {
            QVERIFY(bytes.startsWith("% Layout Explorer figure (TikZ)"));
            QVERIFY(bytes.contains("\\end{document}"));
        }
        // Nothing but the output in the directory (no temporary left behind).
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{file});
    }

    void badUsageExitsTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        const QString json = data("worked_example.json");
        QTest::newRow("no output") << QStringList{u"--layout-json"_s, json};
        QTest::newRow("unknown suffix")
            << QStringList{u"--layout-json"_s, json, u"-o"_s, u"x.jpg"_s};
        QTest::newRow("no layout") << QStringList{u"-o"_s, u"x.png"_s};
        QTest::newRow("two layouts")
            << QStringList{u"--layout-json"_s, json,       u"--layout"_s, kWmmaText,
                           u"--shape"_s,       u"16x16"_s, u"-o"_s,       u"x.png"_s};
        QTest::newRow("layout without shape")
            << QStringList{u"--layout"_s, kWmmaText, u"-o"_s, u"x.png"_s};
        QTest::newRow("malformed shape") << QStringList{u"--layout"_s, kWmmaText, u"--shape"_s,
                                                        u"16by16"_s,   u"-o"_s,   u"x.png"_s};
        QTest::newRow("unknown option")
            << QStringList{u"--layout-json"_s, json, u"--bogus"_s, u"-o"_s, u"x.png"_s};
        QTest::newRow("negative scale")
            << QStringList{u"--layout-json"_s, json, u"--scale"_s, u"-1"_s, u"-o"_s, u"x.png"_s};
        QTest::newRow("unknown view")
            << QStringList{u"--layout-json"_s, json, u"--view"_s, u"nope"_s, u"-o"_s, u"x.png"_s};
        QTest::newRow("unknown colour key") << QStringList{
            u"--layout-json"_s, json, u"--color-by"_s, u"rainbow"_s, u"-o"_s, u"x.png"_s};
        QTest::newRow("view index without a scene") << QStringList{
            u"--layout-json"_s, json, u"--view-index"_s, u"0"_s, u"-o"_s, u"x.png"_s};
        QTest::newRow("view index out of range") << QStringList{
            u"--preset"_s, u"default"_s, u"--view-index"_s, u"7"_s, u"-o"_s, u"x.png"_s};
        QTest::newRow("preset and layout") << QStringList{
            u"--preset"_s, u"default"_s, u"--layout-json"_s, json, u"-o"_s, u"x.png"_s};
        QTest::newRow("options not an object")
            << QStringList{u"--layout-json"_s, json, u"--options"_s, u"[1]"_s, u"-o"_s, u"x.png"_s};
    }
    void badUsageExitsTwo()
    {
        QFETCH(QStringList, args);
        QTemporaryDir dir;
        // Relative -o paths land in the temporary directory.
        lx::test::CliOptions options;
        options.workingDirectory = dir.path();
        const lx::test::CliResult r = lx::test::runApp(QStringList{u"render"_s} + args, options);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(!r.err.isEmpty());
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList());
    }

    void badInputExitsOne_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("unknown preset") << QStringList{u"--preset"_s, u"no-such-preset"_s};
        QTest::newRow("missing scene file")
            << QStringList{u"--scene"_s, u"/nonexistent/x.lxscene"_s};
        QTest::newRow("missing json file")
            << QStringList{u"--layout-json"_s, u"/nonexistent/x.json"_s};
        QTest::newRow("malformed #ttg text") << QStringList{
            u"--layout"_s, u"#ttg.amd_wmma<{version = }>"_s, u"--shape"_s, u"16x16"_s};
        QTest::newRow("colour by offset of a distributed layout") << QStringList{
            u"--layout-json"_s, data("worked_example.json"), u"--color-by"_s, u"offset"_s};
        QTest::newRow("xor input out of range")
            << QStringList{u"--layout-json"_s, data("worked_example.json"), u"--view"_s, u"xor"_s,
                           u"--options"_s,     u"{\"warp\": 4}"_s};
        QTest::newRow("pipeline step beyond the last")
            << QStringList{u"--preset"_s, u"fig6"_s, u"--options"_s, u"{\"step\": 6}"_s};
    }
    // A view option naming a layout is checked by the one name rule (io/layoutname.h), as the
    // scene file and the window check names: the message names the character and the rule.
    void aLayoutNameOptionFollowsTheNameRule()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"f.png"_s);
        const lx::test::CliResult r = run(
            {u"--preset"_s, u"fig8"_s, u"--options"_s, u"{\"layout\": \"my C\"}"_s, u"-o"_s, path});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.errText().contains(u"'my C': a space at 3 cannot be in a layout name"_s),
                 qPrintable(r.errText()));
        QVERIFY(!QFile::exists(path));
    }

    void badInputExitsOne()
    {
        QFETCH(QStringList, args);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"f.png"_s);
        const lx::test::CliResult r = run(args + QStringList{u"-o"_s, path});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(!r.err.isEmpty());
        QVERIFY(!QFile::exists(path));
    }

    void unwritableOutputExitsOneAndLeavesNoFile_data()
    {
        // Every registered format, as `render -o` finds it.
        QTest::addColumn<QString>("suffix");
        for (const lx::ExportFormat *f : lx::exportFormats())
            QTest::newRow(qPrintable(f->suffix())) << f->suffix();
    }
    void unwritableOutputExitsOneAndLeavesNoFile()
    {
        QFETCH(QString, suffix);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"no-such-dir/f."_s + suffix);
        const lx::test::CliResult r =
            run({u"--layout-json"_s, data("worked_example.json"), u"-o"_s, path});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.contains("cannot write"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot),
                 QStringList());
    }

    // Step mode from the command line: each step of the Fig 6 pipeline is its own figure, and
    // the last step differs from "every step" only by its explanation and tint.
    void pipelineStepsRenderDifferently()
    {
        QTemporaryDir dir;
        QSet<QByteArray> seen;
        for (int step = 0; step <= 5; ++step) {
            const QString path = dir.filePath(u"s%1.svg"_s.arg(step));
            const lx::test::CliResult r = run({u"--preset"_s, u"fig6"_s, u"--options"_s,
                                               u"{\"step\": %1}"_s.arg(step), u"-o"_s, path});
            QCOMPARE(r.exitCode, 0);
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray svg = f.readAll();
            QVERIFY2(!seen.contains(svg), qPrintable(u"step %1 repeats a figure"_s.arg(step)));
            seen.insert(svg);
            if (step > 0)
                QVERIFY(svg.contains(QStringLiteral("Step %1 of 5").arg(step).toUtf8()));
        }
    }

    // The SIMD pairs of the picture are the architecture file's: the same layout drawn with a
    // copy of gfx1250.json whose pairs are {0, 1} and {2, 3} has other legend entries and colours
    // warp 1 with SIMD pair 0 instead of 1.
    void simdPairsFromTheArchitectureFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile original(QStringLiteral(LX_SOURCE_DIR "/resources/arch/gfx1250.json"));
        QVERIFY(original.open(QIODevice::ReadOnly));
        QJsonObject arch = QJsonDocument::fromJson(original.readAll()).object();
        QJsonObject cu = arch.value(u"cu"_s).toObject();
        QVERIFY(cu.contains(u"pairs"_s));
        cu[u"pairs"_s] = QJsonObject{{u"A"_s, QJsonArray{0, 1}}, {u"B"_s, QJsonArray{2, 3}}};
        arch[u"cu"_s] = cu;
        const QString edited = dir.filePath(u"edited.json"_s);
        QFile out(edited);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(arch).toJson());
        out.close();
        const QStringList common{u"--layout"_s, kWmmaText,       u"--shape"_s,
                                 u"64x64"_s,    u"--color-by"_s, u"simd-pair"_s};
        const QString before = dir.filePath(u"before.svg"_s), after = dir.filePath(u"after.svg"_s);
        QCOMPARE(run(common + QStringList{u"--arch"_s, u"gfx1250"_s, u"-o"_s, before}).exitCode, 0);
        QCOMPARE(run(common + QStringList{u"--arch"_s, edited, u"-o"_s, after}).exitCode, 0);
        auto text = [](const QString &path) {
            QFile f(path);
            return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
        };
        const QString a = text(before), b = text(after);
        // The pairs numbered as every view numbers them, whatever the file calls them.
        QVERIFY(a.contains(u"SIMD pair 0: SIMD 0, 2"_s));
        QVERIFY(!a.contains(u"SIMD pair 0: SIMD 0, 1"_s));
        QVERIFY(!a.contains(u"SIMD pair A"_s));
        QVERIFY(b.contains(u"SIMD pair 0: SIMD 0, 1"_s));
        QVERIFY(b.contains(u"SIMD pair 1: SIMD 2, 3"_s));
        // A missing architecture file is refused, naming it.
        const auto missing =
            run(common + QStringList{u"--arch"_s, dir.filePath(u"none.json"_s), u"-o"_s, after});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY2(missing.errText().contains(u"none.json"_s), missing.err.constData());
    }

    void helpExitsZero()
    {
        const lx::test::CliResult r = run({u"--help"_s});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("--color-by"));
    }
};

QTEST_GUILESS_MAIN(TestCliRender)
#include "tst_cli_render.moc"
