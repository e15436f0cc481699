// Triton's lit tests of convert_layout, tt.reduce and tt.scan lowering replayed against analyze
// kernel (tests/data/lit/README.md).
//
// Each .mlir file under tests/data/lit/scratch holds test functions of one of Triton's lit tests,
// copied verbatim with their CHECK lines after a header that names the source file, its commit,
// its RUN line and the architecture the replay analyses (`// Replay-arch: sm80`; a module's own
// ttg.target wins). Every `// -----` chunk is parsed with the program's TTGIR reader and analysed,
// and its CHECK lines are read for what they say about shared memory:
//
//   llvm.store / llvm.load [vector<KxTB>]     a plain shared-memory store / load (of K*B bits
//   st.shared / ld.shared                     when the line names the vector; any width if not);
//   store ..., ptr addrspace(3)               LLVM IR after opt: the same, `load iB` of B bits
//   load iB, ptr addrspace(3)
//   @global_smem, nvvm.barrier                the function uses shared memory (a barrier between
//                                             warps is only there to exchange through it)
//   CHECK-NOT: @llvm.nvvm.barrier             no exchange between warps: no shared memory
//   store / load (the whole line)             any store / load (AMD's `GFX942-NOT: store`)
//   nvvm.shfl.sync, llvm.amdgcn.perm,         the op moves data by warp shuffles, byte
//   rocdl.ds_bpermute                         permutes or lane permutes
//                                             (no LDS memory), when no line names a shared
//                                             access: no shared memory
//   ttg.shared = N, size = N                  the module's / function's allocation: exactly
//                                             ldsBytesAllocated
//   scratch offset = X, size = N              the scratch buffer of the op: exactly its bytes
//
// The check prefix is CHECK, or the header's `// Replay-prefix: GFX942`.
// Counts are the lowering's (`issued`), summed over the chunk's ops. A CHECK or CHECK-COUNT-N
// is at least that many of the matching accesses; a CHECK-NOT of a kind bounds the kind to the
// sum of the CHECKs of that kind before it (none before: zero). CHECK-SAME lines add to the line
// before them. A function the header lists as `// Not-replayed: NAME: reason` is skipped with
// that reason; one listed as `// Differs: NAME: reason` is replayed and must fail (a known
// difference, reported as XFAIL; should it agree, the test fails so the listing is updated);
// any other function must say something countable.

#include "litfile.h"

#include "analysis/kernel.h"
#include "io/ttgir.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <algorithm>
#include <map>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

using namespace lx;

