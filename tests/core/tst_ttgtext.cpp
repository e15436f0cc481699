// #ttg attribute text and Gluon expressions: every form parses, prints in Triton's form and
// round-trips; malformed text is an error naming LINE:COLUMN. Expected print forms are Triton's
// own: the conformance file triton-gfx1250-lowering.json (attr_print case and the encodings of
// ds_transpose_gfx1250.mlir) and the printer rules of Dialect.cpp quoted per row.

#include "io/gluonjson.h"
#include "io/layoutjson.h"
#include "io/namedattr.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "layout/linearlayout.h"

#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace lx;

namespace {

nlohmann::json loadJson(const char *file)
{
    QFile f(QString::fromUtf8(LX_TEST_DATA_DIR "/conformance/") + QString::fromUtf8(file));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
}

} // namespace

class TestTtgText : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void namedFormOfRawBases_data();
    void namedFormOfRawBases();
    void noNamedFormOfOtherBases();
    void printsTritonForm_data();
    void printsTritonForm();
    void roundTrips_data();
    void roundTrips();
    void conformanceEncodings();
    void gluonAttrPrint();
    void sameLinearLayoutAsTriton();
    void swizzledTextToLinear();
    void aliases();
    void fields();
    void malformed_data();
    void malformed();
    void damagedTextNeverCrashes();
};

