#include "lessons/predicate.h"
#include "lessons/predicateparser.h"

#include "analysis/allocator.h"
#include "analysis/banks.h"
#include "analysis/conversion.h"
#include "analysis/ctalayout.h"
#include "analysis/diff.h"
#include "analysis/kernelnvidia.h"
#include "analysis/nvwavefronts.h"
#include "analysis/partitions.h"
#include "hw/arch.h"
#include "hw/dtype.h"
#include "layout/builders.h"
#include "request/viewrequest.h"

#include <algorithm>
#include <cctype>
#include <variant>

namespace lx {

namespace {

using predicate::Node;

int elementBitsOf(const PredicateLayout &l)
{
    // The request layer's policy: a layout without a dtype is kDefaultDtype.
    const auto bits = dtypeBits(elementTypeOr({l.dtype}));
    return bits ? *bits : *dtypeBits(kDefaultDtype);
}

using Value = std::variant<int64_t, bool, std::string, std::vector<int64_t>>;

// The shared layout of S as the bank and partition analyses see it (partition buffers one
// partition apart, as the allocator places them on an empty LDS).
Expected<SharedMemoryLayout> sharedOf(const PredicateLayout &s, const CuModel &cu)
{
    if (!s.attr || s.shape.empty())
        return makeError(s.name + " must be a shared layout written as #ttg text with a shape");
    return sharedMemoryLayout(*s.attr, s.shape, elementBitsOf(s), cu.partitionBytes);
}

// What loading R from shared S becomes on an NVIDIA architecture (analysis/nvsharedaccess.h):
// the PTX mnemonic, or with `ways` the worst phase's n-way (analysis/nvwavefronts.h).
Expected<Value> nvidiaLoadOf(const PredicateLayout &r, const PredicateLayout &s, bool ways,
                             const std::string &archName)
{
    const std::string f = ways ? "sharedLoadWays" : "sharedLoad";
    auto arch = loadArchitecture(archName);
    if (!arch)
        return arch.error();
    if (arch->vendor != "nvidia")
        return makeError(f + ": " + arch->name + " is not an NVIDIA architecture");
    auto cvt = nvidiaLocalCvt(r.layout, s.layout);
    if (!cvt)
        return makeError(f + ": " + cvt.message());
    const int bits = std::max(8, elementBitsOf(s));
    const NvSharedAccess a = nvidiaSharedAccessOfCvt(*cvt, bits, false, nvMatrixFeaturesOf(*arch));
    if (!ways)
        return Value(a.mnemonic);
    auto w = nvidiaWavefronts(*arch, *cvt, a, bits, false);
    if (!w)
        return makeError(f + ": " + w.message());
    return Value(int64_t(w->maxWays));
}

// Loads with a partition conflict when R reads shared S with `loadBits` per lane per load
// (analysis/partitions.h): every warp issues load i in the same cycle.
Expected<int64_t> partitionConflictsOf(const PredicateLayout &r, const PredicateLayout &s,
                                       int loadBits, const std::string &arch)
{
    auto cu = cuModelOf(arch);
    if (!cu)
        return cu.error();
    auto sml = sharedOf(s, *cu);
    if (!sml)
        return makeError("partitionConflicts: " + sml.message());
    const int bits = elementBitsOf(s);
    PartitionAccessSpec spec;
    spec.distributed = r.layout;
    spec.shared = sml->layout;
    spec.elemBits = bits;
    spec.loadBits = loadBits;
    const int parts = sml->layout.hasInDim("partition") ? sml->layout.inDimSize("partition") : 1;
    for (int p = 0; p < parts; ++p)
        spec.bufferOffsets.push_back(int64_t(p) * sml->partitionStrideBytes);
    auto acc = analyzePartitionAccess(spec, *cu);
    if (!acc)
        return makeError("partitionConflicts: " + acc.message());
    return int64_t(acc->conflictingLoads);
}

// The LDS span S takes alone: its bytes (padding included), or for a partitioned layout the
// allocator's span of its buffers, one per partition.
Expected<int64_t> ldsBytesOf(const PredicateLayout &s, const std::string &arch)
{
    auto cu = cuModelOf(arch);
    if (!cu)
        return cu.error();
    if (!s.attr || s.shape.empty())
        return makeError("ldsBytesAllocated: " + s.name +
                         " must be a shared layout written as #ttg text with a shape");
    if (const auto *p = s.attr->as<PartitionedSharedAttr>()) {
        auto sizes = partitionedBufferSizes(*p, s.shape, elementBitsOf(s));
        if (!sizes)
            return makeError("ldsBytesAllocated: " + sizes.message());
        AllocRequest req;
        req.name = s.name;
        req.numPartitions = sizes->numBuffers;
        req.bufferBytes = sizes->bufferBytes;
        auto alloc = allocateShared({req}, cu->partitionBytes);
        if (!alloc)
            return makeError("ldsBytesAllocated: " + alloc.message());
        return alloc->totalBytes;
    }
    auto bytes = sharedAllocationBytes(*s.attr, s.shape, elementBitsOf(s));
    if (!bytes)
        return makeError("ldsBytesAllocated: " + bytes.message());
    return *bytes;
}

std::string show(const Value &v)
{
    if (const auto *i = std::get_if<int64_t>(&v))
        return std::to_string(*i);
    if (const auto *b = std::get_if<bool>(&v))
        return *b ? "true" : "false";
    if (const auto *s = std::get_if<std::string>(&v))
        return "\"" + *s + "\"";
    std::string out = "[";
    const auto &l = std::get<std::vector<int64_t>>(v);
    for (size_t i = 0; i < l.size(); ++i)
        out += (i ? ", " : "") + std::to_string(l[i]);
    return out + "]";
}

// What a boolean check that failed means, in words: "L is not injective (two hardware indices
// hold the same element)" rather than the predicate's own text "injective(L)".
std::string inWords(const Node &clause)
{
    if (clause.kind != Node::Call || clause.children.empty())
        return clause.source + " does not hold";
    auto arg = [&clause](size_t i) {
        if (i >= clause.children.size())
            return std::string("?");
        const Node &a = clause.children[i];
        return a.source.empty() ? (a.kind == Node::Str ? "\"" + a.text + "\"" : a.text) : a.source;
    };
    const std::string &f = clause.text;
    if (f == "injective")
        return arg(0) + " is not injective (two hardware indices hold the same element)";
    if (f == "surjective")
        return arg(0) + " is not surjective (some elements have no owner)";
    if (f == "equal")
        return arg(0) + " and " + arg(1) + " are not the same layout";
    if (f == "divides")
        return arg(1) + " does not divide " + arg(0) + " (divideLeft finds no quotient)";
    if (f == "crossPairShared")
        return "no two SIMD pairs of " + arg(0) + " read the same " + arg(1) + " data";
    return clause.source + " is false";
}

class Evaluator
{
public:
    explicit Evaluator(const PredicateContext &c) : m_c(c) {}

