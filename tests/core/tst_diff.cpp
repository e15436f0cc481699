// Layout diff (analysis/diff.h): random layouts against a brute-force comparison of owner sets
// built with apply(), hand-derived cases, and the conversion it reports against the classifier
// on pairs of Triton's own layouts.

#include "analysis/diff.h"
#include "io/layoutjson.h"

#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

#include <map>
#include <random>
#include <set>

using lx::LinearLayout;

namespace {

LinearLayout make(LinearLayout::BasesT bases, std::vector<LinearLayout::NamedSize> outs)
{
    auto ll = LinearLayout::tryCreate(std::move(bases), std::move(outs), false);
    if (!ll)
        qFatal("bad layout: %s", ll.message().c_str());
    return *ll;
}

using Owner = std::map<std::string, int32_t>;
using Element = std::map<std::string, int32_t>;

// Every element's owners under `l`, by evaluating apply() on every hardware index.
std::map<Element, std::set<Owner>> ownerSets(const LinearLayout &l)
{
    std::map<Element, std::set<Owner>> owners;
    const auto dims = l.inDims();
    const int64_t total = l.totalInDimSize();
    for (int64_t i = 0; i < total; ++i) {
        int64_t rest = i;
        std::vector<LinearLayout::NamedValue> in;
        Owner owner;
        for (const auto &[name, size] : dims) {
            const int32_t v = int32_t(rest % size);
            rest /= size;
            in.emplace_back(name, v);
            if (size > 1 && v != 0)
                owner[name] = v;
        }
        const auto out = l.apply(in);
        Element e(out->begin(), out->end());
        owners[e].insert(owner);
    }
    return owners;
}

int64_t bruteForceDiffering(const LinearLayout &a, const LinearLayout &b)
{
    const auto oa = ownerSets(a), ob = ownerSets(b);
    std::set<Element> all;
    for (const auto &[e, o] : oa)
        all.insert(e);
    for (const auto &[e, o] : ob)
        all.insert(e);
    int64_t n = 0;
    static const std::set<Owner> none;
    for (const Element &e : all) {
        const auto ia = oa.find(e), ib = ob.find(e);
        if ((ia == oa.end() ? none : ia->second) != (ib == ob.end() ? none : ib->second))
            ++n;
    }
    return n;
}

LinearLayout randomLayout(std::mt19937 &rng, int bits0, int bits1)
{
    LinearLayout::BasesT bases;
    for (const char *dim : {"register", "lane", "warp"}) {
        std::vector<LinearLayout::Basis> bs;
        const int n = int(rng() % 4);
        for (int j = 0; j < n; ++j)
            bs.push_back({int32_t(rng() % (1u << bits0)), int32_t(rng() % (1u << bits1))});
        bases.emplace_back(dim, std::move(bs));
    }
    return make(std::move(bases), {{"dim0", 1 << bits0}, {"dim1", 1 << bits1}});
}

// A small change of `l`: one basis replaced, one dropped, or the dims reordered.
LinearLayout mutate(const LinearLayout &l, std::mt19937 &rng)
{
    LinearLayout::BasesT bases = l.bases();
    const int kind = int(rng() % 4);
    auto &[dim, bs] = bases[rng() % bases.size()];
    if (kind == 0 && !bs.empty()) {
        auto &b = bs[rng() % bs.size()];
        b[rng() % 2] ^= 1;
        for (size_t c = 0; c < b.size(); ++c)
            b[c] &= l.outDims()[c].second - 1;
    } else if (kind == 1 && !bs.empty()) {
        bs.pop_back();
    } else if (kind == 2) {
        auto t = make(bases, l.outDims()).transposeOuts({"dim1", "dim0"});
        return *t;
    }
    return make(std::move(bases), l.outDims());
}

} // namespace

