// Hostile input, end to end: the real executable ($LX_APP) against every entry point with input
// that is nested too deep, too large, badly encoded, numerically out of range, or that comes
// from or goes to a directory, a device, a pipe or a link. Each row asserts the exit code, a
// message that names the cause, that the program did not crash, that no output file appeared on
// failure (no temporary file either) and that an old output file is intact.
//
// Big inputs are made cheaply: sparse files (a 70 MiB file occupies no disk), /dev/zero, and
// pipes from `head -c`; every limit is tested just above it, so no row runs for long.

#include "clitest.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <sys/stat.h>

using namespace Qt::StringLiterals;
using json = nlohmann::json;

namespace {

// Arrays nested `levels` deep around `inner`.
QByteArray nested(int levels, const QByteArray &inner = "0")
{
    return QByteArray(levels, '[') + inner + QByteArray(levels, ']');
}

const QByteArray kOld = "old contents\n";

} // namespace

class TestHostile : public QObject
{
    Q_OBJECT

    QTemporaryDir m_fx; // fixtures, made once
    QString fx(const QString &name) const { return m_fx.filePath(name); }

    void makeFixtures();
    void makeArchFixtures();

private Q_SLOTS:
    void initTestCase();
    void rows_data();
    void rows();
    void pipes_data();
    void pipes();
    void fullStdout_data();
    void fullStdout();
    void fullDisk();
    void utf8ExcerptNeverAborts();
    void outputThroughSymlinkKeepsTheLink();
    void danglingSymlinkCreatesItsTarget();
};

void TestHostile::initTestCase()
{
    LX_REQUIRE_APP();
    QVERIFY(m_fx.isValid());
    makeFixtures();
    makeArchFixtures();
}

void TestHostile::makeFixtures()
{
    const QByteArray deep = nested(100000);
    QVERIFY(lx::test::writeFile(fx(u"deep.json"_s), deep));
    QVERIFY(lx::test::writeFile(fx(u"deep-open.json"_s), QByteArray(100000, '[')));
    QVERIFY(lx::test::writeFile(fx(u"deep-case.json"_s),
                                R"({"cases": [{"name": "d", "op": "identity1D", "args": )" + deep +
                                    "}]}"));
    // Deep only past the limit: 65 levels.
    QVERIFY(lx::test::writeFile(fx(u"deep65.json"_s), nested(65)));
    const QByteArray scene =
        lx::test::readFile(QStringLiteral(LX_SOURCE_DIR) + u"/resources/presets/default.lxscene"_s);
    QVERIFY(!scene.isEmpty());
    QByteArray deepScene = scene;
    deepScene.replace(R"("colorBy": "warp")", R"("colorBy": "warp", "x": )" + deep);
    QVERIFY(deepScene != scene);
    QVERIFY(lx::test::writeFile(fx(u"deep.lxscene"_s), deepScene));
    QVERIFY(lx::test::writeFile(fx(u"good.lxscene"_s), scene));
    QVERIFY(lx::test::writeFile(fx(u"deep-layout.json"_s), R"({"bases": [["register", )" + deep +
                                                               R"(]], "outDims": [["dim0", 4]]})"));
    // Sparse files: 70 MiB and 2 MiB that take no disk space.
    for (const auto &[name, size] : {std::pair{u"big70m.json"_s, qint64(70) << 20},
                                     std::pair{u"big2m.json"_s, qint64(2) << 20},
                                     std::pair{u"big70m.lxscene"_s, qint64(70) << 20}}) {
        QFile f(fx(name));
        QVERIFY(f.open(QIODevice::WriteOnly) && f.resize(size));
    }
    QVERIFY(lx::test::writeFile(fx(u"empty.json"_s), {}));
    QVERIFY(lx::test::writeFile(fx(u"binary.json"_s), QByteArray("\xff\xfe\x00\x01", 4)));
    QVERIFY(lx::test::writeFile(fx(u"utf16.json"_s), QByteArray("\xff\xfe{\0}\0", 6)));
    QVERIFY(QDir(m_fx.path()).mkpath(u"a-directory.lxscene"_s));
    QVERIFY(QDir(m_fx.path()).mkpath(u"a-directory.json"_s));
    // Invalid UTF-8 inside a JSON string.
    QByteArray badUtf8 = scene;
    badUtf8.replace("WMMA v3 accumulator", "WMMA \xff\xfe accumulator");
    QVERIFY(lx::test::writeFile(fx(u"bad-utf8.lxscene"_s), badUtf8));
    // A layout with 2^26 inputs (register 2^21 x lane 2^5) over an 8192 x 8192 tensor.
    json bases = json::array();
    json reg = json::array(), lane = json::array();
    for (int b = 0; b < 26; ++b) {
        const json v = b < 13 ? json::array({1 << b, 0}) : json::array({0, 1 << (b - 13)});
        (b < 21 ? reg : lane).push_back(v);
    }
    json layout26 = json::object();
    layout26["bases"] = json::array({json::array({"register", reg}), json::array({"lane", lane})});
    layout26["outDims"] = json::array({json::array({"dim0", 8192}), json::array({"dim1", 8192})});
    QVERIFY(
        lx::test::writeFile(fx(u"layout26.json"_s), QByteArray::fromStdString(layout26.dump())));
    QVERIFY(lx::test::writeFile(fx(u"huge-basis.json"_s),
                                R"({"bases": [["register", [[1099511627776]]]], )"
                                R"("outDims": [["dim0", 4]]})"));
    QVERIFY(
        lx::test::writeFile(fx(u"huge-number.json"_s),
                            R"({"bases": [["register", [[1e400]]]], "outDims": [["dim0", 4]]})"));
}