    Expected<PredicateOutcome> run(const Node &root)
    {
        PredicateOutcome out;
        out.holds = true;
        for (const Node &clause : root.children) {
            m_lastFailure.clear();
            auto v = eval(clause);
            if (!v)
                return v.error();
            const bool *b = std::get_if<bool>(&*v);
            if (!b)
                return makeError("the predicate '" + clause.source + "' is not true or false");
            if (!*b) {
                out.holds = false;
                if (!out.explanation.empty())
                    out.explanation += "; ";
                out.explanation += m_lastFailure.empty() ? inWords(clause) : m_lastFailure;
            }
        }
        return out;
    }

private:
    Expected<Value> eval(const Node &n)
    {
        switch (n.kind) {
        case Node::Int:
            return Value(n.number);
        case Node::Bool:
            return Value(n.number != 0);
        case Node::Str:
            return Value(n.text);
        case Node::List: {
            std::vector<int64_t> l;
            for (const Node &c : n.children) {
                auto v = eval(c);
                if (!v)
                    return v;
                const auto *i = std::get_if<int64_t>(&*v);
                if (!i)
                    return makeError("a list holds integers only");
                l.push_back(*i);
            }
            return Value(l);
        }
        case Node::Ident:
            return makeError("'" + n.text +
                             "' is a name, not a value (a layout goes inside a call)");
        case Node::Map:
            return makeError("an index map {...} is an argument of apply");
        case Node::Call:
            return call(n);
        case Node::Compare:
            return compare(n);
        case Node::And:
            return makeError("'&&' inside a value");
        }
        return makeError("unknown expression");
    }

