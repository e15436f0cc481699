// `--arch FILE` with an edited architecture file moves the figures read from it in every command:
// a copy of gfx1250.json that keeps the name "gfx1250" but states another DS counter limit, cache
// line and measured raw bandwidth changes analyze kernel, analyze cta, analyze ds-load-tr and
// render --figures; a malformed value is refused naming it (exit 1).

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

private:
    QString writeArch(const QString &name, const nlohmann::json &edit);

    QTemporaryDir m_dir;
    QString m_edited;
};

QString TestCliArchFile::writeArch(const QString &name, const nlohmann::json &edit)
{
    const std::optional<std::string_view> text = lx::embeddedResource("arch/gfx1250.json");
    if (!text)
        return {};
    nlohmann::json doc = nlohmann::json::parse(*text);
    for (const auto &[pointer, value] : edit.items())
        doc[nlohmann::json::json_pointer(pointer)] = value;
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

QTEST_GUILESS_MAIN(TestCliArchFile)
#include "tst_cli_archfile.moc"
