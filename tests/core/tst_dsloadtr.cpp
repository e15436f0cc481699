// ds_load_tr analysis: instruction models, eligibility, the address pipeline, the fallback.
//
// Expected values come from tests/data/conformance/triton-gfx1250-lowering.json (the
// ds_load_tr_lowering / ds_load_tr_fulltile cases, i.e. Triton's lit tests), from the closed
// forms of docs/gfx1250-layouts.md §2.3, and from the AMD MI450 LDS blog.

#include "analysis/dsloadtr.h"
#include "io/ttgtext.h"
#include "layout/builders.h"

#include "testlayout.h"

#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <bit>
#include <map>
#include <set>

using namespace lx;
using json = nlohmann::json;

Q_DECLARE_METATYPE(std::string)
Q_DECLARE_METATYPE(std::vector<lx::LinearLayout::Basis>)

namespace {

json loadLowering()
{
    QFile f(QStringLiteral(LX_TEST_DATA_DIR "/conformance/triton-gfx1250-lowering.json"));
    if (!f.open(QIODevice::ReadOnly))
        return json();
    return json::parse(f.readAll().toStdString());
}

const json &lowering()
{
    static const json j = loadLowering();
    return j;
}

// derived_cvt_reg_lane_warp_to_offset: {"register": [[o] or [o, p]], "lane": ..., "warp": ...}.
// Out sizes: the smallest power of two above every component.
LinearLayout cvtFromJson(const json &j)
{
    LinearLayout::BasesT bases;
    size_t comps = 0;
    std::vector<int32_t> ors;
    for (const char *d : {"register", "lane", "warp"}) {
        auto bs = j.at(d).get<std::vector<lx::Basis>>();
        for (const auto &b : bs) {
            comps = b.size();
            ors.resize(comps, 0);
            for (size_t i = 0; i < b.size(); ++i)
                ors[i] |= b[i];
        }
        bases.emplace_back(d, bs);
    }
    std::vector<LinearLayout::NamedSize> outs{
        {"offset", int32_t(std::bit_ceil(uint32_t(ors[0]) + 1))}};
    if (comps == 2)
        outs.emplace_back("partition", int32_t(std::bit_ceil(uint32_t(ors[1]) + 1)));
    return *LinearLayout::tryCreate(bases, outs, false);
}

// Unswizzled shared layout (swizzled_shared vec = 1, maxPhase = 1, or the linear component of a
// short-form padded_shared): offset walks order[0] first.
LinearLayout plainShared(const std::vector<int32_t> &shape, const std::vector<int32_t> &order)
{
    std::vector<LinearLayout::Basis> offs;
    for (int32_t dim : order)
        for (int32_t v = 1; v < shape[size_t(dim)]; v <<= 1) {
            LinearLayout::Basis b(shape.size(), 0);
            b[size_t(dim)] = v;
            offs.push_back(b);
        }
    std::vector<LinearLayout::NamedSize> outs;
    for (size_t d = 0; d < shape.size(); ++d)
        outs.emplace_back("dim" + std::to_string(d), shape[d]);
    return *LinearLayout::tryCreate({{"offset", offs}}, outs, true);
}

// The bases of a "#ttg.linear<{register = [[..]], lane = .., warp = .., block = []}>" text.
LinearLayout linearFromText(const std::string &text, const std::vector<int32_t> &shape)
{
    LinearLayout::BasesT bases;
    for (const char *key : {"register", "lane", "warp", "block"}) {
        const std::string k = std::string(key) + " = ";
        const size_t at = text.find(k);
        size_t i = at + k.size(), depth = 0, end = i;
        for (; end < text.size(); ++end) {
            if (text[end] == '[')
                ++depth;
            else if (text[end] == ']' && --depth == 0)
                break;
        }
        bases.emplace_back(
            key, json::parse(text.substr(i, end - i + 1)).get<std::vector<LinearLayout::Basis>>());
    }
    // Fit to the tensor (reference §1, combineCtaCgaWithShape): while a dim's span is smaller
    // than the shape, append an identity register basis along it. (Every linear encoding of the
    // lowering file grows along at most one dim, so the walk order does not matter here.)
    std::vector<LinearLayout::NamedSize> outs;
    for (size_t d = 0; d < shape.size(); ++d) {
        int32_t span = 0;
        for (const auto &[name, bs] : bases)
            for (const auto &b : bs)
                span |= b[d];
        for (int32_t next = int32_t(std::bit_ceil(uint32_t(span) + 1)); next < shape[d];
             next <<= 1) {
            LinearLayout::Basis b(shape.size(), 0);
            b[d] = next;
            bases[0].second.push_back(b);
        }
        outs.emplace_back("dim" + std::to_string(d), shape[d]);
    }
    // Then clip: components beyond the shape become 0 (broadcast); register bases that become
    // zero only by clipping are dropped, lane/warp bases are kept.
    for (auto &[name, bs] : bases) {
        std::vector<LinearLayout::Basis> kept;
        for (LinearLayout::Basis b : bs) {
            const bool wasZero = std::all_of(b.begin(), b.end(), [](int32_t v) { return v == 0; });
            for (size_t d = 0; d < b.size(); ++d)
                if (b[d] >= shape[d])
                    b[d] = 0;
            const bool isZero = std::all_of(b.begin(), b.end(), [](int32_t v) { return v == 0; });
            if (name != "register" || wasZero || !isZero)
                kept.push_back(b);
        }
        bs = kept;
    }
    return *LinearLayout::tryCreate(bases, outs, false);
}

std::vector<int32_t> orderOf(const std::string &encoding)
{
    // #shared / #padding* / #padding_vec1 use order [0, 1]; #shared1 uses [1, 0].
    return encoding == "#shared1" ? std::vector<int32_t>{1, 0} : std::vector<int32_t>{0, 1};
}

int bitsOf(const std::string &elem, const std::string &op)
{
    if (op == "amdg.local_load_packed_transposed")
        return 4;
    return *dtypeBits(elem);
}

struct CaseOp
{
    std::string caseId;
    int index = 0;
    json op;
    std::string arch;
};

std::vector<CaseOp> allLoweringOps()
{
    std::vector<CaseOp> ops;
    for (const json &c : lowering().at("cases")) {
        if (c.at("kind") != "ds_load_tr_lowering")
            continue;
        int i = 0;
        for (const json &op : c.at("inputs").at("ops"))
            ops.push_back({c.at("id").get<std::string>(), i++, op,
                           c.at("inputs").at("module").at("arch").get<std::string>()});
    }
    return ops;
}

// The destination layout of an op: #ttg.linear from its text, otherwise (WMMA dot operands)
// shared(cvt(x)) of any op in the file with the same destination tensor whose cvt and plain
// shared source are known.
std::optional<LinearLayout> destinationOf(const CaseOp &c)
{
    const json &dt = c.op.at("dst_tensor");
    const std::vector<int32_t> shape = dt.at("shape").get<std::vector<int32_t>>();
    const std::string enc = dt.value("encoding_text", dt.at("encoding").get<std::string>());
    if (enc.rfind("#ttg.linear", 0) == 0)
        return linearFromText(enc, shape);
    const json &enc1250 = lowering().at("encodings").at("gfx1250_ds_transpose");
    if (enc1250.contains(enc))
        return linearFromText(enc1250.at(enc).get<std::string>(), shape);
    for (const CaseOp &o : allLoweringOps()) {
        const json &odt = o.op.at("dst_tensor");
        const std::string senc = o.op.at("src_memdesc").at("encoding").get<std::string>();
        if (odt != dt || o.op.at("op") != c.op.at("op") ||
            !o.op.contains("derived_cvt_reg_lane_warp_to_offset") ||
            (senc != "#shared" && senc != "#shared1" && senc != "#padding"))
            continue;
        const LinearLayout shared = plainShared(
            o.op.at("src_memdesc").at("shape").get<std::vector<int32_t>>(), orderOf(senc));
        Expected<LinearLayout> dst =
            cvtFromJson(o.op.at("derived_cvt_reg_lane_warp_to_offset")).compose(shared);
        if (dst)
            return *dst;
    }
    return std::nullopt;
}

// Every destination (warp, register, lane) gets, through the instruction's exchange, exactly the
// LDS element cvt says it holds: the addresses reproduce the layout conversion.
bool addressesReproduceCvt(const DsLoadTrPlan &p, QString *why)
{
    const int E = p.instruction.elementsPerInstruction();
    const int oi = p.cvt.outDimIndex("offset");
    for (int w = 0; w < p.warps; ++w)
        for (int64_t i = 0; i < p.instructions; ++i)
            for (int lane = 0; lane < p.instruction.warpSize; ++lane)
                for (int r = 0; r < E; ++r) {
                    const auto src = p.instruction.sourceOf(lane, r);
                    const int32_t got =
                        p.laneOffsets[size_t(w)][size_t(i)][size_t(src.lane)] + src.element;
                    const int32_t want =
                        p.cvt.applyOrdered({int32_t(i * E + r), lane, w})[size_t(oi)];
                    if (got != want) {
                        *why = QStringLiteral("warp %1 instr %2 lane %3 reg %4: got %5 want %6")
                                   .arg(w)
                                   .arg(i)
                                   .arg(lane)
                                   .arg(r)
                                   .arg(got)
                                   .arg(want);
                        return false;
                    }
                }
    return true;
}

} // namespace

