// The bank access of many shared layouts resolved as one batch (request/bankaccess.h): a batch
// prepared with one shared layout and asked about another gives what a fresh resolution of a
// request holding that other layout gives (the JSON of `analyze banks`, its figures, the elements
// a picture draws), for swizzled, linear, padded and partitioned candidates and for a read that
// becomes a transposed load; the shared layout passed through equals the one built from its
// attribute; the architecture is held once, not copied per record.

#include "analysis/banksprepared.h"
#include "layout/builders.h"
#include "request/bankaccess.h"
#include "request/reportjson.h"

#include <QtTest>

using namespace lx;

namespace {

const char *const kDotA =
    "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 3, isTranspose "
    "= true, ctaLayout = {warp = [[0, 1], [1, 0]]}, instrShape = [16, 16, "
    "32]}>, kWidth = 8}>";

const char *const kPadded = "#ttg.padded_shared<[64:+4] {order = [1, 0], shape = [64, 64]}>";

// Shared layouts of a 64x64 tile: the swizzles an autotuner tries (both orders: [0, 1] makes the
// dot operand's read a transposed load), a linear layout, a padded and a partitioned one.
std::vector<std::string> candidateTexts()
{
    std::vector<std::string> out;
    for (int vec : {1, 4, 8})
        for (int maxPhase : {1, 8})
            for (const char *order : {"[1, 0]", "[0, 1]"})
                out.push_back("#ttg.swizzled_shared<{vec = " + std::to_string(vec) +
                              ", perPhase = 1, maxPhase = " + std::to_string(maxPhase) +
                              ", order = " + order + "}>");
    out.push_back("#ttg.shared_linear<{offset = [[0, 1], [1, 0], [0, 2], [2, 0], [0, 4], [4, 0], "
                  "[0, 8], [8, 0], [0, 16], [16, 0], [0, 32], [32, 0]]}, alignment = 16>");
    out.push_back(kPadded);
    out.push_back("#ttg.partitioned_shared<{numPartitions = 2, numGroups = 2, partitionDim = 0, "
                  "partitionLayout = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, "
                  "order = [1, 0]}>}>");
    return out;
}

ResolvedLayout layout(const char *name, const std::string &text)
{
    SceneLayout s;
    s.name = name;
    s.text = text;
    s.shape = {64, 64};
    s.dtype = "f16";
    Expected<ResolvedLayout> r = resolveLayout(s);
    if (!r)
        qFatal("%s: %s", text.c_str(), r.message().c_str());
    return *r;
}

ViewRequest bankRequest(const std::string &shared)
{
    ViewRequest r;
    r.kind = "bank-table";
    r.arch = "gfx1250";
    r.layouts = {layout("reg", kDotA), layout("shared", shared)};
    r.layout = "reg";
    r.options = {{"shared", "shared"}, {"warp", 1}};
    return r;
}

// What every face reads of an access: the command's JSON with its figures, and the elements.
nlohmann::json faces(const BankViewInput &in)
{
    Expected<nlohmann::json> j = bankAnalysisJson(in, ViewRequest{});
    if (!j)
        qFatal("%s", j.message().c_str());
    nlohmann::json elements = nlohmann::json::array();
    for (const ElementAccess &e : in.report.elements)
        elements.push_back({e.coords, e.lane, e.instruction, e.byteAddress, e.bank, e.ways});
    (*j)["elements"] = elements;
    (*j)["map"] = in.map.size();
    return *j;
}

} // namespace

class TestBankBatch : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void batchEqualsFreshResolution_data();
    void batchEqualsFreshResolution();
    void sharedLayoutPassedThroughEqualsBuilt();
    void architectureIsHeldOnce();
    void summaryEqualsWholeReportsSummary();
};

void TestBankBatch::batchEqualsFreshResolution_data()
{
    QTest::addColumn<bool>("drawn");
    QTest::newRow("access") << false;
    QTest::newRow("view") << true;
}