// Rows: input text, the text Triton prints for it.
void TestTtgText::printsTritonForm_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("printed");
    auto row = [](const char *name, const char *text, const char *printed) {
        QTest::newRow(name) << QString::fromUtf8(text) << QString::fromUtf8(printed);
    };
    // BlockedEncodingAttr::print: all four lists, no CGALayout for one CTA.
    row("blocked",
        "#ttg.blocked<{order=[1,0], sizePerThread=[1,8], threadsPerWarp=[8,4], warpsPerCTA=[4,1]}>",
        "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], "
        "order = [1, 0]}>");
    // fromSplitParams: dim0 split 2 of 2 CTAs -> one block basis [1, 0].
    row("blocked-cta-triple",
        "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], "
        "order = [1, 0], "
        "CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]}>",
        "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], "
        "order = [1, 0], "
        "CGALayout = [[1, 0]]}>");
    // CTAsPerCGA 2 with CTASplitNum 1: one broadcast block basis.
    row("blocked-cta-broadcast",
        "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], "
        "CTAsPerCGA = [2], CTASplitNum = [1], CTAOrder = [0]}>",
        "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], "
        "CGALayout = [[0]]}>");
    row("linear",
        "#ttg.linear<{block = [], warp = [[16, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, "
        "0]], register = [[0, 1], [8, 0]]}>",
        "#ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, "
        "0]], warp = [[16, 0]], block = []}>");
    row("generic-linear",
        "#ttg.generic_linear<{register = [], lane = [[1, 0], [0, 1]], warp = [[1, 1]], block = "
        "[]}>",
        "#ttg.generic_linear<{register = [], lane = [[1, 0], [0, 1]], warp = [[1, 1]], block = "
        "[]}>");
    // AMDWmmaEncodingAttr::print: isTranspose always, register omitted when empty.
    row("wmma-cta",
        "#ttg.amd_wmma<{version = 3, ctaLayout = {warp = [[0, 1], [1, 0]]}, instrShape = [16, 16, "
        "32]}>",
        "#ttg.amd_wmma<{version = 3, isTranspose = false, ctaLayout = {warp = [[0, 1], [1, 0]]}, "
        "instrShape = [16, 16, 32]}>");
    row("wmma-cta-register",
        "#ttg.amd_wmma<{instrShape = [16, 16, 32], ctaLayout = {warp = [[2, 1], [1, 0]], register "
        "= [[0, 1]]}, isTranspose = true, version = 3}>",
        "#ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {register = [[0, 1]], warp = "
        "[[2, 1], [1, 0]]}, instrShape = [16, 16, 32]}>");
    row("wmma-cta-empty-register",
        "#ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {register = [], warp = [[1, "
        "0]]}, instrShape = [16, 16, 32]}>",
        "#ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {warp = [[1, 0]]}, instrShape "
        "= [16, 16, 32]}>");
    row("wmma-one-warp", "#ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {}}>",
        "#ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {}}>");
    row("wmma-rank3-empty",
        "#ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {warp = []}, rank = 3}>",
        "#ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {}, rank = 3}>");
    row("wmma-rank-redundant",
        "#ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {warp = [[0, 1]]}, rank = "
        "2}>",
        "#ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {warp = [[0, 1]]}}>");
    row("wmma-cga",
        "#ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {warp = [[1, 0]]}, CGALayout "
        "= [[0, 1]], instrShape = [16, 16, 32]}>",
        "#ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {warp = [[1, 0]]}, CGALayout "
        "= [[0, 1]], instrShape = [16, 16, 32]}>");
    // Triton 3.6 print of the legacy form: warpsPerCTA, tilesPerWarp only when not all ones.
    row("wmma-legacy",
        "#ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 4], tilesPerWarp = [1, "
        "1]}>",
        "#ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 4]}>");
    row("wmma-legacy-tiles",
        "#ttg.amd_wmma<{version = 3, isTranspose = true, warpsPerCTA = [2, 2], tilesPerWarp = [2, "
        "2], instrShape = [16, 16, 32]}>",
        "#ttg.amd_wmma<{version = 3, isTranspose = true, warpsPerCTA = [2, 2], tilesPerWarp = [2, "
        "2], instrShape = [16, 16, 32]}>");
    // AMDMfmaEncodingAttr::print: isTransposed always, elementBitWidth only when not 32.
    row("mfma",
        "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed "
        "= true}>",
        "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed "
        "= true}>");
    row("mfma-f64",
        "#ttg.amd_mfma<{version = 4, warpsPerCTA = [4, 1], instrShape = [16, 16, 4], "
        "elementBitWidth = 64, tilesPerWarp = [2, 1]}>",
        "#ttg.amd_mfma<{version = 4, warpsPerCTA = [4, 1], instrShape = [16, 16, 4], isTransposed "
        "= false, tilesPerWarp = [2, 1], elementBitWidth = 64}>");
    // DotOperandEncodingAttr: struct(params), kWidth omitted when it is the default 0.
    row("dot-op",
        "#ttg.dot_op<{kWidth = 8, parent = #ttg.amd_wmma<{version = 3, isTranspose = true, "
        "ctaLayout = {warp = [[0, 1]]}, instrShape = [16, 16, 32]}>, opIdx = 1}>",
        "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 3, isTranspose = true, "
        "ctaLayout = {warp = [[0, 1]]}, instrShape = [16, 16, 32]}>, kWidth = 8}>");
    row("dot-op-blocked",
        "#ttg.dot_op<{opIdx = 0, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = "
        "[4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>}>",
        "#ttg.dot_op<{opIdx = 0, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = "
        "[4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>}>");
    row("slice",
        "#ttg.slice<{parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], "
        "warpsPerCTA = [1, 1], order = [1, 0]}>, dim = 1}>",
        "#ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, "
        "8], warpsPerCTA = [1, 1], order = [1, 0]}>}>");
    row("swizzled", "#ttg.swizzled_shared<{order = [1, 0], maxPhase = 8, perPhase = 2, vec = 8}>",
        "#ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 8, order = [1, 0]}>");
    row("padded-short",
        "#ttg.padded_shared<[512:+16, 1024:+8] {order = [0, 1], shape = [128, 64]}>",
        "#ttg.padded_shared<[512:+16, 1024:+8] {order = [0, 1], shape = [128, 64]}>");
    row("padded-long", "#ttg.padded_shared<[2:+2] {offset = [[2], [1]], block = []}>",
        "#ttg.padded_shared<[2:+2] {offset = [[2], [1]], block = []}>");
    // PaddedSharedEncodingAttr::print uses the short form iff block is empty and the offsets
    // are the identity for the order they imply: [[0, 1], [0, 2], [1, 0]] walks dim1 then dim0.
    row("padded-long-identity",
        "#ttg.padded_shared<[4:+1] {offset = [[0, 1], [0, 2], [1, 0]], block = []}>",
        "#ttg.padded_shared<[4:+1] {order = [1, 0], shape = [2, 4]}>");
    // getOrder() puts a dim of size 1 (no bases) after the moving ones.
    row("padded-short-unit-dim", "#ttg.padded_shared<[8:+1] {order = [1, 0], shape = [16, 1]}>",
        "#ttg.padded_shared<[8:+1] {order = [0, 1], shape = [16, 1]}>");
    row("padded-long-block",
        "#ttg.padded_shared<[8:+4] {offset = [[0, 1], [1, 0]], block = [[2, 0]]}>",
        "#ttg.padded_shared<[8:+4] {offset = [[0, 1], [1, 0]], block = [[2, 0]]}>");
    // SharedLinearEncodingAttr::print drops an empty block list.
    row("shared-linear",
        "#ttg.shared_linear<{offset = [[0, 1], [1, 1]], block = []}, alignment = 32>",
        "#ttg.shared_linear<{offset = [[0, 1], [1, 1]]}, alignment = 32>");
    row("shared-linear-block",
        "#ttg.shared_linear<{offset = [[0, 1]], block = [[1, 0]]}, alignment = 16>",
        "#ttg.shared_linear<{offset = [[0, 1]], block = [[1, 0]]}, alignment = 16>");
    row("partitioned",
        "#ttg.partitioned_shared<{partitionLayout = #ttg.padded_shared<[512:+16] {order = [1, 0], "
        "shape = [64, 8]}>, partitionDim = 1, numGroups = 4, numPartitions = 2}>",
        "#ttg.partitioned_shared<{numPartitions = 2, numGroups = 4, partitionDim = 1, "
        "partitionLayout = #ttg.padded_shared<[512:+16] {order = [1, 0], shape = [64, 8]}>}>");
    row("old-dialect-prefix",
        "#triton_gpu.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>",
        "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>");
    row("comments-and-lines",
        "// accumulator\n#mma = #ttg.amd_wmma<{version = 3,\n  ctaLayout = {warp = [[1, 0]]}, "
        "instrShape = [16, 16, 32]}>\n",
        "#ttg.amd_wmma<{version = 3, isTranspose = false, ctaLayout = {warp = [[1, 0]]}, "
        "instrShape = [16, 16, 32]}>");
}

