// One number, one provenance in every face, through the request layer the faces call:
//  - the explainer's n-way of store-transposed (`suggest shared --explain`) is extrapolated,
//    as the bank view's (`analyze banks`) is: the gfx1250 phase table behind it is marked
//    low-confidence in the architecture file;
//  - the search's candidates (`suggest shared`) carry the provenance of the phase table their
//    cycles are read off: the bank analysis of a candidate's write through a gfx1250 store whose
//    table is low-confidence is extrapolated, and so are the candidate's write cycles and the
//    best candidate's figure;
//  - `check` names the provenance of a failing count in its violation (its text, JSON and
//    JUnit all print the violation's reason).

#include "analysis/banks.h"
#include "io/scene.h"
#include "request/analysisinputs.h"
#include "request/check.h"
#include "request/figures.h"
#include "request/suggestaccess.h"
#include "request/viewrequest.h"

#include <QTest>

#include <algorithm>
#include <variant>

using namespace lx;

namespace {

const Figure *figureOf(const std::vector<Figure> &f, const std::string &key)
{
    const auto it = std::find_if(f.begin(), f.end(), [&](const Figure &x) { return x.key == key; });
    return it == f.end() ? nullptr : &*it;
}

} // namespace

class TestProvenance : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void explainCarriesTheBankViewsProvenance();
    void candidatesCarryTheBankViewsProvenance();
    void checkNamesTheProvenanceOfAFailingCount();
};

void TestProvenance::explainCarriesTheBankViewsProvenance()
{
    Expected<Scene> scene = loadPreset("store-transposed");
    QVERIFY(scene);
    // The bank view's figures, as `analyze banks --preset store-transposed` gives them.
    Expected<ViewRequest> bank =
        sceneViewRequest(*scene, SceneViewChoice{-1, {"bank-"}, {}, "preset", "a bank view"});
    QVERIFY2(bank, bank ? "" : bank.message().c_str());
    Expected<BankViewInput> in = resolveBankView(*bank);
    QVERIFY2(in, in ? "" : in.message().c_str());
    const std::vector<Figure> bankFigs = bankFigures(*in);
    const Figure *nway = figureOf(bankFigs, "nway");
    QVERIFY(nway);
    QCOMPARE(int(nway->source), int(FigureSource::Extrapolated));
    // The explainer's, as `suggest shared --preset store-transposed --explain` gives them.
    Expected<SceneAccess> access = sceneAccess(*scene);
    QVERIFY2(access, access ? "" : access.message().c_str());
    Expected<ConflictExplanation> e = explainAccess(*access);
    QVERIFY2(e, e ? "" : e.message().c_str());
    const std::vector<Figure> explainFigs = explainFigures(*e);
    const Figure *ways = figureOf(explainFigs, "ways");
    QVERIFY(ways);
    QCOMPARE(ways->value, nway->value);
    QCOMPARE(int(ways->source), int(nway->source));
}

void TestProvenance::candidatesCarryTheBankViewsProvenance()
{
    Expected<Scene> scene = loadPreset("store-transposed");
    QVERIFY(scene);
    Expected<SceneAccess> access = sceneAccess(*scene);
    QVERIFY2(access, access ? "" : access.message().c_str());
    QVERIFY(access->access);
    Expected<SuggestSharedResult> result = searchAccess(*access);
    QVERIFY2(result, result ? "" : result.message().c_str());
    QVERIFY(!result->candidates.empty());
    const auto &request = std::get<SuggestSharedRequest>(access->request);
    QVERIFY(request.write);
    int extrapolated = 0;
    for (const SharedCandidate &c : result->candidates) {
        if (c.family == "partitioned")
            continue; // its buffers are laid out by the partition rule, not one shared layout
        // The candidate's write as the bank view analyses it: its instruction's phase table.
        Expected<SharedMemoryLayout> shared =
            sharedMemoryLayout(*c.attr, request.shape, request.elementBits);
        QVERIFY2(shared, shared ? "" : shared.message().c_str());
        BankAccessRequest write = *access->access;
        write.reg = *request.write;
        write.isWrite = true;
        write.shared = *shared;
        write.collectElements = false;
        Expected<BankConflictReport> bank = analyzeBanks(request.arch, write);
        QVERIFY2(bank, bank ? "" : bank.message().c_str());
        const Provenance &table = bank->measuredRule.empty() ? bank->instruction.provenance
                                                             : bank->measuredRuleProvenance;
        QCOMPARE(c.writeCyclesProvenance.confidence, table.confidence);
        QCOMPARE(c.writeCyclesProvenance.source, table.source);
        extrapolated += table.confidence == "L" ? 1 : 0;
    }
    QVERIFY(extrapolated > 0);
    // The best candidate's figure says the same as its record.
    const std::vector<Figure> figures = suggestFigures(*access, *result);
    const Figure *best = figureOf(figures, "bestWriteCycles");
    QVERIFY(best);
    const bool lowTable = result->candidates.front().writeCyclesProvenance.confidence == "L";
    QCOMPARE(best->source == FigureSource::Extrapolated, lowTable);
}

// A budget of 1-way on the gfx1250 gemm fails on its conflicting accesses; every violation says
// where its count comes from, and one read off a low-confidence phase table says extrapolated.
void TestProvenance::checkNamesTheProvenanceOfAFailingCount()
{
    CheckConfig config;
    config.budgets.maxWays = 1;
    const std::string module =
        LX_TEST_DATA_DIR "/kernels/gemm_gfx1250_bf16_64x64x64_w22_t11_a01_b01_s1618_4116.ttgir";
    const CheckResult r = runCheck({module}, config);
    QCOMPARE(r.kernels.size(), size_t(1));
    int violations = 0, extrapolated = 0;
    for (const CheckCase &c : r.kernels.front().cases)
        for (const CheckViolation &v : c.violations) {
            ++violations;
            const bool named =
                v.reason.find(", computed;") != std::string::npos ||
                v.reason.find(", extrapolated: the phase table of") != std::string::npos;
            QVERIFY2(named, v.reason.c_str());
            extrapolated += v.reason.find("extrapolated") != std::string::npos ? 1 : 0;
        }
    QVERIFY(violations > 0);
    QVERIFY(extrapolated > 0);
}

QTEST_GUILESS_MAIN(TestProvenance)
#include "tst_provenance.moc"