void TestHostile::makeArchFixtures()
{
    const QByteArray text =
        lx::test::readFile(QStringLiteral(LX_SOURCE_DIR) + u"/resources/arch/gfx1250.json"_s);
    const json base = json::parse(text.toStdString());
    QVERIFY(lx::test::writeFile(fx(u"arch-good.json"_s), text));
    auto variant = [&](const QString &name, auto edit) {
        json a = base;
        edit(a);
        QVERIFY(lx::test::writeFile(fx(name), QByteArray::fromStdString(a.dump(1))));
    };
    variant(u"arch-ports-max.json"_s, [](json &a) { a["cu"]["ports"] = 2147483647; });
    variant(u"arch-zero-rate.json"_s, [](json &a) { a["cu"]["portBytesPerCycle"]["value"] = 0; });
    variant(u"arch-negative-fixed.json"_s, [](json &a) { a["cu"]["fixedCycles"]["value"] = -5; });
    variant(u"arch-banks-2p32.json"_s, [](json &a) { a["banks"] = (int64_t(1) << 32) + 64; });
    variant(u"arch-banks-float.json"_s, [](json &a) { a["banks"] = 64.5; });
    variant(u"arch-lds-2p64.json"_s,
            [](json &a) { a["ldsBytes"] = uint64_t(18446744073709551615u); });
    variant(u"arch-simd-2p32.json"_s, [](json &a) {
        a["cu"]["pairs"]["A"] = json::array({int64_t(1) << 32, 2});
    });
    variant(u"arch-wave-0.json"_s, [](json &a) { a["waveSize"] = 0; });
    variant(u"arch-partitions-huge.json"_s,
            [](json &a) { a["cu"]["ldsPartitions"] = int64_t(1) << 40; });
    variant(u"arch-rate-nan.json"_s,
            [](json &a) { a["cu"]["portBytesPerCycle"]["value"] = "fast"; });
}

