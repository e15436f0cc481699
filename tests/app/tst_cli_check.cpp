// `layout-explorer check` end to end (the binary, env LX_APP). The verdicts are derived from the
// analysis' own numbers, not typed in: `analyze kernel tests/data/kernels --json` gives every op's
// maxWays, lostTransposed, partitionConflicts and every kernel's ldsBytesEndToEnd, and for each
// budget the kernels that must fail are those whose numbers exceed it. Then exit codes (0 pass, 1 a
// budget broken, 2 bad input), waivers from a budgets file, JUnit XML read back with
// QXmlStreamReader, and bad input (missing path, bad budgets JSON).

#include "clitest.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <algorithm>
#include <set>

using namespace Qt::StringLiterals;

namespace {

const QString kKernels = QStringLiteral(LX_TEST_DATA_DIR "/kernels");

// The kernels the budgets are checked on: every module of tests/data/kernels. Under the
// sanitizers (LX_TEST_SANITIZED; ten times slower) every fourth of them in name order, copied
// with their folders into a temporary folder: each budget must still tell them apart, which the
// test verifies, and the plain build checks them all.
const QString &kernels()
{
#ifdef LX_TEST_SANITIZED
    static QTemporaryDir dir;
    static const QString path = [] {
        QStringList modules;
        QDirIterator it(kKernels, {u"*.ttgir"_s}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            modules << QDir(kKernels).relativeFilePath(it.next());
        modules.sort();
        for (qsizetype i = 0; i < modules.size(); i += 4) {
            const QString to = dir.filePath(modules[i]);
            QDir().mkpath(QFileInfo(to).path());
            QFile::copy(kKernels + u'/' + modules[i], to);
        }
        return dir.path();
    }();
    return path;
#else
    return kKernels;
#endif
}

bool sanitized()
{
#ifdef LX_TEST_SANITIZED
    return true;
#else
    return false;
#endif
}
const QString kCache = QStringLiteral(LX_TEST_DATA_DIR "/triton-cache");

QJsonObject jsonOf(const QByteArray &out)
{
    return QJsonDocument::fromJson(out).object();
}

// The analysis of every module of tests/data/kernels, by path.
std::map<QString, QJsonObject> &analysis()
{
    static std::map<QString, QJsonObject> byPath;
    if (byPath.empty()) {
        const lx::test::CliResult r =
            lx::test::runApp({u"analyze"_s, u"kernel"_s, kernels(), u"--json"_s});
        for (const QJsonValue &k : jsonOf(r.out).value(u"kernels"_s).toArray())
            byPath[k[u"path"_s].toString()] = k.toObject();
    }
    return byPath;
}

std::set<QString> failing(const QJsonObject &check)
{
    std::set<QString> s;
    for (const QJsonValue &k : check.value(u"kernels"_s).toArray())
        if (k[u"status"_s].toString() == u"fail"_s)
            s.insert(k[u"path"_s].toString());
    return s;
}

// Kernels with an op for which `broken(op)` holds.
template <typename F> std::set<QString> expectedByOp(F broken)
{
    std::set<QString> s;
    for (const auto &[path, k] : analysis())
        for (const QJsonValue &op : k.value(u"ops"_s).toArray())
            if (broken(op.toObject()))
                s.insert(path);
    return s;
}

} // namespace

class TestCliCheck : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void budgets_data();
    void budgets();
    void waivers();
    void junit();
    void cacheFolder();
    void badInput_data();
    void badInput();
    void anUnreadableFileIsNamedOnce();
    void suggestionsAreSuggestOpsAnswer();
    void notModelledListed();
};

