// Suggest for this op on real modules (request/kernelsuggest.h). For the worst op of every module
// in tests/data/kernels (and more-shapes/, nvidia/): the suggested alias line is written into the
// module's text in place of its own, the text is read and analysed again, and
//   - every op that uses the encoding reads as the suggestion says it will (`after`),
//   - none of them is left worse than the module as written: no new problem, a worst conflict no
//     higher, and when the suggestion says it improves, strictly better on that order.
// The text round trip is the kernel writer's path (paste the line, compile again): it does not go
// through the suggestion's own substitution.

#include "analysis/kernel.h"
#include "io/ttgir.h"
#include "layout/builders.h"
#include "request/kernelrequest.h"
#include "request/kernelsuggest.h"

#include <QDir>
#include <QFile>
#include <QStringList>
#include <QTest>

#include <algorithm>
#include <tuple>

using namespace lx;

namespace {

const QString kDir = QStringLiteral(LX_TEST_DATA_DIR "/kernels/");

std::string readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll().toStdString();
}

// The module text with the definition of `alias` (no '#') replaced by `line`, or, for an inline
// encoding, every occurrence of `encoding` replaced by `line`. Empty when nothing was replaced.
std::string substituted(const std::string &text, const KernelSuggestion &s)
{
    std::string out;
    bool replaced = false;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos)
            end = text.size();
        std::string line = text.substr(start, end - start);
        if (!s.alias.empty() && line.rfind("#" + s.alias + " = ", 0) == 0) {
            line = s.ttgLine;
            replaced = true;
        } else if (s.alias.empty()) {
            for (size_t at = line.find(s.encoding); at != std::string::npos;
                 at = line.find(s.encoding, at + s.ttgLine.size())) {
                line.replace(at, s.encoding.size(), s.ttgLine);
                replaced = true;
            }
        }
        out += line;
        if (end < text.size())
            out += '\n';
        start = end + 1;
    }
    return replaced ? out : std::string();
}

// The worst op with a shared side and no problem; -1 when none has a conflict.
int worstLine(const KernelReport &report)
{
    const KernelOpReport *worst = nullptr;
    for (const KernelOpReport &r : report.ops) {
        const bool shared =
            (r.srcAttr && r.srcAttr->isShared()) || (r.dstAttr && r.dstAttr->isShared());
        if (shared && r.problem.empty() && r.maxWays > 1 && (!worst || r.maxWays > worst->maxWays))
            worst = &r;
    }
    return worst ? worst->line : -1;
}

std::tuple<int, int> problemsAndWays(const std::vector<KernelOpReport> &ops)
{
    int problems = 0, ways = 0;
    for (const KernelOpReport &op : ops) {
        problems += op.problem.empty() ? 0 : 1;
        ways = std::max(ways, op.maxWays);
    }
    return {problems, ways};
}

} // namespace

class TestKernelSuggest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyUserOfTheLayoutAsPromised_data();
    void everyUserOfTheLayoutAsPromised();
    void mostModulesHadAConflictToSearch();
    void theStoreDoesNotCostTheLoadItsTransposedRead();
    void opsWithoutSharedMemoryAreRefused();
    void theBestOtherIsNeverTheLayoutAsWritten();

private:
    // Rows of everyUserOfTheLayoutAsPromised run, and those with a conflicting op to search (a
    // row without one is skipped: the data has nothing to test there, which must stay rare).
    int m_rows = 0;
    int m_searched = 0;
};

void TestKernelSuggest::everyUserOfTheLayoutAsPromised_data()
{
    QTest::addColumn<QString>("path");
    for (const QString &folder :
         {QString(), QStringLiteral("more-shapes/"), QStringLiteral("nvidia/")}) {
        const QDir dir(kDir + folder);
        const QStringList names = dir.entryList({QStringLiteral("*.ttgir")}, QDir::Files);
        for (int i = 0; i < names.size(); ++i) {
#ifdef LX_TEST_SANITIZED
            if (i % 4 != 0) // minutes under the sanitizers: a quarter of the modules there
                continue;
#endif
            QTest::newRow(qPrintable(folder + names[i])) << dir.filePath(names[i]);
        }
    }
}

