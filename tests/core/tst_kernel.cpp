// Per-op analysis of real modules (analysis/kernel.h) against what the compiler emitted.
//
// tests/data/kernels holds modules Triton 3.6 compiled for gfx942, gfx950 and gfx1250 and, in
// kernels.json, the LDS instructions left in the final AMDGCN of each. For every module:
//  - the set of transposed-load kinds predicted over its local_loads equals the compiler's;
//  - the LDS reads predicted per local_load op, summed per instruction, match the compiler's
//    counts as  compiler = straight-line + f x in-loop  with one whole factor f >= 1 for the
//    kernel: the pipeliner has already written its prologue / epilogue copies into the module,
//    LLVM then copies the body of a loop (unrolling) the same number of times for every op and
//    emits straight-line code once. (The attention kernel loads Q once before its loop and K, V
//    in it; the 64x64x32 matmuls come out of LLVM with their loop body twice.) A merged
//    dual-address read (ds_read2_b64, ds_read2st64_b64, ds_load_2addr_b64,
//    ds_load_2addr_stride64_b64) counts as two of the single read.
// The agreement is printed per kernel.

#include "analysis/kernel.h"
#include "io/ttgir.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>

using namespace lx;
using json = nlohmann::json;

namespace {

std::string readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll().toStdString();
}

const QString kDir = QStringLiteral(LX_TEST_DATA_DIR "/kernels/");

// ds_read2_b64 -> (ds_read_b64, 2); other reads -> (name, 1); anything else -> ("", 0).
std::pair<std::string, int> normaliseRead(const std::string &name)
{
    static const std::vector<std::pair<std::string, std::string>> merged = {
        {"ds_read2st64_", "ds_read_"},
        {"ds_read2_", "ds_read_"},
        {"ds_load_2addr_stride64_", "ds_load_"},
        {"ds_load_2addr_", "ds_load_"},
    };
    for (const auto &[prefix, single] : merged)
        if (name.rfind(prefix, 0) == 0)
            return {single + name.substr(prefix.size()), 2};
    if (name.rfind("ds_read", 0) == 0 || name.rfind("ds_load", 0) == 0)
        return {name, 1};
    return {"", 0};
}

bool isTransposed(const std::string &name)
{
    return name.find("_tr") != std::string::npos;
}

std::string format(const std::map<std::string, int64_t> &m)
{
    std::string s;
    for (const auto &[k, v] : m)
        s += (s.empty() ? "" : ", ") + k + " " + std::to_string(v);
    return "{" + s + "}";
}

} // namespace

class TestKernel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void compilerAgreement_data();
    void compilerAgreement();
};

void TestKernel::compilerAgreement_data()
{
    QTest::addColumn<QString>("name");
    const json doc = json::parse(readFile(kDir + QStringLiteral("kernels.json")), nullptr, false);
    QVERIFY(doc.is_object());
    for (const json &k : doc.at("kernels")) {
        const std::string name = k.at("name");
        QTest::newRow(name.c_str()) << QString::fromStdString(name);
    }
}

void TestKernel::compilerAgreement()
{
    QFETCH(QString, name);
    const json doc = json::parse(readFile(kDir + QStringLiteral("kernels.json")));
    json expected;
    for (const json &k : doc.at("kernels"))
        if (k.at("name") == name.toStdString())
            expected = k;
    QVERIFY(expected.is_object());

    Expected<TtgirModule> module = parseTtgir(readFile(kDir + name + QStringLiteral(".ttgir")));
    QVERIFY2(module.hasValue(), module ? "" : module.message().c_str());
    QCOMPARE(module->arch, expected.at("arch").get<std::string>());
    Expected<KernelReport> report = analyzeKernel(*module);
    QVERIFY2(report.hasValue(), report ? "" : report.message().c_str());

    std::set<std::string> predictedTr, compilerTr;
    std::map<std::string, int64_t> inLoop, straight, compiler;
    int loads = 0;
    for (const KernelOpReport &r : report->ops) {
        if (r.op != "ttg.local_load")
            continue;
        ++loads;
        QVERIFY2(r.problem.empty(), (std::to_string(r.line) + ": " + r.problem).c_str());
        if (isTransposed(r.instruction))
            predictedTr.insert(r.instruction);
        const TtgirOp &op = module->ops[size_t(r.opIndex)];
        const bool looped =
            std::any_of(op.regions.begin(), op.regions.end(), [](const TtgirRegion &g) {
                return g.op == "scf.for" || g.op == "scf.while";
            });
        (looped ? inLoop : straight)[r.instruction] += r.count;
    }
    QCOMPARE(loads, expected.at("local_loads").get<int>());
    for (const auto &[inst, n] : expected.at("ds").items()) {
        const auto [single, times] = normaliseRead(inst);
        if (times == 0)
            continue;
        compiler[single] += n.get<int64_t>() * times;
        if (isTransposed(single))
            compilerTr.insert(single);
    }

    // compiler = straight + factor * inLoop for every read instruction, one whole factor >= 1.
    std::set<std::string> kinds;
    for (const auto *m : {&inLoop, &straight, &compiler})
        for (const auto &[k, n] : *m)
            kinds.insert(k);
    int64_t factor = 0;
    bool agree = true;
    for (const std::string &k : kinds) {
        const int64_t c = compiler[k], s = straight[k], l = inLoop[k];
        if (l == 0) {
            agree = agree && c == s;
            continue;
        }
        if (c - s < l || (c - s) % l != 0) {
            agree = false;
            continue;
        }
        if (factor == 0)
            factor = (c - s) / l;
        agree = agree && c - s == factor * l;
    }
    qInfo("%s: transposed %s, reads %s: straight-line %s + %lld x in loops %s vs compiler %s",
          qPrintable(name), predictedTr == compilerTr ? "agree" : "DIFFER",
          agree ? "agree" : "DIFFER", format(straight).c_str(),
          static_cast<long long>(std::max<int64_t>(factor, 1)), format(inLoop).c_str(),
          format(compiler).c_str());
    QVERIFY(predictedTr == compilerTr);
    QVERIFY(agree);
}

QTEST_GUILESS_MAIN(TestKernel)
#include "tst_kernel.moc"
