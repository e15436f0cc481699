#include "request/kerneldiff.h"

#include <map>
#include <set>

namespace lx {

namespace {

std::string ways(int n)
{
    return n > 1    ? std::to_string(n) + "-way"
           : n == 1 ? std::string("conflict-free")
                    : std::string("none");
}

// What an op costs, as the comparison sees it (its line is not part of it: code moves).
std::string opCost(const KernelOpReport &o)
{
    if (!o.problem.empty())
        return "cannot be analysed: " + o.problem;
    std::string s;
    for (const KernelLdsAccess &a : o.accesses)
        s += (s.empty() ? "" : " + ") + a.instruction + " x " + std::to_string(a.count);
    if (s.empty())
        s = o.instruction.empty() ? std::string("no LDS access") : o.instruction;
    if (!o.path.empty())
        s += " (" + o.path + ")";
    if (o.maxWays > 1)
        s += ", " + ways(o.maxWays) + " bank conflict";
    if (o.bytes > 0)
        s += ", " + std::to_string(o.bytes) + " B";
    if (o.src != o.dst && !o.src.empty())
        s += ", " + o.src + " -> " + o.dst;
    return s;
}

std::string opWhat(const KernelOpReport &o)
{
    return "line " + std::to_string(o.line) + " " + o.op + (o.name.empty() ? "" : " " + o.name);
}

void compareTarget(const KernelReport &a, const KernelReport &b, std::vector<KernelChange> &out)
{
    auto text = [](const KernelReport &r) {
        return r.arch + ", " + std::to_string(r.numWarps) + " warps of " +
               std::to_string(r.threadsPerWarp);
    };
    if (text(a) != text(b))
        out.push_back({"target", "architecture", text(a), text(b)});
}

void compareLayouts(const TtgirModule &a, const TtgirModule &b, std::vector<KernelChange> &out)
{
    std::map<std::string, std::string> before, after;
    for (const TtgirAlias *x : a.layoutAliases())
        before[x->name] = x->text;
    for (const TtgirAlias *x : b.layoutAliases())
        after[x->name] = x->text;
    for (const auto &[name, text] : before) {
        const auto it = after.find(name);
        if (it == after.end())
            out.push_back({"layout", "#" + name, text, ""});
        else if (it->second != text)
            out.push_back({"layout", "#" + name, text, it->second});
    }
    for (const auto &[name, text] : after)
        if (!before.count(name))
            out.push_back({"layout", "#" + name, "", text});
}

// Pairs the ops of two reports: by op kind and name first, then the rest of each kind in order.
void compareOps(const KernelReport &a, const KernelReport &b, std::vector<KernelChange> &out)
{
    std::vector<int> partner(a.ops.size(), -1);
    std::vector<bool> taken(b.ops.size(), false);
    auto pair = [&](auto same) {
        for (size_t i = 0; i < a.ops.size(); ++i) {
            if (partner[i] >= 0)
                continue;
            for (size_t j = 0; j < b.ops.size(); ++j)
                if (!taken[j] && same(a.ops[i], b.ops[j])) {
                    partner[i] = int(j);
                    taken[j] = true;
                    break;
                }
        }
    };
    pair([](const KernelOpReport &x, const KernelOpReport &y) {
        return x.op == y.op && x.name == y.name;
    });
    pair([](const KernelOpReport &x, const KernelOpReport &y) { return x.op == y.op; });
    for (size_t i = 0; i < a.ops.size(); ++i) {
        const KernelOpReport &x = a.ops[i];
        if (partner[i] < 0) {
            out.push_back({"op", opWhat(x), opCost(x), ""});
            continue;
        }
        const KernelOpReport &y = b.ops[size_t(partner[i])];
        if (opCost(x) != opCost(y))
            out.push_back({"op", opWhat(y), opCost(x), opCost(y)});
    }
    for (size_t j = 0; j < b.ops.size(); ++j)
        if (!taken[j])
            out.push_back({"op", opWhat(b.ops[j]), "", opCost(b.ops[j])});
}

void compareCounts(const std::string &kind, const std::map<std::string, int64_t> &a,
                   const std::map<std::string, int64_t> &b, std::vector<KernelChange> &out)
{
    std::set<std::string> names;
    for (const auto &[n, c] : a)
        names.insert(n);
    for (const auto &[n, c] : b)
        names.insert(n);
    for (const std::string &n : names) {
        const auto ia = a.find(n), ib = b.find(n);
        const int64_t ca = ia == a.end() ? 0 : ia->second, cb = ib == b.end() ? 0 : ib->second;
        if (ca != cb)
            out.push_back({kind, n, ca ? std::to_string(ca) : "", cb ? std::to_string(cb) : ""});
    }
}

void compareValue(const std::string &kind, const std::string &what, const std::string &a,
                  const std::string &b, std::vector<KernelChange> &out)
{
    if (a != b)
        out.push_back({kind, what, a, b});
}

std::string optText(const std::optional<int64_t> &v)
{
    return v ? std::to_string(*v) : std::string("?");
}

int problems(const KernelReport &r)
{
    int n = 0;
    for (const KernelOpReport &o : r.ops)
        n += o.isProblem() ? 1 : 0;
    return n;
}

void compareCompiler(const KernelAnswer &a, const KernelAnswer &b, std::vector<KernelChange> &out)
{
    if (!a.assembly || !b.assembly || !a.compiler || !b.compiler)
        return;
    compareCounts("compiler", a.assembly->ds, b.assembly->ds, out);
    compareValue("compiler", "VGPRs", optText(a.assembly->vgprs), optText(b.assembly->vgprs), out);
    compareValue("compiler", "VGPRs spilled", optText(a.assembly->vgprSpills),
                 optText(b.assembly->vgprSpills), out);
    compareValue("compiler", "LDS bytes", optText(a.compiler->compilerLdsBytes),
                 optText(b.compiler->compilerLdsBytes), out);
    auto agrees = [](const CompilerComparison &c) {
        return c.agree() ? std::string("agrees") : std::string("disagrees");
    };
    compareValue("compiler", "prediction", agrees(*a.compiler), agrees(*b.compiler), out);
}

} // namespace

KernelDiff diffKernels(const KernelAnswer &before, const KernelAnswer &after)
{
    KernelDiff d;
    const KernelReport &a = before.report, &b = after.report;
    compareTarget(a, b, d.changes);
    compareLayouts(before.module, after.module, d.changes);
    compareOps(a, b, d.changes);
    compareCounts("instructions", a.totals.instructions, b.totals.instructions, d.changes);
    auto worst = [](const KernelReport &r) {
        return ways(r.totals.worstWays) +
               (r.totals.worstWays > 1 ? " (line " + std::to_string(r.totals.worstWaysLine) + ")"
                                       : std::string());
    };
    if (a.totals.worstWays != b.totals.worstWays)
        d.changes.push_back({"conflicts", "worst bank conflict", worst(a), worst(b)});
    compareValue("conflicts", "ops with a problem", std::to_string(problems(a)),
                 std::to_string(problems(b)), d.changes);
    compareValue("lds", "LDS of the allocations end to end",
                 std::to_string(a.totals.ldsBytesEndToEnd),
                 std::to_string(b.totals.ldsBytesEndToEnd), d.changes);
    compareCompiler(before, after, d.changes);
    return d;
}

std::vector<std::string> describeChanges(const KernelDiff &diff)
{
    std::vector<std::string> lines;
    for (const KernelChange &c : diff.changes) {
        std::string s = c.kind + " " + c.what + ": ";
        if (c.before.empty())
            s += "added " + c.after;
        else if (c.after.empty())
            s += "removed (was " + c.before + ")";
        else
            s += c.before + " -> " + c.after;
        lines.push_back(std::move(s));
    }
    return lines;
}

} // namespace lx
