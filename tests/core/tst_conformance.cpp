// Runs every case of every conformance file (tests/data/conformance) through the engine and
// compares with the case's expectation. Cases marked `disabled` are skipped; the per-file
// counts are printed. The gfx1250 lowering file has no `op` per case: its cases are checked by
// the builders, ds_load_tr, ctaLayout and allocator tests.

#include "conformance/caseeval.h"
#include "io/layoutjson.h"
#include "layout/linearlayout.h"

#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

#include <new>
#include <stdexcept>
#include <vector>

using json = nlohmann::json;

namespace {

json readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return json();
    const QByteArray data = f.readAll();
    return json::parse(data.constData(), data.constData() + data.size(), nullptr, false);
}

// The extra assertions of the unit-test vectors (`checks`) that concern the result layout.
QString checkExtras(const json &value, const json &checks)
{
    if (!checks.is_object() || !value.is_object() || !value.contains("bases"))
        return {};
    // The result read back by the product's reader (io/layoutjson.h), not a reader of its own.
    const lx::Expected<lx::LinearLayout> l = lx::layoutFromJson(value);
    if (!l)
        return QString::fromStdString(l.message());
    if (checks.contains("isSurjective") && checks["isSurjective"].get<bool>() != l->isSurjective())
        return QStringLiteral("isSurjective differs");
    if (checks.contains("inDimSizeLog2"))
        for (const auto &[d, v] : checks["inDimSizeLog2"].items())
            if (l->inDimSizeLog2(d) != v.get<int>())
                return QStringLiteral("inDimSizeLog2 of %1 differs").arg(QString::fromStdString(d));
    if (checks.contains("outDimSizeLog2"))
        for (const auto &[d, v] : checks["outDimSizeLog2"].items())
            if (l->outDimSizeLog2(d) != v.get<int>())
                return QStringLiteral("outDimSizeLog2 of %1 differs")
                    .arg(QString::fromStdString(d));
    if (checks.contains("inOrder") && json(l->inDimNames()) != checks["inOrder"])
        return QStringLiteral("in-dim order differs");
    if (checks.contains("outOrder") && json(l->outDimNames()) != checks["outOrder"])
        return QStringLiteral("out-dim order differs");
    return {};
}

} // namespace