// check --suggest gives every offending op the answer of `suggest op` for that line: the alias
// line to put back, or "keep: why" (an sm90 module whose A and B operands conflict).
void TestCliCheck::suggestionsAreSuggestOpsAnswer()
{
    const QString file = kKernels + u"/nvidia/g2_fp16_128x64x64_w22_16.ttgir"_s;
    const lx::test::CliResult r =
        lx::test::runApp({u"check"_s, file, u"--max-ways"_s, u"1"_s, u"--suggest"_s, u"--json"_s});
    QCOMPARE(r.exitCode, 1);
    const QJsonArray kernels = jsonOf(r.out).value(u"kernels"_s).toArray();
    QCOMPARE(kernels.size(), 1);
    int compared = 0;
    for (const QJsonValue &b : kernels[0][u"budgets"_s].toArray())
        for (const QJsonValue &v : b[u"violations"_s].toArray()) {
            const int line = v[u"line"_s].toInt();
            const lx::test::CliResult s = lx::test::runApp(
                {u"suggest"_s, u"op"_s, file, u"--line"_s, QString::number(line), u"--json"_s});
            QCOMPARE(s.exitCode, 0);
            const QJsonObject o = jsonOf(s.out);
            const QString expected = o[u"improves"_s].toBool()
                                         ? o[u"ttgLine"_s].toString()
                                         : u"keep: "_s + o[u"reason"_s].toString();
            QCOMPARE(v[u"suggestion"_s].toString(), expected);
            ++compared;
        }
    QVERIFY(compared >= 2); // the conflicting load of line 41 and its store at least
    // The readable summary shows the same line under the op.
    const lx::test::CliResult text =
        lx::test::runApp({u"check"_s, file, u"--max-ways"_s, u"1"_s, u"--suggest"_s});
    QVERIFY2(text.outText().contains(u"suggest: #shared = #ttg.nvmma_shared<"_s),
             qPrintable(text.outText()));
}

// A Blackwell module passes its budget and names the op the analysis does not model (a
// tmem_load with a reduction), in the text and the JSON.
void TestCliCheck::notModelledListed()
{
    const QString path = QStringLiteral(LX_TEST_DATA_DIR "/kernels/blackwell/tmem_mma_sm100.ttgir");
    const lx::test::CliResult text = lx::test::runApp(
        {QStringLiteral("check"), path, QStringLiteral("--max-ways"), QStringLiteral("2")});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains("PASS  ") && text.out.contains("(sm100)"), text.out.constData());
    QVERIFY2(text.out.contains("not modelled: line 24: ttng.tmem_load: "), text.out.constData());
    const lx::test::CliResult j =
        lx::test::runApp({QStringLiteral("check"), path, QStringLiteral("--max-ways"),
                          QStringLiteral("2"), QStringLiteral("--json")});
    QCOMPARE(j.exitCode, 0);
    const QJsonArray kernels =
        QJsonDocument::fromJson(j.out).object().value(QStringLiteral("kernels")).toArray();
    QCOMPARE(kernels.size(), 1);
    const QJsonArray notModelled =
        kernels[0].toObject().value(QStringLiteral("notModelled")).toArray();
    QCOMPARE(notModelled.size(), 1);
    QVERIFY(notModelled[0].toString().startsWith(QStringLiteral("line 24: ttng.tmem_load: ")));
}

void TestCliCheck::initTestCase()
{
    QVERIFY(lx::test::appIsSet());
    QVERIFY(analysis().size() >= (sanitized() ? 20u : 90u));
}

void TestCliCheck::budgets_data()
{
    QTest::addColumn<QStringList>("flags");
    QTest::addColumn<QString>("budget");
    QTest::newRow("max-ways 1") << QStringList{u"--max-ways"_s, u"1"_s} << u"maxWays"_s;
    QTest::newRow("max-ways 2") << QStringList{u"--max-ways"_s, u"2"_s} << u"maxWays"_s;
    QTest::newRow("max-ways 4") << QStringList{u"--max-ways"_s, u"4"_s} << u"maxWays"_s;
    QTest::newRow("no-fallback") << QStringList{u"--no-fallback"_s} << u"noFallback"_s;
    QTest::newRow("no-partition-conflicts")
        << QStringList{u"--no-partition-conflicts"_s} << u"noPartitionConflicts"_s;
    QTest::newRow("max-lds") << QStringList{u"--max-lds"_s} << u"maxLds"_s;
}

