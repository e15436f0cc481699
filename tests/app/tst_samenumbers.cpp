// One scene, one set of numbers: for each analysis kind (ds-load-tr, cta, lds, banks) the same
// scene gives the same figures in the window's analysis panel (LayoutPropertiesModel fed by the
// document's view, as the main window does), in `layout-explorer analyze KIND ... --json` and in
// `layout-explorer render ... --figures`; the analyze JSON's long-standing keys carry the same
// numbers as its figures. The same holds for each scene with every dtype removed: all three then
// report the default element type, labelled as the default. The window's figures are compared by
// key, value, unit and provenance (the Figure behind each DiagramFigure), not by their text.
//
// The design assistant, the diff and the kernel analysis likewise: the Suggest panel's model
// (search and explainer), the diff view and the kernel dock give the figures (values and
// provenance) of `suggest shared --json`, `suggest shared --explain --json`, `diff --json` and
// `analyze kernel --json` over the presets, tests/data/scenes and tests/data/kernels.

#include "io/scene.h"
#include "models/documentviews.h"
#include "models/kernelopsmodel.h"
#include "models/layoutdocument.h"
#include "models/layoutpropertiesmodel.h"
#include "models/scenefile.h"
#include "models/suggestmodel.h"
#include "render/diagram.h"
#include "request/kernelrequest.h"
#include "request/suggestaccess.h"
#include "widgets/kerneldock.h"

#include <QApplication>
#include <QDir>
#include <QFile>
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

QString dumped(const json &j)
{
    return QString::fromStdString(j.dump());
}

// The figures of `figures` (as JSON) against those of a face in process: the same keys in the
// same order, and for each the same value, unit and provenance (the text only where there is no
// value: it is then the value, e.g. a layout).
void compareFigures(const json &cli, const std::vector<lx::Figure> &window, const QString &what)
{
    const json mine = lx::figuresJson(window);
    QVERIFY2(!cli.empty(), qPrintable(what + u": no figures"_s));
    QCOMPARE(mine.size(), cli.size());
    for (size_t i = 0; i < cli.size(); ++i) {
        const json &c = cli[i];
        const json &w = mine[i];
        const QString key = QString::fromStdString(c.at("key").get<std::string>());
        QCOMPARE(QString::fromStdString(w.at("key").get<std::string>()), key);
        QVERIFY2(w.at("value") == c.at("value"),
                 qPrintable(what + u" "_s + key + u": "_s + QString::fromStdString(w.dump()) +
                            u" vs "_s + QString::fromStdString(c.dump())));
        QCOMPARE(dumped(w.at("unit")), dumped(c.at("unit")));
        QCOMPARE(dumped(w.at("provenance")), dumped(c.at("provenance")));
        if (c.at("value").is_null())
            QCOMPARE(dumped(w.at("text")), dumped(c.at("text")));
    }
}

// The figures of a diagram's figure list as the request layer's Figures: key, text, value,
// unit and provenance (every figure carries all of them, request-layer figures and the view's own).
std::vector<lx::Figure> figuresOf(const lx::Diagram &d)
{
    std::vector<lx::Figure> out;
    for (const lx::DiagramFigure &f : d.figures) {
        lx::Figure g;
        g.key = f.key.toStdString();
        g.label = f.label.toStdString();
        g.text = f.value.toStdString();
        g.value = f.number;
        g.unit = f.unit.toStdString();
        g.note = f.toolTip.toStdString();
        g.source = f.source;
        out.push_back(std::move(g));
    }
    return out;
}

QString writeScene(const QTemporaryDir &dir, const lx::Scene &scene, const QString &name)
{
    const QString path = dir.filePath(name + u".lxscene"_s);
    return lx::saveSceneAtomically(scene, path.toStdString()) ? path : QString();
}