// Columns: the arguments (@FX@ = fixture folder), the exit code, a substring of stderr naming
// the cause, the output file the command targets (relative to the row's own folder) and what
// is there before: "" nothing, "old" a regular file, "fifo", "dir", "devlink" (a link to
// /dev/null).
void TestHostile::rows_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("output");
    QTest::addColumn<QString>("before");

    auto row = [](const char *name, QStringList args, int code, const QString &message,
                  const QString &output = {}, const QString &before = {}) {
        QTest::newRow(name) << args << code << message << output << before;
    };
    const QString deep = u"nested more than 64 levels deep"_s;
    const QString png = u"out.png"_s;
    const QStringList toPng{u"-o"_s, png};

    // Nesting: every JSON entry point.
    row("eval deep file", {u"eval"_s, u"@FX@/deep-case.json"_s}, 1, deep);
    row("eval unclosed deep", {u"eval"_s, u"@FX@/deep-open.json"_s}, 1, deep);
    row("eval 65 levels", {u"eval"_s, u"@FX@/deep65.json"_s}, 1, deep);
    row("render --options deep",
        QStringList{u"render"_s, u"--preset"_s, u"default"_s, u"--options"_s,
                    QString::fromLatin1(nested(30000, "{}"))} +
            toPng,
        2, deep, png, u"old"_s);
    row("render scene deep options",
        QStringList{u"render"_s, u"--scene"_s, u"@FX@/deep.lxscene"_s} + toPng, 1, deep, png,
        u"old"_s);
    row("render --layout-json deep",
        QStringList{u"render"_s, u"--layout-json"_s, u"@FX@/deep-layout.json"_s} + toPng, 1, deep,
        png);
    row("convert --layout deep JSON",
        {u"convert"_s, u"--layout"_s,
         u"{\"bases\": "_s + QString::fromLatin1(nested(30000)) + u"}"_s, u"--to"_s, u"ttg"_s},
        1, deep);
    row("analyze lds deep scene", {u"analyze"_s, u"lds"_s, u"--scene"_s, u"@FX@/deep.lxscene"_s}, 1,
        deep);
    row("analyze banks deep arch",
        {u"analyze"_s, u"banks"_s, u"--perf-config"_s, u"v4:96,256,8,96,32,32,4,1,2,0,0,4,1,1"_s,
         u"--dtype"_s, u"f16"_s, u"--arch"_s, u"@FX@/deep.json"_s},
        1, deep);
    row("window deep scene",
        {u"@FX@/deep.lxscene"_s, u"--screenshot"_s, png, u"--size"_s, u"400x300"_s}, 1, deep, png);

    // Sizes: limits counted while reading, devices and directories.
    row("eval 70 MiB file", {u"eval"_s, u"@FX@/big70m.json"_s}, 1,
        u"more than 4 MiB (the limit for a case file)"_s);
    row("eval /dev/zero", {u"eval"_s, u"/dev/zero"_s}, 1, u"more than 4 MiB"_s);
    row("eval directory", {u"eval"_s, u"@FX@/a-directory.json"_s}, 1,
        u"is a directory, not a case file"_s);
    row("render --scene /dev/zero", QStringList{u"render"_s, u"--scene"_s, u"/dev/zero"_s} + toPng,
        1, u"more than 1 MiB (the limit for a scene file)"_s, png, u"old"_s);
    row("render --scene 70 MiB",
        QStringList{u"render"_s, u"--scene"_s, u"@FX@/big70m.lxscene"_s} + toPng, 1,
        u"more than 1 MiB (the limit for a scene file)"_s, png);
    row("render --scene directory",
        QStringList{u"render"_s, u"--scene"_s, u"@FX@/a-directory.lxscene"_s} + toPng, 1,
        u"is a directory, not a scene file"_s, png);
    row("render --layout-json /dev/zero",
        QStringList{u"render"_s, u"--layout-json"_s, u"/dev/zero"_s} + toPng, 1,
        u"more than 1 MiB (the limit for a layout JSON file)"_s, png);
    row("render --layout-json 2 MiB",
        QStringList{u"render"_s, u"--layout-json"_s, u"@FX@/big2m.json"_s} + toPng, 1,
        u"more than 1 MiB"_s, png);
    row("render --layout-json directory",
        QStringList{u"render"_s, u"--layout-json"_s, u"@FX@/a-directory.json"_s} + toPng, 1,
        u"is a directory"_s, png);
    row("analyze lds --arch /dev/zero",
        {u"analyze"_s, u"lds"_s, u"--preset"_s, u"microbench-partitioned"_s, u"--arch"_s,
         u"/dev/zero"_s},
        1, u"more than 1 MiB (the limit for an architecture file)"_s);
    row("analyze lds --arch 2 MiB",
        {u"analyze"_s, u"lds"_s, u"--preset"_s, u"microbench-partitioned"_s, u"--arch"_s,
         u"@FX@/big2m.json"_s},
        1, u"more than 1 MiB"_s);
    row("analyze lds --scene /dev/zero", {u"analyze"_s, u"lds"_s, u"--scene"_s, u"/dev/zero"_s}, 1,
        u"more than 1 MiB (the limit for a scene file)"_s);
    row("analyze lds --scene directory",
        {u"analyze"_s, u"lds"_s, u"--scene"_s, u"@FX@/a-directory.lxscene"_s}, 1,
        u"is a directory"_s);
    row("window scene /dev/zero", {u"--screenshot"_s, png, u"/dev/zero"_s}, 1,
        u"more than 1 MiB (the limit for a scene file)"_s, png);
    row("window scene directory", {u"@FX@/a-directory.lxscene"_s, u"--screenshot"_s, png}, 1,
        u"is a directory"_s, png);
    row("render inverse of 2^26 inputs",
        QStringList{u"render"_s, u"--layout-json"_s, u"@FX@/layout26.json"_s, u"--view"_s,
                    u"inverse"_s} +
            toPng,
        1, u"too many"_s, png, u"old"_s);
    row("window --size 30000x30000",
        {u"--preset"_s, u"default"_s, u"--screenshot"_s, png, u"--size"_s, u"30000x30000"_s}, 2,
        u"--size must be WxH, each from 200 to 4096"_s, png, u"old"_s);
    row("render 100k title",
        QStringList{u"render"_s, u"--preset"_s, u"default"_s, u"--title"_s, QString(100000, u'x')} +
            toPng,
        2, u"the title has 100000 characters; a figure title is at most 1000"_s, png, u"old"_s);
    row("kPack tile 2^24",
        {u"analyze"_s, u"banks"_s, u"--perf-config"_s,
         u"v4:4096,32,512,4096,32,32,8,1,2,0,0,4,1,1"_s, u"--dtype"_s, u"f16"_s, u"--arch"_s,
         u"gfx1250"_s},
        1, u"more than the analysis limit 2^22"_s);

    // An explicit --dtype wins over the preset's own, so a bad one is refused, not ignored.
    row("analyze cta --preset with an unknown --dtype",
        {u"analyze"_s, u"cta"_s, u"--preset"_s, u"fig9"_s, u"--dtype"_s, u"f1024"_s}, 1,
        u"unknown element type 'f1024'"_s);
    row("analyze ds-load-tr --preset with an unknown --dtype",
        {u"analyze"_s, u"ds-load-tr"_s, u"--preset"_s, u"fig2a"_s, u"--dtype"_s, u"f1024"_s}, 1,
        u"unknown element type 'f1024'"_s);

    // Numbers: overflow, ranges, truncation.
    row("kPack block overflows to zero",
        {u"analyze"_s, u"banks"_s, u"--perf-config"_s, u"v4:67108864,2,1,1,1,16,1,0,1,0,1,1,1,1"_s,
         u"--dtype"_s, u"f16"_s, u"--arch"_s, u"gfx1250"_s},
        1, u"threads; a workgroup has at most 1024"_s);
    row("kPack 99999999 fields",
        {u"analyze"_s, u"banks"_s, u"--perf-config"_s,
         u"v4:99999999,99999999,99999999,1,1,16,99999999,0,1,0,1,1,1,1"_s, u"--dtype"_s, u"f16"_s,
         u"--arch"_s, u"gfx1250"_s},
        1, u"kPack layout"_s);
    const QStringList lds{u"analyze"_s, u"lds"_s, u"--preset"_s, u"microbench-partitioned"_s,
                          u"--arch"_s};
    row("arch ports 2^31-1", lds + QStringList{u"@FX@/arch-ports-max.json"_s}, 1,
        u"\"ports\" 2147483647 is outside [1, 64]"_s);
    row("arch zero port rate", lds + QStringList{u"@FX@/arch-zero-rate.json"_s}, 1,
        u"portBytesPerCycle: value 0 is outside (0.0, "_s);
    row("arch negative fixed cycles", lds + QStringList{u"@FX@/arch-negative-fixed.json"_s}, 1,
        u"fixedCycles: value -5 is outside [0.0, "_s);
    row("arch 2^32+64 banks", lds + QStringList{u"@FX@/arch-banks-2p32.json"_s}, 1,
        u"\"banks\" 4294967360 is outside [1, 1024]"_s);
    row("arch fractional banks", lds + QStringList{u"@FX@/arch-banks-float.json"_s}, 1,
        u"\"banks\" must be a whole number"_s);
    row("arch 2^64-1 LDS bytes", lds + QStringList{u"@FX@/arch-lds-2p64.json"_s}, 1,
        u"\"ldsBytes\" 18446744073709551615 is outside"_s);
    row("arch SIMD index 2^32", lds + QStringList{u"@FX@/arch-simd-2p32.json"_s}, 1,
        u"SIMD index 4294967296 is outside"_s);
    row("arch wave size 0", lds + QStringList{u"@FX@/arch-wave-0.json"_s}, 1,
        u"\"waveSize\" 0 is outside [1, 128]"_s);
    row("arch 2^40 partitions", lds + QStringList{u"@FX@/arch-partitions-huge.json"_s}, 1,
        u"\"ldsPartitions\" 1099511627776 is outside"_s);
    row("arch rate not a number", lds + QStringList{u"@FX@/arch-rate-nan.json"_s}, 1,
        u"portBytesPerCycle"_s);
    row("layout basis 2^40",
        QStringList{u"render"_s, u"--layout-json"_s, u"@FX@/huge-basis.json"_s} + toPng, 1,
        u"huge-basis.json"_s, png, u"old"_s);
    row("layout number 1e400",
        QStringList{u"render"_s, u"--layout-json"_s, u"@FX@/huge-number.json"_s} + toPng, 1,
        u"not valid JSON"_s, png);

    // Encoding.
    row("scene with invalid UTF-8",
        QStringList{u"render"_s, u"--scene"_s, u"@FX@/bad-utf8.lxscene"_s} + toPng, 1,
        u"not valid JSON at 5:"_s, png, u"old"_s);
    row("--options invalid JSON",
        QStringList{u"render"_s, u"--preset"_s, u"default"_s, u"--options"_s, u"{\"a\": }"_s} +
            toPng,
        2, u"--options: not valid JSON at 1:7"_s, png, u"old"_s);

    row("eval empty file", {u"eval"_s, u"@FX@/empty.json"_s}, 1,
        u"the file is not valid JSON at 1:1"_s);
    row("eval binary bytes", {u"eval"_s, u"@FX@/binary.json"_s}, 1, u"not valid JSON at 1:1"_s);
    row("eval UTF-16 file", {u"eval"_s, u"@FX@/utf16.json"_s}, 1, u"not valid JSON at 1:1"_s);
    row("render missing scene",
        QStringList{u"render"_s, u"--scene"_s, u"@FX@/none.lxscene"_s} + toPng, 1,
        u"cannot read "_s, png, u"old"_s);
    row("window --size 0x0",
        {u"--preset"_s, u"default"_s, u"--screenshot"_s, png, u"--size"_s, u"0x0"_s}, 2,
        u"--size must be WxH"_s, png);
    row("window --size words",
        {u"--preset"_s, u"default"_s, u"--screenshot"_s, png, u"--size"_s, u"widexhigh"_s}, 2,
        u"--size must be WxH"_s, png);
    row("window --size without --screenshot",
        {u"--preset"_s, u"default"_s, u"--size"_s, u"400x300"_s}, 2,
        u"--size goes with --screenshot"_s);

    // Outputs: special files are never replaced, a missing folder is named.
    const QStringList render{u"render"_s, u"--preset"_s, u"default"_s, u"-o"_s};
    row("render -o fifo", render + QStringList{u"out.png"_s}, 1,
        u"is a pipe; refusing to replace it"_s, png, u"fifo"_s);
    row("render -o directory", render + QStringList{u"out.png"_s}, 1,
        u"is a directory; refusing to replace it"_s, png, u"dir"_s);
    row("render -o link to /dev/null", render + QStringList{u"out.png"_s}, 1,
        u"(-> /dev/null) is a character device; refusing"_s, png, u"devlink"_s);
    row("render -o into a missing folder", render + QStringList{u"nowhere/x.svg"_s}, 1,
        u"cannot write nowhere/x.svg: nowhere: No such file or directory"_s);
    row("ds-load-tr -o fifo",
        {u"analyze"_s, u"ds-load-tr"_s, u"--preset"_s, u"fig2a"_s, u"-o"_s, u"out.png"_s}, 1,
        u"is a pipe"_s, png, u"fifo"_s);
    row("screenshot onto a fifo",
        {u"--preset"_s, u"default"_s, u"--screenshot"_s, png, u"--size"_s, u"400x300"_s}, 1,
        u"is a pipe"_s, png, u"fifo"_s);

    // Usage that was silently ignored.
    row("--view-index with another --view",
        QStringList{u"render"_s, u"--preset"_s, u"fig9"_s, u"--view-index"_s, u"0"_s, u"--view"_s,
                    u"bank-map"_s} +
            toPng,
        2, u"--view-index 0 is a 'cta-tiles' view, not 'bank-map'"_s, png, u"old"_s);
}

