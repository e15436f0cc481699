// The 22 kernels Triton 3.6 compiled for an H100/H200 and Nsight Compute measured
// (tests/data/kernels/nvidia, its README says the fields) against the kernel analysis
// (analysis/kernel.h on sm90):
//
//  - counts: for every module, the predicted ldmatrix / stmatrix / ld.shared / st.shared
//    instructions per thread, summed per PTX mnemonic over its ops, equal the count of each
//    mnemonic in the module's PTX. An op inside a loop counts once, as the PTX writes the loop
//    body once (none of these loops is unrolled); the pipeliner's prologue copies are ops of
//    their own in the module. Ops that reach shared memory without a thread's ld/st.shared
//    (cp.async, wgmma operands) count nothing, and an op the analysis does not model is named in
//    the report's notes: these modules must have none.
//  - wavefronts: for the kernels without loops (g2_*, tr_*), each shared-memory instruction runs
//    once per warp, so the CTA's predicted wavefronts (totals.wavefrontsLoad / Store, the
//    architecture's measured rule applied) are compared with the wavefronts Nsight Compute
//    measured (l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld / _op_st, summed over the CTA).
//    Stores agree exactly on all 14 kernels, loads on 6 of them. On the other 8 the measured
//    loads exceed the prediction by 2 to 8 wavefronts, never more than one per warp, whatever
//    the instructions (ldmatrix, ldmatrix.trans or LDS.U16 alike) and although the prediction of
//    the thousands of conflicted wavefronts around them is exact (g2_fp16_128x64x64_w22_57:
//    1280 predicted, 1283 measured, 384 without conflicts): a per-warp residual no layout
//    explains (docs/nvidia-shared-memory.md section 6 lists what was ruled out: hidden or split
//    instructions, an ldmatrix cost, other shared loads, a fixed cost per warp). The test allows
//    that residual on loads (0 <= measured - predicted <= warps) and nothing else.
// The agreement is printed per kernel.

#include "analysis/kernel.h"
#include "io/ttgir.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

#include <map>
#include <regex>
#include <sstream>

using namespace lx;
using json = nlohmann::json;

namespace {

const QString kDir = QStringLiteral(LX_TEST_DATA_DIR "/kernels/nvidia/");

std::string readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll().toStdString();
}

// Every ldmatrix / stmatrix / ld.shared / st.shared instruction of a PTX text, by mnemonic (a
// predicate guard `@%p1 ` before it is not part of the mnemonic).
std::map<std::string, int64_t> ptxCounts(const std::string &ptx)
{
    static const std::regex re(
        R"(^\s*(?:@!?%p\d+\s+)?((?:ldmatrix|stmatrix|ld\.shared|st\.shared)[A-Za-z0-9._:]*))");
    std::map<std::string, int64_t> out;
    std::istringstream in(ptx);
    std::string line;
    std::smatch m;
    while (std::getline(in, line))
        if (std::regex_search(line, m, re))
            ++out[m[1].str()];
    return out;
}

std::string format(const std::map<std::string, int64_t> &m)
{
    std::string s;
    for (const auto &[k, v] : m)
        s += (s.empty() ? "" : ", ") + k + " " + std::to_string(v);
    return "{" + s + "}";
}

json kernels()
{
    const json doc = json::parse(readFile(kDir + QStringLiteral("kernels.json")), nullptr, false);
    return doc.is_array() ? doc : json::array();
}

} // namespace

class TestNvidiaKernels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void countsEqualPtx_data();
    void countsEqualPtx();
    void wavefrontsEqualMeasured_data();
    void wavefrontsEqualMeasured();
};

void TestNvidiaKernels::countsEqualPtx_data()
{
    QTest::addColumn<QString>("name");
    const json all = kernels();
    QVERIFY(all.size() == 22);
    for (const json &k : all) {
        const QString name = QString::fromStdString(k.at("name").get<std::string>());
        QTest::newRow(qPrintable(name)) << name;
    }
}

