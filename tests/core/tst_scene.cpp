// Scene files: parse / serialize round trip, stable bytes, strict reading of bad files, atomic
// saving, the embedded presets and resolving a scene layout to its linear layout.

#include "io/scene.h"
#include "io/ttgtext.h"
#include "layout/linearlayout.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace lx;

namespace {

const char *kScene = R"json({
  "format": "layout-explorer-scene", "version": 1,
  "name": "fig9", "title": "Figure 9", "description": "one line",
  "arch": "gfx1250",
  "layouts": [
    {"name": "C", "text": "#ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {register = [[2, 0]], warp = [[2, 1], [1, 0]]}, instrShape = [16, 16, 32]}>", "shape": [128, 128], "dtype": "f16"},
    {"name": "A", "text": "#mma = #ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {warp = [[0, 1], [1, 0]]}, instrShape = [16, 16, 32]}>\n#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>", "shape": [64, 32]},
    {"name": "S", "text": "ttgl.SwizzledSharedLayout(vec=8, per_phase=1, max_phase=8, order=[1, 0])", "shape": [64, 32]},
    {"name": "raw", "layout": {"bases": [["register", [[1, 0]]], ["lane", [[0, 1]]]], "outDims": [["dim0", 2], ["dim1", 2]]}}
  ],
  "views": [
    {"kind": "ownership", "layout": "C", "options": {"colorBy": "warp", "cell": {"w": 12, "labels": true}}},
    {"kind": "ds-load-tr-panels", "options": {"shared": "S", "dst": "A", "dtype": "bf16"}},
    {"kind": "matrix", "layout": "raw"}
  ]
})json";

QString readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

} // namespace

class TestScene : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void roundTrip();
    void serializationIsStable();
    void badFiles_data();
    void badFiles();
    void saveAtomically();
    void saveFailureLeavesNothing();
    void presets();
    void resolve();
};

void TestScene::roundTrip()
{
    const auto scene = parseScene(kScene);
    QVERIFY2(scene.hasValue(), scene ? "" : scene.message().c_str());
    QCOMPARE(scene->layouts.size(), size_t(4));
    QCOMPARE(scene->views.size(), size_t(3));
    QCOMPARE(scene->title, std::string("Figure 9"));
    QCOMPARE(scene->layouts[0].shape, (std::vector<int32_t>{128, 128}));
    QCOMPARE(scene->layouts[0].dtype, std::string("f16"));
    QVERIFY(scene->layouts[3].layout.has_value());
    QCOMPARE(scene->views[0].options["cell"]["w"].get<int>(), 12);
    QVERIFY(scene->views[1].layout.empty());
    const auto again = parseScene(serializeScene(*scene));
    QVERIFY2(again.hasValue(), again ? "" : again.message().c_str());
    QVERIFY(*again == *scene);
}

void TestScene::serializationIsStable()
{
    const auto scene = parseScene(kScene);
    QVERIFY(scene.hasValue());
    const std::string once = serializeScene(*scene);
    QCOMPARE(serializeScene(*parseScene(once)), once);
    // Keys in the documented order; number lists on one line.
    QVERIFY(once.rfind("{\n  \"format\": \"layout-explorer-scene\",\n  \"version\": 1,\n  \"name\"",
                       0) == 0);
    QVERIFY(once.find("\"shape\": [128, 128]") != std::string::npos);
    QVERIFY(once.find("[[\"register\", [[1, 0]]], [\"lane\", [[0, 1]]]]") != std::string::npos);
    // The shipped preset is written in exactly this form.
    const QString preset =
        readAll(QStringLiteral(LX_SOURCE_DIR "/resources/presets/default.lxscene"));
    QVERIFY(!preset.isEmpty());
    const auto parsed = parseScene(preset.toStdString());
    QVERIFY(parsed.hasValue());
    QCOMPARE(QString::fromStdString(serializeScene(*parsed)), preset);
}