void TestKernelSuggest::everyUserOfTheLayoutAsPromised()
{
    QFETCH(QString, path);
    const std::string text = readFile(path);
    Expected<TtgirModule> module = parseTtgir(text);
    QVERIFY2(module, module ? "" : module.message().c_str());
    Expected<KernelReport> report = resolveKernel(*module);
    QVERIFY(report);
    const int line = worstLine(*report);
    ++m_rows;
    if (line < 0)
        QSKIP("no shared-memory op with a bank conflict");
    ++m_searched;
    KernelSuggestOptions options;
    options.maxCandidates = 8; // the front of the search: enough for every module here
    Expected<KernelSuggestion> s = suggestForKernelOp(*module, line, options);
    // A module with a conflicting op gets a suggestion, or a refusal that names the one limit
    // of the search (2-D tiles; the batched matmuls of more-shapes/ hold 3-D buffers). Any other
    // failure of the search fails here.
    if (!s) {
        QVERIFY2(
            s.message().find("the search takes 2-D tiles only") != std::string::npos,
            qPrintable(
                QStringLiteral("line %1: %2").arg(line).arg(QString::fromStdString(s.message()))));
        return;
    }
    QVERIFY(s->before.size() == s->after.size() && !s->before.empty());
    QVERIFY(s->analysed > 0);

    const std::string edited = substituted(text, *s);
    QVERIFY2(!edited.empty(), s->ttgLine.c_str());
    Expected<TtgirModule> again = parseTtgir(edited);
    QVERIFY2(again, again ? "" : again.message().c_str());
    Expected<KernelReport> after = resolveKernel(*again);
    QVERIFY(after);
    for (const KernelOpReport &promised : s->after) {
        const auto found =
            std::find_if(after->ops.begin(), after->ops.end(),
                         [&](const KernelOpReport &r) { return r.line == promised.line; });
        QVERIFY(found != after->ops.end());
        const QString where = QStringLiteral("line %1: %2 against %3")
                                  .arg(promised.line)
                                  .arg(QString::fromStdString(kernelAccessText(*found)),
                                       QString::fromStdString(kernelAccessText(promised)));
        QVERIFY2(found->instruction == promised.instruction, qPrintable(where));
        QVERIFY2(found->count == promised.count, qPrintable(where));
        QVERIFY2(found->maxWays == promised.maxWays, qPrintable(where));
        QVERIFY2(found->cyclesPerCta == promised.cyclesPerCta, qPrintable(where));
        QVERIFY2(found->problem == promised.problem, qPrintable(where));
    }
    QCOMPARE(s->improves, s->reason.empty());
    if (!s->improves)
        return; // the line shown is the best other layout: no promise that it is better
    const auto [problemsBefore, waysBefore] = problemsAndWays(s->before);
    const auto [problemsAfter, waysAfter] = problemsAndWays(s->after);
    QVERIFY(problemsAfter <= problemsBefore);
    if (problemsAfter == problemsBefore)
        QVERIFY2(waysAfter <= waysBefore,
                 qPrintable(
                     QStringLiteral("%1-way after, %2-way before").arg(waysAfter).arg(waysBefore)));
}

// The gfx1250 gemm of the kernel tests: line 39 stores #blocked1 into #shared 8-way, line 41 reads
// #shared into the A operand with ds_load_tr16_b128. A layout chosen for the store alone (order [1,
// 0], no swizzle) costs the read its transposed load and 8-way conflicts; judged on both ops,
// neither op is left with a conflict.
// The rows above skip a module with no conflicting op; most modules have one, so the search was
// run and checked (a bank analysis that found no conflicts anywhere would skip every row).
void TestKernelSuggest::mostModulesHadAConflictToSearch()
{
    if (m_rows == 0)
        QSKIP("runs after everyUserOfTheLayoutAsPromised, which did not run");
    QVERIFY2(2 * m_searched >= m_rows,
             qPrintable(QStringLiteral("%1 of %2 modules searched").arg(m_searched).arg(m_rows)));
}

