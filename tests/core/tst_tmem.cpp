// Blackwell tensor memory: every case of tests/data/conformance/triton-nvidia-tmem.json (Triton
// 3.6's own get_tmem_reg_layout and to_linear_layout, run by scripts/tmem-oracle.py) replayed
// through the engine; the tcgen05.ld/st atoms against the PTX ISA's matrix fragment figures; the
// text forms (#ttng MLIR, the older `unpacked` spelling, Gluon, Gluon JSON) and Triton's
// refusals with its words.
//
// Links lx_io only: the TMEM layouts need the readers and the builders, nothing above them.

#include "io/gluonjson.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "layout/linearlayout.h"
#include "layout/tmemaccess.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <fstream>

using namespace lx;
using json = nlohmann::json;

namespace {

json readJson(const std::string &path)
{
    std::ifstream in(path);
    return json::parse(in, nullptr, false);
}

json basesJson(const LinearLayout &l)
{
    json out = json::array();
    for (const auto &[name, bases] : l.bases())
        out.push_back(json::array({name, bases}));
    return out;
}

json outDimsJson(const LinearLayout &l)
{
    json out = json::array();
    for (const auto &[name, size] : l.outDims())
        out.push_back(json::array({name, size}));
    return out;
}

// One oracle case evaluated by the engine: the layout as {"bases", "outDims"} or {"error"}.
json evaluate(const json &c)
{
    const json &args = c["args"];
    auto attr = attrFromGluonJson(args[0]);
    if (!attr)
        return {{"error", attr.message()}};
    const std::vector<int32_t> shape = args[1].get<std::vector<int32_t>>();
    Expected<LinearLayout> l = makeError("unknown op");
    if (c["op"] == "toLinear") {
        l = toLinearLayout(**attr, shape);
    } else {
        TmemRegRequest r;
        r.memory = *attr;
        r.shape = shape;
        r.elementBits = args[2].get<int32_t>();
        r.numWarps = args[3].get<int32_t>();
        r.variant = args[4].get<std::string>();
        r.cgaLayout = args[5].get<BasisList>();
        l = tmemRegisterLayout(r);
    }
    if (!l)
        return {{"error", l.message()}};
    return {{"bases", basesJson(*l)}, {"outDims", outDimsJson(*l)}};
}

LinearLayout parsed(const std::string &text, const std::vector<int32_t> &shape)
{
    auto a = parseTtg(text);
    if (!a)
        qFatal("%s: %s", text.c_str(), a.message().c_str());
    auto l = toLinearLayout(**a, shape);
    if (!l)
        qFatal("%s: %s", text.c_str(), l.message().c_str());
    return *l;
}

// (row, col) of TMEM that register r of lane l touches in one warp's share of an atom.
std::pair<int32_t, int32_t> cell(const LinearLayout &tile, int32_t reg, int32_t lane)
{
    const auto out = tile.apply({{"register", reg}, {"lane", lane}, {"warp", 0}});
    return {(*out)[0].second, (*out)[1].second};
}

} // namespace

