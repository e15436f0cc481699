#include "analysis/kerneladvice.h"

#include "layout/basisname.h"

#include <algorithm>
#include <bit>
#include <cstdint>

namespace lx {

namespace {

// The dim a basis moves along when it moves along exactly one, with its component; else -1.
std::pair<int, int32_t> singleDim(const LinearLayout::Basis &b)
{
    int dim = -1;
    for (size_t d = 0; d < b.size(); ++d) {
        if (b[d] == 0)
            continue;
        if (dim >= 0)
            return {-1, 0};
        dim = int(d);
    }
    return {dim, dim >= 0 ? b[size_t(dim)] : 0};
}

// How many of `bases`, from the first, step 1, 2, 4, ... along `dim` (zero bases skipped, as
// the lowering removes replicating registers first): 2^that elements in a row.
int runAlong(const std::vector<LinearLayout::Basis> &bases, int dim)
{
    int run = 1;
    for (const LinearLayout::Basis &b : bases) {
        if (std::all_of(b.begin(), b.end(), [](int32_t v) { return v == 0; }))
            continue;
        const auto [d, v] = singleDim(b);
        if (d != dim || v != run)
            break;
        run *= 2;
    }
    return run;
}

const std::vector<LinearLayout::Basis> *basesOf(const LinearLayout &l, const std::string &inDim)
{
    const int i = l.inDimIndex(inDim);
    return i < 0 ? nullptr : &l.bases()[size_t(i)].second;
}

std::string dimName(int d)
{
    return "dim" + std::to_string(d);
}

} // namespace

namespace {

// The first basis of `cvt` other than the vector's registers (offsets 1, 2, ..., v/2) that
// moves an offset bit below 2v, as "lane basis 0 (offset 68)"; empty when none does.
std::string basisOnLowBits(const LinearLayout &cvt, int vectorElements)
{
    const int offset = cvt.outDimIndex("offset");
    if (offset < 0)
        return {};
    const int32_t low = 2 * vectorElements - 1;
    for (const auto &[inDim, bases] : cvt.bases()) {
        for (size_t i = 0; i < bases.size(); ++i) {
            const int32_t o = bases[i][size_t(offset)];
            const bool inVector =
                inDim == "register" && std::has_single_bit(uint32_t(o)) && o < 2 * vectorElements;
            if (o == 0 || inVector || (o & low) == 0)
                continue;
            return basisName(inDim, int(i)) + " (offset " + std::to_string(o) + ")";
        }
    }
    return {};
}

bool offsetIsARegisters(const LinearLayout &cvt, int32_t wanted)
{
    const int offset = cvt.outDimIndex("offset");
    const auto *regs = basesOf(cvt, "register");
    if (offset < 0 || !regs)
        return false;
    return std::any_of(regs->begin(), regs->end(),
                       [&](const LinearLayout::Basis &b) { return b[size_t(offset)] == wanted; });
}

} // namespace

VectorAdvice vectorAdvice(const LinearLayout &reg, const SharedMemoryLayout &shared,
                          const LinearLayout &cvt, int vectorElements, int elementBits,
                          bool isWrite)
{
    VectorAdvice a;
    const auto *regBases = basesOf(reg, "register");
    const auto *offsetBases = basesOf(shared.layout, "offset");
    if (!regBases || !offsetBases || elementBits <= 0 || vectorElements <= 0)
        return a;
    for (const LinearLayout::Basis &b : *regBases) {
        if (std::any_of(b.begin(), b.end(), [](int32_t v) { return v != 0; })) {
            const auto [d, v] = singleDim(b);
            if (v == 1)
                a.registerDim = d;
            break;
        }
    }
    if (a.registerDim < 0)
        return a; // the first register does not step along one dim: no run to keep together
    a.registerRun = runAlong(*regBases, a.registerDim);
    if (!offsetBases->empty())
        a.sharedDim = singleDim(offsetBases->front()).first;
    a.sharedRun = runAlong(*offsetBases, a.registerDim);
    a.possibleElements = std::max(1, std::min(a.registerRun, 128 / elementBits));
    if (vectorElements >= a.possibleElements)
        return a;
    const std::string verb = isWrite ? "store" : "load";
    const std::string run = std::to_string(a.registerRun);
    const std::string possible = std::to_string(a.possibleElements);
    const std::string next = std::to_string(2 * vectorElements);
    const std::string now = std::to_string(vectorElements) + " (" +
                            std::to_string(vectorElements * elementBits) + " bits)";
    const std::string gain = " would " + verb + " " + possible + " at once (" +
                             std::to_string(a.possibleElements * elementBits) + " bits)";
    if (a.sharedDim != a.registerDim) {
        a.text = "the registers hold " + run + " elements in a row along " +
                 dimName(a.registerDim) + ", but shared memory is contiguous along " +
                 (a.sharedDim >= 0 ? dimName(a.sharedDim) : std::string("no single dim")) +
                 ", so each " + verb + " moves " + now + "; a shared layout contiguous along " +
                 dimName(a.registerDim) + " (order starting with " + std::to_string(a.registerDim) +
                 ")" + gain;
        return a;
    }
    if (!offsetIsARegisters(cvt, vectorElements)) {
        a.text = "shared memory keeps only " + std::to_string(a.sharedRun) +
                 " elements in a row along " + dimName(a.registerDim) + ", so each " + verb +
                 " moves " + now + "; " + possible + " in a row" + gain;
        return a;
    }
    int interval = 0;
    for (const auto &[i, pad] : shared.padding)
        interval = interval == 0 ? int(i) : std::min(interval, int(i));
    if (interval > 0 && interval < 2 * vectorElements) {
        a.text = "the registers hold " + run + " elements in a row along " +
                 dimName(a.registerDim) + ", but the padding interval (" +
                 std::to_string(interval) + " elements) caps the vector, so each " + verb +
                 " moves " + now + "; a padding interval of at least " + possible + gain;
        return a;
    }
    const std::string culprit = basisOnLowBits(cvt, vectorElements);
    if (culprit.empty())
        return a; // nothing this rule can name: say nothing rather than guess
    a.text = "the registers hold " + run + " elements in a row along " + dimName(a.registerDim) +
             ", but " + culprit + " moves the low offset bits a vector of " + next +
             " needs (the shared layout's swizzle XORs them: its vec is below " + next +
             "), so each " + verb + " moves " + now + "; vec >= " + possible + " (or no swizzle)" +
             gain;
    return a;
}

} // namespace lx