class TestConformance : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void caseFile_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("ll_core") << QStringLiteral("triton-ll_core.json");
        QTest::newRow("unittests") << QStringLiteral("triton-unittests-linear-layout.json");
        QTest::newRow("conversions") << QStringLiteral("triton-conversions.json");
        QTest::newRow("bank_conflicts") << QStringLiteral("triton-bank_conflicts.json");
        QTest::newRow("nvidia") << QStringLiteral("triton-nvidia.json");
    }

    void caseFile()
    {
        QFETCH(QString, file);
        const json doc = readJson(QStringLiteral(LX_TEST_DATA_DIR "/conformance/") + file);
        QVERIFY2(doc.is_object(), "cannot read the case file");
        const json &cases = doc.contains("cases") ? doc["cases"] : doc["vectors"];
        int passed = 0, failed = 0, skipped = 0;
        QStringList failures;
        for (const json &c : cases) {
            if (c.value("disabled", false)) {
                ++skipped;
                continue;
            }
            const json value = lx::evaluateCase(c);
            bool ok =
                c.value("compare", std::string()) == "equalIgnoringOutDimSizes"
                    ? value.is_object() && value.value("bases", json()) == c["expect"]["bases"]
                    : lx::resultMatches(value, c["expect"]);
            QString extra = ok ? checkExtras(value, c.value("checks", json())) : QString();
            if (ok && extra.isEmpty()) {
                ++passed;
                continue;
            }
            ++failed;
            if (failures.size() < 8)
                failures << QStringLiteral("%1 (%2): got %3, expected %4 %5")
                                .arg(QString::fromStdString(c.value("name", std::string())),
                                     QString::fromStdString(c.value("op", std::string())),
                                     QString::fromStdString(value.dump()).left(300),
                                     QString::fromStdString(c["expect"].dump()).left(300), extra);
        }
        qInfo("%s: %d passed, %d failed, %d skipped (disabled)", qPrintable(file), passed, failed,
              skipped);
        QVERIFY2(failed == 0, qPrintable(failures.join(QLatin1Char('\n'))));
        QVERIFY(passed > 0);
    }

    // The command-line contract: malformed cases give an error value for that case only.
    void badCases_data()
    {
        QTest::addColumn<QString>("caseJson");
        QTest::newRow("not an object") << QStringLiteral("[1, 2]");
        QTest::newRow("no op") << QStringLiteral(R"({"name": "x", "args": []})");
        QTest::newRow("unknown op") << QStringLiteral(R"({"op": "frobnicate", "args": []})");
        QTest::newRow("args not a list") << QStringLiteral(R"({"op": "invert", "args": 3})");
        QTest::newRow("missing argument") << QStringLiteral(R"({"op": "compose", "args": []})");
        QTest::newRow("wrong basis arity") << QStringLiteral(
            R"({"op": "invert", "args": [{"bases": [["in", [[1, 0]]]], "outDims": [["out", 2]]}]})");
        QTest::newRow("non power of two size") << QStringLiteral(
            R"({"op": "invert", "args": [{"bases": [["in", [[1]]]], "outDims": [["out", 3]]}]})");
        QTest::newRow("negative component") << QStringLiteral(
            R"({"op": "invert", "args": [{"bases": [["in", [[-1]]]], "outDims": [["out", 2]]}]})");
        QTest::newRow("component out of range") << QStringLiteral(
            R"({"op": "invert", "args": [{"bases": [["in", [[4]]]], "outDims": [["out", 2]]}]})");
        QTest::newRow("size beyond 64 bits") << QStringLiteral(
            R"({"op": "toString", "args": [{"bases": [], "outDims": [["a", 1073741824], ["b", 1073741824], ["c", 1073741824]]}]})");
        QTest::newRow("size beyond int32") << QStringLiteral(
            R"({"op": "toString", "args": [{"bases": [], "outDims": [["a", 8589934592]]}]})");
        QTest::newRow("component not an integer") << QStringLiteral(
            R"({"op": "invert", "args": [{"bases": [["in", [["x"]]]], "outDims": [["out", 2]]}]})");
        QTest::newRow("not invertible") << QStringLiteral(
            R"({"op": "invert", "args": [{"bases": [["in", [[0]]]], "outDims": [["out", 2]]}]})");
    }

    void badCases()
    {
        QFETCH(QString, caseJson);
        const json c = json::parse(caseJson.toStdString());
        const json value = lx::evaluateCase(c);
        QVERIFY2(value.is_object() && value.contains("error"), value.dump().c_str());
        QVERIFY(!value.contains("internalError"));
        QVERIFY(!value["error"].get<std::string>().empty());
    }

    // Only the engine's refusals may become an {"error"} value: an exception that signals a bug
    // (a failed internal check, an index out of range, memory exhausted) must fail a case even
    // when that case expects an error, or a crash-prone operation would pass as "refused".
    void unexpectedExceptionFailsTheCase_data()
    {
        QTest::addColumn<int>("kind");
        QTest::newRow("std::logic_error") << 0;
        QTest::newRow("std::out_of_range") << 1;
        QTest::newRow("std::bad_alloc") << 2;
        QTest::newRow("not a std::exception") << 3;
    }

    void unexpectedExceptionFailsTheCase()
    {
        QFETCH(int, kind);
        const json value = lx::evaluateClassifying([kind]() -> json {
            switch (kind) {
            case 0:
                throw std::logic_error("an internal check failed");
            case 1:
                return json(std::vector<int>{1, 2}.at(5));
            case 2:
                throw std::bad_alloc();
            default:
                throw 42;
            }
        });
        QVERIFY2(value.is_object() && value.contains("internalError"), value.dump().c_str());
        QVERIFY(!value.contains("error"));
        // It matches no expectation: not an expected error, not "fail", not a value.
        QVERIFY(!lx::resultMatches(value, json{{"error", "anything"}}));
        QVERIFY(!lx::resultMatches(value, json("fail")));
        QVERIFY(!lx::resultMatches(value, value));
    }

    // The engine's refusals stay error values that an error expectation accepts.
    void refusalMatchesAnExpectedError()
    {
        const json refused = lx::evaluateCase(json::parse(
            R"({"op": "invert", "args": [{"bases": [["in", [[0]]]], "outDims": [["out", 2]]}]})"));
        QVERIFY2(refused.contains("error"), refused.dump().c_str());
        QVERIFY(lx::resultMatches(refused, json{{"error", "not invertible"}}));
        QVERIFY(lx::resultMatches(refused, json("fail")));
        const json value = lx::evaluateClassifying([] { return json{{"x", 1}}; });
        QVERIFY(value == (json{{"x", 1}}));
    }

    void badFileKeepsOtherCases()
    {
        const std::string text = R"({"cases": [
            {"name": "bad", "op": "invert", "args": [{"bases": [["in", [[3]]]], "outDims": [["out", 3]]}]},
            {"name": "good", "op": "invert", "args": [{"bases": [["in", [[1]]]], "outDims": [["out", 2]]}]}]})";
        const json r = lx::evaluateCaseFile(text);
        QCOMPARE(r["results"].size(), size_t(2));
        QVERIFY(r["results"][0]["value"].contains("error"));
        QVERIFY(r["results"][1]["value"].contains("bases"));
        QVERIFY(lx::evaluateCaseFile("{not json").contains("error"));
        QVERIFY(lx::evaluateCaseFile("{\"foo\": 1}").contains("error"));
    }
};

QTEST_GUILESS_MAIN(TestConformance)
#include "tst_conformance.moc"
