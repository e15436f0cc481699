// Triton's NVIDIA lowering lit tests replayed against analyze kernel (tests/data/lit/README.md).
//
// Each .mlir file under tests/data/lit/nvidia holds test functions of one of Triton's lit tests,
// copied verbatim with their CHECK lines, after a header that names the source file, the commit
// and the compute capability the RUN line lowers for (`// Replay-arch: sm80`). Every
// `// -----` chunk is parsed with the program's TTGIR reader and analysed; its CHECK lines that
// name a shared-memory instruction of the lowering are read as FileCheck reads them:
//
//   nvvm.ldmatrix / nvvm.stmatrix   a matrix instruction; `num = N` or the result struct's
//                                   i32 count (half of it for an 8-bit ldmatrix, .m16n16: two
//                                   registers a matrix; the stored registers for stmatrix, as
//                                   operands or as the i32 operand types) give `.xN`,
//                                   `mma_layout<col>` the `.trans` form, `elt_type<b8>` the
//                                   8-bit form; an attribute the line leaves out matches any.
//   llvm.store / llvm.load ... vector<KxiB>
//                                   a plain st.shared / ld.shared of K*B bits.
//   tcgen05.ld... / tcgen05.st...   a tensor-memory message: the CHECK's PTX text up to the
//                                   first blank, its {{...}} read as regular expressions, found
//                                   in the predicted mnemonic as FileCheck finds it in the line
//                                   (`tcgen05.ld.sync.aligned.32x32b.x64.b32`, `...{{x[0-9]+}}`).
//
// A CHECK (or CHECK-COUNT-N) is at least that many of the matching instructions; a CHECK-NOT of
// a kind after them bounds the kind: the count of every instruction of that kind equals the sum
// of the CHECKs of the kind before it (none before it: zero). Counts are the lowering's (`issued`),
// summed over the function's ops; CHECK-SAME lines add to the CHECK before them. Lines about
// anything else (barriers, mma, the alias labels) are not read.

#include "litfile.h"

#include "analysis/kernel.h"
#include "io/ttgir.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <map>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

using namespace lx;

namespace {

const QString kDir = QStringLiteral(LX_TEST_DATA_DIR "/lit/nvidia/");

// What one CHECK line asks for: the kind and the attributes it names.
struct Filter
{
    std::string kind; // "ldmatrix", "stmatrix", "ld.shared", "st.shared"
    std::optional<int> num;
    std::optional<bool> trans;
    std::optional<bool> b8;
    std::optional<int> bits; // plain accesses: vector width in bits
    std::string ptx;         // tcgen05 messages: the CHECK's text
    std::optional<std::regex> ptxPattern;

    bool matches(const std::string &mnemonic) const
    {
        if (mnemonic.rfind(kind, 0) != 0)
            return false;
        if (ptxPattern && !std::regex_search(mnemonic, *ptxPattern))
            return false;
        if (num && mnemonic.find(".x" + std::to_string(*num) + ".") == std::string::npos)
            return false;
        if (trans && (mnemonic.find(".trans") != std::string::npos) != *trans)
            return false;
        if (b8 &&
            (mnemonic.size() > 3 && mnemonic.compare(mnemonic.size() - 3, 3, ".b8") == 0) != *b8)
            return false;
        if (bits) {
            static const std::regex re(R"((?:\.v(\d+))?\.b(\d+)$)");
            std::smatch m;
            if (!std::regex_search(mnemonic, m, re))
                return false;
            const int n = m[1].matched ? std::stoi(m[1].str()) : 1;
            if (n * std::stoi(m[2].str()) != *bits)
                return false;
        }
        return true;
    }
    std::string text() const
    {
        std::string s = kind;
        if (num)
            s += " x" + std::to_string(*num);
        if (trans)
            s += *trans ? " trans" : " row";
        if (b8)
            s += *b8 ? " b8" : " b16";
        if (bits)
            s += " " + std::to_string(*bits) + "-bit";
        if (!ptx.empty())
            s = ptx;
        return s;
    }
};

// A CHECK's PTX text as a regular expression: {{re}} as written, every other character literal.
std::string ptxRegex(const std::string &text)
{
    std::string out;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text.compare(i, 2, "{{") == 0) {
            const size_t end = text.find("}}", i + 2);
            if (end != std::string::npos) {
                out += "(?:" + text.substr(i + 2, end - i - 2) + ")";
                i = end + 1;
                continue;
            }
        }
        if (std::string("\\^$.|?*+()[]{}").find(text[i]) != std::string::npos)
            out += '\\';
        out += text[i];
    }
    return out;
}