class TestDsLoadTr : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void conformanceFileLoads() { QVERIFY(lowering().contains("cases")); }

    void fullTile_data();
    void fullTile();
    void exchangeClosedForms_data();
    void exchangeClosedForms();
    void blogFigure1Facts();
    void loweringOps_data();
    void loweringOps();
    void loweringOpsFromEncodings_data() { loweringOps_data(); }
    void loweringOpsFromEncodings();
    void loweringCounts_data();
    void loweringCounts();
    void partitionRemapsLane();
    void paddedByteAddresses();
    void gfx950MfmaCountOnly();
    void toyInvertAndCompose();
    void figure5_data();
    void figure5();
    void attentionV();
    void badInput_data();
    void badInput();
};

void TestDsLoadTr::fullTile_data()
{
    QTest::addColumn<std::string>("name");
    QTest::addColumn<std::string>("tile");
    QTest::addColumn<std::string>("fullTile");
    for (const json &c : lowering().at("cases")) {
        if (c.at("kind") != "ds_load_tr_fulltile")
            continue;
        // id "derived.fullTile.<isa>.<name>"
        const std::string id = c.at("id").get<std::string>();
        const std::string name = id.substr(id.rfind('.') + 1);
        QTest::newRow(id.c_str()) << name << c.at("expected").at("tile").dump()
                                  << c.at("expected").at("fullTile").dump();
    }
}

