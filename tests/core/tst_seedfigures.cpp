// The MI450 LDS blog's and rocMLIR pull request #2196's numbers that are not bank or partition
// counts (docs/lds-models.md §3.1-§3.4, §4.6):
// the architecture file's extras, a piece row's share of a cache line, the DS counter against an
// op's loads, the microbenchmark sweep's fitted line, the run-time lowering of a partitioned
// load, and rocMLIR's kPack decision with the pull request's published rows and quotes.

#include "analysis/kpackdecision.h"
#include "analysis/microbenchsweep.h"
#include "analysis/partitionlowering.h"
#include "base/resources.h"
#include "blogcumodel.h"
#include "hw/arch.h"
#include "io/ttgir.h"
#include "request/dscounter.h"
#include "request/kernelpressure.h"
#include "request/kpackfigures.h"
#include "request/microbenchfigures.h"
#include "request/partitionloweringfigures.h"
#include "request/pieceline.h"

#include <QTest>

#include <nlohmann/json.hpp>

using namespace lx;

namespace {

const Figure *find(const std::vector<Figure> &figures, const std::string &key)
{
    for (const Figure &f : figures)
        if (f.key == key)
            return &f;
    return nullptr;
}

const char *const kPrConfig = "v4:96,256,8,96,32,32,4,1,2,0,0,4,1,1";
// kpackPerBlock 16 x kPack 2 = K 32, D 96, 512 threads: 6 elements each, copyKPerThread =
// gcd(8, 6) = 2 >= kPack 2, copyDPerThread 3 > 1, kPack 2 < maxVlen 8: D is vectorised.
const char *const kKPack2Config = "v4:96,256,16,96,32,32,2,1,2,0,0,4,1,1";

ViewRequest kpackRequest(nlohmann::json kpack)
{
    ViewRequest req;
    req.arch = "gfx942";
    req.kind = "bank-table";
    req.options = {{"kpack", std::move(kpack)}};
    return req;
}

} // namespace

