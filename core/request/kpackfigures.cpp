#include "request/kpackfigures.h"
#include "base/intmath.h"

#include "analysis/kpackdecision.h"

#include <nlohmann/json.hpp>

namespace lx {

namespace {

using json = nlohmann::json;

Figure fig(std::string key, std::string label, std::string text, std::optional<double> value,
           FigureSource source, std::string note)
{
    return Figure{std::move(key), std::move(label), std::move(text), value, "",
                  source,         std::move(note)};
}

const char *const kRule = "rocMLIR getLDSLayoutConfigDim (GridwiseGemmToBlockwise.cpp)";

std::string choiceText(KPackStoreChoice c, const KPackDecision &d)
{
    switch (c) {
    case KPackStoreChoice::VectoriseD:
        return "vectorise D: each thread writes its " + intText(d.copyDPerThread) + " x kPack " +
               intText(d.kpack) + " elements in a row";
    case KPackStoreChoice::RotateK:
        return "rotate: K stores, d rotated by k_outer";
    case KPackStoreChoice::StoreK:
        break;
    }
    return "store K unrotated: D vectorisation chosen but impossible (copyKPerThread " +
           intText(d.copyKPerThread) + " < kPack " + intText(d.kpack) + ")";
}

// The pull request's table against the address formula: row m is d = m, its two banks those of
// k = 0 and k = 2 in the unrotated layout.
Expected<std::optional<Figure>> publishedRowsFigure(const json &k, const KPackStorePlan &plan,
                                                    int numBanks, int bankWidth)
{
    if (!k.contains("published"))
        return std::optional<Figure>{};
    const json &p = k.at("published");
    if (!p.is_object() || !p.contains("rows") || !p.at("rows").is_object() ||
        (p.contains("source") && !p.at("source").is_string()))
        return makeError("kpack.published must be {\"rows\": {\"M\": [bank, bank], ...}, "
                         "\"source\": text}");
    KPackStorePlan unrotated = plan;
    unrotated.rotate = false;
    std::string wrong;
    int rows = 0, bad = 0;
    for (auto it = p.at("rows").begin(); it != p.at("rows").end(); ++it) {
        const std::string &m = it.key();
        const bool digits =
            !m.empty() && m.size() < 6 && m.find_first_not_of("0123456789") == std::string::npos;
        if (!digits || std::stoi(m) >= plan.dPerBlock || !it->is_array() || it->size() != 2 ||
            !(*it)[0].is_number_integer() || !(*it)[1].is_number_integer())
            return makeError("kpack.published.rows: row '" + m + "' must be a d below " +
                             intText(plan.dPerBlock) + " with two banks [k = 0, k = 2]");
        const int d = std::stoi(m);
        ++rows;
        const int b0 = bankOf(unrotated.elementAddress(d, 0), bankWidth, numBanks);
        const int b2 = bankOf(unrotated.elementAddress(d, 2), bankWidth, numBanks);
        if ((*it)[0].get<int64_t>() == b0 && (*it)[1].get<int64_t>() == b2)
            continue;
        ++bad;
        wrong += (wrong.empty() ? "" : "; ") + std::string("m = ") + m + " printed B" +
                 intText((*it)[0].get<int64_t>()) + "/B" + intText((*it)[1].get<int64_t>()) +
                 ", the address formula gives B" + intText(b0) + "/B" + intText(b2);
    }
    const std::string source = p.value("source", std::string("the published table"));
    return std::optional<Figure>{
        fig("publishedRows", "Published bank table, rows checked",
            bad ? intText(bad) + " of " + intText(rows) + " rows wrong: " + wrong
                : "all " + intText(rows) + " rows agree",
            double(bad), FigureSource::Computed,
            "Each published row m (d = m) against (k_outer * D + d) * kPack + k_in, unrotated, "
            "for k = 0 and k = 2; the bank table of this view computes every row. " +
                source)};
}

// "0.49 -> 0.07": a pair of quoted numbers or names, as written.
Expected<std::string> pairText(const json &m, const char *key)
{
    const json &v = m.at(key);
    if (!v.is_array() || v.size() != 2 || v[0].type() != v[1].type() ||
        !(v[0].is_number() || v[0].is_string()))
        return makeError(std::string("kpack.measured.") + key +
                         " must be [before, after], two numbers or two names");
    // As written: 0.49 stays 0.49, 88 stays 88.
    auto one = [](const json &x) { return x.is_string() ? x.get<std::string>() : x.dump(); };
    return one(v[0]) + " \u2192 " + one(v[1]);
}

Expected<std::vector<Figure>> measuredFigures(const json &k)
{
    if (!k.contains("measured"))
        return std::vector<Figure>{};
    const json &m = k.at("measured");
    if (!m.is_object() || !m.contains("source") || !m.at("source").is_string())
        return makeError("kpack.measured must be an object with a \"source\" text");
    const std::string source = m.at("source").get<std::string>();
    struct Quote
    {
        const char *key, *figure, *label;
    };
    std::vector<Figure> out;
    for (Quote q :
         {Quote{"bankConflictRate", "conflictRateMeasured",
                "Bank conflict rate, whole kernel (rocprof-compute), before \u2192 after"},
          Quote{"instruction", "instructionMeasured",
                "LDS write the compiler selected, before \u2192 after"},
          Quote{"tflops", "tflopsMeasured",
                "TFLOPs, before \u2192 after re-tuning (another perf_config)"}}) {
        if (!m.contains(q.key))
            continue;
        auto text = pairText(m, q.key);
        if (!text)
            return text.error();
        out.push_back(fig(q.figure, q.label, *text, std::nullopt, FigureSource::Measured,
                          "As the pull request measured it, quoted: " + source));
    }
    return out;
}

} // namespace

Expected<bool> kpackRotation(const json &kpack, const PerfConfigV4 &config, KPackOperand operand,
                             int elementBits, int waveSize)
{
    if (kpack.contains("rotate")) {
        if (!kpack.at("rotate").is_boolean())
            return makeError("kpack.rotate must be true or false");
        if (kpack.contains("rule"))
            return makeError("kpack: give \"rotate\" or \"rule\", not both");
        return kpack.at("rotate").get<bool>();
    }
    const json rule = kpack.value("rule", json("after-fix"));
    if (!rule.is_string() || (rule != "after-fix" && rule != "before-fix"))
        return makeError("kpack.rule must be \"after-fix\" or \"before-fix\"");
    auto plan = kpackStorePlan(config, operand, elementBits, waveSize, false);
    if (!plan)
        return plan.error();
    const KPackDecision d = kpackDecision(*plan);
    return (rule == "after-fix" ? d.afterFix : d.beforeFix) == KPackStoreChoice::RotateK;
}

Expected<std::vector<Figure>> kpackFigures(const ViewRequest &request)
{
    if (!request.hasOption("kpack", OptionUse::Object))
        return std::vector<Figure>{};
    Expected<KPackViewOptions> k = resolveKPackOptions(request);
    if (!k)
        return k.error();
    const json &opts = request.options.at("kpack");
    const Expected<Architecture> arch = loadArchitecture(request.arch);
    if (!arch)
        return arch.error();
    auto plan = kpackStorePlan(k->config, k->operand, k->elementBits, arch->waveSize, k->rotate);
    if (!plan)
        return plan.error();
    const KPackDecision d = kpackDecision(*plan);
    std::vector<Figure> f;
    f.push_back(fig("copyPerThread", "Per thread (copyDPerThread x copyKPerThread)",
                    intText(d.copyDPerThread) + " x " + intText(d.copyKPerThread) + ", kPack " +
                        intText(d.kpack) + ", maxVlen " + intText(d.maxVlen),
                    double(d.copyKPerThread), FigureSource::Computed,
                    "copyKPerThread = gcd(maxVlen, elements per thread), maxVlen = 128 / " +
                        intText(k->elementBits) + " bits"));
    f.push_back(fig("vectorizeDBeforeFix", "isPossibleToVectorizeD, before the fix",
                    std::string(d.vectoriseDBeforeFix ? "yes" : "no") + ": kpack " +
                        intText(d.kpack) + (d.kpack < d.maxVlen ? " < " : " >= ") +
                        intText(d.maxVlen) + ", copyDPerThread " + intText(d.copyDPerThread) +
                        (d.copyDPerThread > 1 ? " > 1" : " <= 1"),
                    d.vectoriseDBeforeFix ? 1.0 : 0.0, FigureSource::Computed,
                    std::string(kRule) + ": kpack < maxVlen && copyDPerThread > 1"));
    f.push_back(fig("vectorizeDAfterFix", "isPossibleToVectorizeD, after the fix (inferred)",
                    std::string(d.vectoriseDAfterFix ? "yes" : "no") + ": also copyKPerThread " +
                        intText(d.copyKPerThread) + (d.copyKPerThread >= d.kpack ? " >= " : " < ") +
                        "kPack " + intText(d.kpack) + " (inferred from the PR's description)",
                    d.vectoriseDAfterFix ? 1.0 : 0.0, FigureSource::Model,
                    "Inferred: the pull request's description says it adds a check that "
                    "copyKPerThread >= kpack before allowing vectorization; its code is not "
                    "quoted"));
    f.push_back(fig("decisionBeforeFix", "rocMLIR's stores before the fix",
                    choiceText(d.beforeFix, d), std::nullopt, FigureSource::Computed, kRule));
    f.push_back(fig("decisionAfterFix", "rocMLIR's stores after the fix (inferred)",
                    choiceText(d.afterFix, d) +
                        (d.afterFix == KPackStoreChoice::RotateK ? ", stride 1 (inferred)" : ""),
                    std::nullopt, FigureSource::Model,
                    "The rule after the fix and the rotation's stride 1 (rotateIf) are inferred "
                    "from the pull request's text"));
    const bool forced = opts.contains("rotate");
    const std::string rule = opts.value("rule", std::string("after-fix"));
    const KPackStoreChoice followed =
        forced ? (k->rotate ? KPackStoreChoice::RotateK : KPackStoreChoice::StoreK)
               : (rule == "after-fix" ? d.afterFix : d.beforeFix);
    std::string shown = std::string("rotation ") + (k->rotate ? "on" : "off") +
                        (forced ? ": forced by the view" : ": rocMLIR's rule " + rule);
    if (followed == KPackStoreChoice::VectoriseD)
        shown += "; FLAGGED: rocMLIR vectorises along D here, the stores shown split each "
                 "thread's run into kPack vectors (the instruction the backend merges them "
                 "into is not modelled)";
    f.push_back(fig("storesShown", "Stores shown", shown,
                    followed == KPackStoreChoice::VectoriseD ? 1.0 : 0.0, FigureSource::Computed,
                    "\"rule\" picks what rocMLIR picks for this perf_config; \"rotate\" forces "
                    "one"));
    const LdsInstruction *store = arch->plainInstruction(plan->writeBytes, true);
    auto published = publishedRowsFigure(opts, *plan, store ? store->numBanks : arch->numBanks,
                                         arch->bankWidthBytes);
    if (!published)
        return published.error();
    if (*published)
        f.push_back(std::move(**published));
    auto measured = measuredFigures(opts);
    if (!measured)
        return measured.error();
    for (Figure &g : *measured)
        f.push_back(std::move(g));
    return f;
}

} // namespace lx