void TestDsLoadTr::fullTile()
{
    QFETCH(std::string, name);
    QFETCH(std::string, tile);
    QFETCH(std::string, fullTile);
    const std::optional<DsLoadTrInstruction> instr = dsLoadTrInstructionByName(name);
    QVERIFY2(instr, name.c_str());
    QCOMPARE(QString::fromStdString(instr->tile().toString()),
             QString::fromStdString(lx::test::layoutOfJson(json::parse(tile)).toString()));
    QCOMPARE(QString::fromStdString(instr->fullTile().toString()),
             QString::fromStdString(lx::test::layoutOfJson(json::parse(fullTile)).toString()));
    QVERIFY(instr->fullTile() == lx::test::layoutOfJson(json::parse(fullTile)));
}

void TestDsLoadTr::exchangeClosedForms_data()
{
    QTest::addColumn<std::string>("name");
    QTest::newRow("gfx1250 tr16_b128") << std::string("ds_load_tr16_b128");
    QTest::newRow("gfx1250 tr8_b64") << std::string("ds_load_tr8_b64");
    QTest::newRow("gfx1250 tr4_b64") << std::string("ds_load_tr4_b64");
}

void TestDsLoadTr::exchangeClosedForms()
{
    QFETCH(std::string, name);
    const DsLoadTrInstruction in = *dsLoadTrInstructionByName(name);
    for (int L = 0; L < 32; ++L)
        for (int r = 0; r < in.tileSize(); ++r) {
            // Reference §2.3 closed forms: dst (lane L, reg r) <- (src lane, element).
            int lane = 0, elem = 0;
            if (name == "ds_load_tr16_b128") {
                lane = (L & 24) | r;
                elem = L & 7;
            } else if (name == "ds_load_tr8_b64") {
                lane = (r & 3) | (((L >> 3) & 1) << 2) | (((r >> 2) & 1) << 3) | (L & 16);
                elem = L & 7;
            } else {
                lane = (r & 7) | ((L >> 4) << 3) | ((r >> 3) << 4);
                elem = L & 15;
            }
            const auto src = in.sourceOf(L, r);
            QCOMPARE(src.lane, lane);
            QCOMPARE(src.element, elem);
            const auto back = in.destinationOf(lane, elem);
            QCOMPARE(back.lane, L);
            QCOMPARE(back.element, r);
        }
}

void TestDsLoadTr::blogFigure1Facts()
{
    // Blog, Part I: "D0 receives column E0: [S0:E0, S1:E0, ..., S7:E0]".
    const DsLoadTrInstruction tr16 = *dsLoadTrInstructionByName("ds_load_tr16_b128");
    for (int r = 0; r < 8; ++r)
        QCOMPARE(tr16.sourceOf(0, r), (DsLoadTrInstruction::LaneElement{r, 0}));
    // "D8 receives column E0 of the next independent group: [S8:E0 ... S15:E0]".
    for (int r = 0; r < 8; ++r)
        QCOMPARE(tr16.sourceOf(8, r), (DsLoadTrInstruction::LaneElement{8 + r, 0}));
    // "for ds_load_tr8_b64, destination lanes D0 through D7 draw from S0-S3 and S8-S11".
    const DsLoadTrInstruction tr8 = *dsLoadTrInstructionByName("ds_load_tr8_b64");
    std::set<int> sources;
    for (int L = 0; L < 8; ++L)
        for (int r = 0; r < 8; ++r)
            sources.insert(tr8.sourceOf(L, r).lane);
    QCOMPARE(sources, (std::set<int>{0, 1, 2, 3, 8, 9, 10, 11}));
    // Fig 4b: "lane=8 now selects source lane S4 instead of S8, and register=4 selects S8".
    QCOMPARE(tr8.sourceOf(8, 0).lane, 4);
    QCOMPARE(tr8.sourceOf(0, 4).lane, 8);
    QCOMPARE(tr16.sourceOf(8, 0).lane, 8);
    QCOMPARE(tr16.sourceOf(0, 4).lane, 4);
}

void TestDsLoadTr::loweringOps_data()
{
    QTest::addColumn<int>("opIndex");
    const std::vector<CaseOp> ops = allLoweringOps();
    for (size_t i = 0; i < ops.size(); ++i)
        QTest::newRow((ops[i].caseId + " op" + std::to_string(ops[i].index)).c_str()) << int(i);
}