void TestHostile::rows()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    QFETCH(QString, output);
    QFETCH(QString, before);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (QString &a : args)
        a.replace(u"@FX@"_s, m_fx.path());
    const QString out = output.isEmpty() ? QString() : dir.filePath(output);
    if (before == u"old"_s) {
        QVERIFY(lx::test::writeFile(out, kOld));
    } else if (before == u"fifo"_s) {
        QCOMPARE(::mkfifo(QFile::encodeName(out).constData(), 0600), 0);
    } else if (before == u"dir"_s) {
        QVERIFY(QDir().mkpath(out));
    } else if (before == u"devlink"_s) {
        QVERIFY(QFile::link(u"/dev/null"_s, out));
    }
    lx::test::CliOptions options;
    options.workingDirectory = dir.path();
    options.timeoutMs = 60000;
    options.stdinFile = u"/dev/null"_s;
    const lx::test::CliResult r = lx::test::runApp(args, options);
    QVERIFY2(r.exitCode != lx::test::kCrashed, qPrintable(r.errText().left(2000)));
    QVERIFY2(r.exitCode != lx::test::kTimedOut, "the command did not finish in 60 s");
    QVERIFY2(r.errText().contains(message), qPrintable(r.errText().left(2000)));
    QCOMPARE(r.exitCode, exitCode);
    // The old output, whatever it was, is as it was; nothing else appeared.
    if (!out.isEmpty()) {
        const QFileInfo info(out);
        if (before.isEmpty())
            QVERIFY2(!info.exists() && !info.isSymLink(), "an output file was written");
        else if (before == u"old"_s)
            QCOMPARE(lx::test::readFile(out), kOld);
        else if (before == u"dir"_s)
            QVERIFY(info.isDir());
        else if (before == u"devlink"_s)
            QCOMPARE(info.symLinkTarget(), u"/dev/null"_s);
        else if (before == u"fifo"_s) {
            struct stat st = {};
            QCOMPARE(::lstat(QFile::encodeName(out).constData(), &st), 0);
            QVERIFY(S_ISFIFO(st.st_mode));
        }
    }
    const QStringList left =
        QDir(dir.path())
            .entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System | QDir::Hidden);
    QCOMPARE(left, output.isEmpty() || before.isEmpty()
                       ? QStringList()
                       : QStringList{QFileInfo(output).fileName()});
}

