// `layout-explorer compare` end to end through LX_APP: its JSON is the request layer's compare
// record for the same scene and layouts (one answer), `render --figures` of a compare view gives
// the same figures, the text lists every architecture, and bad input (1) and bad usage (2) name
// their cause with nothing on stdout.

#include "clitest.h"

#include "io/scene.h"
#include "request/compareinput.h"

#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using json = nlohmann::json;

namespace {

json parsed(const lx::test::CliResult &r)
{
    return json::parse(r.out.constData(), r.out.constData() + r.out.size(), nullptr, false);
}

// The record the request layer makes for layouts a, b of the preset (the archs when given).
json record(const std::string &preset, const std::string &a, const std::string &b,
            const json &archs = nullptr)
{
    auto scene = lx::loadPreset(preset);
    if (!scene)
        return json();
    auto req = lx::sceneRequest(*scene);
    if (!req)
        return json();
    req->kind = "compare";
    req->layout = a;
    req->options = {{"layout", a}, {"other", b}};
    if (!archs.is_null())
        req->options["archs"] = archs;
    auto in = lx::resolveCompare(*req);
    return in ? lx::compareJson(*in) : json(in.message());
}

} // namespace

class TestCliCompare : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(!lx::test::appPath().isEmpty()); }

    void jsonIsTheRequestRecord()
    {
        const auto r = lx::test::runApp(
            {u"compare"_s, u"--preset"_s, u"lds-c1"_s, u"read"_s, u"xor"_s, u"--json"_s});
        QCOMPARE(r.exitCode, 0);
        const json cli = parsed(r);
        const json mine = record("lds-c1", "read", "xor");
        QVERIFY2(cli == mine, qPrintable(QString::fromStdString(cli.dump().substr(0, 400))));
        QCOMPARE(cli.at("archs").size(), size_t(3));
        QCOMPARE(cli.at("pair").get<std::string>(), std::string("distributed -> shared"));
    }

    void archsFromTheScene()
    {
        QTemporaryDir dir;
        auto scene = lx::loadPreset("store-transposed");
        QVERIFY(scene);
        const QString path = dir.filePath(u"st.lxscene"_s);
        QVERIFY(lx::saveSceneAtomically(*scene, path.toStdString()));
        const auto r = lx::test::runApp({u"compare"_s, u"--scene"_s, path, u"B"_s, u"kcontig"_s,
                                         u"--archs"_s, u"gfx942, gfx1250"_s, u"--json"_s});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(parsed(r) == record("store-transposed", "B", "kcontig", {"gfx942", "gfx1250"}));
    }

    // The compare view of a scene, rendered with --figures, shows the command's figures.
    void theViewShowsTheSameFigures()
    {
        QTemporaryDir dir;
        auto scene = lx::loadPreset("lds-c1");
        QVERIFY(scene);
        scene->views = {lx::SceneView{"compare", "read", {{"other", "xor"}}}};
        const QString path = dir.filePath(u"c1.lxscene"_s);
        QVERIFY(lx::saveSceneAtomically(*scene, path.toStdString()));
        const auto view = lx::test::runApp(
            {u"render"_s, u"--scene"_s, path, u"--view-index"_s, u"0"_s, u"--figures"_s});
        QCOMPARE(view.exitCode, 0);
        const auto cli =
            lx::test::runApp({u"compare"_s, u"--scene"_s, path, u"read"_s, u"xor"_s, u"--json"_s});
        QCOMPARE(cli.exitCode, 0);
        const json shown = parsed(view).at("figures");
        const json given = parsed(cli).at("figures");
        QCOMPARE(shown.size(), given.size());
        for (size_t i = 0; i < given.size(); ++i) {
            const std::string key = given[i].at("key").get<std::string>();
            QVERIFY2(shown[i].at("key") == given[i].at("key"), key.c_str());
            QVERIFY2(shown[i].at("value") == given[i].at("value"), key.c_str());
            QVERIFY2(shown[i].at("provenance") == given[i].at("provenance"), key.c_str());
        }
    }

    void textListsEveryArchitecture()
    {
        const auto r =
            lx::test::runApp({u"compare"_s, u"--preset"_s, u"lds-c1"_s, u"read"_s, u"xor"_s});
        QCOMPARE(r.exitCode, 0);
        const QString out = r.outText();
        QVERIFY2(out.contains(u"instruction"_s) && out.contains(u"n-way"_s), qPrintable(out));
        for (const QString &arch : {u"gfx942"_s, u"gfx950"_s, u"gfx1250"_s})
            QVERIFY2(out.contains(arch), qPrintable(out));
    }

    void refusals_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("cause");
        QTest::newRow("unknown layout")
            << QStringList{u"--preset"_s, u"lds-c1"_s, u"read"_s, u"nope"_s} << 1 << u"nope"_s;
        QTest::newRow("unknown arch") << QStringList{u"--preset"_s, u"lds-c1"_s,  u"read"_s,
                                                     u"xor"_s,      u"--archs"_s, u"gfx9000"_s}
                                      << 1 << u"gfx9000"_s;
        QTest::newRow("one layout")
            << QStringList{u"--preset"_s, u"lds-c1"_s, u"read"_s} << 2 << u"two layout names"_s;
        QTest::newRow("no scene") << QStringList{u"read"_s, u"xor"_s} << 2 << u"--scene"_s;
    }

    void refusals()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, cause);
        const auto r = lx::test::runApp(QStringList{u"compare"_s} + args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.errText().contains(cause), qPrintable(r.errText()));
    }
};

QTEST_APPLESS_MAIN(TestCliCompare)
#include "tst_cli_compare.moc"