void TestDsLoadTr::loweringOps()
{
    QFETCH(int, opIndex);
    const CaseOp c = allLoweringOps()[size_t(opIndex)];
    const json &outcome = c.op.at("derived_outcome");
    const int bits = bitsOf(c.op.at("dst_tensor").at("elem").get<std::string>(),
                            c.op.at("op").get<std::string>());
    const std::string srcEnc = c.op.at("src_memdesc").at("encoding").get<std::string>();
    DsLoadTrOptions opts;
    if (srcEnc == "#padding")
        opts.padding = {{512, 16}};
    else if (srcEnc == "#padding_vec1")
        opts.padding = {{1, 4}};

    std::optional<DsLoadTrPlan> plan;
    if (c.op.contains("derived_cvt_reg_lane_warp_to_offset")) {
        Expected<DsLoadTrPlan> p = analyzeDsLoadTrCvt(
            cvtFromJson(c.op.at("derived_cvt_reg_lane_warp_to_offset")), bits, c.arch, opts);
        QVERIFY2(p, p ? "" : p.message().c_str());
        plan = *p;
    }
    // Whenever the source is a plain (or padded) shared layout, run the whole analysis from the
    // two layouts too; the fallback cases (no cvt in the file) only this way.
    // (fp4-packed loads run in nibble coordinates; the file gives their cvt directly.)
    const bool packed = c.op.at("op") == "amdg.local_load_packed_transposed";
    if (!packed && (srcEnc == "#shared" || srcEnc == "#shared1" || srcEnc == "#padding" ||
                    srcEnc == "#padding_vec1")) {
        const std::optional<LinearLayout> dst = destinationOf(c);
        QVERIFY2(dst, "no destination layout derivable for this op");
        const LinearLayout shared = plainShared(
            c.op.at("src_memdesc").at("shape").get<std::vector<int32_t>>(), orderOf(srcEnc));
        Expected<DsLoadTrPlan> p = analyzeDsLoadTr(shared, *dst, bits, c.arch, opts);
        QVERIFY2(p, p ? "" : p.message().c_str());
        if (plan) {
            QCOMPARE(p->eligible, plan->eligible);
            QCOMPARE(p->instructions, plan->instructions);
            QVERIFY(p->cvt == plan->cvt || p->cvt.equalIgnoringOutDimSizes(plan->cvt));
        }
        plan = *p;
    }
    QVERIFY(plan);
    QCOMPARE(plan->eligible, outcome.at("ds_load_tr_emitted").get<bool>());
    if (plan->eligible) {
        QCOMPARE(plan->instructions, outcome.at("instructions").get<int64_t>());
        QVERIFY(plan->reason.empty());
        QString why;
        QVERIFY2(addressesReproduceCvt(*plan, &why), qPrintable(why));
    } else {
        QCOMPARE(plan->reason, outcome.at("reason_if_not").get<std::string>());
        QCOMPARE(plan->instructions, int64_t(0));
    }
}

// The same ops with both layouts built from the lit test's own encodings by the builders
// (alias lines from the file's `encodings` table), as the CLI and the presets do it.
Expected<LayoutAttrPtr> encodingAttr(const std::string &encoding, const std::string &arch)
{
    const json &table =
        lowering()
            .at("encodings")
            .at(arch == "gfx950" ? "gfx950_ds_transpose_linear" : "gfx1250_ds_transpose");
    std::string text;
    for (const auto &[alias, value] : table.items())
        if (encoding.find(alias) != std::string::npos)
            text += alias + " = " + value.get<std::string>() + "\n";
    return parseLayoutText(text + encoding);
}

void TestDsLoadTr::loweringOpsFromEncodings()
{
    QFETCH(int, opIndex);
    const CaseOp c = allLoweringOps()[size_t(opIndex)];
    const bool packed = c.op.at("op") == "amdg.local_load_packed_transposed";
    const json &outcome = c.op.at("derived_outcome");
    const json &src = c.op.at("src_memdesc");
    const json &dt = c.op.at("dst_tensor");
    Expected<LayoutAttrPtr> sharedAttr =
        encodingAttr(src.at("encoding").get<std::string>(), c.arch);
    Expected<LayoutAttrPtr> dstAttr =
        encodingAttr(dt.value("encoding_text", dt.at("encoding").get<std::string>()), c.arch);
    QVERIFY2(sharedAttr, sharedAttr ? "" : sharedAttr.message().c_str());
    QVERIFY2(dstAttr, dstAttr ? "" : dstAttr.message().c_str());
    QVERIFY(!dsLoadTrDestinationProblem(dstAttr->get()));
    Expected<LinearLayout> shared =
        toLinearLayout(**sharedAttr, src.at("shape").get<std::vector<int32_t>>());
    Expected<LinearLayout> dst =
        toLinearLayout(**dstAttr, dt.at("shape").get<std::vector<int32_t>>());
    QVERIFY2(shared, shared ? "" : shared.message().c_str());
    QVERIFY2(dst, dst ? "" : dst.message().c_str());
    const int bits = *dtypeBits(dt.at("elem").get<std::string>());
    const DsLoadTrOptions opts = dsLoadTrOptionsFor(sharedAttr->get());
    // fp4 packed along M/N: both i8 layouts lifted to nibbles (reference §2.4 step 3).
    Expected<DsLoadTrPlan> p = packed ? analyzePackedFp4DsLoadTr(*shared, *dst, c.arch, opts)
                                      : analyzeDsLoadTr(*shared, *dst, bits, c.arch, opts);
    QVERIFY2(p, p ? "" : p.message().c_str());
    QCOMPARE(p->eligible, outcome.at("ds_load_tr_emitted").get<bool>());
    if (p->eligible) {
        QCOMPARE(p->instructions, outcome.at("instructions").get<int64_t>());
        // The derived cvt of the file, basis for basis (partition column included).
        const LinearLayout want = cvtFromJson(c.op.at("derived_cvt_reg_lane_warp_to_offset"));
        QVERIFY2(p->cvt.equalIgnoringOutDimSizes(want), p->cvt.toString().c_str());
        QString why;
        QVERIFY2(addressesReproduceCvt(*p, &why), qPrintable(why));
    } else {
        QCOMPARE(p->reason, outcome.at("reason_if_not").get<std::string>());
    }
}

