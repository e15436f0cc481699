// Lessons and their predicates: the predicate language (values, failures explained, errors), the
// lesson format (strict reading), and every built-in lesson solved by its own edits in the core:
// unsolved as given, still unsolved after the wrong edit, solved exactly after the last edit of
// its solution.

#include "io/scene.h"
#include "layout/builders.h"
#include "lessons/lesson.h"
#include "lessons/predicate.h"

#include <QTest>

using lx::LinearLayout;

namespace {

lx::PredicateContext contextOf(const lx::Scene &scene)
{
    lx::PredicateContext c;
    c.arch = scene.arch.empty() ? "gfx1250" : scene.arch;
    for (const lx::SceneLayout &l : scene.layouts) {
        auto r = lx::resolveLayout(l);
        if (!r)
            qFatal("%s", r.message().c_str());
        c.layouts.push_back({r->name, r->layout, r->attr, r->shape, r->dtype});
    }
    return c;
}

// Applies one edit the way the window does: new bases for one in-dim, or new text.
void applyEdit(lx::Scene &scene, lx::PredicateContext &c, const lx::LessonEdit &e)
{
    for (lx::SceneLayout &l : scene.layouts) {
        if (l.name != e.layout)
            continue;
        if (!e.text.empty()) {
            l.text = e.text;
            l.layout.reset();
        } else {
            auto r = lx::resolveLayout(l);
            LinearLayout::BasesT bases = r->layout.bases();
            for (auto &[dim, bs] : bases)
                if (dim == e.inDim)
                    bs = e.bases;
            auto ll = LinearLayout::tryCreate(bases, r->layout.outDims(), false);
            if (!ll)
                qFatal("%s", ll.message().c_str());
            l.text.reset();
            l.layout = nlohmann::json::parse(R"({"bases": [], "outDims": []})");
            // Store as raw JSON bases.
            nlohmann::json j;
            j["bases"] = nlohmann::json::array();
            for (const auto &[dim, bs] : ll->bases())
                j["bases"].push_back({dim, bs});
            j["outDims"] = nlohmann::json::array();
            for (const auto &[dim, size] : ll->outDims())
                j["outDims"].push_back({dim, size});
            l.layout = j;
        }
    }
    c = contextOf(scene);
}

bool holds(const std::string &predicate, const lx::PredicateContext &c)
{
    auto r = lx::evaluatePredicate(predicate, c);
    if (!r)
        qFatal("predicate error: %s", r.message().c_str());
    return r->holds;
}

} // namespace