QString dataScene(const char *name)
{
    return QStringLiteral(LX_TEST_DATA_DIR "/scenes/") + QLatin1String(name) + u".lxscene"_s;
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
    void suggestAndExplain_data();
    void suggestAndExplain();
    void diff_data();
    void diff();
    void kernel_data();
    void kernel();

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
    const json renderedFigures = json::parse(r.out.toStdString()).at("figures");
    const auto rendered = texts(renderedFigures);
    // render --figures gives the values and provenance of analyze --json.
    for (const json &f : figures)
        for (const json &g : renderedFigures)
            if (g.at("key") == f.at("key")) {
                QVERIFY2(g.at("value") == f.at("value"), g.dump().c_str());
                QCOMPARE(dumped(g.at("provenance")), dumped(f.at("provenance")));
            }

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
    // The values and provenance behind the view's figures are the command's (a view may list
    // figures of its own besides, e.g. the microbenchmark table's).
    const std::vector<lx::Figure> shownFigures = figuresOf(*diagram);
    std::vector<lx::Figure> analysed;
    for (const json &f : figures)
        for (const lx::Figure &g : shownFigures)
            if (g.key == f.at("key").get<std::string>())
                analysed.push_back(g);
    compareFigures(figures, analysed, kind + u" "_s + preset);

    // The analyze JSON's own keys say the same as its figures.
    if (kind == u"banks"_s) {
        QCOMPARE(value(figures, "nway"), analyzed.at("totals").at("maxWays").get<double>());
        QCOMPARE(value(figures, "cyclesPerWave"),
                 analyzed.at("totals").at("cyclesPerWave").get<double>());
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
        QCOMPARE(value(figures, "ldsBytesAllocated"), analyzed.at("totalBytes").get<double>());
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

void TestSameNumbers::suggestAndExplain_data()
{
    QTest::addColumn<QString>("path");
    for (const char *preset :
         {"lds-c1", "lds-t1", "lds-b1", "lds-g3", "lds-a1", "store-transposed",
          "rocmlir-kpack-before", "rocmlir-kpack-after", "microbench-partitioned"}) {
        lx::Expected<lx::Scene> scene = lx::loadPreset(preset);
        QVERIFY(scene);
        QTest::newRow(preset) << writeScene(m_dir, *scene, QString::fromLatin1(preset));
    }
    QTest::newRow("scenes/f32-views") << dataScene("f32-views");
}

// The Suggest panel (search and Explain) against `suggest shared --scene --json` and
// `suggest shared --scene --explain --json`: the same figures, or an error in both.
void TestSameNumbers::suggestAndExplain()
{
    QFETCH(QString, path);
    QVERIFY(!path.isEmpty());
    const lx::Expected<lx::SceneContents> contents = lx::readSceneFile(path);
    QVERIFY2(contents, contents ? "" : contents.message().c_str());
    lx::LayoutDocument document;
    document.reset(*contents, path);
    lx::SuggestModel model(&document);
    model.refresh();

    const Run s = run({u"suggest"_s, u"shared"_s, u"--scene"_s, path, u"--json"_s});
    QVERIFY2(s.code == 0, s.err.constData());
    QVERIFY2(model.access(), qPrintable(model.status()));
    const json searched = json::parse(s.out.toStdString());
    compareFigures(searched.at("figures"), model.figures(), u"suggest"_s);
    QCOMPARE(QString::fromStdString(searched.at("dtype").get<std::string>()),
             QString::fromStdString(model.access()->dtype));

    const Run e = run({u"suggest"_s, u"shared"_s, u"--scene"_s, path, u"--explain"_s, u"--json"_s});
    const lx::Expected<lx::ConflictExplanation> explained = model.explainWorst();
    QCOMPARE(e.code == 0, bool(explained));
    if (!explained) {
        QVERIFY(!e.err.isEmpty());
        return;
    }
    compareFigures(json::parse(e.out.toStdString()).at("figures"), lx::explainFigures(*explained),
                   u"explain"_s);
}

void TestSameNumbers::diff_data()
{
    QTest::addColumn<QString>("dtypeWhere"); // "view", "layout" or "none"
    QTest::newRow("view option dtype f32") << u"view"_s;
    QTest::newRow("layouts f32") << u"layout"_s;
    QTest::newRow("no dtype") << u"none"_s;
}

// The diff view against `diff --json` over the same two layouts: with the element type f32 (as a
// view option or as the layouts' dtype) both count the LDS bytes of the conversion at 32 bits;
// without one both take the default.
void TestSameNumbers::diff()
{
    QFETCH(QString, dtypeWhere);
    lx::Expected<lx::Scene> scene = lx::loadSceneFile(dataScene("f32-views").toStdString());
    QVERIFY2(scene, scene ? "" : scene.message().c_str());
    lx::SceneView &view = scene->views[1];
    QCOMPARE(view.kind, std::string("diff"));
    if (dtypeWhere != u"view"_s)
        view.options.erase("dtype");
    QStringList cli{u"diff"_s, u"--json"_s, u"--shape"_s, u"64x64"_s};
    for (lx::SceneLayout &l : scene->layouts) {
        if (dtypeWhere == u"layout"_s)
            l.dtype = "f32";
        if (l.name == "A")
            cli << u"--a"_s << QString::fromStdString(l.text.value_or(std::string()));
        if (l.name == "B")
            cli << u"--b"_s << QString::fromStdString(l.text.value_or(std::string()));
    }
    if (dtypeWhere != u"none"_s)
        cli << u"--dtype"_s << u"f32"_s;
    const QString path = writeScene(m_dir, *scene, u"diff-"_s + dtypeWhere);
    const lx::Expected<lx::SceneContents> contents = lx::readSceneFile(path);
    QVERIFY2(contents, contents ? "" : contents.message().c_str());
    lx::LayoutDocument document;
    document.reset(*contents, path);
    const lx::Expected<lx::Diagram> diagram = lx::buildDocumentView(document.contents(), 1);
    QVERIFY2(diagram, diagram ? "" : diagram.message().c_str());
    const std::vector<lx::Figure> shown = figuresOf(*diagram);

    const Run d = run(cli);
    QVERIFY2(d.code == 0, d.err.constData());
    const json j = json::parse(d.out.toStdString());
    compareFigures(j.at("figures"), shown, u"diff"_s);
    // The JSON's own conversion bytes are the figure's.
    QVERIFY(j.at("conversion").is_object());
    QCOMPARE(value(j.at("figures"), "conversionLdsBytes"),
             j.at("conversion").at("ldsBytes").get<double>());
    QCOMPARE(value(j.at("figures"), "conversionLdsBytes"),
             64.0 * 64.0 * (dtypeWhere == u"none"_s ? 2 : 4));
}

void TestSameNumbers::kernel_data()
{
    QTest::addColumn<QString>("file");
    // Of tests/data/kernels: every gfx942 and gfx950 module (attention and matmuls) and every
    // tenth gfx1250 one in name order, a sample that stays short under the sanitizers.
    const QDir dir(QStringLiteral(LX_TEST_DATA_DIR "/kernels"));
    int gfx1250 = 0;
    for (const QString &m : dir.entryList({u"*.ttgir"_s}, QDir::Files, QDir::Name))
        if (!m.contains(u"gfx1250"_s) || gfx1250++ % 10 == 0)
            QTest::newRow(qPrintable(m)) << dir.filePath(m);
    QVERIFY(gfx1250 >= 8);
}

// The kernel dock against `analyze kernel --json`.
void TestSameNumbers::kernel()
{
    QFETCH(QString, file);
    QFile module(file);
    QVERIFY(module.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(module.readAll());
    lx::LayoutDocument document;
    lx::KernelDock dock(&document);
    QVERIFY2(dock.openText(text, file).isEmpty(), "the dock refused the module");
    const Run k = run({u"analyze"_s, u"kernel"_s, file, u"--json"_s});
    QVERIFY2(k.code == 0, k.err.constData());
    const json figures = json::parse(k.out.toStdString()).at("figures");
    compareFigures(figures, lx::kernelFigures(dock.model()->report()), u"kernel"_s);
    // What the dock shows, not only the report behind it: every figure of the command's summary
    // (the instruction counts are the counts table's) is a line of the summary panel with the
    // command's label, text and, when it is not computed, its provenance.
    const QString shown = dock.summaryText();
    for (const json &f : figures) {
        const QString key = QString::fromStdString(f.at("key").get<std::string>());
        if (key == u"ops"_s || key.startsWith(u"instructions:"_s) ||
            (key == u"worstWays"_s && f.at("value").get<double>() <= 1))
            continue;
        const QString line =
            QString::fromStdString(f.at("label").get<std::string>()).toHtmlEscaped() + u": "_s +
            QString::fromStdString(f.at("text").get<std::string>()).toHtmlEscaped();
        QVERIFY2(shown.contains(line), qPrintable(key + u": "_s + line + u" not in "_s + shown));
        const QString provenance = QString::fromStdString(f.at("provenance").get<std::string>());
        if (provenance != u"computed"_s)
            QVERIFY2(shown.contains(u" <i>["_s + provenance + u"]</i>"_s),
                     qPrintable(key + u": no provenance "_s + provenance + u" in "_s + shown));
    }
}

QTEST_MAIN(TestSameNumbers)
#include "tst_samenumbers.moc"
