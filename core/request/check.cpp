#include "request/check.h"

#include "base/jsoninput.h"
#include "io/tritoncache.h"
#include "request/kernelrequest.h"
#include "request/kernelsuggest.h"

#include <algorithm>
#include <map>

namespace lx {

namespace {

using json = nlohmann::json;

// * and ? over the whole of `text`.
bool globMatch(std::string_view pattern, std::string_view text)
{
    size_t p = 0, t = 0, star = std::string_view::npos, mark = 0;
    while (t < text.size()) {
        if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
            ++p;
            ++t;
        } else if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            mark = t;
        } else if (star != std::string_view::npos) {
            p = star + 1;
            t = ++mark;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*')
        ++p;
    return p == pattern.size();
}

// The pattern against the path or any tail of it after a '/'.
bool fileMatches(const std::string &pattern, const std::string &path)
{
    if (pattern.empty() || globMatch(pattern, path))
        return true;
    for (size_t i = path.find('/'); i != std::string::npos; i = path.find('/', i + 1))
        if (globMatch(pattern, std::string_view(path).substr(i + 1)))
            return true;
    return false;
}

bool matches(const std::string &file, const std::string &kernel, const CheckKernel &k)
{
    return fileMatches(file, k.path) && (kernel.empty() || globMatch(kernel, k.name));
}

Expected<bool> checkKeys(const json &o, std::initializer_list<const char *> keys,
                         const std::string &where)
{
    if (!o.is_object())
        return makeError(where + " must be an object, not " + std::string(o.type_name()));
    for (const auto &item : o.items()) {
        // (not a structured binding: clang 14 cannot capture one in the lambda)
        const std::string &k = item.key();
        if (std::none_of(keys.begin(), keys.end(), [&](const char *x) { return k == x; })) {
            std::string known;
            for (const char *x : keys)
                known += (known.empty() ? "" : ", ") + std::string(x);
            return makeError(where + ": unknown key \"" + k + "\" (known: " + known + ")");
        }
    }
    return true;
}

Expected<std::string> stringOf(const json &o, const char *key, const std::string &where)
{
    const auto it = o.find(key);
    if (it == o.end())
        return std::string();
    if (!it->is_string())
        return makeError(where + "." + key + " must be a string, not " +
                         std::string(it->type_name()));
    return it->get<std::string>();
}

Expected<CheckBudgets> budgetsOf(const json &o, const std::string &where)
{
    if (Expected<bool> k =
            checkKeys(o, {"maxWays", "noFallback", "maxLds", "noPartitionConflicts"}, where);
        !k)
        return k.error();
    CheckBudgets b;
    if (const auto it = o.find("maxWays"); it != o.end()) {
        Expected<int64_t> v = jsonInteger(*it, 1, 64, where + ".maxWays");
        if (!v)
            return v.error();
        b.maxWays = int(*v);
    }
    if (const auto it = o.find("maxLds"); it != o.end()) {
        Expected<int64_t> v = jsonInteger(*it, 0, int64_t(1) << 40, where + ".maxLds");
        if (!v)
            return v.error();
        b.maxLds = *v;
    }
    for (const auto &[key, member] :
         {std::pair{"noFallback", &CheckBudgets::noFallback},
          std::pair{"noPartitionConflicts", &CheckBudgets::noPartitionConflicts}})
        if (const auto it = o.find(key); it != o.end()) {
            if (!it->is_boolean())
                return makeError(where + "." + key + " must be true or false, not " +
                                 jsonExcerpt(*it));
            b.*member = it->get<bool>();
        }
    return b;
}

Expected<CheckWaiver> waiverOf(const json &o, const std::string &where)
{
    if (Expected<bool> k =
            checkKeys(o, {"file", "kernel", "loc", "line", "budget", "reason"}, where);
        !k)
        return k.error();
    CheckWaiver w;
    for (const auto &[key, member] :
         {std::pair{"file", &CheckWaiver::file}, std::pair{"kernel", &CheckWaiver::kernel},
          std::pair{"loc", &CheckWaiver::loc}, std::pair{"budget", &CheckWaiver::budget},
          std::pair{"reason", &CheckWaiver::reason}}) {
        Expected<std::string> s = stringOf(o, key, where);
        if (!s)
            return s.error();
        w.*member = *s;
    }
    if (const auto it = o.find("line"); it != o.end()) {
        Expected<int64_t> v = jsonInteger(*it, 1, int64_t(1) << 30, where + ".line");
        if (!v)
            return v.error();
        w.line = int(*v);
    }
    if (!w.budget.empty() && w.budget != "maxWays" && w.budget != "noFallback" &&
        w.budget != "maxLds" && w.budget != "noPartitionConflicts")
        return makeError(where + ".budget: unknown budget \"" + w.budget +
                         "\" (maxWays, noFallback, maxLds, noPartitionConflicts)");
    if (w.reason.empty())
        return makeError(where + ": a waiver needs a \"reason\"");
    if (w.loc.empty() && !w.line && w.budget.empty())
        return makeError(where + ": a waiver names the op (\"loc\" or \"line\") or the budget");
    return w;
}

std::string opName(const KernelOpReport &r)
{
    return r.name;
}

void addViolation(CheckCase &c, const CheckKernel &k, const CheckConfig &config, int line,
                  std::string op, std::string name, std::string reason)
{
    CheckViolation v{c.budget, line, std::move(op), std::move(name), std::move(reason), false,
                     {},       {}};
    for (const CheckWaiver &w : config.waivers) {
        if (!matches(w.file, w.kernel, k) || (!w.budget.empty() && w.budget != c.budget))
            continue;
        if ((!w.loc.empty() && w.loc != v.name) || (w.line && *w.line != v.line))
            continue;
        v.waived = true;
        v.waiver = w.reason;
        break;
    }
    c.violations.push_back(std::move(v));
}

void checkKernel(CheckKernel &k, const KernelAnswer &a, const CheckConfig &config)
{
    CheckBudgets b = config.budgets;
    for (const CheckKernelBudgets &kb : config.kernels)
        if (matches(kb.file, kb.kernel, k))
            b = kb.budgets.over(b);
    const std::vector<KernelOpReport> &ops = a.report.ops;
    if (b.maxWays) {
        CheckCase c{"maxWays", std::to_string(*b.maxWays) + "-way", {}};
        for (const KernelOpReport &r : ops)
            if (r.maxWays > *b.maxWays) {
                // The count's provenance travels with it (the text, the JSON and the JUnit).
                std::string why;
                const FigureSource source = opBankSource(a.report, r, &why);
                addViolation(c, k, config, r.line, r.op, opName(r),
                             std::to_string(r.maxWays) + "-way bank conflict (" + r.instruction +
                                 ", " + figureSourceName(source) +
                                 (why.empty() ? std::string() : ": " + why) + "; budget " +
                                 std::to_string(*b.maxWays) + "-way)");
            }
        k.cases.push_back(std::move(c));
    }
    if (b.noFallback && *b.noFallback) {
        CheckCase c{"noFallback", "no lost transposed load", {}};
        for (const KernelOpReport &r : ops)
            if (r.lostTransposed)
                addViolation(c, k, config, r.line, r.op, opName(r),
                             "falls back to " + std::to_string(r.count) + " x " + r.instruction +
                                 ": " + r.reason);
        k.cases.push_back(std::move(c));
    }
    if (b.maxLds) {
        CheckCase c{"maxLds", std::to_string(*b.maxLds) + " B", {}};
        const bool fromCompiler = a.metadata && a.metadata->sharedBytes;
        const int64_t bytes =
            fromCompiler ? *a.metadata->sharedBytes : a.report.totals.ldsBytesEndToEnd;
        if (bytes > *b.maxLds)
            addViolation(c, k, config, 0, "kernel", k.name,
                         std::to_string(bytes) + " B of LDS (" +
                             (fromCompiler ? "the compiler's metadata, shared"
                                           : "the sum of the module's allocations") +
                             "; budget " + std::to_string(*b.maxLds) + " B)");
        k.cases.push_back(std::move(c));
    }
    if (b.noPartitionConflicts && *b.noPartitionConflicts) {
        CheckCase c{"noPartitionConflicts", "no partition conflict", {}};
        for (const KernelOpReport &r : ops)
            if (r.partitionConflicts && *r.partitionConflicts > 0)
                addViolation(c, k, config, r.line, r.op, opName(r),
                             std::to_string(*r.partitionConflicts) + " " + r.instruction +
                                 " with a partition conflict (warps of two SIMD pairs reach "
                                 "one LDS partition in the same cycle)");
        k.cases.push_back(std::move(c));
    }
}

// The suggestion for every violation at an op that is not waived, one search per op.
void addSuggestions(CheckKernel &k, const KernelAnswer &a)
{
    std::map<int, std::string> byLine;
    KernelSuggestOptions options;
    options.arch = a.report.arch;
    for (CheckCase &c : k.cases)
        for (CheckViolation &v : c.violations) {
            if (v.line <= 0 || v.waived)
                continue;
            auto [it, fresh] = byLine.try_emplace(v.line);
            if (fresh) {
                const Expected<KernelSuggestion> s = suggestForKernelOp(a.module, v.line, options);
                it->second = !s            ? "none: " + s.message()
                             : s->improves ? s->ttgLine
                                           : "keep: " + s->reason;
            }
            v.suggestion = it->second;
        }
}

} // namespace

bool CheckBudgets::any() const
{
    return maxWays || (noFallback && *noFallback) || maxLds ||
           (noPartitionConflicts && *noPartitionConflicts);
}

CheckBudgets CheckBudgets::over(const CheckBudgets &base) const
{
    CheckBudgets r = base;
    if (maxWays)
        r.maxWays = maxWays;
    if (noFallback)
        r.noFallback = noFallback;
    if (maxLds)
        r.maxLds = maxLds;
    if (noPartitionConflicts)
        r.noPartitionConflicts = noPartitionConflicts;
    return r;
}

Expected<CheckConfig> parseCheckConfig(std::string_view jsonText)
{
    Expected<json> j = parseJson(jsonText);
    if (!j)
        return j.error();
    if (Expected<bool> k = checkKeys(*j, {"budgets", "kernels", "waivers"}, "the budgets file"); !k)
        return k.error();
    CheckConfig c;
    if (const auto it = j->find("budgets"); it != j->end()) {
        Expected<CheckBudgets> b = budgetsOf(*it, "budgets");
        if (!b)
            return b.error();
        c.budgets = *b;
    }
    for (const char *list : {"kernels", "waivers"}) {
        const auto it = j->find(list);
        if (it == j->end())
            continue;
        if (!it->is_array())
            return makeError(std::string(list) + " must be an array, not " +
                             std::string(it->type_name()));
        for (size_t i = 0; i < it->size(); ++i) {
            const std::string where = std::string(list) + "[" + std::to_string(i) + "]";
            const json &e = (*it)[i];
            if (std::string_view(list) == "waivers") {
                Expected<CheckWaiver> w = waiverOf(e, where);
                if (!w)
                    return w.error();
                c.waivers.push_back(*w);
                continue;
            }
            if (Expected<bool> k = checkKeys(e, {"file", "kernel", "budgets"}, where); !k)
                return k.error();
            CheckKernelBudgets kb;
            Expected<std::string> file = stringOf(e, "file", where);
            Expected<std::string> kernel = stringOf(e, "kernel", where);
            if (!file || !kernel)
                return !file ? file.error() : kernel.error();
            kb.file = *file;
            kb.kernel = *kernel;
            const auto bt = e.find("budgets");
            if (bt == e.end())
                return makeError(where + ": needs \"budgets\"");
            Expected<CheckBudgets> b = budgetsOf(*bt, where + ".budgets");
            if (!b)
                return b.error();
            kb.budgets = *b;
            c.kernels.push_back(std::move(kb));
        }
    }
    return c;
}

bool CheckCase::failed() const
{
    return std::any_of(violations.begin(), violations.end(),
                       [](const CheckViolation &v) { return !v.waived; });
}

bool CheckKernel::failed() const
{
    return std::any_of(cases.begin(), cases.end(), [](const CheckCase &c) { return c.failed(); });
}

int CheckResult::failedKernels() const
{
    return int(std::count_if(kernels.begin(), kernels.end(),
                             [](const CheckKernel &k) { return k.failed(); }));
}

int CheckResult::exitCode() const
{
    const bool bad =
        !errors.empty() || std::any_of(kernels.begin(), kernels.end(),
                                       [](const CheckKernel &k) { return !k.error.empty(); });
    if (bad)
        return CheckBadInput;
    return failedKernels() > 0 ? CheckBudgetBroken : CheckPass;
}

CheckResult runCheck(const std::vector<std::string> &paths, const CheckConfig &config,
                     const std::string &arch, bool suggest)
{
    CheckResult result;
    for (const std::string &path : paths) {
        Expected<std::vector<KernelFiles>> found = findKernels(path);
        if (!found) {
            result.errors.push_back(found.message());
            continue;
        }
        for (const KernelFiles &f : *found) {
            CheckKernel k;
            k.path = f.ttgir;
            k.name = f.name;
            k.incomplete = f.incomplete;
            if (k.incomplete.empty()) {
                Expected<KernelAnswer> a = resolveCompiledKernel(f, arch);
                if (!a) {
                    k.error = a.message();
                } else {
                    k.arch = a->report.arch;
                    for (const KernelOpReport &r : a->report.ops)
                        if (r.path == "not modelled")
                            k.notModelled.push_back("line " + std::to_string(r.line) + ": " + r.op +
                                                    ": " + r.pathReason);
                    checkKernel(k, *a, config);
                    if (suggest)
                        addSuggestions(k, *a);
                }
            }
            result.kernels.push_back(std::move(k));
        }
    }
    return result;
}

json checkJson(const CheckResult &result)
{
    json kernels = json::array();
    for (const CheckKernel &k : result.kernels) {
        json budgets = json::array();
        for (const CheckCase &c : k.cases) {
            json vs = json::array();
            for (const CheckViolation &v : c.violations) {
                json o{{"line", v.line},
                       {"op", v.op},
                       {"name", v.name},
                       {"reason", v.reason},
                       {"waived", v.waived}};
                if (v.waived)
                    o["waiver"] = v.waiver;
                if (!v.suggestion.empty())
                    o["suggestion"] = v.suggestion;
                vs.push_back(std::move(o));
            }
            budgets.push_back({{"budget", c.budget},
                               {"limit", c.limit},
                               {"status", c.failed() ? "fail" : "pass"},
                               {"violations", std::move(vs)}});
        }
        const char *status = !k.error.empty()        ? "error"
                             : !k.incomplete.empty() ? "incomplete"
                             : k.failed()            ? "fail"
                                                     : "pass";
        json o{{"path", k.path},
               {"name", k.name},
               {"arch", k.arch},
               {"status", status},
               {"budgets", std::move(budgets)}};
        if (!k.error.empty())
            o["error"] = k.error;
        if (!k.incomplete.empty())
            o["incomplete"] = k.incomplete;
        if (!k.notModelled.empty())
            o["notModelled"] = k.notModelled;
        kernels.push_back(std::move(o));
    }
    return {{"exitCode", result.exitCode()},
            {"failed", result.failedKernels()},
            {"kernels", std::move(kernels)},
            {"errors", result.errors}};
}

} // namespace lx
