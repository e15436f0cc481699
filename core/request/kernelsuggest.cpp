#include "request/kernelsuggest.h"

#include "analysis/suggestnvidia.h"
#include "analysis/tdm.h"
#include "hw/arch.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "request/kernelrequest.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <tuple>

namespace lx {

namespace {

// The ops of `report` whose shared side is `encoding`, as indices into report.ops.
std::vector<size_t> usersOf(const KernelReport &report, const std::string &encoding)
{
    std::vector<size_t> users;
    for (size_t i = 0; i < report.ops.size(); ++i)
        if (report.ops[i].src == encoding || report.ops[i].dst == encoding)
            users.push_back(i);
    return users;
}

const TtgirType *tensorSide(const TtgirOp &op, bool first)
{
    const TtgirType *found = nullptr;
    for (const TtgirType &t : op.types)
        if (t.isTensor() && t.encoding && !t.encoding->isShared()) {
            found = &t;
            if (first)
                break;
        }
    return found;
}

struct Access
{
    const TtgirType *type = nullptr;
    LinearLayout layout;
};

// The register side of the first op in `users` that reads the encoding (`reads`) or writes it.
std::optional<Access> registerSide(const TtgirModule &module, const KernelReport &report,
                                   const std::vector<size_t> &users, const std::string &encoding,
                                   bool reads)
{
    for (size_t i : users) {
        const KernelOpReport &r = report.ops[i];
        // A tensor-core op reads its shared operand through a descriptor, not into registers.
        if ((reads ? r.src : r.dst) != encoding || !r.problem.empty() ||
            accessesThroughDescriptor(r.op))
            continue;
        const TtgirType *t = tensorSide(module.ops.at(size_t(r.opIndex)), !reads);
        if (!t)
            continue;
        if (Expected<LinearLayout> l = toLinearLayout(*t->encoding, t->shape); l)
            return Access{t, std::move(*l)};
    }
    return std::nullopt;
}

// The module with `attr` in place of the shared encoding written `encoding` (alias or inline).
TtgirModule withEncoding(const TtgirModule &module, const std::string &encoding,
                         const LayoutAttrPtr &attr)
{
    TtgirModule copy = module;
    for (TtgirOp &op : copy.ops)
        for (TtgirType &t : op.types)
            if (t.encodingText == encoding) {
                t.encoding = attr;
                t.encodingError.clear();
            }
    for (TtgirAlias &a : copy.aliases)
        if ("#" + a.name == encoding) {
            a.attr = attr;
            a.text = printTtg(*attr);
            a.error.clear();
            a.note.clear();
        }
    return copy;
}

// Smaller is better, in this order: the ops left with a problem; on NVIDIA the ld/st.shared
// accesses without their matrix instruction; then on AMD the worst conflict, the accesses with a
// partition conflict and the cycles, on NVIDIA the wavefronts, the instructions per thread and the
// worst conflict; the bytes; the simpler family.
using Cost = std::tuple<int, int, int64_t, int64_t, int64_t, int64_t>;
struct Outcome
{
    Cost cost;
    int family = 0;
    bool operator<(const Outcome &o) const
    {
        return std::tie(cost, family) < std::tie(o.cost, o.family);
    }
};

// A layout that is easier to write and to keep first, where everything else is equal.
int familyRank(const std::string &family)
{
    if (family == "swizzled" || family == "triton" || family == "nvmma")
        return 0;
    if (family == "padded")
        return 1;
    if (family == "xor")
        return 2;
    return 3; // partitioned, and anything newer
}

Outcome outcomeOf(const std::vector<KernelOpReport> &ops, const std::string &family, bool nvidia)
{
    int problems = 0, ways = 0, partitionConflicts = 0, plain = 0;
    int64_t cycles = 0, bytes = 0, instructions = 0;
    for (const KernelOpReport &op : ops) {
        problems += op.problem.empty() ? 0 : 1;
        plain += nvidia && op.path == "generic" ? 1 : 0;
        ways = std::max(ways, op.maxWays);
        partitionConflicts += op.partitionConflicts.value_or(0);
        cycles += op.cyclesPerCta.value_or(0);
        instructions += op.count;
        bytes += op.bytes;
    }
    const Cost cost = nvidia ? Cost{problems, plain, cycles, instructions, ways, bytes}
                             : Cost{problems, 0, ways, partitionConflicts, cycles, bytes};
    return {cost, familyRank(family)};
}

std::vector<KernelOpReport> pick(const KernelReport &report, const std::vector<size_t> &users)
{
    std::vector<KernelOpReport> ops;
    for (size_t i : users)
        ops.push_back(report.ops.at(i));
    return ops;
}

// The search request for the encoding's buffer: the first reader's registers as the read, the
// first register-fed writer's as the write; a buffer only written is read back by its writer.
Expected<SuggestSharedRequest> searchRequest(const TtgirModule &module, const KernelReport &report,
                                             const std::vector<size_t> &users,
                                             const KernelOpReport &asked,
                                             const KernelSuggestOptions &options)
{
    const std::string &encoding = asked.op == "ttg.local_load" ? asked.src : asked.dst;
    std::optional<Access> read = registerSide(module, report, users, encoding, true);
    std::optional<Access> write = registerSide(module, report, users, encoding, false);
    if (!read && !write)
        return makeError("no op reads " + encoding + " into registers or writes it from them");
    Expected<Architecture> arch =
        loadArchitecture(options.arch.empty() ? module.arch : options.arch);
    if (!arch)
        return arch.error();
    SuggestSharedRequest r;
    r.arch = std::move(*arch);
    const Access &reader = read ? *read : *write;
    r.shape = reader.type->shape;
    if (r.shape.size() != 2)
        return makeError("the search takes 2-D tiles only; " + encoding + " holds a " +
                         std::to_string(r.shape.size()) + "-D tensor here: " + reader.type->text);
    r.elementBits = asked.elementBits;
    r.read = reader.layout;
    r.readAttr = reader.type->encoding;
    if (write && write->type->shape == r.shape) {
        r.write = write->layout;
        r.order = layoutOrder(write->layout);
    }
    for (size_t i : users) {
        r.tdmFed = r.tdmFed || isTdmWrite(report.ops[i].op);
        r.descriptorFed = r.descriptorFed || accessesThroughDescriptor(report.ops[i].op);
    }
    r.maxLdsBytes = options.maxLdsBytes;
    return r;
}

// The candidates to analyse in the module: the front and the rest as the search ranks them,
// Triton's pick among them, at most `limit`.
std::vector<const SharedCandidate *> toAnalyse(const SuggestSharedResult &result, int limit)
{
    std::vector<const SharedCandidate *> list;
    for (const SharedCandidate &c : result.candidates)
        if (c.attr && int(list.size()) < limit)
            list.push_back(&c);
    if (result.triton && result.triton->attr &&
        std::none_of(list.begin(), list.end(),
                     [&](const SharedCandidate *c) { return c->text == result.triton->text; }))
        list.push_back(&*result.triton);
    return list;
}

// Whether a shared layout neither pads nor partitions: two such are the same layout when their
// bases are.
bool isPlainShared(const LayoutAttr &a)
{
    return a.as<SwizzledSharedAttr>() || a.as<SharedLinearAttr>() || a.as<NvmmaSharedAttr>();
}

} // namespace

std::string kernelAccessText(const KernelOpReport &op)
{
    if (!op.problem.empty())
        return "problem: " + op.problem;
    if (op.instruction.empty())
        return op.path.empty() ? std::string("no LDS instruction") : op.path;
    std::string s = op.instruction + " x " + std::to_string(op.count);
    if (op.maxWays > 0)
        s += ", " + std::to_string(op.maxWays) + "-way, " +
             std::to_string(op.cyclesPerCta.value_or(0)) + " cycles per CTA";
    return s;
}

Expected<KernelSuggestion> suggestForKernelOp(const TtgirModule &module, int line,
                                              const KernelSuggestOptions &options)
{
    Expected<KernelReport> report = resolveKernel(module, options.arch);
    if (!report)
        return report.error();
    const auto asked = std::find_if(report->ops.begin(), report->ops.end(),
                                    [line](const KernelOpReport &r) { return r.line == line; });
    if (asked == report->ops.end())
        return makeError("no data-placing op at line " + std::to_string(line));
    const bool load = asked->op == "ttg.local_load";
    const std::string &encoding = load ? asked->src : asked->dst;
    const LayoutAttrPtr &attr = load ? asked->srcAttr : asked->dstAttr;
    if (asked->path == "round trip")
        return makeError(asked->op + " at line " + std::to_string(line) +
                         " goes through a scratch buffer whose layout the compiler chooses (" +
                         asked->pathReason + "): the module holds no shared layout to change");
    if (encoding.empty() || !attr || !attr->isShared())
        return makeError(asked->op + " at line " + std::to_string(line) +
                         " has no shared-memory access to search");
    if (!asked->problem.empty())
        return makeError("line " + std::to_string(line) + ": " + asked->problem);
    const std::vector<size_t> users = usersOf(*report, encoding);
    Expected<SuggestSharedRequest> request = searchRequest(module, *report, users, *asked, options);
    if (!request)
        return request.error();
    Expected<SuggestSharedResult> result = suggestShared(*request);
    if (!result)
        return result.error();

    KernelSuggestion s;
    s.line = line;
    s.encoding = encoding;
    if (encoding.size() > 1 && encoding[0] == '#' && module.alias(encoding.substr(1)))
        s.alias = encoding.substr(1);
    s.before = pick(*report, users);
    const bool nvidia = isNvidiaSearch(request->arch);
    const Outcome now = outcomeOf(s.before, "swizzled", nvidia); // as written: no family to prefer
    std::optional<Outcome> best;
    const std::string arch = options.arch.empty() ? module.arch : options.arch;
    // A candidate that is the layout as written is no change: it is neither offered nor named
    // as the best other, unless the search found nothing else.
    // The same attribute, or, where neither pads nor partitions, the same bases over the buffer's
    // shape (an amd_rotating_shared is read as the swizzled layout it amounts to).
    std::optional<LinearLayout> written;
    if (isPlainShared(*attr))
        if (Expected<LinearLayout> l = toLinearLayout(*attr, request->shape))
            written = std::move(*l);
    std::vector<const SharedCandidate *> candidates = toAnalyse(*result, options.maxCandidates);
    std::erase_if(candidates, [&](const SharedCandidate *c) {
        if (*c->attr == *attr)
            return true;
        if (!written || !isPlainShared(*c->attr))
            return false;
        const Expected<LinearLayout> l = toLinearLayout(*c->attr, request->shape);
        return l && *l == *written;
    });
    if (candidates.empty())
        candidates = toAnalyse(*result, 1);
    for (const SharedCandidate *c : candidates) {
        Expected<KernelReport> after = analyzeKernel(withEncoding(module, encoding, c->attr), arch);
        if (!after)
            continue;
        ++s.analysed;
        std::vector<KernelOpReport> ops = pick(*after, users);
        const Outcome o = outcomeOf(ops, c->family, nvidia);
        if (!best || o < *best) {
            best = o;
            s.candidate = *c;
            s.after = std::move(ops);
        }
    }
    if (!best)
        return makeError("the search found no layout for " + encoding);
    // Better than the module as written on what the kernel pays (not only a simpler family).
    s.improves = best->cost < now.cost;
    if (!s.improves)
        s.reason = encoding + " as written is already the best of the " +
                   std::to_string(s.analysed) + " layouts analysed in the module";
    const std::string text = printTtg(*s.candidate.attr);
    s.ttgLine = s.alias.empty() ? text : "#" + s.alias + " = " + text;
    s.gluon = printGluon(*s.candidate.attr);
    return s;
}

namespace {

// The end (one past) of the alias definition starting at `from`: the offset after the line on
// which its brackets close.
std::optional<size_t> definitionEnd(const std::string &text, size_t from)
{
    int depth = 0;
    for (size_t i = from; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '<' || c == '{' || c == '[' || c == '(')
            ++depth;
        else if (c == '>' || c == '}' || c == ']' || c == ')')
            --depth;
        else if (c == '\n' && depth <= 0)
            return i + 1;
    }
    return depth <= 0 ? std::optional<size_t>(text.size()) : std::nullopt;
}

} // namespace