// Standard input through a real pipe (sh: `producer | app ...`): read to its end, bounded.
void TestHostile::pipes_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    const QString cases = QStringLiteral(LX_TEST_DATA_DIR "/conformance/triton-ll_core.json");
    QTest::newRow("valid 170 KB case file")
        << u"cat '%1' | \"$APP\" eval -"_s.arg(cases) << 0 << QString();
    QTest::newRow("70 MiB pipe")
        << u"head -c 73400320 /dev/zero | \"$APP\" eval -"_s << 1
        << u"standard input: more than 4 MiB (the limit for a case file)"_s;
    QTest::newRow("4 MiB + 1 pipe")
        << u"head -c 4194305 /dev/zero | \"$APP\" eval -"_s << 1 << u"more than 4 MiB"_s;
    QTest::newRow("empty pipe") << u"printf '' | \"$APP\" eval -"_s << 1
                                << u"standard input: the file is not valid JSON at 1:1"_s;
    QTest::newRow("deep pipe") << u"head -c 200000 '%1' | \"$APP\" eval -"_s.arg(fx(u"deep.json"_s))
                               << 1 << u"nested more than 64 levels deep"_s;
}

void TestHostile::pipes()
{
    QFETCH(QString, script);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    qputenv("APP", lx::test::appPath().toLocal8Bit());
    const lx::test::CliResult r = lx::test::runCli(u"/bin/sh"_s, {u"-c"_s, script});
    QVERIFY2(r.errText().contains(message), qPrintable(r.errText().left(2000)));
    QCOMPARE(r.exitCode, exitCode);
    if (exitCode == 0) {
        const json out = json::parse(r.out.toStdString(), nullptr, false);
        QVERIFY(out.is_object() && out["results"].size() > 100);
    } else {
        QVERIFY(r.out.isEmpty());
    }
}