std::optional<Filter> filterOf(const std::string &line)
{
    std::smatch m;
    Filter f;
    for (const char *kind : {"tcgen05.ld", "tcgen05.st"}) {
        const size_t at = line.find(kind);
        if (at == std::string::npos)
            continue;
        const size_t end = line.find_first_of(" \t\"", at);
        f.kind = kind;
        f.ptx = line.substr(at, end == std::string::npos ? std::string::npos : end - at);
        f.ptxPattern = std::regex(ptxRegex(f.ptx));
        return f;
    }
    const bool ld = line.find("nvvm.ldmatrix") != std::string::npos;
    const bool st = line.find("nvvm.stmatrix") != std::string::npos;
    if (ld || st) {
        f.kind = ld ? "ldmatrix" : "stmatrix";
        static const std::regex num(R"(num = (\d+))"), strct(R"(struct<\(([^)]*)\))");
        if (std::regex_search(line, m, num)) {
            f.num = std::stoi(m[1].str());
        } else if (ld && std::regex_search(line, m, strct)) {
            const std::string regs = m[1].str();
            int n = 0;
            for (size_t p = regs.find("i32"); p != std::string::npos; p = regs.find("i32", p + 1))
                ++n;
            // An 8-bit ldmatrix is .m16n16: each matrix fills two registers of a thread.
            f.num = line.find("<b8>") != std::string::npos ? n / 2 : n;
        } else if (st) {
            int n = 0;
            for (size_t p = line.find("%{{.*}}"); p != std::string::npos;
                 p = line.find("%{{.*}}", p + 1))
                ++n;
            // The stored registers, as operands or as the operand types after the pointer
            // (an 8-bit stmatrix is .m16n8: one register per matrix, as .m8n8).
            const size_t types = line.find("!llvm.ptr<3>,");
            int typed = 0;
            for (size_t p = types == std::string::npos ? types : line.find("i32", types);
                 p != std::string::npos; p = line.find("i32", p + 1))
                ++typed;
            if (n >= 2)
                f.num = n - 1;
            else if (typed > 0)
                f.num = typed;
        }
        // Two printings of the attributes: `layout = #nvvm.mma_layout<col>`, `eltType =
        // #nvvm.ld_st_matrix_elt_type<b8>` and the older `layout = <col>`, `element_type = <b8>`.
        static const std::regex layout(R"((?:mma_layout|layout = )<(row|col)>)"),
            elt(R"((?:elt_type|element_type = )<(b8|b16)>)");
        if (std::regex_search(line, m, layout))
            f.trans = m[1].str() == "col";
        if (std::regex_search(line, m, elt))
            f.b8 = m[1].str() == "b8";
        return f;
    }
    static const std::regex plain(R"(llvm\.(store|load)\b.*vector<(\d+)xi(\d+)>)");
    if (std::regex_search(line, m, plain)) {
        f.kind = m[1].str() == "store" ? "st.shared" : "ld.shared";
        f.bits = std::stoi(m[2].str()) * std::stoi(m[3].str());
        return f;
    }
    return std::nullopt;
}

struct Check
{
    Filter filter;
    int64_t count = 1;
    bool negative = false;
};

// The CHECK lines of a chunk in order, CHECK-SAME folded into the CHECK before it.
std::vector<Check> checksOf(const std::string &chunk)
{
    static const std::regex re(R"(//\s*CHECK(-COUNT-(\d+)|-NOT|-SAME)?:\s*(.*))");
    std::vector<std::pair<std::string, Check>> raw;
    std::istringstream in(chunk);
    std::string line;
    std::smatch m;
    while (std::getline(in, line)) {
        if (!std::regex_search(line, m, re))
            continue;
        const std::string suffix = m[1].str();
        if (suffix == "-SAME") {
            if (!raw.empty())
                raw.back().first += " " + m[3].str();
            continue;
        }
        Check c;
        c.negative = suffix == "-NOT";
        if (m[2].matched)
            c.count = std::stoll(m[2].str());
        raw.push_back({m[3].str(), c});
    }
    std::vector<Check> out;
    for (auto &[text, c] : raw)
        if (std::optional<Filter> f = filterOf(text)) {
            c.filter = *f;
            out.push_back(c);
        }
    return out;
}

} // namespace