// Rows: file text, a phrase the error must contain.
void TestScene::badFiles_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("phrase");
    const QString head = QStringLiteral(R"({"format": "layout-explorer-scene", "version": 1, )");
    auto row = [](const char *name, const QString &text, const char *phrase) {
        QTest::newRow(name) << text << QString::fromUtf8(phrase);
    };
    row("empty", QString(), "not valid JSON at 1:1");
    row("not-json", QStringLiteral("{\n  \"format\": oops\n}"), "not valid JSON at 2:13");
    row("array", QStringLiteral("[1, 2]"), "a scene is a JSON object");
    row("wrong-format", QStringLiteral(R"({"format": "something-else", "version": 1})"), "format");
    row("no-version", QStringLiteral(R"({"format": "layout-explorer-scene"})"),
        "missing key 'version'");
    row("newer-version", QStringLiteral(R"({"format": "layout-explorer-scene", "version": 2})"),
        "newer than this program reads");
    row("version-zero", QStringLiteral(R"({"format": "layout-explorer-scene", "version": 0})"),
        "unsupported scene version 0");
    row("version-string", QStringLiteral(R"({"format": "layout-explorer-scene", "version": "1"})"),
        "version: expected an integer");
    row("unknown-top-key", head + QStringLiteral(R"("layers": []})"), "unknown key 'layers'");
    row("unknown-view-layout",
        head + QStringLiteral(R"("layouts": [], "views": [{"kind": "ownership", "layout": "C"}]})"),
        "views[0] (ownership).layout: unknown layout 'C'");
    row("huge-shape",
        head +
            QStringLiteral(
                R"("layouts": [{"name": "C", "text": "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>", "shape": [1e30]}]})"),
        "shape[0]: expected an integer");
    row("huge-integer-shape",
        head +
            QStringLiteral(
                R"("layouts": [{"name": "C", "text": "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>", "shape": [99999999999999999999]}]})"),
        "shape[0]");
    row("shape-2^31",
        head +
            QStringLiteral(
                R"("layouts": [{"name": "C", "text": "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>", "shape": [2147483648]}]})"),
        "out of range");
    row("huge-version",
        QStringLiteral(R"({"format": "layout-explorer-scene", "version": 18446744073709551615})"),
        "version: value out of range");
    row("negative-shape",
        head +
            QStringLiteral(
                R"("layouts": [{"name": "C", "text": "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>", "shape": [-4]}]})"),
        "out of range");
    row("duplicate-name",
        head +
            QStringLiteral(
                R"("layouts": [{"name": "C", "layout": {"bases": [], "outDims": []}}, {"name": "C", "layout": {"bases": [], "outDims": []}}]})"),
        "duplicate layout name 'C'");
    // A layout name is a #ttg alias and a Python name (io/layoutname.h), checked where the
    // file is read: the message names the layout's place, the character and the rule.
    row("name-with-space",
        head + QStringLiteral(
                   R"("layouts": [{"name": "my C", "layout": {"bases": [], "outDims": []}}]})"),
        "layouts[0].name: 'my C': a space at 3 cannot be in a layout name");
    row("name-starting-with-digit",
        head + QStringLiteral(
                   R"("layouts": [{"name": "2C", "layout": {"bases": [], "outDims": []}}]})"),
        "starts with a digit");
    row("name-a-python-keyword",
        head + QStringLiteral(
                   R"("layouts": [{"name": "lambda", "layout": {"bases": [], "outDims": []}}]})"),
        "is a Python keyword");
    row("text-and-layout",
        head + QStringLiteral(R"("layouts": [{"name": "C", "text": "x", "layout": {}}]})"),
        "exactly one of");
    row("bad-text",
        head +
            QStringLiteral(R"("layouts": [{"name": "C", "text": "#ttg.blocked<{order = [0]}>"}]})"),
        "layouts[0] ('C').text: 1:1: missing key 'sizePerThread'");
    row("bad-raw-layout",
        head +
            QStringLiteral(
                R"("layouts": [{"name": "R", "layout": {"bases": [["register", [[5]]]], "outDims": [["dim0", 4]]}}]})"),
        "layouts[0] ('R').layout");
    row("options-not-object",
        head + QStringLiteral(R"("views": [{"kind": "matrix", "options": [1]}]})"),
        "options: expected an object");
    row("view-without-kind", head + QStringLiteral(R"("views": [{"layout": "C"}]})"),
        "missing key 'kind'");
}

void TestScene::badFiles()
{
    QFETCH(QString, text);
    QFETCH(QString, phrase);
    const auto scene = parseScene(text.toStdString());
    QVERIFY(!scene.hasValue());
    QVERIFY2(QString::fromStdString(scene.message()).contains(phrase), scene.message().c_str());
}

void TestScene::saveAtomically()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("a.lxscene"));
    QFile old(path);
    QVERIFY(old.open(QIODevice::WriteOnly));
    old.write("old contents");
    old.close();
    const auto scene = parseScene(kScene);
    QVERIFY(scene.hasValue());
    const auto saved = saveSceneAtomically(*scene, path.toStdString());
    QVERIFY2(saved.hasValue(), saved ? "" : saved.message().c_str());
    QCOMPARE(readAll(path), QString::fromStdString(serializeScene(*scene)));
    // Only the scene is left in the folder: the temporary file was renamed, not copied.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("a.lxscene")});
    const auto loaded = loadSceneFile(path.toStdString());
    QVERIFY(loaded.hasValue());
    QVERIFY(*loaded == *scene);
}