void TestTtgText::printsTritonForm()
{
    QFETCH(QString, text);
    QFETCH(QString, printed);
    const auto attr = parseTtg(text.toStdString());
    QVERIFY2(attr.hasValue(), attr ? "" : attr.message().c_str());
    QCOMPARE(QString::fromStdString(printTtg(**attr)), printed);
}

void TestTtgText::roundTrips_data()
{
    printsTritonForm_data();
}

// parse -> print -> parse gives the same value, for #ttg and for Gluon.
void TestTtgText::roundTrips()
{
    QFETCH(QString, text);
    const auto attr = parseTtg(text.toStdString());
    QVERIFY(attr.hasValue());
    const auto again = parseTtg(printTtg(**attr));
    QVERIFY2(again.hasValue(), again ? "" : again.message().c_str());
    QVERIFY(**again == **attr);
    const std::string gluon = printGluon(**attr);
    const auto fromGluon = parseGluon(gluon);
    QVERIFY2(fromGluon.hasValue(),
             (gluon + " -> " + (fromGluon ? "" : fromGluon.message())).c_str());
    // Gluon has no generic_linear class; parseGluon reads swizzled warp bases as one.
    QVERIFY2(**fromGluon == **attr, gluon.c_str());
    const auto withAliases = parseTtg(printTtgWithAliases(**attr));
    QVERIFY2(withAliases.hasValue(), printTtgWithAliases(**attr).c_str());
    QVERIFY(**withAliases == **attr);
}

// The #ttg encodings of ds_transpose_gfx1250.mlir (conformance file): each parses, and its
// print parses back to the same value.
void TestTtgText::conformanceEncodings()
{
    const nlohmann::json doc = loadJson("triton-gfx1250-lowering.json");
    QVERIFY(doc.is_object());
    int count = 0;
    for (const auto &[group, encodings] : doc.at("encodings").items())
        for (const auto &[alias, text] : encodings.items()) {
            const auto attr = parseTtg(text.get<std::string>());
            QVERIFY2(attr.hasValue(), (alias + ": " + (attr ? "" : attr.message())).c_str());
            const auto again = parseTtg(printTtg(**attr));
            QVERIFY(again.hasValue() && **again == **attr);
            ++count;
        }
    QCOMPARE(count, 22); // 16 gfx1250 + 6 gfx950 encodings in the file
    // Those written in Triton's full print form print back byte for byte (the amd_wmma ones
    // omit isTranspose and so differ).
    const std::string padded =
        doc["encodings"]["gfx1250_ds_transpose"]["#partitioned_b8_dim1"].get<std::string>();
    QCOMPARE(printTtg(**parseTtg(padded)), padded);
    const std::string linear =
        doc["encodings"]["gfx1250_ds_transpose"]["#linear_ds_tr"].get<std::string>();
    QCOMPARE(printTtg(**parseTtg(linear)), linear);
}