void TestCliCheck::budgets()
{
    QFETCH(QStringList, flags);
    QFETCH(QString, budget);
    std::set<QString> expected;
    if (budget == u"maxWays"_s) {
        const int n = flags.at(1).toInt();
        expected =
            expectedByOp([n](const QJsonObject &op) { return op[u"maxWays"_s].toInt() > n; });
    } else if (budget == u"noFallback"_s) {
        expected =
            expectedByOp([](const QJsonObject &op) { return op[u"lostTransposed"_s].toBool(); });
    } else if (budget == u"noPartitionConflicts"_s) {
        expected = expectedByOp(
            [](const QJsonObject &op) { return op[u"partitionConflicts"_s].toInt() > 0; });
    } else {
        // The median of the kernels' LDS bytes: some are over it, some not.
        std::vector<qint64> bytes;
        for (const auto &[path, k] : analysis())
            bytes.push_back(k[u"ldsBytesEndToEnd"_s].toInteger());
        std::sort(bytes.begin(), bytes.end());
        const qint64 limit = bytes[bytes.size() / 2];
        flags << QString::number(limit);
        for (const auto &[path, k] : analysis())
            if (k[u"ldsBytesEndToEnd"_s].toInteger() > limit)
                expected.insert(path);
    }
    // The budget tells kernels apart on this data (else the row could not fail).
    QVERIFY(!expected.empty());
    QVERIFY(expected.size() < analysis().size());
    const lx::test::CliResult r =
        lx::test::runApp(QStringList{u"check"_s, kernels(), u"--json"_s} + flags);
    QCOMPARE(r.exitCode, 1);
    const QJsonObject j = jsonOf(r.out);
    QCOMPARE(j[u"exitCode"_s].toInt(), 1);
    QCOMPARE(failing(j), expected);
    QCOMPARE(j[u"failed"_s].toInt(), int(expected.size()));
    // Each failing kernel's budget names its offending ops, each with line, op and reason.
    for (const QJsonValue &k : j[u"kernels"_s].toArray())
        for (const QJsonValue &b : k[u"budgets"_s].toArray()) {
            QCOMPARE(b[u"budget"_s].toString(), budget);
            const QJsonArray v = b[u"violations"_s].toArray();
            QCOMPARE(b[u"status"_s].toString() == u"fail"_s, !v.isEmpty());
            for (const QJsonValue &x : v)
                QVERIFY(!x[u"reason"_s].toString().isEmpty() && !x[u"op"_s].toString().isEmpty());
        }
    // The readable summary names every failing kernel once, and the offending ops by file:line.
    const lx::test::CliResult text = lx::test::runApp(QStringList{u"check"_s, kernels()} + flags);
    QCOMPARE(text.exitCode, 1);
    for (const QString &path : expected)
        QVERIFY2(text.outText().contains(u"FAIL  "_s + path), qPrintable(path));
    QVERIFY(text.outText().contains(u"%1 failed"_s.arg(expected.size())));
}

// Waiving every offending op of one failing kernel (by line, and by loc name) makes it pass; the
// ops are still listed, marked waived; the others still fail.
void TestCliCheck::waivers()
{
    const lx::test::CliResult first =
        lx::test::runApp({u"check"_s, kernels(), u"--max-ways"_s, u"2"_s, u"--json"_s});
    QCOMPARE(first.exitCode, 1);
    QJsonObject victim;
    for (const QJsonValue &k : jsonOf(first.out)[u"kernels"_s].toArray())
        if (k[u"status"_s].toString() == u"fail"_s && victim.isEmpty())
            victim = k.toObject();
    QVERIFY(!victim.isEmpty());
    const QString path = victim[u"path"_s].toString();
    const QString file = path.section(u'/', -1);
    QJsonArray waivers;
    bool byLoc = false;
    for (const QJsonValue &v : victim[u"budgets"_s][0][u"violations"_s].toArray()) {
        QJsonObject w{{u"file"_s, file}, {u"budget"_s, u"maxWays"_s}, {u"reason"_s, u"known"_s}};
        if (!byLoc && !v[u"name"_s].toString().isEmpty()) {
            w[u"loc"_s] = v[u"name"_s];
            w[u"line"_s] = v[u"line"_s];
            byLoc = true;
        } else {
            w[u"line"_s] = v[u"line"_s];
        }
        waivers.append(w);
    }
    QTemporaryDir tmp;
    const QString budgets = tmp.filePath(u"budgets.json"_s);
    QVERIFY(lx::test::writeFile(
        budgets, QJsonDocument(QJsonObject{{u"budgets"_s, QJsonObject{{u"maxWays"_s, 2}}},
                                           {u"waivers"_s, waivers}})
                     .toJson()));
    const lx::test::CliResult one =
        lx::test::runApp({u"check"_s, path, u"--budgets"_s, budgets, u"--json"_s});
    QCOMPARE(one.exitCode, 0);
    const QJsonObject k = jsonOf(one.out)[u"kernels"_s][0].toObject();
    QCOMPARE(k[u"status"_s].toString(), u"pass"_s);
    for (const QJsonValue &v : k[u"budgets"_s][0][u"violations"_s].toArray()) {
        QVERIFY(v[u"waived"_s].toBool());
        QCOMPARE(v[u"waiver"_s].toString(), u"known"_s);
    }
    const lx::test::CliResult all =
        lx::test::runApp({u"check"_s, kernels(), u"--budgets"_s, budgets, u"--json"_s});
    std::set<QString> before = failing(jsonOf(first.out));
    before.erase(path);
    QCOMPARE(failing(jsonOf(all.out)), before);
    // A generous budget passes everything.
    QCOMPARE(lx::test::runApp({u"check"_s, kernels(), u"--max-ways"_s, u"64"_s}).exitCode, 0);
}