class TestTmem : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Triton 3.6 is the truth: every register layout it gives, and every refusal, agree.
    void oracle()
    {
        const json doc = readJson(LX_TEST_DATA_DIR "/conformance/triton-nvidia-tmem.json");
        QVERIFY2(doc.is_object(), "cannot read triton-nvidia-tmem.json");
        int passed = 0, refusals = 0;
        QStringList failures;
        for (const json &c : doc["cases"]) {
            const json got = evaluate(c);
            const json &expect = c["expect"];
            const bool ok = expect.contains("error") ? got.contains("error") : got == expect;
            if (ok) {
                ++passed;
                refusals += expect.contains("error") ? 1 : 0;
            } else if (failures.size() < 6) {
                failures << QString::fromStdString(
                    c["name"].get<std::string>() + " " + c["args"].dump() + "\n got " +
                    got.dump().substr(0, 400) + "\n want " + expect.dump().substr(0, 400));
            }
        }
        qInfo("triton-nvidia-tmem.json: %d cases agree (%d refusals)", passed, refusals);
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
        QVERIFY(passed > 1000);
    }

    // The tcgen05.ld/st shapes of the PTX ISA as Triton's getTileLayout writes them: 32x32b
    // gives lane i TMEM lane (row) i; 16x64b serves rows k and k + 8 with lanes 4k..4k+3 (odd
    // lanes eight rows down, lane bit 1 the second 32-bit column); 16x128b 4 lanes a row over 4
    // columns, register 1 eight rows down; 16x256b registers 0, 1 two adjacent columns of row
    // lane / 4 and registers 2, 3 the same eight rows down.
    void atomsAreThePtxFragments()
    {
        const LinearLayout a32 = tmemAtomTile(TmemAtom::I32x32b);
        const LinearLayout a64 = tmemAtomTile(TmemAtom::I16x64b);
        const LinearLayout a128 = tmemAtomTile(TmemAtom::I16x128b);
        const LinearLayout a256 = tmemAtomTile(TmemAtom::I16x256b);
        for (int32_t lane = 0; lane < 32; ++lane) {
            QCOMPARE(cell(a32, 0, lane), std::make_pair(lane, 0));
            QCOMPARE(cell(a64, 0, lane), std::make_pair(lane / 4 + 8 * (lane % 2), (lane / 2) % 2));
            QCOMPARE(cell(a128, 0, lane), std::make_pair(lane / 4, lane % 4));
            QCOMPARE(cell(a128, 1, lane), std::make_pair(lane / 4 + 8, lane % 4));
            for (int32_t r = 0; r < 4; ++r)
                QCOMPARE(cell(a256, r, lane),
                         std::make_pair(lane / 4 + 8 * (r / 2), 2 * (lane % 4) + r % 2));
        }
        // Warps 1, 2 and 3 of a warpgroup reach TMEM lanes 32, 64 and 96 only.
        const auto w3 = a32.apply({{"register", 0}, {"lane", 5}, {"warp", 3}});
        QCOMPARE((*w3)[0].second, 96 + 5);
        QCOMPARE(tmemAtomTile(TmemAtom::I16x32bx2).inDimSize("lane"), 16);
        QCOMPARE(tmemAtomTile(TmemAtom::I16x256b, true).outDimSize("col"), 16);
        for (TmemAtom a : tmemAtoms())
            QCOMPARE(tmemAtomFromName(tmemAtomName(a)), std::optional<TmemAtom>(a));
    }

    void textForms()
    {
        const std::string mlir = "#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, "
                                 "colStride = 1, CTASplitM = 2, twoCTAs = true>";
        auto a = parseTtg(mlir);
        QVERIFY2(a.hasValue(), a.hasValue() ? "" : a.message().c_str());
        QCOMPARE(printTtg(**a), mlir);
        const std::string gluon = printGluon(**a);
        QCOMPARE(gluon, std::string("ttgl.nvidia.blackwell.TensorMemoryLayout(block=(128, 64), "
                                    "col_stride=1, cta_split_num=(2, 1), two_ctas=True)"));
        QVERIFY(**parseGluon(gluon) == **a);
        QVERIFY(**attrFromGluonJson(attrToGluonJson(**a)) == **a);
        // The alias line of a module, and the older spelling of an unpacked 16-bit layout.
        auto old = parseTtg("#tmem = #ttng.tensor_memory_encoding<blockM = 64, blockN = 128, "
                            "unpacked = true>\n#tmem");
        QVERIFY2(old.hasValue(), old.hasValue() ? "" : old.message().c_str());
        QCOMPARE((*old)->as<TensorMemoryAttr>()->colStride, 2);
        auto scales = parseTtg("#ttng.tensor_memory_scales_encoding<>");
        QVERIFY2(scales.hasValue(), scales.hasValue() ? "" : scales.message().c_str());
        QCOMPARE(printTtg(**scales), std::string("#ttng.tensor_memory_scales_encoding<>"));
        QCOMPARE(printGluon(**scales),
                 std::string("ttgl.nvidia.blackwell.TensorMemoryScalesLayout()"));
        QVERIFY((*scales)->isTensorMemory() && !(*scales)->isShared() &&
                !(*scales)->isDistributed());
    }

    // Gluon's get_tmem_reg_layout read as the register layout it returns: the 32x32b layout of
    // a 128x128 f32 accumulator by 4 warps is lane i = row i, register j = column j.
    void regLayoutCall()
    {
        auto a = parseGluon("get_tmem_reg_layout(ttgl.float32, [128, 128], "
                            "TensorMemoryLayout((128, 128), col_stride=1), 4)");
        QVERIFY2(a.hasValue(), a.hasValue() ? "" : a.message().c_str());
        const auto *lin = (*a)->as<DistributedLinearAttr>();
        QVERIFY(lin);
        QCOMPARE(lin->laneBases, (BasisList{{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}}));
        QCOMPARE(lin->warpBases, (BasisList{{32, 0}, {64, 0}}));
        QCOMPARE(lin->registerBases.size(), size_t(7));
        for (size_t j = 0; j < 7; ++j)
            QCOMPARE(lin->registerBases[j], (IntList{0, int32_t(1) << j}));
        auto bad = parseGluon("get_tmem_reg_layout(ttgl.float32, [128, 128], "
                              "TensorMemoryLayout((128, 128), 1), 4, instr_variant='16x32bx2')");
        QVERIFY(!bad.hasValue());
        QVERIFY2(bad.message().find("inferred implicitly") != std::string::npos,
                 bad.message().c_str());
    }

    // The TMEM layout of a 64-row block: 16 rows a warp quarter, rows 16-63 to TMEM rows 32 and
    // 64 (the next warps), TMEM row 16 holding the next 64 rows of a taller tensor.
    void blockM64()
    {
        const LinearLayout l = parsed(
            "#ttng.tensor_memory_encoding<blockM = 64, blockN = 32, colStride = 1>", {128, 32});
        const auto at = [&](int32_t row, int32_t col) {
            const auto out = l.apply({{"row", row}, {"col", col}});
            return std::make_pair((*out)[0].second, (*out)[1].second);
        };
        QCOMPARE(at(5, 3), std::make_pair(5, 3));
        QCOMPARE(at(32, 0), std::make_pair(16, 0));
        QCOMPARE(at(64, 0), std::make_pair(32, 0));
        QCOMPARE(at(16, 0), std::make_pair(64, 0));
    }

    void refusals_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("reason");
        QTest::newRow("blockM") << "#ttng.tensor_memory_encoding<blockM = 96, blockN = 64, "
                                   "colStride = 1>"
                                << "blockM must be 64 or 128 but got 96";
        QTest::newRow("blockN") << "#ttng.tensor_memory_encoding<blockM = 128, blockN = 48, "
                                   "colStride = 1>"
                                << "blockN must be a power of 2 but got 48";
        QTest::newRow("blockN 1024") << "#ttng.tensor_memory_encoding<blockM = 128, "
                                        "blockN = 1024, colStride = 1>"
                                     << "blockN must be less than or equal to 512";
        QTest::newRow("colStride") << "#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, "
                                      "colStride = 8>"
                                   << "colStride must be 1, 2, or 4 but got 8";
        QTest::newRow("split") << "#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, "
                                  "colStride = 1, CTASplitN = 3>"
                               << "must be greater than 0 and a power of 2";
        QTest::newRow("unknown key") << "#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, "
                                        "colStride = 1, swizzle = 2>"
                                     << "unknown key 'swizzle'";
        QTest::newRow("gluon col_stride") << "TensorMemoryLayout(block=[128, 64], col_stride=3)"
                                          << "tensor memory col_stride must be a power of two";
        QTest::newRow("gluon variant")
            << "get_tmem_reg_layout(ttgl.float16, [128, 64], TensorMemoryLayout([128, 64], 1), 4, "
               "instr_variant=\"8x8b\")"
            << "unknown instr_variant: 8x8b";
        QTest::newRow("gluon warps")
            << "get_tmem_reg_layout(ttgl.float16, [128, 64], TensorMemoryLayout([128, 64], 1), 2)"
            << "num_warps must be a power of two and >= 4";
    }

    void refusals()
    {
        QFETCH(QString, text);
        QFETCH(QString, reason);
        const std::string t = text.toStdString();
        auto a = t.rfind("#", 0) == 0 ? parseTtg(t) : parseGluon(t);
        QVERIFY(!a.hasValue());
        QVERIFY2(a.message().find(reason.toStdString()) != std::string::npos, a.message().c_str());
    }

    // A tensor smaller than one TMEM block, and a too-wide atom, are refused, never aborted.
    void unbuildable()
    {
        auto a = parseTtg("#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>");
        QVERIFY(a.hasValue());
        QVERIFY(!toLinearLayout(**a, {64, 64}).hasValue());
        QVERIFY(!toLinearLayout(**a, {128, 64, 2}).hasValue());
        TmemRegRequest r;
        r.memory = *a;
        r.shape = {128, 32};
        const auto small = tmemRegisterLayout(r);
        QVERIFY(!small.hasValue());
        QCOMPARE(small.message(),
                 std::string("the allocation shape must be at least 128x64. Got 128, 32"));
        r.memory =
            *parseTtg("#ttng.tensor_memory_encoding<blockM = 128, blockN = 4, colStride = 1>");
        r.shape = {128, 4};
        r.variant = "16x256b";
        const auto wide = tmemRegisterLayout(r);
        QVERIFY(!wide.hasValue());
        QCOMPARE(
            wide.message(),
            std::string("TMEM layout '16x256b' unsupported for shape [128, 4] and num_warps 4"));
    }
};

QTEST_APPLESS_MAIN(TestTmem)
#include "tst_tmem.moc"