void TestScene::saveFailureLeavesNothing()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("missing-folder/a.lxscene"));
    const auto saved = saveSceneAtomically(*parseScene(kScene), path.toStdString());
    QVERIFY(!saved.hasValue());
    QVERIFY(!QFile::exists(path));
    QVERIFY(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).isEmpty());
    QVERIFY(!loadSceneFile(path.toStdString()).hasValue());
}

void TestScene::presets()
{
    const std::vector<PresetInfo> list = listPresets();
    QVERIFY(!list.empty());
    bool hasDefault = false;
    for (const PresetInfo &p : list) {
        QVERIFY2(p.description.rfind("invalid preset", 0) != 0, p.description.c_str());
        QVERIFY(!p.title.empty());
        hasDefault |= p.name == "default";
        // Every layout of every preset resolves to a linear layout.
        const auto scene = loadPreset(p.name);
        QVERIFY2(scene.hasValue(), scene ? "" : scene.message().c_str());
        for (const SceneLayout &l : scene->layouts) {
            const auto r = resolveLayout(l);
            QVERIFY2(r.hasValue(), (p.name + "/" + l.name + ": " + (r ? "" : r.message())).c_str());
        }
    }
    QVERIFY(hasDefault);
    // As people count: the figures of the blog in the blog's order, fig1a ... fig9, fig10 ...
    auto at = [&list](const char *name) {
        for (size_t i = 0; i < list.size(); ++i)
            if (list[i].name == name)
                return int(i);
        return -1;
    };
    for (const auto &[before, after] :
         std::vector<std::pair<const char *, const char *>>{{"fig1a", "fig1b"},
                                                            {"fig1b", "fig2a"},
                                                            {"fig2b", "fig3"},
                                                            {"fig9", "fig10"},
                                                            {"fig10", "fig11"},
                                                            {"fig13", "lds-a1"}})
        QVERIFY2(at(before) >= 0 && at(before) < at(after), before);
    QVERIFY(!loadPreset("no-such-preset").hasValue());
    QVERIFY(!loadPreset("../arch/gfx1250").hasValue());
}

void TestScene::resolve()
{
    const auto scene = loadPreset("default");
    QVERIFY(scene.hasValue());
    const auto c = resolveLayout(*scene, "C");
    QVERIFY2(c.hasValue(), c ? "" : c.message().c_str());
    QVERIFY(c->attr && c->attr->as<AmdWmmaAttr>());
    // By hand (docs/gfx1250-layouts.md §3.2-3.3): the transposed 16x16 tile has registers along
    // dim1 [0,1] [0,2] [0,4] and lanes [1,0] [2,0] [4,0] [8,0] [0,8]; the ctaLayout warps [0,1],
    // [1,0] move one tile: [0,16], [16,0]. The 4 warps cover 32x32 of the 64x64 tensor, so two
    // repetitions are added as registers, N first: [0,32] then [32,0].
    const auto expected =
        LinearLayout::tryCreate({{"register", {{0, 1}, {0, 2}, {0, 4}, {0, 32}, {32, 0}}},
                                 {"lane", {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 8}}},
                                 {"warp", {{0, 16}, {16, 0}}},
                                 {"block", {}}},
                                {{"dim0", 64}, {"dim1", 64}}, true);
    QVERIFY(expected.hasValue());
    QVERIFY2(c->layout == *expected, c->layout.toString().c_str());

    const auto mixed = parseScene(kScene);
    QVERIFY(mixed.hasValue());
    const auto raw = resolveLayout(*mixed, "raw");
    QVERIFY(raw.hasValue());
    QVERIFY(!raw->attr);
    QCOMPARE(raw->shape, (std::vector<int32_t>{2, 2}));
    QVERIFY(resolveLayout(*mixed, "S").hasValue());
    QVERIFY(resolveLayout(*mixed, "A").hasValue());
    QVERIFY(!resolveLayout(*mixed, "nope").hasValue());

    SceneLayout noShape;
    noShape.name = "X";
    noShape.text = "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>";
    QVERIFY(!resolveLayout(noShape).hasValue());
    SceneLayout wrongShape = mixed->layouts[3];
    wrongShape.shape = {4, 4};
    QVERIFY(!resolveLayout(wrongShape).hasValue());
}

QTEST_APPLESS_MAIN(TestScene)
#include "tst_scene.moc"