// JUnit XML: testsuites / testsuite per kernel / testcase per budget, a failure for each broken
// budget, as many as the JSON says.
void TestCliCheck::junit()
{
    QTemporaryDir tmp;
    const QString xml = tmp.filePath(u"check.xml"_s);
    const lx::test::CliResult r =
        lx::test::runApp({u"check"_s, kernels(), kCache, u"--max-ways"_s, u"2"_s,
                          u"--no-fallback"_s, u"--json"_s, u"--junit"_s, xml});
    QCOMPARE(r.exitCode, 1);
    int brokenCases = 0, kernels = 0;
    for (const QJsonValue &k : jsonOf(r.out)[u"kernels"_s].toArray()) {
        ++kernels;
        for (const QJsonValue &b : k[u"budgets"_s].toArray())
            brokenCases += b[u"status"_s].toString() == u"fail"_s ? 1 : 0;
    }
    QVERIFY(brokenCases > 0);
    QXmlStreamReader reader(lx::test::readFile(xml));
    int suites = 0, cases = 0, failures = 0;
    QStringList stack;
    while (!reader.atEnd()) {
        reader.readNext();
        if (reader.isStartElement()) {
            const QString name = reader.name().toString();
            if (stack.isEmpty())
                QCOMPARE(name, u"testsuites"_s);
            if (name == u"testsuite"_s) {
                QCOMPARE(stack.last(), u"testsuites"_s);
                ++suites;
            } else if (name == u"testcase"_s) {
                QCOMPARE(stack.last(), u"testsuite"_s);
                QVERIFY(!reader.attributes().value(u"classname"_s).isEmpty());
                ++cases;
            } else if (name == u"failure"_s) {
                QCOMPARE(stack.last(), u"testcase"_s);
                QVERIFY(!reader.attributes().value(u"message"_s).isEmpty());
                ++failures;
            }
            stack << name;
        } else if (reader.isEndElement()) {
            stack.removeLast();
        }
    }
    QVERIFY2(!reader.hasError(), qPrintable(reader.errorString()));
    QCOMPARE(suites, kernels);
    QCOMPARE(cases, kernels * 2);
    QCOMPARE(failures, brokenCases);
}

// A Triton cache folder: its kernel folders are found; a half-written one is incomplete, not a
// failure and not bad input.
void TestCliCheck::cacheFolder()
{
    QTemporaryDir tmp;
    const QString half = tmp.filePath(u"HALF"_s);
    QVERIFY(QDir().mkpath(half));
    QVERIFY(lx::test::writeFile(half + u"/k.ttir"_s, "module {}\n"));
    QVERIFY(QFile::copy(kKernels + u"/attn_gfx950_128x64x128_w4.ttgir"_s, half + u"/k.ttgir"_s));
    const lx::test::CliResult r = lx::test::runApp(
        {u"check"_s, kCache, tmp.path(), u"--max-lds"_s, u"1048576"_s, u"--json"_s});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray k = jsonOf(r.out)[u"kernels"_s].toArray();
    QCOMPARE(k.size(), 6);
    int incomplete = 0;
    for (const QJsonValue &v : k)
        incomplete += v[u"status"_s].toString() == u"incomplete"_s ? 1 : 0;
    QCOMPARE(incomplete, 1);
}