class TestNvLitSuite : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void replay_data();
    void replay();
};

void TestNvLitSuite::replay_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("index");
    const QStringList files = QDir(kDir).entryList({QStringLiteral("*.mlir")}, QDir::Files);
    QVERIFY(!files.isEmpty());
    for (const QString &f : files) {
        const std::string text = litFileText(kDir + f);
        QVERIFY2(!litHeaderValue(text, "Commit").empty(), qPrintable(f));
        QVERIFY2(!litHeaderValue(text, "Replay-arch").empty(), qPrintable(f));
        const std::vector<std::string> chunks = litChunks(text);
        static const std::regex fn(R"(tt\.func(?: public)? @(\w+))");
        std::smatch m;
        for (size_t i = 0; i < chunks.size(); ++i)
            if (std::regex_search(chunks[i], m, fn))
                QTest::newRow(qPrintable(
                    QStringLiteral("%1:%2#%3").arg(f, QString::fromStdString(m[1].str())).arg(i)))
                    << f << int(i);
    }
}

void TestNvLitSuite::replay()
{
    QFETCH(QString, file);
    QFETCH(int, index);
    const std::string text = litFileText(kDir + file);
    const std::string chunk = litChunks(text).at(size_t(index));
    const std::vector<Check> checks = checksOf(chunk);
    QVERIFY2(!checks.empty(), "no CHECK line names a shared-memory instruction");
    Expected<TtgirModule> module = parseTtgir(chunk);
    QVERIFY2(module.hasValue(), module ? "" : module.message().c_str());
    const std::string arch =
        module->arch.empty() ? litHeaderValue(text, "Replay-arch") : module->arch;
    Expected<KernelReport> report = analyzeKernel(*module, arch);
    QVERIFY2(report.hasValue(), report ? "" : report.message().c_str());
    std::map<std::string, int64_t> predicted;
    for (const KernelOpReport &r : report->ops) {
        QVERIFY2(r.problem.empty(), (r.op + ": " + r.problem).c_str());
        for (const KernelLdsAccess &a : r.accesses)
            predicted[a.instruction] += a.issued;
    }
    auto count = [&](const Filter &f) {
        int64_t n = 0;
        for (const auto &[mnemonic, c] : predicted)
            n += f.matches(mnemonic) ? c : 0;
        return n;
    };
    std::string all;
    for (const auto &[mnemonic, c] : predicted)
        all += (all.empty() ? "" : ", ") + mnemonic + " " + std::to_string(c);
    std::map<std::string, int64_t> atLeast; // per filter, the sum of its CHECKs
    std::map<std::string, int64_t> ofKind;  // per kind, the CHECKs so far
    std::map<std::string, Filter> filters;
    for (const Check &c : checks) {
        if (c.negative) {
            const int64_t expected = ofKind[c.filter.kind];
            const int64_t got = count(c.filter);
            qInfo("%s: %s exactly %lld, predicted %lld {%s}", qPrintable(file),
                  c.filter.text().c_str(), static_cast<long long>(expected),
                  static_cast<long long>(got), all.c_str());
            QCOMPARE(got, expected);
            continue;
        }
        atLeast[c.filter.text()] += c.count;
        filters[c.filter.text()] = c.filter;
        ofKind[c.filter.kind] += c.count;
    }
    for (const auto &[key, expected] : atLeast) {
        const int64_t got = count(filters.at(key));
        qInfo("%s: %s at least %lld, predicted %lld {%s}", qPrintable(file), key.c_str(),
              static_cast<long long>(expected), static_cast<long long>(got), all.c_str());
        QVERIFY2(got >= expected, key.c_str());
    }
}

QTEST_GUILESS_MAIN(TestNvLitSuite)
#include "tst_nvlitsuite.moc"