class TestLesson : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void predicateValues()
    {
        lx::PredicateContext c;
        // register = [[0, 1]], lane = [[1, 0], [2, 0]]: lane 3 lands on [1,0] XOR [2,0] = [3, 0].
        c.layouts.push_back(
            {"L",
             *LinearLayout::tryCreate({{"register", {{0, 1}}}, {"lane", {{1, 0}, {2, 0}}}},
                                      {{"dim0", 4}, {"dim1", 2}}, false),
             nullptr,
             {4, 2},
             "f16"});
        QVERIFY(holds("apply(L, {lane: 3}) == [3, 0]", c));
        QVERIFY(holds("apply(L, {lane: 3, register: 1}) == [3, 1] and rank(L) == 3", c));
        QVERIFY(holds("injective(L) && surjective(L) && maxOwners(L) == 1", c));
        QVERIFY(holds("basis(L, lane, 1) == [2, 0] && size(L, warp) == 1", c));
        QVERIFY(holds("owners(L, [2, 1]) == 1 && equal(L, L) && differing(L, L) == 0", c));
        QVERIFY(holds("conversion(L, L) == \"no-op\" && divides(L, L)", c));
        auto r = lx::evaluatePredicate("apply(L, {lane: 1}) == [0, 2] && rank(L) >= 2", c);
        QVERIFY(r);
        QVERIFY(!r->holds);
        QCOMPARE(r->explanation, std::string("apply(L, {lane: 1}) is [1, 0], wanted == [0, 2]"));
        // A boolean check that fails is said in words, not as the predicate's own text.
        lx::PredicateContext wide = c;
        wide.layouts[0].layout =
            *LinearLayout::tryCreate({{"register", {{0, 1}}}, {"lane", {{1, 0}, {2, 0}}}},
                                     {{"dim0", 8}, {"dim1", 2}}, false);
        wide.layouts[0].shape = {8, 2};
        auto s = lx::evaluatePredicate("injective(L) && surjective(L)", wide);
        QVERIFY(s && !s->holds);
        QVERIFY2(s->explanation.find("L is not surjective (some elements have no owner)") !=
                         std::string::npos &&
                     s->explanation.find("surjective(L)") == std::string::npos,
                 s->explanation.c_str());
    }

    // The blog's microbenchmark: [4, 8192] f16, warp w reads row w, 128 bits per lane per load:
    // 64 KiB / (4 warps x 32 lanes x 16 B) = 32 loads. Plain: all 64 KiB in partition 0, both
    // SIMD pairs (warps 0, 2 and 1, 3) in it on every load. Rows alternating between two
    // partitions (numGroups = 2): pair A only in partition 0, pair B only in 1; two 32 KiB
    // buffers, the second at the start of partition 1: 64 + 32 = 96 KiB.
    void partitionPredicates()
    {
        lx::Scene scene;
        scene.arch = "gfx1250";
        auto layout = [](const std::string &name, const std::string &text) {
            lx::SceneLayout l;
            l.name = name;
            l.text = text;
            l.shape = {4, 8192};
            l.dtype = "f16";
            return l;
        };
        const std::string plain =
            "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>";
        scene.layouts.push_back(
            layout("R", "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], "
                        "warpsPerCTA = [4, 1], order = [1, 0]}>"));
        scene.layouts.push_back(layout("S", plain));
        scene.layouts.push_back(layout(
            "P", "#ttg.partitioned_shared<{numPartitions = 2, numGroups = 2, partitionDim = 0, "
                 "partitionLayout = " +
                     plain + "}>"));
        const lx::PredicateContext c = contextOf(scene);
        QVERIFY(holds("partitionConflicts(R, S, 128) == 32 && ldsBytesAllocated(S) == 65536", c));
        QVERIFY(holds("partitionConflicts(R, P, 128) == 0 && ldsBytesAllocated(P) == 98304", c));
        auto bad = lx::evaluatePredicate("partitionConflicts(R, S) == 0", c);
        QVERIFY(!bad);
    }

    void predicateErrors_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown function") << "frob(L)"
                                          << "unknown function 'frob'";
        QTest::newRow("unknown layout") << "rank(M) == 1"
                                        << "no layout named 'M'";
        QTest::newRow("bad dim") << "apply(L, {thread: 1}) == [0, 0]"
                                 << "no in-dim 'thread'";
        QTest::newRow("not bool") << "rank(L)"
                                  << "not true or false";
        QTest::newRow("type mismatch") << "rank(L) == [1]"
                                       << "compares";
        QTest::newRow("syntax") << "rank(L) == "
                                << "column 12";
        QTest::newRow("unterminated") << "conversion(L, L) == \"no-op"
                                      << "unterminated";
        QTest::newRow("trailing") << "rank(L) == 1 )"
                                  << "unexpected ')'";
        QTest::newRow("unclosed list") << "apply(L, {lane: 1}) == [0, 1"
                                       << "predicate, column 29: expected ',' or ']'";
        QTest::newRow("unclosed call") << "rank(L == 1"
                                       << "expected ',' or ')' in the call of rank";
        QTest::newRow("unclosed map") << "apply(L, {lane: 1) == [0]"
                                      << "expected ',' or '}'";
        // The context's architecture is the default, an AMD one: no ldmatrix to name.
        QTest::newRow("sharedLoad on AMD") << "sharedLoad(L, L) == \"ld.shared.b16\""
                                           << "not an NVIDIA architecture";
        QTest::newRow("sharedLoadWays arity") << "sharedLoadWays(L) == 1"
                                              << "sharedLoadWays takes 2 arguments";
    }
    void predicateErrors()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        lx::PredicateContext c;
        c.layouts.push_back({"L",
                             *LinearLayout::tryCreate({{"lane", {{1}}}}, {{"dim0", 2}}, false),
                             nullptr,
                             {2},
                             {}});
        auto r = lx::evaluatePredicate(text.toStdString(), c);
        QVERIFY(!r);
        QVERIFY2(QString::fromStdString(r.message()).contains(message), r.message().c_str());
    }

    void lessonFormatErrors()
    {
        auto l = lx::parseLesson(R"({"format": "layout-explorer-lesson", "version": 1, "id": "x",
            "title": "t", "text": "t", "task": "t", "predicate": "rank(L) ==", "scene": {}})");
        QVERIFY(!l);
        QVERIFY2(l.message().find("predicate") != std::string::npos, l.message().c_str());
        l = lx::parseLesson(R"({"format": "layout-explorer-lesson", "version": 1, "id": "x",
            "title": "t", "text": "t", "task": "t", "predicate": "rank(L) == 1", "scene": {},
            "colour": 1})");
        QVERIFY(!l);
        QVERIFY2(l.message().find("unknown key 'colour'") != std::string::npos,
                 l.message().c_str());
        l = lx::parseLesson(R"({"format": "layout-explorer-lesson", "version": 1, "id": "x",
            "title": "t", "text": "t", "task": "t", "predicate": "rank(L) == 1", "scene": {},
            "solution": [{"layout": "Q", "inDim": "lane", "bases": [[1]]}]})");
        QVERIFY(!l);
        QVERIFY2(l.message().find("'Q'") != std::string::npos, l.message().c_str());
        QVERIFY(!lx::parseLesson("not json"));
    }

    void builtinLessons_data()
    {
        QTest::addColumn<QString>("id");
        const auto lessons = lx::builtinLessons();
        QVERIFY(lessons.size() >= 12);
        for (const lx::Lesson &l : lessons)
            QTest::newRow(l.id.c_str()) << QString::fromStdString(l.id);
    }
    void builtinLessons()
    {
        QFETCH(QString, id);
        const auto lessons = lx::builtinLessons();
        const auto it = std::find_if(lessons.begin(), lessons.end(),
                                     [&](const lx::Lesson &l) { return l.id == id.toStdString(); });
        QVERIFY(it != lessons.end());
        const lx::Lesson &lesson = *it;
        QVERIFY(!lesson.solution.empty());
        QVERIFY(!lesson.wrong.empty());
        QVERIFY(!lesson.hints.empty());

        lx::Scene scene = lesson.scene;
        lx::PredicateContext c = contextOf(scene);
        QVERIFY2(!holds(lesson.predicate, c), "solved before any edit");

        lx::Scene wrongScene = scene;
        lx::PredicateContext wc = c;
        for (const lx::LessonEdit &e : lesson.wrong)
            applyEdit(wrongScene, wc, e);
        QVERIFY2(!holds(lesson.predicate, wc), "the wrong edit is accepted");

        for (size_t i = 0; i < lesson.solution.size(); ++i) {
            applyEdit(scene, c, lesson.solution[i]);
            const bool last = i + 1 == lesson.solution.size();
            QCOMPARE(holds(lesson.predicate, c), last);
        }
    }
};

QTEST_APPLESS_MAIN(TestLesson)
#include "tst_lesson.moc"