void TestNvidiaKernels::countsEqualPtx()
{
    QFETCH(QString, name);
    Expected<TtgirModule> module = parseTtgir(readFile(kDir + name + QStringLiteral(".ttgir")));
    QVERIFY(module.hasValue());
    QCOMPARE(module->arch, std::string("sm90"));
    Expected<KernelReport> report = analyzeKernel(*module);
    QVERIFY2(report.hasValue(), report.hasValue() ? "" : report.message().c_str());
    std::vector<std::string> unmodelled;
    for (const KernelOpReport &r : report->ops)
        if (r.path == "not modelled") {
            unmodelled.push_back(r.op);
            bool noted = false;
            for (const std::string &n : report->notes)
                noted = noted || (n.find(r.op) != std::string::npos &&
                                  n.find("not modelled") != std::string::npos);
            QVERIFY2(noted, r.op.c_str());
        }
    for (const KernelOpReport &r : report->ops)
        QVERIFY2(r.problem.empty(),
                 (r.op + " line " + std::to_string(r.line) + ": " + r.problem).c_str());
    const std::map<std::string, int64_t> ptx =
        ptxCounts(readFile(kDir + name + QStringLiteral(".ptx")));
    const std::map<std::string, int64_t> &predicted = report->totals.instructions;
    qInfo("%s: predicted %s, PTX %s%s", qPrintable(name), format(predicted).c_str(),
          format(ptx).c_str(), unmodelled.empty() ? "" : ", some ops not modelled");
    QVERIFY2(unmodelled.empty(), unmodelled.empty() ? "" : unmodelled.front().c_str());
    QCOMPARE(predicted, ptx);
}

void TestNvidiaKernels::wavefrontsEqualMeasured_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<qint64>("load");
    QTest::addColumn<qint64>("store");
    int rows = 0;
    for (const json &k : kernels()) {
        // The kind is the name's prefix (not every record carries a "kind").
        const std::string name = k.at("name").get<std::string>();
        const std::string kind = name.substr(0, name.find('_'));
        if (kind != "g2" && kind != "tr")
            continue;
        const json &m = k.at("measured");
        QTest::newRow(k.at("name").get<std::string>().c_str())
            << QString::fromStdString(k.at("name").get<std::string>())
            << qint64(m.at("data_pipe_lsu_wavefronts_mem_shared_op_ld").get<int64_t>())
            << qint64(m.at("data_pipe_lsu_wavefronts_mem_shared_op_st").get<int64_t>());
        ++rows;
    }
    QCOMPARE(rows, 14);
}

void TestNvidiaKernels::wavefrontsEqualMeasured()
{
    QFETCH(QString, name);
    QFETCH(qint64, load);
    QFETCH(qint64, store);
    Expected<TtgirModule> module = parseTtgir(readFile(kDir + name + QStringLiteral(".ttgir")));
    QVERIFY(module.hasValue());
    Expected<KernelReport> report = analyzeKernel(*module);
    QVERIFY(report.hasValue());
    const KernelTotals &t = report->totals;
    QVERIFY(t.hasWavefronts);
    qInfo("%s: load %lld (textbook %lld) measured %lld; store %lld (textbook %lld) measured %lld",
          qPrintable(name), qint64(t.wavefrontsLoad), qint64(t.textbookWavefrontsLoad), load,
          qint64(t.wavefrontsStore), qint64(t.textbookWavefrontsStore), store);
    QCOMPARE(qint64(t.wavefrontsStore), store);
    const qint64 residual = load - qint64(t.wavefrontsLoad);
    QVERIFY2(
        residual >= 0 && residual <= module->numWarps,
        qPrintable(
            QStringLiteral("load residual %1 with %2 warps").arg(residual).arg(module->numWarps)));
}

QTEST_GUILESS_MAIN(TestNvidiaKernels)
#include "tst_nvidiakernels.moc"