namespace {

const QString kScratchDir = QStringLiteral(LX_TEST_DATA_DIR "/lit/scratch/");

enum class ClaimKind
{
    Store,       // plain shared-memory stores (of `bits`, or any width)
    Load,        // plain shared-memory loads
    UsesShared,  // at least one shared-memory access
    NoShared,    // no shared-memory access at all
    InRegisters, // shuffles or permutes: no shared memory unless another line names some
    SharedBytes, // ldsBytesAllocated
    ScratchBytes // the scratch bytes of the chunk's convert_layout / reduce / scan
};

struct Claim
{
    ClaimKind kind = ClaimKind::Store;
    std::optional<int> bits;
    int64_t count = 1; // CHECK-COUNT-N; the bytes of a bytes claim
    bool negative = false;
    std::string text;
};

std::optional<Claim> claimOf(const std::string &line, bool negative)
{
    static const std::regex shared(R"(ttg\.shared = (\d+))"),
        scratch(R"(scratch offset = \d+, size = (\d+))"), total(R"(^size = (\d+)\s*$)"),
        vec(R"(vector<(\d+)x[if](\d+)>)"), irLoad(R"(load i(\d+), ptr addrspace\(3\))"),
        irStore(R"(store .*ptr addrspace\(3\))");
    std::smatch m;
    Claim c;
    c.negative = negative;
    c.text = line;
    if (std::regex_search(line, m, shared) || std::regex_search(line, m, total)) {
        c.kind = ClaimKind::SharedBytes;
        c.count = std::stoll(m[1].str());
        return c;
    }
    if (std::regex_search(line, m, scratch)) {
        c.kind = ClaimKind::ScratchBytes;
        c.count = std::stoll(m[1].str());
        return c;
    }
    const bool store =
        line.find("llvm.store") != std::string::npos || line.find("st.shared") != std::string::npos;
    const bool load =
        line.find("llvm.load") != std::string::npos || line.find("ld.shared") != std::string::npos;
    if (store || load) {
        c.kind = store ? ClaimKind::Store : ClaimKind::Load;
        if (std::regex_search(line, m, vec))
            c.bits = std::stoi(m[1].str()) * std::stoi(m[2].str());
        return c;
    }
    // A line that is the bare word (AMD's `GFX942-NOT: store`): any store or load.
    if (line == "store" || line == "load") {
        c.kind = line == "store" ? ClaimKind::Store : ClaimKind::Load;
        return c;
    }
    if (std::regex_search(line, m, irLoad)) {
        c.kind = ClaimKind::Load;
        c.bits = std::stoi(m[1].str());
        return c;
    }
    if (std::regex_search(line, irStore)) {
        c.kind = ClaimKind::Store;
        return c;
    }
    if (line.find("@global_smem") != std::string::npos) {
        if (negative)
            return std::nullopt;
        c.kind = ClaimKind::UsesShared;
        return c;
    }
    if (line.find("nvvm.barrier") != std::string::npos) {
        c.kind = negative ? ClaimKind::NoShared : ClaimKind::UsesShared;
        return c;
    }
    if (!negative && (line.find("nvvm.shfl.sync") != std::string::npos ||
                      line.find("llvm.amdgcn.perm") != std::string::npos ||
                      line.find("rocdl.ds_bpermute") != std::string::npos)) {
        c.kind = ClaimKind::InRegisters;
        return c;
    }
    return std::nullopt;
}

// The chunk's check lines of `prefix` in order, -SAME lines folded into the line before.
std::vector<Claim> claimsOf(const std::string &chunk, const std::string &prefix)
{
    const std::regex re("//\\s*" + prefix + R"((-COUNT-(\d+)|-NOT|-SAME|-NEXT|-DAG)?:\s*(.*))");
    struct Raw
    {
        std::string text;
        bool negative = false;
        int64_t count = 1;
    };
    std::vector<Raw> raw;
    std::istringstream in(chunk);
    std::string line;
    std::smatch m;
    while (std::getline(in, line)) {
        if (!std::regex_search(line, m, re))
            continue;
        const std::string suffix = m[1].str();
        if (suffix == "-SAME") {
            if (!raw.empty())
                raw.back().text += " " + m[3].str();
            continue;
        }
        std::string text = m[3].str();
        text.erase(text.find_last_not_of(" \t\r") + 1);
        raw.push_back({text, suffix == "-NOT", m[2].matched ? std::stoll(m[2].str()) : 1});
    }
    std::vector<Claim> out;
    for (const Raw &r : raw)
        if (std::optional<Claim> c = claimOf(r.text, r.negative)) {
            if (c->kind == ClaimKind::Store || c->kind == ClaimKind::Load)
                c->count = r.count;
            out.push_back(*c);
        }
    return out;
}

// `// KEY: NAME: reason` lines of the header (Not-replayed, Differs).
std::map<std::string, std::string> listedOf(const std::string &text, const std::string &key)
{
    const std::regex re("// " + key + R"(: (\w+): (.*))");
    std::map<std::string, std::string> out;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator();
         ++it)
        out[(*it)[1].str()] = (*it)[2].str();
    return out;
}

std::vector<std::string> functionsOf(const std::string &chunk)
{
    static const std::regex fn(R"(tt\.func(?: public| private)? @(\w+))");
    std::vector<std::string> out;
    for (auto it = std::sregex_iterator(chunk.begin(), chunk.end(), fn);
         it != std::sregex_iterator(); ++it)
        out.push_back((*it)[1].str());
    return out;
}