void TestDsLoadTr::loweringCounts_data()
{
    // Per case: the intrinsic and the total count the lit test pins (CHECK-COUNT, exact when a
    // CHECK-NOT follows), against the sum over the case's ops of this analysis.
    QTest::addColumn<std::string>("caseId");
    for (const json &c : lowering().at("cases"))
        if (c.at("kind") == "ds_load_tr_lowering")
            QTest::newRow(c.at("id").get<std::string>().c_str()) << c.at("id").get<std::string>();
}

void TestDsLoadTr::loweringCounts()
{
    QFETCH(std::string, caseId);
    const std::vector<CaseOp> ops = allLoweringOps();
    std::map<std::string, int64_t> perIntrinsic; // eligible ops, by intrinsic
    std::vector<DsLoadTrPlan> plans;
    for (const CaseOp &c : ops) {
        if (c.caseId != caseId)
            continue;
        const int bits = bitsOf(c.op.at("dst_tensor").at("elem").get<std::string>(),
                                c.op.at("op").get<std::string>());
        std::optional<DsLoadTrPlan> plan;
        if (c.op.contains("derived_cvt_reg_lane_warp_to_offset")) {
            plan = *analyzeDsLoadTrCvt(cvtFromJson(c.op.at("derived_cvt_reg_lane_warp_to_offset")),
                                       bits, c.arch);
        } else {
            const std::string srcEnc = c.op.at("src_memdesc").at("encoding").get<std::string>();
            DsLoadTrOptions opts;
            if (srcEnc == "#padding_vec1")
                opts.padding = {{1, 4}};
            plan = *analyzeDsLoadTr(
                plainShared(c.op.at("src_memdesc").at("shape").get<std::vector<int32_t>>(),
                            orderOf(srcEnc)),
                *destinationOf(c), bits, c.arch, opts);
        }
        if (plan->eligible)
            perIntrinsic[plan->instruction.intrinsic] += plan->instructions;
        plans.push_back(*plan);
    }
    QVERIFY(!plans.empty());
    const json *expected = nullptr;
    for (const json &c : lowering().at("cases"))
        if (c.at("id") == caseId)
            expected = &c.at("expected");
    const json &e = *expected;
    if (e.contains("intrinsic") && e.contains("count")) {
        const int64_t got = perIntrinsic[e.at("intrinsic").get<std::string>()];
        if (e.value("exact", false))
            QCOMPARE(got, e.at("count").get<int64_t>());
        else
            QVERIFY(got >= e.at("count").get<int64_t>());
    }
    // "second_op" / "op1".. entries: per-op intrinsic counts or a fallback text
    // "fallback: 8 x llvm.load vector<8xf16>" (a lower bound, reference §10).
    const std::vector<std::string> keys = {"first_op", "second_op", "op1",
                                           "op2",      "op3",       "fallback"};
    for (size_t k = 0; k < keys.size(); ++k) {
        if (!e.contains(keys[k]))
            continue;
        const size_t idx = keys[k] == "first_op" || keys[k] == "fallback" ? 0
                           : keys[k] == "second_op"                       ? 1
                                                    : size_t(keys[k][2] - '1');
        QVERIFY(idx < plans.size());
        const DsLoadTrPlan &p = plans[idx];
        const json &v = e.at(keys[k]);
        if (v.is_object()) {
            QVERIFY(p.eligible);
            QCOMPARE(p.instruction.intrinsic, v.at("intrinsic").get<std::string>());
            if (v.value("exact", false))
                QCOMPARE(p.instructions, v.at("count").get<int64_t>());
            else
                QVERIFY(p.instructions >= v.at("count").get<int64_t>());
        } else {
            // "[fallback[:]] N[+] x llvm.load vector<Vx...>"
            const std::string s = v.get<std::string>();
            QVERIFY(!p.eligible);
            const size_t x = s.find(" x llvm.load vector<");
            QVERIFY(x != std::string::npos);
            size_t numStart = x;
            while (numStart > 0 && (std::isdigit(static_cast<unsigned char>(s[numStart - 1])) ||
                                    s[numStart - 1] == '+'))
                --numStart;
            const int64_t n = std::stoll(s.substr(numStart, x - numStart));
            const int vec = std::stoi(s.substr(x + std::string(" x llvm.load vector<").size()));
            QCOMPARE(p.fallback.vectorElements, vec);
            QVERIFY(p.fallback.count >= n);
        }
    }
    for (const char *zeroKey : {"ds_load_tr16", "ds_load_tr8", "ds_read_tr16"})
        if (e.contains(zeroKey)) {
            QCOMPARE(e.at(zeroKey).get<int>(), 0);
            for (const DsLoadTrPlan &p : plans)
                QVERIFY(!p.eligible);
        }
}