    Expected<Value> compare(const Node &n)
    {
        auto l = eval(n.children[0]);
        if (!l)
            return l;
        auto r = eval(n.children[1]);
        if (!r)
            return r;
        if (l->index() != r->index())
            return makeError("'" + n.source + "' compares " + show(*l) + " with " + show(*r));
        const std::string &op = n.text;
        bool result = false;
        if (op == "==" || op == "!=") {
            result = (*l == *r) == (op == "==");
        } else {
            const auto *a = std::get_if<int64_t>(&*l);
            const auto *b = std::get_if<int64_t>(&*r);
            if (!a || !b)
                return makeError("'" + op + "' compares integers only");
            result = op == "<" ? *a < *b : op == "<=" ? *a <= *b : op == ">" ? *a > *b : *a >= *b;
        }
        if (!result)
            m_lastFailure =
                n.children[0].source.empty()
                    ? n.source
                    : n.children[0].source + " is " + show(*l) + ", wanted " + op + " " + show(*r);
        return Value(result);
    }

    Expected<const PredicateLayout *> layoutArg(const Node &call, size_t i)
    {
        if (i >= call.children.size() || call.children[i].kind != Node::Ident)
            return makeError(call.text + ": argument " + std::to_string(i + 1) +
                             " must be a layout name");
        const PredicateLayout *l = m_c.find(call.children[i].text);
        if (!l)
            return makeError(call.text + ": no layout named '" + call.children[i].text + "'");
        return l;
    }
    Expected<int64_t> intArg(const Node &call, size_t i)
    {
        if (i >= call.children.size())
            return makeError(call.text + ": missing argument " + std::to_string(i + 1));
        auto v = eval(call.children[i]);
        if (!v)
            return v.error();
        if (const auto *n = std::get_if<int64_t>(&*v))
            return *n;
        return makeError(call.text + ": argument " + std::to_string(i + 1) + " must be an integer");
    }
    Expected<std::string> nameArg(const Node &call, size_t i)
    {
        if (i >= call.children.size())
            return makeError(call.text + ": missing argument " + std::to_string(i + 1));
        const Node &a = call.children[i];
        if (a.kind == Node::Ident || a.kind == Node::Str)
            return a.text;
        return makeError(call.text + ": argument " + std::to_string(i + 1) + " must be a name");
    }

    static Value listOf(const std::vector<int32_t> &v)
    {
        return Value(std::vector<int64_t>(v.begin(), v.end()));
    }

    Expected<Value> call(const Node &n);
    Expected<Value> callMemory(const Node &n, const PredicateLayout &first);
    Expected<Value> callOwners(const Node &n, const LinearLayout &L);

