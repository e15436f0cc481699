// One scene, one set of numbers: for each analysis kind (ds-load-tr, cta, lds, banks) the same
// scene gives the same figures in the window's analysis panel (LayoutPropertiesModel fed by the
// document's view, as the main window does), in `layout-explorer analyze KIND ... --json` and in
// `layout-explorer render ... --figures`; the analyze JSON's long-standing keys carry the same
// numbers as its figures. The same holds for each scene with every dtype removed: all three then
// report the default element type, labelled as the default.

#include "io/scene.h"
#include "models/documentviews.h"
#include "models/layoutdocument.h"
#include "models/layoutpropertiesmodel.h"
#include "models/scenefile.h"
#include "render/diagram.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <map>

using namespace Qt::StringLiterals;
using nlohmann::json;

namespace {

struct Run
{
    int code = -1;
    QByteArray out, err;
};

Run run(const QStringList &args)
{
    QProcess p;
    p.start(qEnvironmentVariable("LX_APP"), args);
    Run r;
    if (!p.waitForFinished(120000))
        return r;
    r.code = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

// The index of the view `analyze KIND` analyses (its documented choice), found from the scene.
int analysedView(const lx::Scene &scene, const QString &kind)
{
    for (size_t i = 0; i < scene.views.size(); ++i) {
        const lx::SceneView &v = scene.views[i];
        const bool lds = v.options.is_object() && (v.options.contains("microbenchmark") ||
                                                   v.options.contains("allocations"));
        if ((kind == u"lds"_s && lds) || (kind == u"banks"_s && v.kind.rfind("bank-", 0) == 0) ||
            (kind == u"cta"_s && v.kind.rfind("cta", 0) == 0) ||
            (kind == u"ds-load-tr"_s && v.kind.rfind("ds-load-tr", 0) == 0))
            return int(i);
    }
    return -1;
}

// key -> text of a figures array ({"key", "text", ...}).
std::map<std::string, std::string> texts(const json &figures)
{
    std::map<std::string, std::string> out;
    for (const json &f : figures)
        out[f.at("key").get<std::string>()] = f.at("text").get<std::string>();
    return out;
}

double value(const json &figures, const std::string &key)
{
    for (const json &f : figures)
        if (f.at("key") == key && f.at("value").is_number())
            return f.at("value").get<double>();
    return qQNaN();
}

// Every dtype removed: from the layouts and from every view's options, nested ones included.
void stripDtypes(json &j)
{
    if (j.is_object()) {
        j.erase("dtype");
        for (auto &[k, v] : j.items())
            stripDtypes(v);
    } else if (j.is_array()) {
        for (json &v : j)
            stripDtypes(v);
    }
}

} // namespace

class TestSameNumbers : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void everywhere_data();
    void everywhere();

private:
    QTemporaryDir m_dir;
};

void TestSameNumbers::initTestCase()
{
    QVERIFY2(!qEnvironmentVariable("LX_APP").isEmpty(), "LX_APP is not set");
    QVERIFY(m_dir.isValid());
}

void TestSameNumbers::everywhere_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("preset");
    QTest::addColumn<bool>("withoutDtype");
    const std::pair<const char *, const char *> cases[] = {
        {"ds-load-tr", "fig1a"}, {"ds-load-tr", "fig2b"},           {"cta", "fig10"},
        {"cta", "fig8"},         {"lds", "microbench-partitioned"}, {"lds", "fig12"},
        {"banks", "lds-g3"},     {"banks", "rocmlir-kpack-after"},
    };
    for (const auto &[kind, preset] : cases)
        for (bool strip : {false, true})
            QTest::addRow("%s %s%s", kind, preset, strip ? " without dtype" : "")
                << QString::fromLatin1(kind) << QString::fromLatin1(preset) << strip;
}