void TestDsLoadTr::partitionRemapsLane()
{
    // ds_transpose_partitioned_remaps_lane: the partition bit sits on destination lane bit 3;
    // tr8's fullTile sends source-lane bit 2 there, so source lanes with bit 2 set read
    // partition 1 (the IR shifts the lane id right by 2).
    for (const CaseOp &c : allLoweringOps()) {
        if (c.caseId != "dst1250.ds_transpose_partitioned_remaps_lane")
            continue;
        const DsLoadTrPlan p = *analyzeDsLoadTrCvt(
            cvtFromJson(c.op.at("derived_cvt_reg_lane_warp_to_offset")), 8, c.arch);
        QVERIFY(p.eligible && p.partitioned);
        for (int w = 0; w < p.warps; ++w)
            for (size_t i = 0; i < p.lanePartitions[size_t(w)].size(); ++i)
                for (int s = 0; s < 32; ++s)
                    QCOMPARE(p.lanePartitions[size_t(w)][i][size_t(s)], (s >> 2) & 1);
        return;
    }
    QFAIL("case not found");
}

void TestDsLoadTr::paddedByteAddresses()
{
    // dst950.ds_transpose_with_padding's note: #ttg.padded_shared<[512:+16]> on f16 pads the byte
    // offset as off + ((off >> 10) << 5). Same rule on gfx1250's ds_transpose_with_padding.
    for (const CaseOp &c : allLoweringOps()) {
        if (c.caseId != "dst1250.ds_transpose_with_padding")
            continue;
        const DsLoadTrPlan p =
            *analyzeDsLoadTrCvt(cvtFromJson(c.op.at("derived_cvt_reg_lane_warp_to_offset")), 16,
                                c.arch, DsLoadTrOptions{{{512, 16}}});
        QVERIFY(p.eligible);
        for (int w = 0; w < p.warps; ++w)
            for (int64_t i = 0; i < p.instructions; ++i)
                for (int s = 0; s < 32; ++s) {
                    const int64_t bytes =
                        int64_t(p.laneOffsets[size_t(w)][size_t(i)][size_t(s)]) * 2;
                    QCOMPARE(p.byteAddress(w, i, s), bytes + ((bytes >> 10) << 5));
                }
        return;
    }
    QFAIL("case not found");
}

void TestDsLoadTr::gfx950MfmaCountOnly()
{
    // dst950.ds_transpose_n_t_fp16_mfma_16 (count-only case: parent, A and B given as text):
    // 32 rocdl.ds.read.tr16.b64 for A (128x64 f16, order [0, 1], kWidth 8) and B (64x128,
    // order [1, 0], kWidth 8) together.
    const json *e = nullptr;
    for (const json &c : lowering().at("cases"))
        if (c.at("id") == "dst950.ds_transpose_n_t_fp16_mfma_16")
            e = &c.at("expected");
    QVERIFY(e);
    const std::string parent = "#mma = " + e->at("parent").get<std::string>() + "\n";
    int64_t total = 0;
    for (int opIdx = 0; opIdx < 2; ++opIdx) {
        const std::vector<int32_t> shape =
            opIdx == 0 ? std::vector<int32_t>{128, 64} : std::vector<int32_t>{64, 128};
        const std::string order = opIdx == 0 ? "[0, 1]" : "[1, 0]";
        Expected<LayoutAttrPtr> dstAttr =
            parseLayoutText(parent + "#ttg.dot_op<{opIdx = " + std::to_string(opIdx) +
                            ", parent = #mma, kWidth = 8}>");
        Expected<LayoutAttrPtr> sharedAttr = parseLayoutText(
            "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = " + order + "}>");
        QVERIFY(dstAttr && sharedAttr);
        Expected<LinearLayout> dst = toLinearLayout(**dstAttr, shape);
        QVERIFY2(dst, dst ? "" : dst.message().c_str());
        const DsLoadTrPlan p =
            *analyzeDsLoadTr(*toLinearLayout(**sharedAttr, shape), *dst, 16, "gfx950");
        QVERIFY2(p.eligible, p.reason.c_str());
        QCOMPARE(p.instruction.intrinsic, e->at("intrinsic").get<std::string>());
        QString why;
        QVERIFY2(addressesReproduceCvt(p, &why), qPrintable(why));
        total += p.instructions;
    }
    QCOMPARE(total, e->at("count").get<int64_t>());
}