// fe.test_amd_wmma_layout: Gluon AMDWMMALayout(...) and the MLIR Triton prints for it.
void TestTtgText::gluonAttrPrint()
{
    const nlohmann::json doc = loadJson("triton-gfx1250-lowering.json");
    QVERIFY(doc.is_object());
    bool found = false;
    for (const auto &c : doc.at("cases")) {
        if (c.value("kind", "") != "attr_print")
            continue;
        found = true;
        const auto &in = c["inputs"]["gluon"];
        const auto &out = c["expected"]["mlir"];
        QCOMPARE(in.size(), out.size());
        for (size_t i = 0; i < in.size(); ++i) {
            const auto attr = parseGluon(in[i].get<std::string>());
            QVERIFY2(attr.hasValue(), attr ? "" : attr.message().c_str());
            QCOMPARE(printTtg(**attr), out[i].get<std::string>());
        }
    }
    QVERIFY(found);
}

// Every toLinear case of triton-conversions.json (Triton 3.6 to_linear_layout of a Gluon
// layout): the attribute, written as #ttg text and as Gluon and read back, gives Triton's linear
// layout through the builders.
void TestTtgText::sameLinearLayoutAsTriton()
{
    const nlohmann::json doc = loadJson("triton-conversions.json");
    QVERIFY(doc.is_object());
    int checked = 0;
    for (const auto &c : doc.at("cases")) {
        const std::string name = c.at("name").get<std::string>();
        const auto attr = attrFromGluonJson(c.at("args").at(0));
        QVERIFY2(attr.hasValue(), name.c_str());
        const auto shape = c.at("args").at(1).get<std::vector<int32_t>>();
        const auto expected = layoutFromJson(c.at("expect"));
        QVERIFY2(expected.hasValue(), name.c_str());
        const std::string ttg = printTtg(**attr);
        const auto fromTtg = parseTtg(ttg);
        QVERIFY2(fromTtg.hasValue(),
                 (name + ": " + ttg + " -> " + (fromTtg ? "" : fromTtg.message())).c_str());
        const auto viaTtg = toLinearLayout(**fromTtg, shape);
        QVERIFY2(viaTtg.hasValue() && *viaTtg == *expected, (name + ": " + ttg).c_str());
        const std::string gluon = printGluon(**attr);
        const auto fromGluon = parseGluon(gluon);
        QVERIFY2(fromGluon.hasValue(),
                 (name + ": " + gluon + " -> " + (fromGluon ? "" : fromGluon.message())).c_str());
        const auto viaGluon = toLinearLayout(**fromGluon, shape);
        QVERIFY2(viaGluon.hasValue() && *viaGluon == *expected, (name + ": " + gluon).c_str());
        ++checked;
    }
    QCOMPARE(checked, 622);
}

// The swizzled_shared cases of triton-gfx1250-lowering.json give the MLIR text and the linear
// layout of Triton's unit test.
void TestTtgText::swizzledTextToLinear()
{
    const nlohmann::json doc = loadJson("triton-gfx1250-lowering.json");
    QVERIFY(doc.is_object());
    int checked = 0;
    for (const auto &c : doc.at("cases")) {
        if (c.value("kind", "") != "swizzled_shared")
            continue;
        const std::string id = c.at("id").get<std::string>();
        const auto attr = parseTtg(c["inputs"]["mlir"].get<std::string>());
        QVERIFY2(attr.hasValue(), id.c_str());
        const auto shape = c["inputs"]["tensor_shape"].get<std::vector<int32_t>>();
        const auto ll = toLinearLayout(**attr, shape);
        const auto expected = layoutFromJson(c["expected"]["linear_layout"]);
        QVERIFY2(ll.hasValue() && expected.hasValue(), id.c_str());
        QVERIFY2(*ll == *expected, (id + ": " + ll->toString()).c_str());
        ++checked;
    }
    QCOMPARE(checked, 9);
}