// A predicted access: a plain store or load of `bits`, or another kind (a matrix or transposed
// instruction), which only the whole-function claims count.
struct Access
{
    bool plain = false;
    bool store = false;
    int bits = 0;
    int64_t issued = 0;
};

Access accessOf(const std::string &mnemonic, int64_t issued)
{
    static const std::regex nvBits(R"((?:\.v(\d+))?\.b(\d+)$)"), amdBits(R"(_[biu](\d+)$)");
    Access a;
    a.issued = issued;
    const auto starts = [&](const char *p) { return mnemonic.rfind(p, 0) == 0; };
    const bool matrix =
        mnemonic.find("matrix") != std::string::npos || mnemonic.find("_tr") != std::string::npos;
    a.store = starts("st.shared") || starts("ds_write") || starts("ds_store") || starts("ds_add") ||
              starts("stmatrix");
    a.plain = !matrix && (a.store || starts("ld.shared") || starts("ds_read") || starts("ds_load"));
    std::smatch m;
    if (std::regex_search(mnemonic, m, nvBits))
        a.bits = (m[1].matched ? std::stoi(m[1].str()) : 1) * std::stoi(m[2].str());
    else if (std::regex_search(mnemonic, m, amdBits))
        a.bits = std::stoi(m[1].str());
    return a;
}

} // namespace

class TestLitScratch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void replay_data();
    void replay();
};

void TestLitScratch::replay_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("index");
    const QStringList files = QDir(kScratchDir).entryList({QStringLiteral("*.mlir")}, QDir::Files);
    QVERIFY(files.size() >= 5);
    for (const QString &f : files) {
        const std::string text = litFileText(kScratchDir + f);
        QVERIFY2(!litHeaderValue(text, "Commit").empty(), qPrintable(f));
        QVERIFY2(!litHeaderValue(text, "Replay-arch").empty(), qPrintable(f));
        const std::vector<std::string> chunks = litChunks(text);
        for (size_t i = 0; i < chunks.size(); ++i) {
            const std::vector<std::string> fns = functionsOf(chunks[i]);
            if (!fns.empty())
                QTest::newRow(qPrintable(
                    QStringLiteral("%1:%2#%3").arg(f, QString::fromStdString(fns.front())).arg(i)))
                    << f << int(i);
        }
    }
}