void TestDsLoadTr::toyInvertAndCompose()
{
    // Blog, Part I: tensor<32x8xbf16>, #shared order [0, 1], #dst register = [[0,1],[0,2],[0,4]],
    // lane = [[1,0],[2,0],[4,0],[8,0],[16,0]]. The blog's table: register 1, 2, 4 -> 32, 64, 128;
    // lane 1..16 -> 1..16.
    const LinearLayout shared = plainShared({32, 8}, {0, 1});
    const LinearLayout dst =
        *LinearLayout::tryCreate({{"register", {{0, 1}, {0, 2}, {0, 4}}},
                                  {"lane", {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}}},
                                  {"warp", {}}},
                                 {{"dim0", 32}, {"dim1", 8}}, true);
    const DsLoadTrPlan p = *analyzeDsLoadTr(shared, dst, 16, "gfx1250");
    const LinearLayout want = *LinearLayout::tryCreate(
        {{"register", {{32}, {64}, {128}}}, {"lane", {{1}, {2}, {4}, {8}, {16}}}, {"warp", {}}},
        {{"offset", 256}}, true);
    QVERIFY2(p.cvt.equalIgnoringOutDimSizes(want), p.cvt.toString().c_str());
    QVERIFY(p.eligible);
    QCOMPARE(p.instructions, int64_t(1));
    QCOMPARE(p.instruction.name, std::string("ds_load_tr16_b128"));
    // One instruction: source lane s of group g reads the chunk at s * 32 XOR g*8 ... derive: the
    // destination (lane L, reg r) holds offset 32 r + L; src lane (L & 24) | r element L & 7
    // reads offset 32 r + (L & 24) + (L & 7), so src lane s starts at 32 (s & 7) + (s & 24).
    for (int s = 0; s < 32; ++s)
        QCOMPARE(p.laneOffsets[0][0][size_t(s)], 32 * (s & 7) + (s & 24));
    // Fallback: registers step by 32 offsets, so each of the 8 values is its own ds_load_u16.
    QCOMPARE(p.fallback.instruction, std::string("ds_load_u16"));
    QCOMPARE(p.fallback.count, int64_t(8));
}

void TestDsLoadTr::figure5_data()
{
    QTest::addColumn<std::vector<LinearLayout::Basis>>("reg");
    QTest::addColumn<std::vector<LinearLayout::Basis>>("lane");
    QTest::addColumn<bool>("eligible");
    QTest::addColumn<std::string>("reason");
    // Blog Fig 5 (tensor<32x8xbf16>, one warp, #shared order [0, 1]): the valid layout is the toy
    // #dst; scrambling the register bases and the lanes above the tile keeps it valid; swapping
    // lane bases 1 and 2 (as ds_transpose_ll_invalid does) breaks the tile.
    QTest::newRow("valid")
        << std::vector<LinearLayout::Basis>{{0, 1}, {0, 2}, {0, 4}}
        << std::vector<LinearLayout::Basis>{{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}} << true
        << std::string();
    QTest::newRow("scrambled-valid")
        << std::vector<LinearLayout::Basis>{{0, 2}, {0, 4}, {0, 1}}
        << std::vector<LinearLayout::Basis>{{1, 0}, {2, 0}, {4, 0}, {16, 0}, {8, 0}} << true
        << std::string();
    QTest::newRow("invalid")
        << std::vector<LinearLayout::Basis>{{0, 1}, {0, 2}, {0, 4}}
        << std::vector<LinearLayout::Basis>{{1, 0}, {4, 0}, {2, 0}, {8, 0}, {16, 0}} << false
        << std::string("lane basis 1 maps to [4] (need offset 2)");
}

void TestDsLoadTr::figure5()
{
    QFETCH(std::vector<LinearLayout::Basis>, reg);
    QFETCH(std::vector<LinearLayout::Basis>, lane);
    QFETCH(bool, eligible);
    QFETCH(std::string, reason);
    const LinearLayout dst = *LinearLayout::tryCreate(
        {{"register", reg}, {"lane", lane}, {"warp", {}}}, {{"dim0", 32}, {"dim1", 8}}, true);
    const DsLoadTrPlan p = *analyzeDsLoadTr(plainShared({32, 8}, {0, 1}), dst, 16, "gfx1250");
    QCOMPARE(p.eligible, eligible);
    QCOMPARE(p.reason, reason);
    QCOMPARE(p.instructions, eligible ? int64_t(1) : int64_t(0));
    if (eligible) {
        QString why;
        QVERIFY2(addressesReproduceCvt(p, &why), qPrintable(why));
    }
}