void TestTtgText::aliases()
{
    // The last expression wins over earlier definitions ...
    auto attr = parseTtg("#mma = #ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = "
                         "{warp = [[1, 0]]}, instrShape = [16, 16, 32]}>\n"
                         "#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>\n");
    QVERIFY(attr.hasValue());
    QVERIFY((*attr)->as<DotOperandAttr>());
    QCOMPARE(printTtgWithAliases(**attr),
             std::string("#mma = #ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = "
                         "{warp = [[1, 0]]}, instrShape = [16, 16, 32]}>\n"
                         "#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>"));
    // ... and with only definitions, the last alias is the layout.
    attr =
        parseTtg("#a = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>\n"
                 "#b = #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 1, order = [0]}>");
    QVERIFY(attr.hasValue());
    QCOMPARE((*attr)->as<SwizzledSharedAttr>()->vec, 2);
    // A Gluon expression goes through parseLayoutText too.
    attr = parseLayoutText("  ttgl.SwizzledSharedLayout(2, 1, 4, [1, 0])");
    QVERIFY(attr.hasValue());
    QCOMPARE((*attr)->as<SwizzledSharedAttr>()->maxPhase, 4);
}

// The values land in the right fields (the printer tests cannot see a swapped pair of fields
// that the printer swaps back).
void TestTtgText::fields()
{
    const auto w =
        parseTtg("#ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = "
                 "{register = [[0, 1]], warp = [[2, 1], [1, 0]]}, instrShape = [16, 16, 32]}>");
    QVERIFY(w.hasValue());
    const AmdWmmaAttr *wmma = (*w)->as<AmdWmmaAttr>();
    QVERIFY(wmma);
    QCOMPARE(wmma->isTransposed, true);
    QCOMPARE(wmma->ctaRegister, (BasisList{{0, 1}}));
    QCOMPARE(wmma->ctaWarp, (BasisList{{2, 1}, {1, 0}}));
    QCOMPARE(wmma->instrShape, (IntList{16, 16, 32}));
    QVERIFY(!wmma->warpsPerCTA.has_value());

    const auto p =
        parseTtg("#ttg.padded_shared<[512:+16, 1024:+8] {order = [0, 1], shape = [128, 64]}>");
    QVERIFY(p.hasValue());
    const PaddedSharedAttr *padded = (*p)->as<PaddedSharedAttr>();
    QVERIFY(padded);
    QCOMPARE(padded->intervalPadding.size(), size_t(2));
    QCOMPARE(padded->intervalPadding[1].first, 1024);
    QCOMPARE(padded->intervalPadding[1].second, 8);
    QCOMPARE(padded->shape, (IntList{128, 64}));

    const auto b = parseGluon(
        "BlockedLayout([1, 4], threads_per_warp=[8, 4], warps_per_cta=[2, 2], order=[0, 1])");
    QVERIFY(b.hasValue());
    QCOMPARE((*b)->as<BlockedAttr>()->sizePerThread, (IntList{1, 4}));
    QCOMPARE((*b)->as<BlockedAttr>()->order, (IntList{0, 1}));
}