void TestKernelSuggest::theStoreDoesNotCostTheLoadItsTransposedRead()
{
    const std::string text = readFile(
        kDir + QStringLiteral("gemm_gfx1250_bf16_64x64x64_w22_t11_a01_b01_s1618_4116.ttgir"));
    Expected<TtgirModule> module = parseTtgir(text);
    QVERIFY(module);
    Expected<KernelSuggestion> s = suggestForKernelOp(*module, 39);
    QVERIFY2(s, s ? "" : s.message().c_str());
    QCOMPARE(s->alias, std::string("shared"));
    QVERIFY(s->improves);
    QList<int> lines;
    for (const KernelOpReport &op : s->before)
        lines << op.line;
    QVERIFY2(lines.contains(39) && lines.contains(41), qPrintable(QString::number(lines.size())));
    for (const KernelOpReport &op : s->after)
        QVERIFY2(op.maxWays <= 1,
                 qPrintable(QStringLiteral("line %1: %2")
                                .arg(op.line)
                                .arg(QString::fromStdString(kernelAccessText(op)))));
}

void TestKernelSuggest::opsWithoutSharedMemoryAreRefused()
{
    const std::string text = readFile(
        kDir + QStringLiteral("gemm_gfx1250_bf16_64x64x64_w22_t11_a01_b01_s1618_4116.ttgir"));
    Expected<TtgirModule> module = parseTtgir(text);
    QVERIFY(module);
    Expected<KernelSuggestion> load = suggestForKernelOp(*module, 27); // tt.load
    QVERIFY(!load);
    QVERIFY2(load.message().find("no shared-memory access") != std::string::npos,
             load.message().c_str());
    Expected<KernelSuggestion> none = suggestForKernelOp(*module, 2);
    QVERIFY(!none);
    QVERIFY2(none.message().find("no data-placing op at line 2") != std::string::npos,
             none.message().c_str());
}

// Where the layout as written is kept, the "best other" shown beside it is another layout: not
// the same attribute, nor one with the same bases (a new user was shown the module's own #shared
// at line 63, and at line 118 the swizzled layout its amd_rotating_shared amounts to).
void TestKernelSuggest::theBestOtherIsNeverTheLayoutAsWritten()
{
    const std::string text = readFile(kDir + QStringLiteral("attn_gfx942_128x64x128_w4.ttgir"));
    Expected<TtgirModule> module = parseTtgir(text);
    QVERIFY(module);
    Expected<KernelReport> report = resolveKernel(*module);
    QVERIFY(report);
    for (int line : {63, 118}) {
        const auto asked = std::find_if(report->ops.begin(), report->ops.end(),
                                        [line](const KernelOpReport &r) { return r.line == line; });
        QVERIFY(asked != report->ops.end());
        const LayoutAttrPtr written =
            asked->op == "ttg.local_load" ? asked->srcAttr : asked->dstAttr;
        QVERIFY(written);
        std::vector<int32_t> shape;
        for (const QString &part : QString::fromStdString(asked->shape).split(u'x')) {
            bool ok = false;
            const int n = part.toInt(&ok);
            if (!ok)
                break;
            shape.push_back(n);
        }
        QCOMPARE(shape.size(), size_t(2));
        Expected<KernelSuggestion> s = suggestForKernelOp(*module, line);
        QVERIFY2(s, s ? "" : s.message().c_str());
        QVERIFY(s->candidate.attr);
        QVERIFY2(!(*written == *s->candidate.attr), s->ttgLine.c_str());
        const Expected<LinearLayout> before = toLinearLayout(*written, shape);
        const Expected<LinearLayout> other = toLinearLayout(*s->candidate.attr, shape);
        QVERIFY(before && other);
        QVERIFY2(!(*before == *other), s->ttgLine.c_str());
    }
}

QTEST_GUILESS_MAIN(TestKernelSuggest)
#include "tst_kernelsuggest.moc"