void TestDsLoadTr::attentionV()
{
    // Blog: fp16 forward attention, BLOCK_N = 128, HEAD_DIM = 256, eight warps, gfx1250: "128
    // ds_load_tr16_b128 ... 1024 ds_load_u16". V is [BLOCK_N, HEAD_DIM] = [K, N] of P @ V,
    // HEAD_DIM-contiguous in LDS (order [1, 0]); its register layout is the WMMA v3 B operand
    // (16x16x32, kWidth 8) with the eight warps along M, so every warp holds all of V:
    //   registers: K 1, 2, 4 (kWidth 8), K 16 (second half of instr K 32), repetitions K-first
    //              K 32, 64, then N 16, 32, 64, 128;  lanes: N 1, 2, 4, 8, then K 8;  warps: 0.
    // 2^10 = 1024 registers; a tr16_b128 fills 8 -> 128 loads; the registers step along K, which
    // is 256 elements apart in LDS, so the fallback loads one f16 per ds_load_u16 -> 1024.
    const LinearLayout dst = *LinearLayout::tryCreate(
        {{"register",
          {{1, 0}, {2, 0}, {4, 0}, {16, 0}, {32, 0}, {64, 0}, {0, 16}, {0, 32}, {0, 64}, {0, 128}}},
         {"lane", {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {8, 0}}},
         {"warp", {{0, 0}, {0, 0}, {0, 0}}}},
        {{"dim0", 128}, {"dim1", 256}}, true);
    const DsLoadTrPlan p = *analyzeDsLoadTr(plainShared({128, 256}, {1, 0}), dst, 16, "gfx1250");
    QVERIFY(p.eligible);
    QCOMPARE(p.instruction.name, std::string("ds_load_tr16_b128"));
    QCOMPARE(p.instructions, int64_t(128));
    QCOMPARE(p.fallback.instruction, std::string("ds_load_u16"));
    QCOMPARE(p.fallback.count, int64_t(1024));
    QCOMPARE(p.warps, 8);
    QString why;
    QVERIFY2(addressesReproduceCvt(p, &why), qPrintable(why));

    // The same from the attribute text the attention-v preset uses (the builders' dot operand).
    Expected<LayoutAttrPtr> dstAttr = parseLayoutText(
        "#mma = #ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {warp = [[1, 0], [2, "
        "0], [4, 0]]}, "
        "instrShape = [16, 16, 32]}>\n#ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>");
    Expected<LayoutAttrPtr> sharedAttr = parseLayoutText(
        "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>");
    QVERIFY(dstAttr && sharedAttr);
    Expected<LinearLayout> built = toLinearLayout(**dstAttr, {128, 256});
    QVERIFY2(built, built ? "" : built.message().c_str());
    const DsLoadTrPlan q =
        *analyzeDsLoadTr(*toLinearLayout(**sharedAttr, {128, 256}), *built, 16, "gfx1250");
    QVERIFY(q.eligible);
    QCOMPARE(q.instructions, int64_t(128));
    QCOMPARE(q.fallback.instruction, std::string("ds_load_u16"));
    QCOMPARE(q.fallback.count, int64_t(1024));
}

void TestDsLoadTr::badInput_data()
{
    QTest::addColumn<int>("which");
    QTest::addColumn<std::string>("needle");
    QTest::newRow("unknown arch") << 0 << std::string("gfx90a has no transposed LDS loads");
    QTest::newRow("arch without transposed loads")
        << 1 << std::string("gfx942 has no transposed LDS loads");
    QTest::newRow("mismatched shapes") << 2 << std::string("shapes differ");
    QTest::newRow("destination is a shared layout") << 3 << std::string("not a register layout");
    QTest::newRow("gfx950 needs 64 lanes") << 4 << std::string("warps have 64");
    QTest::newRow("source is not shared") << 5 << std::string("not a shared-memory layout");
    QTest::newRow("bad padding") << 6 << std::string("not a pair of powers of two");
}

void TestDsLoadTr::badInput()
{
    QFETCH(int, which);
    QFETCH(std::string, needle);
    const LinearLayout shared = plainShared({32, 8}, {0, 1});
    const LinearLayout dst =
        *LinearLayout::tryCreate({{"register", {{0, 1}, {0, 2}, {0, 4}}},
                                  {"lane", {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}}},
                                  {"warp", {}}},
                                 {{"dim0", 32}, {"dim1", 8}}, true);
    Expected<DsLoadTrPlan> p = makeError("not run");
    switch (which) {
    case 0:
        p = analyzeDsLoadTr(shared, dst, 16, "gfx90a");
        break;
    case 1: // 32-bit elements on gfx1250 are a result (tst_banksdsloadtr), not an error
        p = analyzeDsLoadTr(shared, dst, 16, "gfx942");
        break;
    case 2:
        p = analyzeDsLoadTr(plainShared({64, 8}, {0, 1}), dst, 16, "gfx1250");
        break;
    case 3:
        p = analyzeDsLoadTr(shared, shared, 16, "gfx1250");
        break;
    case 4:
        p = analyzeDsLoadTr(shared, dst, 16, "gfx950");
        break;
    case 5:
        p = analyzeDsLoadTr(dst, dst, 16, "gfx1250");
        break;
    case 6:
        p = analyzeDsLoadTr(shared, dst, 16, "gfx1250", DsLoadTrOptions{{{3, 4}}});
        break;
    default:
        break;
    }
    QVERIFY(!p);
    QVERIFY2(p.message().find(needle) != std::string::npos, p.message().c_str());
}

QTEST_APPLESS_MAIN(TestDsLoadTr)
#include "tst_dsloadtr.moc"