// Rows: text, the LINE:COLUMN the error must name, a phrase of the message.
void TestTtgText::malformed_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("position");
    QTest::addColumn<QString>("phrase");
    auto row = [](const char *name, const char *text, const char *pos, const char *phrase) {
        QTest::newRow(name) << QString::fromUtf8(text) << QString::fromUtf8(pos)
                            << QString::fromUtf8(phrase);
    };
    row("empty", "", "1:1", "no layout");
    row("wmma-isTransposed-key",
        "#ttg.amd_wmma<{version = 3, isTransposed = true, ctaLayout = {warp = [[1, 0]]}, "
        "instrShape = [16, 16, 32]}>",
        "1:29", "unknown key 'isTransposed'");
    row("blocked-missing-order",
        "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4]}>", "1:1",
        "missing key 'order'");
    row("blocked-rank-mismatch",
        "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32], warpsPerCTA = [4], order = "
        "[0]}>",
        "1:1", "same rank");
    row("blocked-not-pow2",
        "#ttg.blocked<{sizePerThread = [3], threadsPerWarp = [32], warpsPerCTA = [4], order = "
        "[0]}>",
        "1:31", "power of two");
    row("blocked-bad-order",
        "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], "
        "order = [1, 1]}>",
        "1:94", "permutation");
    row("duplicate-key",
        "#ttg.swizzled_shared<{vec = 1, vec = 2, perPhase = 1, maxPhase = 1, order = [0]}>", "1:32",
        "duplicate key 'vec'");
    row("trailing-garbage",
        "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}> }", "1:74",
        "found '}'");
    row("unknown-alias", "#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>", "1:34",
        "unknown alias '#mma'");
    row("second-line",
        "#mma = #ttg.amd_wmma<{version = 3, ctaLayout = {warp = [[1, 0]]}, instrShape = [16, 16, "
        "32]}>\n"
        "#ttg.dot_op<{opIdx = 2, parent = #mma, kWidth = 8}>",
        "2:22", "out of range");
    row("negative", "#ttg.swizzled_shared<{vec = -1, perPhase = 1, maxPhase = 1, order = [0]}>",
        "1:29", "out of range");
    row("huge-number",
        "#ttg.swizzled_shared<{vec = 99999999999999999999, perPhase = 1, maxPhase = 1, order = "
        "[0]}>",
        "1:29", "out of range");
    row("unsupported-attr", "#ttg.amd_rotating_shared<{vec = 2}>", "1:1", "unsupported attribute");
    row("bad-character", "#ttg.blocked<{sizePerThread = [1] ; }>", "1:35",
        "unexpected character ';'");
    row("unclosed", "#ttg.blocked<{sizePerThread = [1]", "1:34", "expected '}'");
    row("wmma-v3-bad-shape",
        "#ttg.amd_wmma<{version = 3, ctaLayout = {warp = []}, instrShape = [16, 16, 16]}>", "1:67",
        "not a valid WMMA v3");
    row("wmma-v3-no-shape", "#ttg.amd_wmma<{version = 3, ctaLayout = {warp = [[1, 0]]}}>", "1:1",
        "needs instrShape");
    row("wmma-both-forms",
        "#ttg.amd_wmma<{version = 2, ctaLayout = {warp = []}, warpsPerCTA = [2, 2]}>", "1:68",
        "either");
    row("wmma-bad-basis-length",
        "#ttg.amd_wmma<{version = 2, ctaLayout = {register = [[1, 0]], warp = [[1, 0, 0]]}}>",
        "1:71", "3 components, expected 2");
    row("wmma-unknown-cta-key", "#ttg.amd_wmma<{version = 2, ctaLayout = {lane = [[1, 0]]}}>",
        "1:42", "unknown key 'lane'");
    row("mfma-bad-shape",
        "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [8, 8, 4]}>", "1:64",
        "invalid (M, N)");
    row("linear-missing-block", "#ttg.linear<{register = [[1]], lane = [], warp = []}>", "1:1",
        "missing key 'block'");
    row("linear-swizzled", "#ttg.linear<{register = [], lane = [[1, 1]], warp = [], block = []}>",
        "1:36", "more than one dim");
    row("linear-empty", "#ttg.linear<{register = [], lane = [], warp = [], block = []}>", "1:1",
        "empty linear layout");
    // LinearEncodingAttr::verify: a permutation matrix once broadcast bases are removed.
    row("linear-repeated-basis",
        "#ttg.linear<{register = [[1]], lane = [[1]], warp = [], block = []}>", "1:1",
        "permutation matrix");
    row("linear-not-pow2", "#ttg.linear<{register = [[3], [1]], lane = [], warp = [], block = []}>",
        "1:1", "permutation matrix");
    // GenericLinearEncodingAttr::verify: surjective ([2] alone never reaches dim0 = 1).
    row("generic-not-surjective",
        "#ttg.generic_linear<{register = [[2]], lane = [], warp = [], block = []}>", "1:1",
        "surjective");
    row("shared-linear-repeated", "#ttg.shared_linear<{offset = [[1], [1]]}, alignment = 16>",
        "1:1", "bijective");
    row("dot-op-blocked-kwidth",
        "#ttg.dot_op<{opIdx = 0, parent = #ttg.blocked<{sizePerThread = [1, 1], "
        "threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>, kWidth = 2}>",
        "1:1", "kWidth must be 0");
    row("slice-dim-too-big",
        "#ttg.slice<{dim = 2, parent = #ttg.blocked<{sizePerThread = [1, 1], "
        "threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>}>",
        "1:19", "less than the parent rank");
    row("padded-duplicate-interval",
        "#ttg.padded_shared<[512:+16, 512:+8] {order = [0], shape = [1024]}>", "1:20",
        "appears twice");
    row("padded-missing-plus", "#ttg.padded_shared<[512:16] {order = [0], shape = [1024]}>", "1:25",
        "expected '+'");
    row("padded-unknown-key",
        "#ttg.padded_shared<[512:+16] {order = [0], shape = [1024], vec = 2}>", "1:60",
        "unknown key 'vec'");
    row("padded-long-swizzled", "#ttg.padded_shared<[2:+2] {offset = [[1, 1]], block = []}>",
        "1:37", "at most one dimension");
    row("shared-linear-no-alignment", "#ttg.shared_linear<{offset = [[1]]}>", "1:36",
        "expected ','");
    row("partitioned-one-partition",
        "#ttg.partitioned_shared<{numPartitions = 1, numGroups = 1, partitionDim = 0, "
        "partitionLayout = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = "
        "[0]}>}>",
        "1:42", "at least 2");
    row("partitioned-distributed-inner",
        "#ttg.partitioned_shared<{numPartitions = 2, numGroups = 1, "
        "partitionLayout = #ttg.linear<{register = [[1]], lane = [], warp = [], block = []}>}>",
        "1:78", "must be a shared layout");
    row("gluon-unknown-argument", "ttgl.BlockedLayout([1], [32], [4], [0], foo=1)", "1:41",
        "unknown argument 'foo'");
    row("gluon-unknown-class", "ttgl.amd.AMDRotatingSharedLayout(2, 1, 4, [1, 0])", "1:1",
        "unknown Gluon layout");
    row("gluon-trailing", "ttgl.SwizzledSharedLayout(1, 1, 1, [0]) x", "1:41",
        "after the layout expression");
    row("gluon-too-many",
        "ttgl.SliceLayout(1, ttgl.BlockedLayout([1, 1], [4, 8], [1, 1], [1, 0]), 3)", "1:73",
        "too many arguments");
    // A rank past the engine's 32 dimensions is refused where it is read, not when first used.
    std::string ones, order;
    for (int d = 0; d < 33; ++d) {
        ones += std::string(d ? ", " : "") + "1";
        order += std::string(d ? ", " : "") + std::to_string(32 - d);
    }
    const std::string swizzled = "ttgl.SwizzledSharedLayout(1, 1, 1, [" + order + "])";
    row("rank-33", swizzled.c_str(), "1:36", "at most 32 dimensions, not 33");
    const std::string blocked =
        "ttgl.BlockedLayout([" + ones + "], [" + ones + "], [" + ones + "], [" + order + "])";
    const std::string at = "1:" + std::to_string(blocked.find("], [" + order) + 4);
    row("rank-33-blocked", blocked.c_str(), at.c_str(), "at most 32 dimensions");
    // Gluon builds a DistributedLinearLayout over its shape, surjective: a shape the bases do
    // not span exactly is refused (it was read, then dropped).
    row("gluon-linear-shape-larger",
        "ttgl.DistributedLinearLayout([[0, 1]], [[1, 0], [2, 0]], [], [], [8, 2])", "1:66",
        "shape: [8, 2] is not the shape the bases span, [4, 2]");
    row("gluon-linear-shape-not-pow2",
        "ttgl.DistributedLinearLayout([[0, 1]], [[1, 0], [2, 0]], [], [], [4, 3])", "1:66",
        "not the shape the bases span");
}