void TestLitScratch::replay()
{
    QFETCH(QString, file);
    QFETCH(int, index);
    const std::string text = litFileText(kScratchDir + file);
    const std::string chunk = litChunks(text).at(size_t(index));
    const std::map<std::string, std::string> skipped = listedOf(text, "Not-replayed");
    const std::map<std::string, std::string> differs = listedOf(text, "Differs");
    std::string difference;
    for (const std::string &fn : functionsOf(chunk)) {
        if (auto it = skipped.find(fn); it != skipped.end())
            QSKIP(qPrintable(QString::fromStdString(fn + ": " + it->second)));
        if (auto it = differs.find(fn); it != differs.end())
            difference = fn + ": " + it->second;
    }
    const std::string prefix = litHeaderValue(text, "Replay-prefix");
    const std::vector<Claim> claims = claimsOf(chunk, prefix.empty() ? "CHECK" : prefix);
    QVERIFY2(!claims.empty(), "no CHECK line says anything countable about shared memory, and the "
                              "header does not list the function as not replayed");

    Expected<TtgirModule> module = parseTtgir(chunk);
    QVERIFY2(module.hasValue(), module ? "" : module.message().c_str());
    const std::string arch =
        module->arch.empty() ? litHeaderValue(text, "Replay-arch") : module->arch;
    Expected<KernelReport> report = analyzeKernel(*module, arch);
    QVERIFY2(report.hasValue(), report ? "" : report.message().c_str());

    std::vector<Access> accesses;
    std::string all;
    int64_t scratchBytes = 0;
    for (const KernelOpReport &r : report->ops) {
        QVERIFY2(r.problem.empty(), (r.op + ": " + r.problem).c_str());
        for (const KernelLdsAccess &a : r.accesses) {
            accesses.push_back(accessOf(a.instruction, a.issued));
            all += (all.empty() ? "" : ", ") + a.instruction + " x" + std::to_string(a.issued);
        }
        if (r.op == "ttg.convert_layout" || r.op == "tt.reduce" || r.op == "tt.scan") {
            scratchBytes += r.bytes;
            qInfo("%s: %s, path '%s': %s", qPrintable(file), r.op.c_str(), r.path.c_str(),
                  r.reason.c_str());
        }
    }
    const auto count = [&](bool store, std::optional<int> bits) {
        int64_t n = 0;
        for (const Access &a : accesses)
            if (a.plain && a.store == store && (!bits || a.bits == *bits))
                n += a.issued;
        return n;
    };
    int64_t total = 0;
    for (const Access &a : accesses)
        total += a.issued;
    const bool namesAccess = std::any_of(claims.begin(), claims.end(), [](const Claim &c) {
        return c.kind == ClaimKind::Store || c.kind == ClaimKind::Load ||
               c.kind == ClaimKind::UsesShared;
    });

    // A known difference, stated in the file's header, must still fail (an XPASS fails the test).
    if (!difference.empty())
        QEXPECT_FAIL("", difference.c_str(), Abort);
    std::map<std::pair<bool, int>, int64_t> atLeast; // (store, bits or 0) -> sum of CHECKs
    std::map<bool, int64_t> ofKind;                  // store -> the CHECKs so far
    for (const Claim &c : claims) {
        const std::string what = file.toStdString() + ": `" + c.text + "`";
        switch (c.kind) {
        case ClaimKind::Store:
        case ClaimKind::Load: {
            const bool store = c.kind == ClaimKind::Store;
            if (c.negative) {
                const int64_t got = count(store, c.bits);
                qInfo("%s: exactly %lld, predicted %lld {%s}", what.c_str(),
                      static_cast<long long>(ofKind[store]), static_cast<long long>(got),
                      all.c_str());
                QVERIFY2(got == ofKind[store], what.c_str());
            } else {
                atLeast[{store, c.bits.value_or(0)}] += c.count;
                ofKind[store] += c.count;
            }
            break;
        }
        case ClaimKind::UsesShared:
            qInfo("%s: uses shared memory, predicted %lld accesses {%s}", what.c_str(),
                  static_cast<long long>(total), all.c_str());
            QVERIFY2(total > 0, what.c_str());
            break;
        case ClaimKind::NoShared:
            qInfo("%s: no shared memory, predicted %lld accesses {%s}", what.c_str(),
                  static_cast<long long>(total), all.c_str());
            QVERIFY2(total == 0, what.c_str());
            break;
        case ClaimKind::InRegisters:
            if (!namesAccess) {
                qInfo("%s: in registers, predicted %lld accesses {%s}", what.c_str(),
                      static_cast<long long>(total), all.c_str());
                QVERIFY2(total == 0, what.c_str());
            }
            break;
        case ClaimKind::SharedBytes:
            qInfo("%s: allocated %lld bytes, predicted %lld", what.c_str(),
                  static_cast<long long>(c.count),
                  static_cast<long long>(report->totals.ldsBytesAllocated));
            QCOMPARE(report->totals.ldsBytesAllocated, c.count);
            break;
        case ClaimKind::ScratchBytes:
            qInfo("%s: scratch %lld bytes, predicted %lld", what.c_str(),
                  static_cast<long long>(c.count), static_cast<long long>(scratchBytes));
            QCOMPARE(scratchBytes, c.count);
            break;
        }
    }
    for (const auto &[key, expected] : atLeast) {
        const auto &[store, bits] = key;
        const int64_t got = count(store, bits ? std::optional<int>(bits) : std::nullopt);
        qInfo("%s: %s of %s at least %lld, predicted %lld {%s}", qPrintable(file),
              store ? "stores" : "loads",
              bits ? (std::to_string(bits) + " bits").c_str() : "any width",
              static_cast<long long>(expected), static_cast<long long>(got), all.c_str());
        QVERIFY2(got >= expected, store ? "stores" : "loads");
    }
}

QTEST_GUILESS_MAIN(TestLitScratch)
#include "tst_litscratch.moc"