class TestDiff : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void agreesWithBruteForce()
    {
        std::mt19937 rng(7);
        int equalSeen = 0, differentSeen = 0;
        for (int iter = 0; iter < 300; ++iter) {
            const int b0 = 1 + int(rng() % 3), b1 = 1 + int(rng() % 3);
            const LinearLayout a = randomLayout(rng, b0, b1);
            const LinearLayout b = iter % 3 == 0 ? randomLayout(rng, b0, b1) : mutate(a, rng);
            auto d = lx::diffLayouts(a, b);
            QVERIFY2(d, d ? "" : d.message().c_str());
            const int64_t expected = bruteForceDiffering(a, b);
            QCOMPARE(d->differingElements, expected);
            // Equal as functions: same in-dim sizes and the same element for every index.
            bool sameFunction = true;
            for (const auto &[name, size] : a.inDims())
                sameFunction = sameFunction && b.inDimSize(name) == size;
            for (const auto &[name, size] : b.inDims())
                sameFunction = sameFunction && a.inDimSize(name) == size;
            sameFunction = sameFunction && ownerSets(a) == ownerSets(b);
            QCOMPARE(d->equal, sameFunction);
            (d->equal ? equalSeen : differentSeen)++;
            // The mask marks exactly as many elements as it counts.
            QCOMPARE(int64_t(std::count(d->differs.begin(), d->differs.end(), uint8_t(1))),
                     d->differingElements);
        }
        QVERIFY(equalSeen > 10);
        QVERIFY(differentSeen > 100);
    }

    // A: lane 1 lands on (dim0 0, dim1 1), lane 2 on (1, 0); B swaps the two bases. So (0, 1) is
    // owned by lane 1 under A and by lane 2 under B, (1, 0) the other way round, while (0, 0)
    // (lane 0) and (1, 1) (lane 3 = both bases XORed) keep their owners: 2 elements differ.
    void swappedLanes()
    {
        const LinearLayout a = make({{"lane", {{0, 1}, {1, 0}}}}, {{"dim0", 2}, {"dim1", 2}});
        const LinearLayout b = make({{"lane", {{1, 0}, {0, 1}}}}, {{"dim0", 2}, {"dim1", 2}});
        auto d = lx::diffLayouts(a, b);
        QVERIFY(d);
        QVERIFY(!d->equal);
        QCOMPARE(d->differingElements, 2);
        // Flattened with dim0 fastest: (0,0) = 0, (1,0) = 1, (0,1) = 2, (1,1) = 3.
        QCOMPARE(d->differs, (std::vector<uint8_t>{0, 1, 1, 0}));
        QCOMPARE(d->basisDelta.size(), size_t(1));
        QCOMPARE(d->basisDelta[0].changed, (std::vector<int>{0, 1}));
        QVERIFY(d->conversion);
        QCOMPARE(d->conversion->kind, lx::ConversionKind::WarpShuffle);
        // The text names a basis by its input, as every table does: lane=1, lane=2.
        const std::string text = lx::diffToText(*d, a);
        QVERIFY2(text.find("lane=1 [0, 1] -> [1, 0]; lane=2 [1, 0] -> [0, 1];") !=
                     std::string::npos,
                 text.c_str());
    }

    // Two register bases swapped: the same elements per thread, so no element's owner set is
    // the same (register 1 and register 2 trade elements) - but the data only moves inside a
    // thread: a register permutation.
    void swappedRegisters()
    {
        const LinearLayout a = make({{"register", {{0, 1}, {0, 2}}},
                                     {"lane", {{1, 0}, {2, 0}}},
                                     {"warp", {}},
                                     {"block", {}}},
                                    {{"dim0", 4}, {"dim1", 4}});
        const LinearLayout b = make({{"register", {{0, 2}, {0, 1}}},
                                     {"lane", {{1, 0}, {2, 0}}},
                                     {"warp", {}},
                                     {"block", {}}},
                                    {{"dim0", 4}, {"dim1", 4}});
        auto d = lx::diffLayouts(a, b);
        QVERIFY(d);
        QVERIFY(!d->equal);
        // Elements with dim1 = 1 or 2 move between register 1 and 2: 2 of every 4 columns.
        QCOMPARE(d->differingElements, 8);
        QCOMPARE(d->conversion->kind, lx::ConversionKind::RegisterPermutation);
        auto same = lx::diffLayouts(a, a);
        QVERIFY(same->equal);
        QCOMPARE(same->differingElements, 0);
        QCOMPARE(same->conversion->kind, lx::ConversionKind::NoOp);
        // Out-dim order does not matter; a missing size-1 dim neither.
        const LinearLayout bt = *a.transposeOuts({"dim1", "dim0"});
        QVERIFY(lx::diffLayouts(a, bt)->equal);
        const LinearLayout noBlock =
            make({{"register", {{0, 1}, {0, 2}}}, {"lane", {{1, 0}, {2, 0}}}, {"warp", {}}},
                 {{"dim0", 4}, {"dim1", 4}});
        QVERIFY(lx::diffLayouts(a, noBlock)->equal);
    }

    void refusals()
    {
        const LinearLayout a = make({{"lane", {{1}}}}, {{"dim0", 2}});
        const LinearLayout b = make({{"lane", {{1}}}}, {{"dim1", 2}});
        auto d = lx::diffLayouts(a, b);
        QVERIFY(!d);
        QVERIFY2(d.message().find("'dim0' of A") != std::string::npos, d.message().c_str());
        const LinearLayout c = make({{"lane", {{1}}}}, {{"dim0", 4}});
        d = lx::diffLayouts(a, c);
        QVERIFY(!d);
        QVERIFY2(d.message().find("size 2 in A and 4 in B") != std::string::npos,
                 d.message().c_str());
        // A shared layout: a diff, but no convert_layout.
        const LinearLayout s = make({{"offset", {{1}}}}, {{"dim0", 2}});
        d = lx::diffLayouts(a, s);
        QVERIFY(d);
        QVERIFY(!d->conversion);
        QVERIFY(d->conversionNote.find("B is not one") != std::string::npos);
    }

    // Pairs of Triton's distributed layouts of the same tensor: the diff's conversion is the
    // classifier's, equal layouts are no-ops, and differing counts agree with brute force.
    void conformancePairs()
    {
        QFile f(QStringLiteral(LX_TEST_DATA_DIR "/conformance/triton-conversions.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto j = nlohmann::json::parse(f.readAll().toStdString());
        std::map<std::vector<int32_t>, std::vector<LinearLayout>> byShape;
        for (const auto &c : j.at("cases")) {
            const auto &expect = c.at("expect");
            if (!expect.is_object() || !expect.contains("bases"))
                continue;
            auto ll = lx::layoutFromJson(expect);
            if (!ll || ll->hasInDim("offset") || ll->totalInDimSizeLog2() > 14)
                continue;
            std::vector<int32_t> shape;
            for (const auto &[n, s] : ll->outDims())
                shape.push_back(s);
            byShape[shape].push_back(*ll);
        }
        int pairs = 0, kinds[5] = {0, 0, 0, 0, 0};
        for (const auto &[shape, layouts] : byShape)
            for (size_t i = 0; i + 1 < layouts.size() && i < 6; ++i) {
                const LinearLayout &a = layouts[i], &b = layouts[i + 1];
                auto d = lx::diffLayouts(a, b);
                QVERIFY2(d, d ? "" : d.message().c_str());
                auto plan = lx::classifyConversion(a, b, 16);
                QCOMPARE(bool(d->conversion), bool(plan));
                if (plan) {
                    QCOMPARE(d->conversion->kind, plan->kind);
                    kinds[int(plan->kind)]++;
                    if (d->equal)
                        QCOMPARE(plan->kind, lx::ConversionKind::NoOp);
                }
                if (a.totalInDimSizeLog2() <= 10 && b.totalInDimSizeLog2() <= 10)
                    QCOMPARE(d->differingElements, bruteForceDiffering(a, b));
                ++pairs;
            }
        qInfo("%d pairs: %d no-op, %d register, %d shuffle, %d LDS, %d cross-CTA", pairs, kinds[0],
              kinds[1], kinds[2], kinds[3], kinds[4]);
        QVERIFY(pairs > 50);
    }

    void json()
    {
        const LinearLayout a = make({{"lane", {{0, 1}, {1, 0}}}}, {{"dim0", 2}, {"dim1", 2}});
        const LinearLayout b = make({{"lane", {{1, 0}, {0, 1}}}}, {{"dim0", 2}, {"dim1", 2}});
        const auto j = nlohmann::json::parse(lx::diffToJson(*lx::diffLayouts(a, b)));
        QCOMPARE(j.at("equal").get<bool>(), false);
        QCOMPARE(j.at("differingElements").get<int>(), 2);
        QCOMPARE(j.at("basisDelta").at(0).at("inDim").get<std::string>(), std::string("lane"));
        QCOMPARE(j.at("basisDelta").at(0).at("b").dump(), std::string("[[1,0],[0,1]]"));
        QCOMPARE(j.at("conversion").at("kind").get<std::string>(),
                 lx::conversionKindName(lx::ConversionKind::WarpShuffle));
    }
};

QTEST_APPLESS_MAIN(TestDiff)
#include "tst_diff.moc"