void TestTtgText::malformed()
{
    QFETCH(QString, text);
    QFETCH(QString, position);
    QFETCH(QString, phrase);
    const auto attr = parseLayoutText(text.toStdString());
    QVERIFY(!attr.hasValue());
    const QString message = QString::fromStdString(attr.message());
    QVERIFY2(message.startsWith(position + QLatin1String(": ")), qPrintable(message));
    QVERIFY2(message.contains(phrase), qPrintable(message));
}

// Every prefix of some valid texts, and each text with one byte replaced (fixed-seed choices),
// gives a value or a positioned error: no crash, no hang. Deep nesting is refused.
void TestTtgText::damagedTextNeverCrashes()
{
    std::vector<std::string> texts;
    for (const char *t :
         {"#mma = #ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {register = [[0, "
          "1]], "
          "warp = [[2, 1], [1, 0]]}, instrShape = [16, 16, 32]}>\n#ttg.dot_op<{opIdx = 0, parent = "
          "#mma, kWidth = 8}>",
          "#ttg.partitioned_shared<{numPartitions = 2, numGroups = 4, partitionDim = 1, "
          "partitionLayout "
          "= #ttg.padded_shared<[512:+16] {order = [1, 0], shape = [64, 8]}>}>",
          "#ttg.shared_linear<{offset = [[0, 1], [1, 1]], block = []}, alignment = 32>",
          "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], "
          "order = "
          "[1, 0], CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]}>",
          "ttgl.SliceLayout(dim=1, parent=ttgl.amd.AMDMFMALayout(version=3, instr_shape=[32, 32, "
          "8], "
          "transposed=True, warps_per_cta=[2, 2]))",
          "ttgl.PaddedSharedLayout.with_identity_for([[512, 16]], [128, 64], [0, 1])"})
        texts.emplace_back(t);
    auto check = [](const std::string &text) {
        const auto r = parseLayoutText(text);
        if (r.hasValue())
            return r.value() != nullptr && !printTtg(**r).empty();
        const std::string &m = r.message();
        const size_t colon = m.find(':');
        return colon != std::string::npos && colon > 0 && m.find(": ") != std::string::npos;
    };
    const char replacements[] = {'[', ']', '{', '}', '<', '>', ',', '=',
                                 '#', '0', '9', '-', 'x', ' ', '\0'};
    uint32_t seed = 12345;
    for (const std::string &t : texts) {
        for (size_t n = 0; n <= t.size(); ++n)
            QVERIFY2(check(t.substr(0, n)), t.substr(0, n).c_str());
        for (size_t i = 0; i < t.size(); ++i) {
            seed = seed * 1664525u + 1013904223u;
            std::string damaged = t;
            damaged[i] = replacements[(seed >> 16) % sizeof(replacements)];
            QVERIFY2(check(damaged), damaged.c_str());
        }
    }
    const std::string deep = "#ttg.blocked<{order = " + std::string(100000, '[');
    const auto r = parseTtg(deep);
    QVERIFY(!r.hasValue());
    QVERIFY2(r.message().find("nested too deeply") != std::string::npos, r.message().c_str());
}

