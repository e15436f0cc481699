// `--arch FILE` with an edited architecture file moves the figures read from it in every command:
// a copy of gfx1250.json that keeps the name "gfx1250" but states another DS counter limit, cache
// line and measured raw bandwidth changes analyze kernel, analyze cta, analyze ds-load-tr and
// render --figures; a malformed value is refused naming it (exit 1). The same for sm90.json's
// load-counter excess: a copy without it gives analyze kernel no load-counter range, a copy
// stating another excess moves the range.

#include "clitest.h"

#include "base/resources.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

namespace {

using namespace Qt::StringLiterals;

// The edited values: none equals gfx1250's own (63 outstanding, a 128-byte line, 202.9 B/cycle).
constexpr double kLimit = 5;
constexpr double kLine = 32;
constexpr double kRaw = 99.5;

const QString kKernel = QStringLiteral(LX_TEST_DATA_DIR) +
                        u"/kernels/gemm_gfx1250_bf16_128x64x32_w22_t11_a01_b01_s824_111.ttgir"_s;

// The figure `key` of a JSON report's "figures".
QJsonObject figureOf(const QJsonObject &report, const QString &key)
{
    for (const QJsonValue &f : report.value(u"figures"_s).toArray())
        if (f.toObject().value(u"key"_s).toString() == key)
            return f.toObject();
    return {};
}

QJsonObject runJson(const QStringList &args)
{
    const lx::test::CliResult r = lx::test::runApp(args);
    if (r.exitCode != 0)
        qWarning("%s", r.err.constData());
    return QJsonDocument::fromJson(r.out).object();
}

} // namespace

class TestCliArchFile : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void kernel();
    void cta();
    void dsLoadTr();
    void renderFigures();
    void malformed();
    void nvidiaLoadCounter();

private:
    // A copy of the embedded `resource` with each JSON pointer of `edit` set to its value (a null
    // value removes the key).
    QString writeArch(const QString &name, const nlohmann::json &edit,
                      const char *resource = "arch/gfx1250.json");

    QTemporaryDir m_dir;
    QString m_edited;
};

QString TestCliArchFile::writeArch(const QString &name, const nlohmann::json &edit,
                                   const char *resource)
{
    const std::optional<std::string_view> text = lx::embeddedResource(resource);
    if (!text)
        return {};
    nlohmann::json doc = nlohmann::json::parse(*text);
    for (const auto &[pointer, value] : edit.items()) {
        const nlohmann::json::json_pointer at(pointer);
        if (value.is_null())
            doc[at.parent_pointer()].erase(at.back());
        else
            doc[at] = value;
    }
    QFile f(m_dir.filePath(name));
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(QByteArray::fromStdString(doc.dump(2)));
    return f.fileName();
}

void TestCliArchFile::initTestCase()
{
    QVERIFY2(!qEnvironmentVariable("LX_APP").isEmpty(), "LX_APP is not set");
    QVERIFY(m_dir.isValid());
    m_edited = writeArch(u"edited.json"_s, {{"/dsCounterLimit/value", kLimit},
                                            {"/cu/cacheLineBytes/value", kLine},
                                            {"/cu/measurements/0/rawBytesPerCycle", kRaw}});
    QVERIFY(!m_edited.isEmpty());
}

void TestCliArchFile::kernel()
{
    const QJsonObject before = runJson({u"analyze"_s, u"kernel"_s, kKernel, u"--json"_s});
    const QJsonObject after =
        runJson({u"analyze"_s, u"kernel"_s, kKernel, u"--arch"_s, m_edited, u"--json"_s});
    QCOMPARE(figureOf(before, u"dsCounterLimit"_s).value(u"value"_s).toDouble(), 63.0);
    QCOMPARE(figureOf(after, u"dsCounterLimit"_s).value(u"value"_s).toDouble(), kLimit);
    const QJsonObject worst = figureOf(after, u"dsCounterWorst"_s);
    const double count = worst.value(u"value"_s).toDouble();
    QVERIFY(count > kLimit);
    QVERIFY2(worst.value(u"text"_s).toString().contains(QString::number(qint64(count - kLimit)) +
                                                        u" of them wait"_s),
             qPrintable(worst.value(u"text"_s).toString()));
}

