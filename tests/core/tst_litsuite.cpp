// Triton's own AMD lowering tests as a suite for analyze kernel (tests/data/lit/README.md).
//
// Each JSON file under tests/data/lit transcribes one of Triton's lit tests: its source (file,
// commit, RUN line), its layout aliases, and per function the LDS ops it lowers (local_load,
// local_store, local_alloc with a value, convert_layout; the key is `loads`) with the CHECK lines
// that count the lowering's instructions: `CHECK-COUNT-N: rocdl.ds.read.tr16.b64` followed by a
// `CHECK-NOT` of the same intrinsic is exactly N ("bounded"), a CHECK-COUNT-N alone is at least N
// (as FileCheck reads it; e.g. ds_transpose_gfx1250.mlir's no_ds_read_tr counts 8 of the 128-bit
// loads of two local_loads), a lone CHECK-NOT is none. Every function becomes a module with its
// loads; the prediction (the `issued` counts: Triton's lowering before LLVM removes repeated loads)
// summed per instruction must equal the CHECK counts, the intrinsic named by the file's
// "intrinsics" map (docs/kernel.md: rocdl.ds.read.tr16.b64 is gfx950's ds_read_b64_tr_b16, a
// 128-bit llvm.load of address space 3 is ds_read_b128, ...).

#include "analysis/kernel.h"
#include "io/ttgir.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

using namespace lx;
using json = nlohmann::json;

namespace {

const QString kDir = QStringLiteral(LX_TEST_DATA_DIR "/lit/");

json readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return json::parse(f.readAll().toStdString(), nullptr, false);
}

// The function as a module: its aliases, the module attributes, one argument per operand, one op
// per entry of `loads` (a local_load or convert_layout reads `src` into `dst`, a local_alloc
// writes the tensor `src` into a new `dst`, a local_store writes `src` into the memdesc `dst`).
std::string moduleOf(const json &file, const json &fn)
{
    std::string text;
    for (const json &a : file.at("aliases"))
        text += a.get<std::string>() + "\n";
    text += "module attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = " +
            std::to_string(file.at("numWarps").get<int>()) + " : i32, \"ttg.threads-per-warp\" = " +
            std::to_string(file.at("threadsPerWarp").get<int>()) + " : i32} {\n";
    std::vector<std::string> args, body;
    for (const json &op : fn.at("loads")) {
        const std::string name = op.at("op"), src = op.at("src"), dst = op.at("dst");
        const std::string a = "%arg" + std::to_string(args.size());
        args.push_back(a + ": " + src);
        const std::string result = "%" + std::to_string(body.size() + 1) + " = ";
        if (name == "ttg.local_store") {
            const std::string m = "%arg" + std::to_string(args.size());
            args.push_back(m + ": " + dst);
            body.push_back("ttg.local_store " + a + ", " + m + " : " + src + " -> " + dst);
        } else if (name == "ttg.local_alloc") {
            body.push_back(result + name + " " + a + " : (" + src + ") -> " + dst);
        } else {
            body.push_back(result + name + " " + a + " : " + src + " -> " + dst);
        }
    }
    text += "  tt.func @" + fn.at("name").get<std::string>() + "(";
    for (size_t i = 0; i < args.size(); ++i)
        text += (i ? ", " : "") + args[i];
    text += ") {\n";
    for (const std::string &line : body)
        text += "    " + line + "\n";
    text += "    tt.return\n  }\n}\n";
    return text;
}

// The instructions a CHECK line's intrinsic stands for: one, or (for a pattern such as
// `llvm.store {{.*}} : vector<{{[0-9]+}}xf16>, !llvm.ptr<3>`) any of several.
std::vector<std::string> instructionsOf(const json &doc, const std::string &intrinsic)
{
    const json &m = doc.at("intrinsics").at(intrinsic);
    if (m.is_string())
        return {m.get<std::string>()};
    return m.get<std::vector<std::string>>();
}

} // namespace

class TestLitSuite : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void checkCounts_data();
    void checkCounts();
};

void TestLitSuite::checkCounts_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("index");
    const QStringList files = QDir(kDir).entryList({QStringLiteral("*.json")}, QDir::Files);
    QVERIFY(!files.isEmpty());
    for (const QString &f : files) {
        const json doc = readJson(kDir + f);
        QVERIFY2(doc.is_object() && doc.contains("functions"), qPrintable(f));
        const json &fns = doc.at("functions");
        for (size_t i = 0; i < fns.size(); ++i)
            QTest::newRow(fns[i].at("name").get<std::string>().c_str()) << f << int(i);
    }
}

void TestLitSuite::checkCounts()
{
    QFETCH(QString, file);
    QFETCH(int, index);
    const json doc = readJson(kDir + file);
    const json &fn = doc.at("functions").at(size_t(index));
    Expected<TtgirModule> module = parseTtgir(moduleOf(doc, fn));
    QVERIFY2(module.hasValue(), module ? "" : module.message().c_str());
    Expected<KernelReport> report = analyzeKernel(*module, doc.at("arch").get<std::string>());
    QVERIFY2(report.hasValue(), report ? "" : report.message().c_str());
    std::map<std::string, int64_t> predicted;
    for (const KernelOpReport &r : report->ops) {
        QVERIFY2(r.problem.empty(), (std::to_string(r.line) + ": " + r.problem).c_str());
        for (const KernelLdsAccess &a : r.accesses)
            predicted[a.instruction] += a.issued;
    }
    const std::string source = doc.at("source").at("file").get<std::string>() + "@" +
                               doc.at("source").at("commit").get<std::string>().substr(0, 12);
    for (const json &c : fn.at("checks")) {
        const std::string intrinsic = c.at("intrinsic");
        std::string instruction;
        int64_t got = 0;
        for (const std::string &i : instructionsOf(doc, intrinsic)) {
            instruction += (instruction.empty() ? "" : "|") + i;
            got += predicted.count(i) ? predicted.at(i) : 0;
        }
        const int64_t expected = c.at("count");
        qInfo("%s %s: %s x %s%lld (%s) predicted %lld", source.c_str(),
              fn.at("name").get<std::string>().c_str(), intrinsic.c_str(),
              c.at("bounded").get<bool>() ? "" : ">= ", static_cast<long long>(expected),
              instruction.c_str(), static_cast<long long>(got));
        if (c.at("bounded").get<bool>())
            QCOMPARE(got, expected);
        else
            QVERIFY2(got >= expected, intrinsic.c_str());
    }
}

QTEST_GUILESS_MAIN(TestLitSuite)
#include "tst_litsuite.moc"