void TestBankBatch::batchEqualsFreshResolution()
{
    QFETCH(bool, drawn);
    const std::vector<std::string> texts = candidateTexts();
    // Prepared with the last candidate (partitioned), asked about every one.
    const ViewRequest first = bankRequest(texts.back());
    Expected<BankAccessBatch> batch = BankAccessBatch::prepare(first, drawn);
    QVERIFY2(batch, batch ? "" : batch.message().c_str());
    std::set<int64_t> cycles;
    bool transposed = false;
    for (const std::string &text : texts) {
        const ViewRequest own = bankRequest(text);
        const Expected<BankViewInput> fresh = drawn ? resolveBankView(own) : resolveBankAccess(own);
        QVERIFY2(fresh, (text + ": " + (fresh ? "" : fresh.message())).c_str());
        const Expected<BankViewInput> batched = batch->resolve(own.layouts[1]);
        QVERIFY2(batched, (text + ": " + (batched ? "" : batched.message())).c_str());
        QCOMPARE(QString::fromStdString(faces(*batched).dump()),
                 QString::fromStdString(faces(*fresh).dump()));
        QCOMPARE(batched->report.elements.empty(), !drawn);
        cycles.insert(batched->report.totals.cycles);
        transposed =
            transposed || (batched->report.transposedLoad && batched->report.transposedLoad->used);
    }
    // The candidates differ, and one read is a transposed load.
    QVERIFY(cycles.size() > 2);
    QVERIFY(transposed);
}

void TestBankBatch::sharedLayoutPassedThroughEqualsBuilt()
{
    for (const std::string &text : candidateTexts()) {
        const ResolvedLayout r = layout("shared", text);
        const Expected<SharedMemoryLayout> built = sharedMemoryLayout(*r.attr, r.shape, 16, 65536);
        const Expected<SharedMemoryLayout> passed =
            sharedMemoryLayoutOf(*r.attr, r.layout, r.shape, 16, 65536);
        QVERIFY(built && passed);
        QVERIFY(built->layout == passed->layout);
        QCOMPARE(built->padding, passed->padding);
        QCOMPARE(built->partitionStrideBytes, passed->partitionStrideBytes);
    }
    const ResolvedLayout padded = layout("shared", kPadded);
    QVERIFY(!sharedMemoryLayout(*padded.attr, padded.shape, 16)->padding.empty());
    // A distributed layout is refused by both.
    const ResolvedLayout reg = layout("reg", kDotA);
    QVERIFY(!sharedMemoryLayoutOf(*reg.attr, reg.layout, reg.shape, 16));
}

void TestBankBatch::architectureIsHeldOnce()
{
    const Expected<BankViewInput> a = resolveBankAccess(bankRequest(candidateTexts().front()));
    const Expected<BankViewInput> b = resolveBankAccess(bankRequest(candidateTexts().back()));
    QVERIFY(a && b);
    QCOMPARE(&*a->arch, &*b->arch);
    const Expected<Architecture> loaded = loadArchitecture("gfx1250");
    QVERIFY(loaded);
    QCOMPARE(a->arch->name, loaded->name);
    QCOMPARE(a->arch->numBanks, loaded->numBanks);
    // A record made from a copy keeps its own.
    BankViewInput c;
    c.arch = *loaded;
    QVERIFY(&*c.arch != &*a->arch);
    QCOMPARE(c.arch->name, std::string("gfx1250"));
}

void TestBankBatch::summaryEqualsWholeReportsSummary()
{
    // A record's summary (bankReportJson without the per-instruction arrays) from the batch's
    // summary resolution equals the one of the whole report, for every candidate, for each wave
    // of the access and for a wave past its last; and the shortcut is taken somewhere.
    const std::vector<std::string> texts = candidateTexts();
    bool shortened = false;
    for (int warp : {0, 1, 3, 9}) {
        ViewRequest first = bankRequest(texts.front());
        first.options["warp"] = warp;
        Expected<BankAccessBatch> batch = BankAccessBatch::prepare(first, false);
        QVERIFY2(batch, batch ? "" : batch.message().c_str());
        for (const std::string &text : texts) {
            const ViewRequest own = bankRequest(text);
            const Expected<BankViewInput> whole = batch->resolve(own.layouts[1]);
            const Expected<BankViewInput> summary = batch->resolveSummary(own.layouts[1]);
            QCOMPARE(bool(summary), bool(whole));
            if (!whole)
                continue;
            QCOMPARE(summary->report.instructions.empty(), whole->report.instructions.empty());
            QCOMPARE(QString::fromStdString(bankReportJson(*summary, false).dump()),
                     QString::fromStdString(bankReportJson(*whole, false).dump()));
            shortened = shortened ||
                        summary->report.instructions.size() < whole->report.instructions.size();
        }
    }
    QVERIFY(shortened);
}

QTEST_APPLESS_MAIN(TestBankBatch)
#include "tst_bankbatch.moc"
