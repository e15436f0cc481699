// `layout-explorer eval` end to end: the real executable (env LX_APP) on the conformance files
// and on bad input.

#include "conformance/caseeval.h"

#include "clitest.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using json = nlohmann::json;

class TestCliEval : public QObject
{
    Q_OBJECT

    static lx::test::CliResult run(const QStringList &args, const QByteArray &input = {})
    {
        return lx::test::runApp(args, input);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(QFile::exists(qEnvironmentVariable("LX_APP")), "LX_APP is not set");
    }

    void conformanceFileThroughTheCommandLine_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("ll_core") << QStringLiteral("triton-ll_core.json");
        QTest::newRow("unittests") << QStringLiteral("triton-unittests-linear-layout.json");
        QTest::newRow("conversions") << QStringLiteral("triton-conversions.json");
        QTest::newRow("bank_conflicts") << QStringLiteral("triton-bank_conflicts.json");
    }

    void conformanceFileThroughTheCommandLine()
    {
        QFETCH(QString, file);
        const QString path = QStringLiteral(LX_TEST_DATA_DIR "/conformance/") + file;
        const lx::test::CliResult r = run({QStringLiteral("eval"), path});
        QCOMPARE(r.exitCode, 0);
        const json out = json::parse(r.out.toStdString(), nullptr, false);
        QVERIFY(out.is_object() && out["results"].is_array());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const json doc = json::parse(f.readAll().toStdString());
        const json &cases = doc.contains("cases") ? doc["cases"] : doc["vectors"];
        QCOMPARE(out["results"].size(), cases.size());
        int agree = 0, considered = 0;
        for (size_t i = 0; i < cases.size(); ++i) {
            QVERIFY(out["results"][i]["name"] == cases[i]["name"]);
            if (cases[i].value("disabled", false) || cases[i].contains("compare"))
                continue;
            ++considered;
            agree += lx::resultMatches(out["results"][i]["value"], cases[i]["expect"]);
        }
        qInfo("%s via eval: %d of %d agree", qPrintable(file), agree, considered);
        QCOMPARE(agree, considered);
    }

    void stdinAndBadCases()
    {
        const lx::test::CliResult r = run({QStringLiteral("eval"), QStringLiteral("-")},
                                          R"({"cases": [{"name": "bad", "op": "nope", "args": []},
                              {"name": "ok", "op": "identity1D", "args": [4, "i", "o"]}]})");
        QCOMPARE(r.exitCode, 0);
        const json out = json::parse(r.out.toStdString());
        QVERIFY(out["results"][0]["value"].contains("error"));
        QVERIFY(out["results"][1]["value"]["outDims"] == json::parse(R"([["o", 4]])"));
    }

    void failures_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("no file") << QStringList{QStringLiteral("eval")} << QByteArray() << 2;
        QTest::newRow("two files")
            << QStringList{QStringLiteral("eval"), QStringLiteral("a"), QStringLiteral("b")}
            << QByteArray() << 2;
        QTest::newRow("unknown option")
            << QStringList{QStringLiteral("eval"), QStringLiteral("--frob")} << QByteArray() << 2;
        QTest::newRow("missing file")
            << QStringList{QStringLiteral("eval"), QStringLiteral("/nonexistent/x.json")}
            << QByteArray() << 1;
        QTest::newRow("not json") << QStringList{QStringLiteral("eval"), QStringLiteral("-")}
                                  << QByteArray("{oops") << 1;
        QTest::newRow("no cases") << QStringList{QStringLiteral("eval"), QStringLiteral("-")}
                                  << QByteArray("{\"x\": 1}") << 1;
        QTest::newRow("unknown command")
            << QStringList{QStringLiteral("frobnicate")} << QByteArray() << 2;
    }

    void failures()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, input);
        QFETCH(int, exitCode);
        const lx::test::CliResult r = run(args, input);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY(!r.err.isEmpty());
        QVERIFY(r.out.isEmpty());
    }

    void version()
    {
        const lx::test::CliResult r = run({QStringLiteral("--version")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.startsWith("layout-explorer " LX_VERSION_STRING));
    }
};

QTEST_GUILESS_MAIN(TestCliEval)
#include "tst_cli_eval.moc"