class TestSeedFigures : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void archFactsOfGfx1250()
    {
        Expected<Architecture> a = loadArchitecture("gfx1250");
        QVERIFY2(a, a ? "" : a.message().c_str());
        QVERIFY(a->dsCounterLimit && a->cu && a->cu->cacheLineBytes);
        // DSCNT is 6 bits on GFX12: 2^6 - 1 outstanding.
        QCOMPARE(a->dsCounterLimit->value, 63.0);
        QCOMPARE(a->cu->cacheLineBytes->value, 128.0);
        QVERIFY(!a->dsCounterLimit->provenance.source.empty());
        // The blog's table: 65536 B / 323 cycles = 202.9, / 196 = 334.4 B/cycle.
        QCOMPARE(a->cu->measurements.size(), size_t(2));
        for (const LdsMeasurement &m : a->cu->measurements)
            QCOMPARE(m.rawBytesPerCycle, std::round(10 * double(m.bytes) / m.cycles) / 10);
        // An architecture whose file states none of them has none.
        Expected<Architecture> none = loadArchitecture("gfx942");
        QVERIFY(none && !none->dsCounterLimit && !none->cu);
    }

    // gfx1201 is GFX12 too: the same 6-bit DSCNT, so the same limit from its own file.
    void dsCounterOfGfx1201()
    {
        Expected<Architecture> a = loadArchitecture("gfx1201");
        QVERIFY2(a, a ? "" : a.message().c_str());
        QVERIFY(a->dsCounterLimit);
        QCOMPARE(a->dsCounterLimit->value, double((1 << 6) - 1));
        QVERIFY(a->dsCounterLimit->provenance.source.find("GFX12") != std::string::npos);
        QCOMPARE(dsCounterLimitFigures(a->dsCounterLimit).size(), size_t(1));
    }

    // The gfx1250 file with one member replaced (a JSON pointer and its new value) is refused
    // with a message naming the member.
    void archFactsRefuseBadValues_data()
    {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("named");
        const auto row = [](const char *name, const char *pointer, const char *value,
                            const char *named) {
            QTest::newRow(name) << QString::fromUtf8(pointer) << QString::fromUtf8(value)
                                << QString::fromUtf8(named);
        };
        row("limit zero", "/dsCounterLimit", R"({"value": 0, "confidence": "H", "source": "x"})",
            "dsCounterLimit");
        row("limit fraction", "/dsCounterLimit",
            R"({"value": 6.5, "confidence": "H", "source": "x"})",
            "dsCounterLimit: value 6.5 is not a whole number");
        row("limit huge", "/dsCounterLimit", R"({"value": 1e9, "confidence": "H", "source": "x"})",
            "dsCounterLimit");
        row("limit a number", "/dsCounterLimit", "63", "dsCounterLimit");
        row("no provenance", "/cu/cacheLineBytes", R"({"value": 128})", "cacheLineBytes");
        row("bad confidence", "/cu/cacheLineBytes",
            R"({"value": 128, "confidence": "sure", "source": "x"})", "confidence");
        row("raw negative", "/cu/measurements/0/rawBytesPerCycle", "-1", "rawBytesPerCycle");
        row("raw text", "/cu/measurements/1/rawBytesPerCycle", R"("fast")", "rawBytesPerCycle");
    }
    void archFactsRefuseBadValues()
    {
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        QFETCH(QString, named);
        const std::optional<std::string_view> text = embeddedResource("arch/gfx1250.json");
        QVERIFY(text);
        nlohmann::json doc = nlohmann::json::parse(*text);
        doc[nlohmann::json::json_pointer(pointer.toStdString())] =
            nlohmann::json::parse(value.toStdString());
        Expected<Architecture> a = parseArchitecture(doc.dump());
        QVERIFY(!a);
        QVERIFY2(QString::fromStdString(a.message()).contains(named), a.message().c_str());
    }

    // Fig 11: B's [K, 64] fp16 piece row is 64 x 2 = 128 B, one 128-byte line; Fig 10's
    // [K, 16] row is 32 B, a quarter of one; A's [32, K] band along M is 64 B, a half.
    void pieceRowsAgainstTheCacheLine_data()
    {
        QTest::addColumn<int>("extent");
        QTest::addColumn<int>("bits");
        QTest::addColumn<int>("bytes");
        QTest::addColumn<QString>("share");
        QTest::newRow("fig11 B") << 64 << 16 << 128 << "1 line";
        QTest::newRow("fig10 B") << 16 << 16 << 32 << "1/4 of a line";
        QTest::newRow("fig10 A") << 32 << 16 << 64 << "1/2 of a line";
        QTest::newRow("fp8 x 48") << 48 << 8 << 48 << "37.5 % of a line";
        QTest::newRow("two lines") << 128 << 16 << 256 << "2 lines";
    }
    void pieceRowsAgainstTheCacheLine()
    {
        QFETCH(int, extent);
        QFETCH(int, bits);
        QFETCH(int, bytes);
        QFETCH(QString, share);
        OperandPartitioning op;
        op.name = "B";
        op.partitionDim = 1;
        op.separable = true;
        op.pieceExtent = extent;
        const ModelConstant line{128, Provenance{"M", "the blog"}};
        const std::vector<Figure> f = pieceRowFigures(line, op, bits);
        QVERIFY(find(f, "pieceRowBytesB") && find(f, "cacheLineB"));
        QCOMPARE(*find(f, "pieceRowBytesB")->value, double(bytes));
        QCOMPARE(*find(f, "cacheLineB")->value, bytes / 128.0);
        QVERIFY2(QString::fromStdString(find(f, "cacheLineB")->text).startsWith(share),
                 find(f, "cacheLineB")->text.c_str());
        // Without a cache line in the file, or for a band that cannot be separated: nothing.
        QVERIFY(pieceRowFigures(std::nullopt, op, bits).empty());
        op.separable = false;
        QVERIFY(pieceRowFigures(line, op, bits).empty());
    }

    // 128 transposed loads against 63 outstanding: 65 wait; 40 fit; without a limit, nothing.
    void dsCounter()
    {
        const std::optional<ModelConstant> limit = ModelConstant{63, Provenance{"H", "LLVM"}};
        auto over = dsCounterFigure(limit, 128, "ds_load_tr16_b128", "Transposed");
        QVERIFY(over);
        QCOMPARE(over->key, std::string("dsCounterTransposed"));
        QCOMPARE(over->source, FigureSource::Model);
        QVERIFY2(over->text.find("65 of them wait") != std::string::npos, over->text.c_str());
        QVERIFY(exhaustsDsCounter(limit, 64) && !exhaustsDsCounter(limit, 63));
        auto within = dsCounterFigure(limit, 40, "ds_load_b128", "Fallback");
        QVERIFY(within && within->text.find("within") != std::string::npos);
        QVERIFY(!dsCounterFigure(std::nullopt, 128, "x", "X"));
        QCOMPARE(dsCounterLimitFigures(limit).size(), size_t(1));
    }

    // Least squares by hand on points of cycles = 10 + bytes / 4.
    void lineFit()
    {
        // Exact line: (0, 10), (4, 11), (8, 12) -> slope 1/4, intercept 10.
        auto exact = fitLine({{0, 10, false}, {4, 11, false}, {8, 12, false}});
        QVERIFY(exact);
        QCOMPARE(exact->slope, 0.25);
        QCOMPARE(exact->intercept, 10.0);
        QCOMPARE(exact->rate(), 4.0);
        // Symmetric noise around x = 4 (11 +- 1) leaves the line: Sx = 16, Sy = 44, slope
        // (4 * Sxy - Sx Sy) / (4 Sxx - Sx^2) with Sxy = 0 + 40 + 96 + 48 = 184, Sxx = 96:
        // (736 - 704) / (384 - 256) = 0.25, intercept (44 - 4) / 4 = 10.
        auto noisy = fitLine({{0, 10, false}, {4, 10, false}, {4, 12, false}, {8, 12, false}});
        QVERIFY(noisy);
        QCOMPARE(noisy->slope, 0.25);
        QCOMPARE(noisy->intercept, 10.0);
        QVERIFY(!fitLine({{4, 1, false}, {4, 2, false}}));
        QVERIFY(!fitLine({}));
    }

    // The blog's microbenchmark swept over 1..32 loads per warp (2 KiB per load step: 4 warps x
    // 32 lanes x 16 B). With F = 67.5 every model point lies on cycles = 67.5 + bytes / 256
    // (plain, one port) or + bytes / 512 (partitioned); the measured 64 KiB points (323, 196)
    // sit 0.5 below the model's 323.5 and 0.5 above its 195.5, so the fit moves by well under a
    // cycle and under 1 % of the rate.
    void sweepRecoversTheRates()
    {
        CuModel cu = blogCuModel();
        cu.fixedCycles.value = 67.5;
        cu.measurements = {LdsMeasurement{"plain", 4, 65536, 16, 128, 323, 255.4, 0, {}},
                           LdsMeasurement{"partitioned", 4, 65536, 16, 128, 196, 509.8, 0, {}}};
        auto s = sweepMicrobenchmark(MicrobenchSpec{}, cu);
        QVERIFY2(s, s ? "" : s.message().c_str());
        QCOMPARE(s->size(), size_t(2));
        for (const SweepSeries &series : *s) {
            QCOMPARE(series.points.size(), size_t(7)); // 1, 2, ..., 32 loads + the measurement
            QVERIFY(series.points.back().measured);
            const double peak = series.layout == "plain" ? 256 : 512;
            QVERIFY2(std::abs(series.fit.rate() / peak - 1) < 0.01,
                     std::to_string(series.fit.rate()).c_str());
            QVERIFY(std::abs(series.fit.intercept - 67.5) < 1);
        }
        const std::vector<Figure> f = sweepFigures(*s, MicrobenchSpec{}, cu);
        QVERIFY(find(f, "sweepRatePlain") && find(f, "sweepFixedPartitioned"));
        QCOMPARE(find(f, "sweepRatePlain")->source, FigureSource::Fitted);
    }

    // Fig 13's A: the partition is fed by warp 1 only (a lane-free, register-free case), two
    // partitions -> 2 base pointers; a lane basis feeding it is flagged.
    void partitionLoweringByKind()
    {
        PartitionConversion c;
        c.partitioned = true;
        auto cvt =
            LinearLayout::tryCreate({{"warp", {{0, 1}}}}, {{"offset", 1}, {"partition", 2}}, false);
        QVERIFY(cvt);
        c.cvt = *cvt;
        c.rows = {{"register", 0, 8, 0, false},
                  {"lane", 0, 16, 0, false},
                  {"warp", 0, 0, 1, true},
                  {"warp", 1, 0, 0, false}};
        PartitionLowering l = partitionLowering(c);
        QCOMPARE(l.basePointers, 2);
        QCOMPARE(l.warpBits, std::vector<std::string>{"warp=1"});
        QCOMPARE(l.warpTermValues, 2);
        QVERIFY(l.registerBits.empty() && !l.laneFlagged());
        std::vector<Figure> f = partitionLoweringFigures(l);
        QVERIFY(find(f, "partitionSetup")->text.find("one-time: 2 base pointers") == 0);
        c.rows[1].feedsPartition = true;
        c.rows[1].partition = 1;
        l = partitionLowering(c);
        QVERIFY(l.laneFlagged());
        f = partitionLoweringFigures(l);
        QVERIFY(find(f, "partitionLaneBits")->text.find("FLAGGED") == 0);
        c.partitioned = false;
        QVERIFY(partitionLoweringFigures(partitionLowering(c)).empty());
    }

    // The pull request's example: 6 elements per thread, copyKPerThread = gcd(8, 6) = 2 < kPack 4:
    // before the fix D vectorisation is chosen (4 < 8, 3 > 1) but impossible -> K unrotated;
    // after it, rotate. kPack 2 with the same 3 x 2: D is vectorised before and after.
    void kpackDecisionRule()
    {
        auto cfg = parsePerfConfig(kPrConfig);
        QVERIFY(cfg);
        auto plan = kpackStorePlan(*cfg, KPackOperand::A, 16, 64, false);
        QVERIFY(plan);
        KPackDecision d = kpackDecision(*plan);
        QCOMPARE(d.copyKPerThread, 2);
        QCOMPARE(d.copyDPerThread, 3);
        QVERIFY(d.vectoriseDBeforeFix && !d.vectoriseDAfterFix);
        QCOMPARE(d.beforeFix, KPackStoreChoice::StoreK);
        QCOMPARE(d.afterFix, KPackStoreChoice::RotateK);
        cfg = parsePerfConfig(kKPack2Config);
        QVERIFY(cfg);
        plan = kpackStorePlan(*cfg, KPackOperand::A, 16, 64, false);
        QVERIFY(plan);
        d = kpackDecision(*plan);
        QCOMPARE(d.beforeFix, KPackStoreChoice::VectoriseD);
        QCOMPARE(d.afterFix, KPackStoreChoice::VectoriseD);
    }

    void kpackRotationFollowsTheRule()
    {
        auto cfg = parsePerfConfig(kPrConfig);
        QVERIFY(cfg);
        auto rot = [&](nlohmann::json k) {
            return kpackRotation(k, *cfg, KPackOperand::A, 16, 64);
        };
        QCOMPARE(*rot(nlohmann::json::object()), true); // after the fix by default
        QCOMPARE(*rot({{"rule", "before-fix"}}), false);
        QCOMPARE(*rot({{"rotate", false}}), false);
        QVERIFY(!rot({{"rotate", true}, {"rule", "after-fix"}}));
        QVERIFY(!rot({{"rule", "sometimes"}}));
    }

    // Rows of the pull request's table (d = m, banks of k = 0 and 2, unrotated, gfx942 32 banks
    // of 4 B): element (k_outer * 96 + d) * 4 + k_in, 2 bytes each. d = 3: element 12 -> byte
    // 24 -> bank 6, k = 2 -> bank 7 (printed B0/B1); d = 4: bank 8 / 9 (printed B6/B7); d = 5:
    // 10 / 11 as printed.
    void kpackFiguresCheckThePublishedRows()
    {
        nlohmann::json k = {
            {"perfConfig", kPrConfig},
            {"dtype", "f16"},
            {"rule", "before-fix"},
            {"published",
             {{"rows", {{"0", {0, 1}}, {"3", {0, 1}}, {"4", {6, 7}}, {"5", {10, 11}}}},
              {"source", "the PR"}}},
            {"measured",
             {{"bankConflictRate", {0.49, 0.07}},
              {"instruction", {"ds_write2_b32", "ds_write_b32"}},
              {"tflops", {88, 97}},
              {"source", "the PR"}}}};
        auto f = kpackFigures(kpackRequest(k));
        QVERIFY2(f, f ? "" : f.message().c_str());
        const Figure *rows = find(*f, "publishedRows");
        QVERIFY(rows);
        QCOMPARE(*rows->value, 2.0);
        QVERIFY2(rows->text.find("m = 3 printed B0/B1, the address formula gives B6/B7") !=
                         std::string::npos &&
                     rows->text.find("m = 4 printed B6/B7, the address formula gives B8/B9") !=
                         std::string::npos,
                 rows->text.c_str());
        QCOMPARE(find(*f, "tflopsMeasured")->source, FigureSource::Measured);
        QCOMPARE(find(*f, "tflopsMeasured")->text, std::string("88 \u2192 97"));
        QCOMPARE(find(*f, "conflictRateMeasured")->text, std::string("0.49 \u2192 0.07"));
        QCOMPARE(find(*f, "instructionMeasured")->text,
                 std::string("ds_write2_b32 \u2192 ds_write_b32"));
        QVERIFY(find(*f, "decisionAfterFix")->label.find("inferred") != std::string::npos);
        // A malformed quote is refused, named.
        k["measured"]["tflops"] = {88};
        auto bad = kpackFigures(kpackRequest(k));
        QVERIFY(!bad);
        QVERIFY2(bad.message().find("tflops") != std::string::npos, bad.message().c_str());
    }

    // Two local_loads of a 64x64 f16 buffer on gfx1250 (wave 32, 4 warps = 128 threads): into
    // #blocked sizePerThread [1, 8] (4096 / 128 = 32 elements per thread, 16 VGPRs) and into
    // sizePerThread [1, 4] with warps [2, 2] (also 32 per thread): the largest is 16 VGPRs. The
    // [1, 8] load is 4 x ds_load_b128 per thread (8 f16 each), within DSCNT's 63.
    void kernelRegistersAndTheDsCounter()
    {
        const std::string text =
            "#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], "
            "warpsPerCTA = [4, 1], order = [1, 0]}>\n"
            "#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], "
            "warpsPerCTA = [2, 2], order = [1, 0]}>\n"
            "#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, "
            "0]}>\n#smem = #ttg.shared_memory\n"
            "module attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = 4 : i32, "
            "ttg.target = \"hip:gfx1250\", \"ttg.threads-per-warp\" = 32 : i32} {\n"
            "  tt.func @f(%arg0: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {\n"
            "    %1 = ttg.local_load %arg0 : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> "
            "tensor<64x64xf16, #blocked>\n"
            "    %2 = ttg.local_load %arg0 : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> "
            "tensor<64x64xf16, #blocked1>\n"
            "    tt.return\n  }\n}\n";
        Expected<TtgirModule> module = parseTtgir(text);
        QVERIFY2(module, module ? "" : module.message().c_str());
        Expected<KernelReport> report = analyzeKernel(*module);
        QVERIFY2(report, report ? "" : report.message().c_str());
        QCOMPARE(report->ops.size(), size_t(2));
        auto regs = tensorRegisters(report->ops[0], 0);
        QVERIFY(regs);
        QCOMPARE(regs->elements, int64_t(32));
        QCOMPARE(regs->vgprs, int64_t(16));
        const std::vector<Figure> f = kernelPressureFigures(*report);
        QVERIFY(find(f, "registersLargestTensor"));
        QCOMPARE(*find(f, "registersLargestTensor")->value, 16.0);
        QCOMPARE(find(f, "registersLargestTensor")->source, FigureSource::Model);
        QVERIFY(find(f, "dsCounterLimit") && find(f, "dsCounterWorst"));
        QVERIFY2(find(f, "dsCounterWorst")->text.find("within DSCNT") != std::string::npos,
                 find(f, "dsCounterWorst")->text.c_str());
    }

    void measuredRegisterQuotes()
    {
        ViewRequest req;
        req.kind = "ds-load-tr-panels";
        req.options = {{"measured",
                        {{"vgprsTransposed", 308},
                         {"vgprsFallback", 512},
                         {"spillsFallback", 233},
                         {"source", "the blog"}}}};
        auto f = measuredRegisterFigures(req);
        QVERIFY2(f, f ? "" : f.message().c_str());
        QCOMPARE(f->size(), size_t(3));
        QCOMPARE(find(*f, "spillsMeasuredFallback")->source, FigureSource::Measured);
        QCOMPARE(*find(*f, "vgprsMeasuredFallback")->value, 512.0);
        req.options["measured"]["vgprsFallback"] = "many";
        auto bad = measuredRegisterFigures(req);
        QVERIFY(!bad && bad.message().find("vgprsFallback") != std::string::npos);
        req.options.erase("measured");
        QVERIFY(measuredRegisterFigures(req)->empty());
    }

    // kPack 2: rocMLIR vectorises D, the K stores shown are flagged as the run split up.
    void kpackFiguresFlagTheDVectorisation()
    {
        auto f = kpackFigures(kpackRequest({{"perfConfig", kKPack2Config}, {"dtype", "f16"}}));
        QVERIFY2(f, f ? "" : f.message().c_str());
        const Figure *shown = find(*f, "storesShown");
        QVERIFY(shown && shown->value && *shown->value == 1.0);
        QVERIFY2(shown->text.find("FLAGGED") != std::string::npos, shown->text.c_str());
        QVERIFY(find(*f, "decisionAfterFix")->text.find("vectorise D") == 0);
    }
};

QTEST_GUILESS_MAIN(TestSeedFigures)
#include "tst_seedfigures.moc"