Expected<std::string> patchModuleText(const std::string &text, const TtgirModule &module,
                                      const std::string &encoding, const std::string &alias,
                                      const std::string &replacement)
{
    if (alias.empty()) {
        if (encoding.empty() || text.find(encoding) == std::string::npos)
            return makeError("the module does not write the encoding " + encoding);
        std::string out;
        size_t at = 0;
        for (size_t hit; (hit = text.find(encoding, at)) != std::string::npos;
             at = hit + encoding.size())
            out += text.substr(at, hit - at) + replacement;
        return out + text.substr(at);
    }
    const TtgirAlias *a = module.alias(alias);
    if (!a || a->line < 1)
        return makeError("the module defines no #" + alias);
    size_t start = 0;
    for (int line = 1; line < a->line && start != std::string::npos; ++line)
        if ((start = text.find('\n', start)) != std::string::npos)
            ++start;
    const size_t name = start == std::string::npos ? start : text.find_first_not_of(" \t", start);
    const auto identifier = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$';
    };
    if (name == std::string::npos || text.compare(name, alias.size() + 1, "#" + alias) != 0 ||
        (name + alias.size() + 1 < text.size() && identifier(text[name + alias.size() + 1])))
        return makeError("line " + std::to_string(a->line) + " does not define #" + alias);
    const std::optional<size_t> end = definitionEnd(text, name);
    if (!end)
        return makeError("the definition of #" + alias + " at line " + std::to_string(a->line) +
                         " does not close its brackets");
    const bool newline = *end > 0 && text[*end - 1] == '\n';
    return text.substr(0, name) + replacement + (newline ? "\n" : "") + text.substr(*end);
}

} // namespace lx