void TestCliArchFile::cta()
{
    for (const auto &[arch, line] : {std::pair{QString(), 128.0}, std::pair{m_edited, kLine}}) {
        QStringList args{u"analyze"_s, u"cta"_s, u"--preset"_s, u"fig11"_s, u"--json"_s};
        if (!arch.isEmpty())
            args << u"--arch"_s << arch;
        const QJsonObject j = runJson(args);
        const double row = figureOf(j, u"pieceRowBytesB"_s).value(u"value"_s).toDouble();
        QVERIFY(row > 0);
        QCOMPARE(figureOf(j, u"cacheLineB"_s).value(u"value"_s).toDouble(), row / line);
    }
}

void TestCliArchFile::dsLoadTr()
{
    const QJsonObject j = runJson({u"analyze"_s, u"ds-load-tr"_s, u"--preset"_s, u"attention-v"_s,
                                   u"--arch"_s, m_edited, u"--json"_s});
    QCOMPARE(figureOf(j, u"dsCounterLimit"_s).value(u"value"_s).toDouble(), kLimit);
}

void TestCliArchFile::renderFigures()
{
    const QJsonObject j = runJson({u"render"_s, u"--preset"_s, u"microbench-plain"_s, u"--view"_s,
                                   u"microbench-table"_s, u"--arch"_s, m_edited, u"--figures"_s});
    QCOMPARE(figureOf(j, u"rawBandwidthMeasuredPlain"_s).value(u"value"_s).toDouble(), kRaw);
}

void TestCliArchFile::malformed()
{
    const QString bad = writeArch(u"bad.json"_s, {{"/cu/cacheLineBytes/value", 12.5}});
    const lx::test::CliResult r =
        lx::test::runApp({u"analyze"_s, u"cta"_s, u"--preset"_s, u"fig11"_s, u"--arch"_s, bad});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.errText().contains(u"cacheLineBytes"_s), r.err.constData());
    QVERIFY(!r.crashed());
}

void TestCliArchFile::nvidiaLoadCounter()
{
    const QString loopFree =
        QStringLiteral(LX_TEST_DATA_DIR) + u"/kernels/nvidia/tr_fp32_32x128_w8.ttgir"_s;
    const auto wavefronts = [&](const QString &arch) {
        QStringList args{u"analyze"_s, u"kernel"_s, loopFree, u"--json"_s};
        if (!arch.isEmpty())
            args << u"--arch"_s << arch;
        const QJsonObject j = runJson(args);
        return std::pair{j.value(u"totals"_s).toObject().value(u"wavefronts"_s).toObject(),
                         j.value(u"numWarps"_s).toInteger()};
    };
    const auto [own, warps] = wavefronts({});
    const qint64 load = own.value(u"load"_s).toInteger();
    QVERIFY(load > 0 && warps > 0);
    QCOMPARE(own.value(u"loadCounterMax"_s).toInteger(), load + warps);
    // Without the field: the loads are predicted, no counter range is stated.
    const QString without = writeArch(u"sm90-without.json"_s,
                                      {{"/loadCounterExcessPerWarp", nullptr}}, "arch/sm90.json");
    const auto [none, warpsNone] = wavefronts(without);
    QCOMPARE(none.value(u"load"_s).toInteger(), load);
    QVERIFY(!none.contains(u"loadCounterMax"_s));
    QVERIFY(!none.contains(u"loadCounterNote"_s));
    // Another excess moves the range, and the note quotes the file's source.
    const QString three = writeArch(u"sm90-three.json"_s,
                                    {{"/loadCounterExcessPerWarp/value", 3},
                                     {"/loadCounterExcessPerWarp/source", "an edited copy"}},
                                    "arch/sm90.json");
    const auto [edited, warpsEdited] = wavefronts(three);
    QCOMPARE(edited.value(u"loadCounterMax"_s).toInteger(), load + 3 * warpsEdited);
    QVERIFY2(edited.value(u"loadCounterNote"_s).toString().contains(u"an edited copy"_s),
             qPrintable(edited.value(u"loadCounterNote"_s).toString()));
    // A malformed excess is refused naming the field.
    const QString bad =
        writeArch(u"sm90-bad.json"_s, {{"/loadCounterExcessPerWarp/value", 0.5}}, "arch/sm90.json");
    const lx::test::CliResult r =
        lx::test::runApp({u"analyze"_s, u"kernel"_s, loopFree, u"--arch"_s, bad});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.errText().contains(u"loadCounterExcessPerWarp"_s), r.err.constData());
    QVERIFY(!r.crashed());
}

QTEST_GUILESS_MAIN(TestCliArchFile)
#include "tst_cli_archfile.moc"