void TestCliCheck::badInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QByteArray>("budgets");
    QTest::addColumn<QByteArray>("message");
    const QString attn = kKernels + u"/attn_gfx950_128x64x128_w4.ttgir"_s;
    QTest::newRow("missing path") << QStringList{kKernels + u"/nope"_s, u"--max-ways"_s, u"2"_s}
                                  << QByteArray() << QByteArray("no such file");
    QTest::newRow("missing and failing")
        << QStringList{kernels(), u"nope"_s, u"--max-ways"_s, u"1"_s} << QByteArray()
        << QByteArray("nope");
    QTest::newRow("no path") << QStringList{u"--max-ways"_s, u"2"_s} << QByteArray()
                             << QByteArray("at least one PATH");
    QTest::newRow("no budget") << QStringList{attn} << QByteArray() << QByteArray("no budget");
    QTest::newRow("bad number") << QStringList{attn, u"--max-ways"_s, u"two"_s} << QByteArray()
                                << QByteArray("--max-ways");
    QTest::newRow("unknown option")
        << QStringList{attn, u"--frobnicate"_s} << QByteArray() << QByteArray("frobnicate");
    QTest::newRow("budgets not JSON")
        << QStringList{attn} << QByteArray("{\"budgets\": ") << QByteArray("not valid JSON");
    QTest::newRow("budgets unknown key")
        << QStringList{attn} << QByteArray("{\"budgets\": {\"maxWay\": 2}}")
        << QByteArray("unknown key \"maxWay\"");
    QTest::newRow("budgets wrong type")
        << QStringList{attn} << QByteArray("{\"budgets\": {\"noFallback\": 1}}")
        << QByteArray("noFallback must be true or false");
    QTest::newRow("waiver without reason")
        << QStringList{attn}
        << QByteArray("{\"budgets\": {\"maxWays\": 2}, \"waivers\": [{\"line\": 3}]}")
        << QByteArray("needs a \"reason\"");
    QTest::newRow("maxWays out of range")
        << QStringList{attn} << QByteArray("{\"budgets\": {\"maxWays\": 0}}")
        << QByteArray("maxWays");
}

void TestCliCheck::badInput()
{
    QFETCH(QStringList, args);
    QFETCH(QByteArray, budgets);
    QFETCH(QByteArray, message);
    QTemporaryDir tmp;
    if (!budgets.isEmpty()) {
        QVERIFY(lx::test::writeFile(tmp.filePath(u"b.json"_s), budgets));
        args << u"--budgets"_s << tmp.filePath(u"b.json"_s);
    }
    const lx::test::CliResult r = lx::test::runApp(QStringList{u"check"_s} + args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(message) || r.out.contains(message), r.err.constData());
}

// The text summary of an unreadable file names it once (the parser's message starts with it)
// and counts one kernel as one.
void TestCliCheck::anUnreadableFileIsNamedOnce()
{
    QTemporaryDir tmp;
    const QString path = tmp.filePath(u"garbage.ttgir"_s);
    QVERIFY(lx::test::writeFile(path, QByteArray("\x84\x01 not a module")));
    const lx::test::CliResult r =
        lx::test::runApp(QStringList{u"check"_s, path, u"--max-ways"_s, u"2"_s});
    const QString text = r.outText() + r.errText();
    const QStringList errors = text.split(u'\n').filter(u"ERROR "_s);
    QVERIFY2(!errors.isEmpty(), qPrintable(text));
    for (const QString &line : errors)
        QVERIFY2(line.count(u"garbage.ttgir"_s) == 1, qPrintable(line));
    QVERIFY2(text.contains(u"1 kernel: "_s), qPrintable(text));
}

QTEST_GUILESS_MAIN(TestCliCheck)
#include "tst_cli_check.moc"