// A report that cannot be written (standard output on a full device) is an error with its
// cause, never a silent success.
void TestHostile::fullStdout_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("presets list") << QStringList{u"presets"_s, u"list"_s};
    QTest::newRow("eval") << QStringList{
        u"eval"_s, QStringLiteral(LX_TEST_DATA_DIR "/conformance/triton-ll_core.json")};
    QTest::newRow("convert") << QStringList{u"convert"_s,
                                            u"--layout"_s,
                                            u"#ttg.blocked<{sizePerThread = [1], threadsPerWarp = "
                                            u"[32], warpsPerCTA = [4], order = [0]}>"_s,
                                            u"--shape"_s,
                                            u"128"_s,
                                            u"--to"_s,
                                            u"json"_s};
    QTest::newRow("analyze lds") << QStringList{u"analyze"_s, u"lds"_s, u"--preset"_s,
                                                u"microbench-partitioned"_s, u"--json"_s};
    QTest::newRow("analyze ds-load-tr text")
        << QStringList{u"analyze"_s, u"ds-load-tr"_s, u"--preset"_s, u"fig2a"_s};
}

void TestHostile::fullStdout()
{
    QFETCH(QStringList, args);
    if (!QFileInfo::exists(u"/dev/full"_s))
        QSKIP("no /dev/full on this system");
    lx::test::CliOptions options;
    options.stdoutFile = u"/dev/full"_s;
    const lx::test::CliResult r = lx::test::runApp(args, options);
    QVERIFY2(r.errText().contains(u"cannot write standard output: No space left on device"_s),
             qPrintable(r.errText()));
    QCOMPARE(r.exitCode, 1);
}

