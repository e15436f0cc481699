#include "analysis/compilercheck.h"

#include "hw/ldsmnemonic.h"

#include <algorithm>

namespace lx {

bool isInLoop(const TtgirOp &op)
{
    return std::any_of(op.regions.begin(), op.regions.end(), [](const TtgirRegion &g) {
        return g.op == "scf.for" || g.op == "scf.while";
    });
}

bool CompilerComparison::disagreesOn(const KernelOpReport &op) const
{
    for (const KernelLdsAccess &a : op.accesses) {
        if (!a.isWrite && isTransposedLoadName(a.instruction) && !transposedAgree)
            return true;
        for (const CompilerKindRow &k : kinds)
            if (k.instruction == a.instruction && !k.agree)
                return true;
    }
    return false;
}

CompilerComparison compareWithCompiler(const TtgirModule &module, const KernelReport &report,
                                       const std::map<std::string, int64_t> &compilerDs,
                                       std::optional<int64_t> compilerLdsBytes)
{
    CompilerComparison c;
    std::map<std::string, CompilerKindRow> rows;
    // Every LDS instruction each op lowers to (a convert_layout round trip has a store and a
    // load), as the totals count them.
    for (const KernelOpReport &r : report.ops) {
        if (!r.problem.empty())
            continue;
        const bool looped = r.opIndex >= 0 && size_t(r.opIndex) < module.ops.size() &&
                            isInLoop(module.ops[size_t(r.opIndex)]);
        for (const KernelLdsAccess &a : r.accesses) {
            if (a.instruction.empty() || a.count <= 0)
                continue;
            CompilerKindRow &row = rows[a.instruction];
            row.instruction = a.instruction;
            row.write = a.isWrite;
            (looped ? row.inLoop : row.straight) += a.count;
            if (!a.isWrite && isTransposedLoadName(a.instruction))
                c.predictedTransposed.insert(a.instruction);
        }
    }
    for (const auto &[mnemonic, n] : compilerDs) {
        const LdsMnemonic m = classifyLdsMnemonic(mnemonic);
        if (m.kind == LdsMnemonic::Kind::Other)
            continue;
        CompilerKindRow &row = rows[m.single];
        row.instruction = m.single;
        row.write = m.kind == LdsMnemonic::Kind::Write;
        row.compiler += n * m.accesses;
        if (m.transposed)
            c.compilerTransposed.insert(m.single);
    }
    int64_t total = 0, straight = 0, loop = 0;
    for (const auto &[name, row] : rows) {
        total += row.compiler;
        straight += row.straight;
        loop += row.inLoop;
    }
    c.unrollWhole = loop == 0 ? total == straight : (total - straight) % loop == 0;
    c.unroll = loop > 0 ? (total - straight) / loop : 1;
    if (loop > 0 && c.unroll < 1)
        c.unrollWhole = false;
    if (!c.unrollWhole)
        c.notes.push_back("the compiler's " + std::to_string(total) + " LDS accesses are not the " +
                          std::to_string(straight) +
                          " straight-line ones plus a whole number of copies of the " +
                          std::to_string(loop) + " in loops");
    c.countsAgree = c.unrollWhole;
    for (auto &[name, row] : rows) {
        row.predicted = row.straight + c.unroll * row.inLoop;
        // Each kind on its own; the kernel's counts agree only when u is whole as well.
        row.agree = row.predicted == row.compiler;
        if (!row.agree) {
            c.countsAgree = false;
            c.notes.push_back(name + ": " + std::to_string(row.predicted) + " predicted (" +
                              std::to_string(row.straight) + " + " + std::to_string(c.unroll) +
                              " x " + std::to_string(row.inLoop) + "), " +
                              std::to_string(row.compiler) + " in the assembly");
        }
        c.kinds.push_back(row);
    }
    c.transposedAgree = c.predictedTransposed == c.compilerTransposed;
    if (!c.transposedAgree) {
        auto list = [](const std::set<std::string> &s) {
            std::string t;
            for (const std::string &x : s)
                t += (t.empty() ? "" : ", ") + x;
            return t.empty() ? std::string("none") : t;
        };
        c.notes.push_back("transposed loads: " + list(c.predictedTransposed) + " predicted, " +
                          list(c.compilerTransposed) + " in the assembly");
    }
    c.predictedLdsBytes = report.totals.ldsBytesEndToEnd;
    c.allocatedLdsBytes = report.totals.ldsBytesAllocated;
    c.compilerLdsBytes = compilerLdsBytes;
    if (compilerLdsBytes && *compilerLdsBytes != c.allocatedLdsBytes)
        c.notes.push_back("LDS: " + std::to_string(c.allocatedLdsBytes) +
                          " B as Triton's allocator places the buffers, " +
                          std::to_string(*compilerLdsBytes) + " B in the metadata");
    if (compilerLdsBytes && *compilerLdsBytes != c.predictedLdsBytes &&
        *compilerLdsBytes != c.allocatedLdsBytes) {
        c.ldsAgree = c.predictedLdsBytes > *compilerLdsBytes;
        c.notes.push_back(
            "LDS: " + std::to_string(c.predictedLdsBytes) +
            " B predicted (the sum of the "
            "allocations), " +
            std::to_string(*compilerLdsBytes) + " B in the metadata" +
            (c.ldsAgree ? std::string(": the compiler reuses the LDS of allocations that are not "
                                      "alive at the same time, which the sum ignores")
                        : std::string("")));
    }
    return c;
}

} // namespace lx