// A layout given as raw bases that a named attribute describes gets that attribute back: the
// same mnemonic and, over the same shape, the same linear layout (several parameter sets can
// describe one layout, e.g. a maxPhase larger than the rows reach; any of them will do).
void TestTtgText::namedFormOfRawBases_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QList<int>>("shape");
    QTest::newRow("swizzled_shared(8, 1, 8, [1, 0])")
        << u"#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>"_qs
        << QList<int>{64, 64};
    QTest::newRow("swizzled_shared(4, 2, 4, [0, 1])")
        << u"#ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [0, 1]}>"_qs
        << QList<int>{32, 64};
    QTest::newRow("unswizzled rank 3")
        << u"#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [2, 0, 1]}>"_qs
        << QList<int>{4, 8, 16};
    QTest::newRow("blocked")
        << u"#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>"_qs
        << QList<int>{64, 64};
    QTest::newRow("blocked, order [0, 1], registers repeating")
        << u"#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 2], order = [0, 1]}>"_qs
        << QList<int>{128, 16};
}

void TestTtgText::namedFormOfRawBases()
{
    QFETCH(QString, text);
    QFETCH(QList<int>, shape);
    const std::vector<int32_t> dims(shape.begin(), shape.end());
    const Expected<LayoutAttrPtr> attr = parseTtg(text.toStdString());
    QVERIFY(attr);
    const Expected<LinearLayout> layout = toLinearLayout(**attr, dims);
    QVERIFY(layout);
    const LayoutAttrPtr named = namedAttrFor(*layout);
    QVERIFY(named);
    QCOMPARE(ttgMnemonic(*named), ttgMnemonic(**attr));
    const Expected<LinearLayout> back = toLinearLayout(*named, dims);
    QVERIFY(back && *back == *layout);
}

void TestTtgText::noNamedFormOfOtherBases()
{
    // offset bases no swizzle makes (offset 1 moves two dims at once): no named form, and the
    // description falls back to #ttg.shared_linear.
    const Expected<LinearLayout> layout = LinearLayout::tryCreate(
        {{"offset", {{1, 1}, {0, 2}, {2, 0}, {0, 1}}}}, {{"dim0", 4}, {"dim1", 4}}, true);
    QVERIFY(layout);
    QVERIFY(!namedAttrFor(*layout));
    const Expected<LayoutAttrPtr> described = describingAttrFor(*layout);
    QVERIFY(described);
    QCOMPARE(ttgMnemonic(**described), std::string("shared_linear"));
}

QTEST_APPLESS_MAIN(TestTtgText)
#include "tst_ttgtext.moc"