// A file system that fills up: a 64 KiB tmpfs in a private mount namespace (unshare), so the
// test needs no privileges beyond user namespaces; skipped where those are unavailable.
void TestHostile::fullDisk()
{
    QTemporaryDir dir;
    const QString mount = dir.filePath(u"small"_s);
    QVERIFY(QDir().mkpath(mount));
    const QString script =
        u"mount -t tmpfs -o size=64k lxfull \"$1\" || exit 77; "
        u"printf 'old contents\\n' > \"$1/out.svg\"; head -c 40000 /dev/zero > \"$1/filler\"; "
        u"\"$2\" render --preset fig9 -o \"$1/out.svg\"; rc=$?; "
        u"cat \"$1/out.svg\"; ls -a \"$1\" >&2; exit $rc"_s;
    const lx::test::CliResult r = lx::test::runCli(
        u"unshare"_s, {u"-rm"_s, u"sh"_s, u"-c"_s, script, u"sh"_s, mount, lx::test::appPath()});
    if (r.exitCode == 77 || r.errText().contains(u"unshare"_s))
        QSKIP("cannot mount a small tmpfs here (no user namespaces)");
    QVERIFY2(r.errText().contains(u"No space left on device"_s), qPrintable(r.errText()));
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.out, kOld);                      // the old file is intact
    QVERIFY(!r.errText().contains(u".tmp-"_s)); // no temporary file left behind
}