void TestSameNumbers::everywhere()
{
    QFETCH(QString, kind);
    QFETCH(QString, preset);
    QFETCH(bool, withoutDtype);

    // The scene, as a file (the presets' own bytes, or with every dtype removed).
    lx::Expected<lx::Scene> scene = lx::loadPreset(preset.toStdString());
    QVERIFY2(scene, scene ? "" : scene.message().c_str());
    json text = json::parse(lx::serializeScene(*scene));
    if (withoutDtype)
        stripDtypes(text);
    const QString path =
        m_dir.filePath(preset + (withoutDtype ? u"-nodtype"_s : QString()) + u".lxscene"_s);
    {
        lx::Expected<lx::Scene> parsed = lx::parseScene(text.dump());
        QVERIFY2(parsed, parsed ? "" : parsed.message().c_str());
        QVERIFY(lx::saveSceneAtomically(*parsed, path.toStdString()));
        scene = std::move(*parsed);
    }
    const int view = analysedView(*scene, kind);
    QVERIFY2(view >= 0, "the scene has no view of this analysis");

    // 1. analyze KIND --scene FILE --json.
    QStringList args{u"analyze"_s, kind, u"--scene"_s, path, u"--json"_s};
    if (kind == u"banks"_s)
        args << u"--view"_s << QString::number(view);
    const Run a = run(args);
    QVERIFY2(a.code == 0, a.err.constData());
    const json analyzed = json::parse(a.out.toStdString());
    QVERIFY(analyzed.contains("figures"));
    const json &figures = analyzed.at("figures");
    QVERIFY(!figures.empty());

    // 2. render --scene FILE --view-index N --figures.
    const Run r = run({u"render"_s, u"--scene"_s, path, u"--view-index"_s, QString::number(view),
                       u"--figures"_s});
    QVERIFY2(r.code == 0, r.err.constData());
    const auto rendered = texts(json::parse(r.out.toStdString()).at("figures"));

    // 3. The window: the document's view and the analysis panel's model.
    const lx::Expected<lx::SceneContents> contents = lx::readSceneFile(path);
    QVERIFY2(contents, contents ? "" : contents.message().c_str());
    lx::LayoutDocument document;
    document.reset(*contents, path);
    const lx::Expected<lx::Diagram> diagram = lx::buildDocumentView(document.contents(), view);
    QVERIFY2(diagram, diagram ? "" : diagram.message().c_str());
    lx::LayoutPropertiesModel panel(&document);
    panel.setViewFigures(u"view"_s, diagram->figures);

    for (const auto &[key, shown] : texts(figures)) {
        const QString k = QString::fromStdString(key);
        QVERIFY2(rendered.count(key), qPrintable(u"render lacks figure "_s + k));
        QCOMPARE(QString::fromStdString(rendered.at(key)), QString::fromStdString(shown));
        QCOMPARE(panel.value(u"view:"_s + k), QString::fromStdString(shown));
    }

    // The analyze JSON's own keys say the same as its figures.
    if (kind == u"banks"_s) {
        QCOMPARE(value(figures, "nway"), analyzed.at("totals").at("maxWays").get<double>());
        QCOMPARE(value(figures, "cyclesTotal"), analyzed.at("totals").at("cycles").get<double>());
        QCOMPARE(value(figures, "instructions"),
                 analyzed.at("totals").at("instructions").get<double>());
    } else if (kind == u"cta"_s) {
        for (const char *op : {"A", "B"}) {
            const json &o = analyzed.at(op);
            if (o.at("separable").get<bool>()) {
                QCOMPARE(value(figures, std::string("pieces") + op), o.at("pieces").get<double>());
                QCOMPARE(value(figures, std::string("tdm") + op),
                         o.at("tdmInstructions").get<double>());
            }
        }
    } else if (kind == u"ds-load-tr"_s) {
        QCOMPARE(value(figures, "fallback"), analyzed.at("fallbackInstructions").get<double>());
        if (analyzed.at("eligible").get<bool>())
            QCOMPARE(value(figures, "instructions"), analyzed.at("instructions").get<double>());
    } else {
        QCOMPARE(value(figures, "ldsBytes"), analyzed.at("totalBytes").get<double>());
        if (analyzed.contains("modelCycles"))
            QCOMPARE(value(figures, "cyclesModel"), analyzed.at("modelCycles").get<double>());
    }

    // Without a dtype the default is used and said to be the default, in all three.
    if (withoutDtype && kind != u"lds"_s) {
        const std::string expected = "f16 (default)";
        QCOMPARE(QString::fromStdString(texts(figures).at("dtype")),
                 QString::fromStdString(expected));
        QCOMPARE(panel.value(u"view:dtype"_s), QString::fromStdString(expected));
    }
}

QTEST_MAIN(TestSameNumbers)
#include "tst_samenumbers.moc"