    const PredicateContext &m_c;
    std::string m_lastFailure;
};

Expected<Value> Evaluator::call(const Node &n)
{
    const std::string &f = n.text;
    auto l = layoutArg(n, 0);
    if (!l)
        return l.error();
    const LinearLayout &L = (*l)->layout;
    auto arity = [&](size_t k) -> Expected<bool> {
        if (n.children.size() != k)
            return makeError(f + " takes " + std::to_string(k) + " argument" + (k > 1 ? "s" : ""));
        return true;
    };
    if (f == "rank" || f == "injective" || f == "surjective" || f == "maxOwners" ||
        f == "consecutive") {
        if (auto ok = arity(1); !ok)
            return ok.error();
        if (f == "rank")
            return Value(int64_t(L.rank()));
        if (f == "injective")
            return Value(L.isInjective());
        if (f == "surjective")
            return Value(L.isSurjective());
        if (f == "consecutive")
            return Value(int64_t(L.getNumConsecutiveInOut()));
        return Value(int64_t(1) << (L.totalInDimSizeLog2() - L.rank()));
    }
    if (f == "apply") {
        if (auto ok = arity(2); !ok)
            return ok.error();
        const Node &m = n.children[1];
        if (m.kind != Node::Map)
            return makeError("apply: the second argument is an index map like {lane: 3}");
        std::vector<int32_t> in(size_t(L.numInDims()), 0);
        for (const auto &[dim, v] : m.entries) {
            const int i = L.inDimIndex(dim);
            if (i < 0)
                return makeError("apply: " + (*l)->name + " has no in-dim '" + dim + "'");
            if (v < 0 || v >= L.inDimSize(dim))
                return makeError("apply: " + dim + " = " + std::to_string(v) + " is out of range");
            in[size_t(i)] = int32_t(v);
        }
        return listOf(L.applyOrdered(in));
    }
    if (f == "basis" || f == "size") {
        if (auto ok = arity(f == "basis" ? 3 : 2); !ok)
            return ok.error();
        auto dim = nameArg(n, 1);
        if (!dim)
            return dim.error();
        if (f == "size")
            return Value(int64_t(L.hasInDim(*dim) ? L.inDimSize(*dim) : 1));
        auto i = intArg(n, 2);
        if (!i)
            return i.error();
        if (*i < 0 || *i >= L.inDimSizeLog2(*dim))
            return makeError("basis: " + *dim + " has no basis " + std::to_string(*i));
        return listOf(L.basis(*dim, int(*i)));
    }
    if (f == "owners") {
        if (auto ok = arity(2); !ok)
            return ok.error();
        return callOwners(n, L);
    }
    if (f == "equal" || f == "differing" || f == "conversion" || f == "divides") {
        if (auto ok = arity(2); !ok)
            return ok.error();
        auto m = layoutArg(n, 1);
        if (!m)
            return m.error();
        const LinearLayout &M = (*m)->layout;
        if (f == "divides")
            return Value(LinearLayout::divideLeft(L, M).has_value());
        const int bits = elementBitsOf(**l);
        auto d = diffLayouts(L, M, bits);
        if (!d)
            return d.error();
        if (f == "equal")
            return Value(d->equal);
        if (f == "differing")
            return Value(d->differingElements);
        if (!d->conversion)
            return Value(std::string("none"));
        return Value(conversionKindName(d->conversion->kind));
    }
    if (f == "bankConflicts" || f == "partitionConflicts" || f == "ldsBytesAllocated" ||
        f == "crossPairShared")
        return callMemory(n, **l);
    if (f == "sharedLoad" || f == "sharedLoadWays") {
        if (auto ok = arity(2); !ok)
            return ok.error();
        auto s = layoutArg(n, 1);
        if (!s)
            return s.error();
        return nvidiaLoadOf(**l, **s, f == "sharedLoadWays", m_c.arch);
    }
    return makeError("unknown function '" + f + "'");
}

// owners(L, [coords]): how many hardware indices of L land on the element.
Expected<Value> Evaluator::callOwners(const Node &n, const LinearLayout &L)
{
    auto v = eval(n.children[1]);
    if (!v)
        return v;
    const auto *coords = std::get_if<std::vector<int64_t>>(&*v);
    if (!coords || int(coords->size()) != L.numOutDims())
        return makeError("owners: the element needs one coordinate per out-dim");
    uint64_t flat = 0;
    int shift = 0;
    for (int d = 0; d < L.numOutDims(); ++d) {
        const int bits = L.outDimSizeLog2(L.outDims()[size_t(d)].first);
        if ((*coords)[size_t(d)] < 0 || (*coords)[size_t(d)] >= (int64_t(1) << bits))
            return makeError("owners: coordinate out of range");
        flat |= uint64_t((*coords)[size_t(d)]) << shift;
        shift += bits;
    }
    if (L.totalInDimSizeLog2() > 24)
        return makeError("owners: too many hardware indices to count");
    int64_t count = 0;
    for (uint64_t h = 0; h < (uint64_t(1) << L.totalInDimSizeLog2()); ++h)
        count += L.applyFlat(h) == flat;
    return Value(count);
}

// The shared-memory and SIMD-pair functions (bankConflicts, partitionConflicts, ldsBytesAllocated,
// crossPairShared) of a call whose first argument is `first`.
Expected<Value> Evaluator::callMemory(const Node &n, const PredicateLayout &first)
{
    const std::string &f = n.text;
    const LinearLayout &L = first.layout;
    auto arity = [&](size_t k) -> Expected<bool> {
        if (n.children.size() != k)
            return makeError(f + " takes " + std::to_string(k) + " argument" + (k > 1 ? "s" : ""));
        return true;
    };
    // bankConflicts(R, S, elementBits) is Triton's count; partitionConflicts(R, S, loadBits).
    if (f == "bankConflicts" || f == "partitionConflicts") {
        if (auto ok = arity(3); !ok)
            return ok.error();
        auto s = layoutArg(n, 1);
        if (!s)
            return s.error();
        auto bits = intArg(n, 2);
        if (!bits)
            return bits.error();
        auto r = f == "bankConflicts" ? tritonBankConflicts(L, (*s)->layout, int(*bits))
                                      : partitionConflictsOf(first, **s, int(*bits), m_c.arch);
        if (!r)
            return r.error();
        return Value(*r);
    }
    if (f == "ldsBytesAllocated") {
        if (auto ok = arity(1); !ok)
            return ok.error();
        auto r = ldsBytesOf(first, m_c.arch);
        if (!r)
            return r.error();
        return Value(*r);
    }
    if (f == "crossPairShared") {
        if (auto ok = arity(2); !ok)
            return ok.error();
        auto which = nameArg(n, 1);
        if (!which)
            return which.error();
        if (*which != "A" && *which != "B")
            return makeError("crossPairShared: the operand is \"A\" or \"B\"");
        if (!first.attr || first.shape.size() != 2)
            return makeError("crossPairShared: " + first.name +
                             " must be a WMMA v3 layout written as #ttg text with a 2-D shape");
        const int bits = elementBitsOf(first);
        auto spec = ctaSpecFromAttr(*first.attr, {first.shape[0], first.shape[1]}, bits);
        if (!spec)
            return spec.error();
        auto cu = cuModelOf(m_c.arch);
        if (!cu)
            return cu.error();
        auto r = analyzeCtaLayout(*spec, *cu);
        if (!r)
            return r.error();
        return Value(*which == "A" ? r->a.crossPairShared : r->b.crossPairShared);
    }
    return makeError("unknown function '" + f + "'");
}

} // namespace

const PredicateLayout *PredicateContext::find(const std::string &name) const
{
    for (const PredicateLayout &l : layouts)
        if (l.name == name)
            return &l;
    return nullptr;
}

Expected<bool> validatePredicate(std::string_view text)
{
    if (text.size() > 4096)
        return makeError("predicate longer than 4096 characters");
    auto n = predicate::parsePredicateText(text);
    if (!n)
        return n.error();
    return true;
}

Expected<PredicateOutcome> evaluatePredicate(std::string_view text, const PredicateContext &context)
{
    if (text.size() > 4096)
        return makeError("predicate longer than 4096 characters");
    auto n = predicate::parsePredicateText(text);
    if (!n)
        return n.error();
    return Evaluator(context).run(*n);
}

} // namespace lx