// An error excerpt of a value made of multi-byte characters is cut at a character boundary:
// eval prints valid UTF-8 JSON instead of aborting (type_error.316).
void TestHostile::utf8ExcerptNeverAborts()
{
    const QByteArray text = u"{\"cases\": [{\"name\": \"u\", \"op\": \"identity1D\", \"args\": "
                            u"[\"%1\", \"i\", \"o\"]}]}"_s.arg(QString(60, u'\u00e9'))
                                .toUtf8();
    for (int shift = 0; shift < 4; ++shift) {
        // Shift the characters against the cut point: 0..3 leading ASCII bytes.
        QByteArray shifted = text;
        shifted.replace("[\"", "[\"" + QByteArray(shift, 'a'));
        const lx::test::CliResult r = lx::test::runApp({u"eval"_s, u"-"_s}, shifted);
        QCOMPARE(r.exitCode, 0);
        const json out = json::parse(r.out.toStdString(), nullptr, false);
        QVERIFY2(!out.is_discarded(), r.out.constData());
        const std::string error = out["results"][0]["value"]["error"].get<std::string>();
        QVERIFY2(error.find("must be an integer") != std::string::npos, error.c_str());
        QVERIFY(error.find("...") != std::string::npos);
    }
}

void TestHostile::outputThroughSymlinkKeepsTheLink()
{
    QTemporaryDir dir;
    const QString target = dir.filePath(u"real.svg"_s);
    const QString link = dir.filePath(u"link.svg"_s);
    QVERIFY(lx::test::writeFile(target, kOld));
    QVERIFY(QFile::link(u"real.svg"_s, link)); // relative, resolved from the link's folder
    const lx::test::CliResult r =
        lx::test::runApp({u"render"_s, u"--preset"_s, u"default"_s, u"-o"_s, link});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    QVERIFY(QFileInfo(link).isSymLink());
    QVERIFY(lx::test::readFile(target).startsWith("<?xml"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::System).size(), 2);
}

void TestHostile::danglingSymlinkCreatesItsTarget()
{
    QTemporaryDir dir;
    const QString link = dir.filePath(u"link.svg"_s);
    QVERIFY(QFile::link(dir.filePath(u"made.svg"_s), link));
    const lx::test::CliResult r =
        lx::test::runApp({u"render"_s, u"--preset"_s, u"default"_s, u"-o"_s, link});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    QVERIFY(QFileInfo(link).isSymLink());
    QVERIFY(lx::test::readFile(dir.filePath(u"made.svg"_s)).startsWith("<?xml"));
}

QTEST_GUILESS_MAIN(TestHostile)
#include "tst_hostile.moc"
