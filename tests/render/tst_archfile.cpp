// An edited architecture file moves every figure read from it: the DS counter's limit, the cache
// line of Figure 11's arithmetic and the measured raw bandwidth are data of the file (hw/arch.h),
// so a copy of gfx1250.json that keeps the name "gfx1250" but states other values changes the
// request layer's figures and the views drawn from them, and a malformed value is refused with
// its name.

#include "base/resources.h"
#include "io/ttgir.h"
#include "presetrequests.h"
#include "render/diagram.h"
#include "render/viewregistry.h"
#include "request/analysisinputs.h"
#include "request/figures.h"
#include "request/kernelrequest.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <string>

using namespace lx;
using namespace Qt::StringLiterals;

namespace {

// The edited values: none equals gfx1250's own (63 outstanding, a 128-byte line, 202.9 B/cycle).
constexpr double kLimit = 3;
constexpr double kLine = 64;
constexpr double kRaw = 111.5;

const Figure *findFigure(const std::vector<Figure> &figures, const std::string &key)
{
    for (const Figure &f : figures)
        if (f.key == key)
            return &f;
    return nullptr;
}

const DiagramFigure *findDiagramFigure(const Diagram &d, const QString &key)
{
    for (const DiagramFigure &f : d.figures)
        if (f.key == key)
            return &f;
    return nullptr;
}

// True when a DS counter figure says that the instructions past the edited limit wait.
bool saysTheRestWait(const Figure *f)
{
    if (!f || !f->value || *f->value <= kLimit)
        return false;
    const std::string waiting = std::to_string(int64_t(*f->value - kLimit)) + " of them wait";
    return f->text.find(waiting) != std::string::npos;
}

// The first view of `kind` of `preset`, for the architecture `arch` (a name or a file).
Expected<ViewRequest> presetView(const std::string &preset, const std::string &kind,
                                 const std::string &arch)
{
    QString error;
    for (ViewRequest r : lx::test::presetRequests(preset, &error))
        if (r.kind == kind) {
            r.arch = arch;
            return r;
        }
    return makeError(preset + " has no view " + kind + " " + error.toStdString());
}

// A gfx1250 matmul whose operand loads are many ds_load_b128 per thread.
const QString kKernel = QStringLiteral(LX_TEST_DATA_DIR) +
                        u"/kernels/gemm_gfx1250_bf16_128x64x32_w22_t11_a01_b01_s824_111.ttgir"_s;

} // namespace

class TestArchFile : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void kernelDsCounter();
    void cacheLine();
    void measuredRawBandwidth();
    void dsLoadTrCounter();
    void malformedFileRefused();

private:
    // gfx1250.json with `edit` applied, written to the scratch folder as `name`.
    std::string writeArch(const QString &name, const nlohmann::json &edit);

    QTemporaryDir m_dir;
    std::string m_edited;
};

std::string TestArchFile::writeArch(const QString &name, const nlohmann::json &edit)
{
    const std::optional<std::string_view> text = embeddedResource("arch/gfx1250.json");
    if (!text)
        return {};
    nlohmann::json doc = nlohmann::json::parse(*text);
    for (const auto &[pointer, value] : edit.items())
        doc[nlohmann::json::json_pointer(pointer)] = value;
    const QString path = m_dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(QByteArray::fromStdString(doc.dump(2)));
    return path.toStdString();
}

void TestArchFile::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_edited = writeArch(u"edited.json"_s, {{"/dsCounterLimit/value", kLimit},
                                            {"/cu/cacheLineBytes/value", kLine},
                                            {"/cu/measurements/0/rawBytesPerCycle", kRaw}});
    QVERIFY(!m_edited.empty());
    // The copy keeps the architecture's name: nothing may look the figures up by it.
    const Expected<Architecture> a = loadArchitecture(m_edited);
    QVERIFY2(a, a ? "" : a.message().c_str());
    QCOMPARE(a->name, std::string("gfx1250"));
}

// analyze kernel's DS counter figures: the limit and the op with the most loads against it.
void TestArchFile::kernelDsCounter()
{
    QFile file(kKernel);
    QVERIFY(file.open(QIODevice::ReadOnly));
    Expected<TtgirModule> module = parseTtgir(file.readAll().toStdString());
    QVERIFY2(module, module ? "" : module.message().c_str());
    Expected<KernelReport> embedded = resolveKernel(*module, "gfx1250");
    Expected<KernelReport> edited = resolveKernel(*module, m_edited);
    QVERIFY(embedded && edited);
    const std::vector<Figure> before = kernelFigures(*embedded), after = kernelFigures(*edited);
    const Figure *limitBefore = findFigure(before, "dsCounterLimit");
    const Figure *limitAfter = findFigure(after, "dsCounterLimit");
    QVERIFY(limitBefore && limitAfter);
    QCOMPARE(limitBefore->value.value_or(0), 63.0);
    QCOMPARE(limitAfter->value.value_or(0), kLimit);
    const Figure *worst = findFigure(after, "dsCounterWorst");
    QVERIFY2(saysTheRestWait(worst), worst ? worst->text.c_str() : "no dsCounterWorst");
    // The same op against the file's own 63.
    const Figure *worstBefore = findFigure(before, "dsCounterWorst");
    QVERIFY(worstBefore && worstBefore->value == worst->value);
    QVERIFY2(worstBefore->text.find(" 63") != std::string::npos, worstBefore->text.c_str());
}

// Figure 11's arithmetic: a piece row's bytes against the file's line, in the figures and in the
// cta-pieces view's table.
void TestArchFile::cacheLine()
{
    for (const auto &[arch, line] :
         {std::pair{std::string("gfx1250"), 128.0}, std::pair{m_edited, kLine}}) {
        Expected<ViewRequest> req = presetView("fig11", "cta-pieces", arch);
        QVERIFY2(req, req ? "" : req.message().c_str());
        Expected<CtaInput> in = resolveCta(*req);
        QVERIFY2(in, in ? "" : in.message().c_str());
        const std::vector<Figure> f = ctaFigures(*in);
        const Figure *row = findFigure(f, "pieceRowBytesB");
        const Figure *share = findFigure(f, "cacheLineB");
        QVERIFY(row && row->value && share && share->value);
        QCOMPARE(*share->value, *row->value / line);
        Expected<Diagram> d = buildView(*req);
        QVERIFY2(d, d ? "" : d.message().c_str());
        const DiagramFigure *drawn = findDiagramFigure(*d, u"cacheLineB"_s);
        QVERIFY(drawn && drawn->number);
        QCOMPARE(*drawn->number, *row->value / line);
    }
}

// The microbenchmark table's measured raw B/cycle of the plain layout.
void TestArchFile::measuredRawBandwidth()
{
    Expected<ViewRequest> req = presetView("microbench-plain", "microbench-table", m_edited);
    QVERIFY2(req, req ? "" : req.message().c_str());
    Expected<Diagram> d = buildView(*req);
    QVERIFY2(d, d ? "" : d.message().c_str());
    const DiagramFigure *raw = findDiagramFigure(*d, u"rawBandwidthMeasuredPlain"_s);
    QVERIFY(raw && raw->number);
    QCOMPARE(*raw->number, kRaw);
    // The partitioned row keeps the file's other, unedited measurement.
    const DiagramFigure *other = findDiagramFigure(*d, u"rawBandwidthMeasuredPartitioned"_s);
    QVERIFY(other && other->number && *other->number != kRaw);
}

// The transposed-load analysis' DS counter figures.
void TestArchFile::dsLoadTrCounter()
{
    Expected<ViewRequest> req = presetView("attention-v", "ds-load-tr-panels", m_edited);
    QVERIFY2(req, req ? "" : req.message().c_str());
    Expected<DsLoadTrInput> in = resolveDsLoadTr(*req);
    QVERIFY2(in, in ? "" : in.message().c_str());
    const std::vector<Figure> f = dsLoadTrFigures(*in);
    const Figure *limit = findFigure(f, "dsCounterLimit");
    QVERIFY(limit && limit->value);
    QCOMPARE(*limit->value, kLimit);
    const Figure *t = findFigure(f, "dsCounterTransposed");
    QVERIFY2(saysTheRestWait(t), t ? t->text.c_str() : "no dsCounterTransposed");
}

void TestArchFile::malformedFileRefused()
{
    const std::string bad =
        writeArch(u"bad.json"_s, {{"/dsCounterLimit/value", 2.5}, {"/cu/cacheLineBytes/value", 0}});
    QVERIFY(!bad.empty());
    Expected<ViewRequest> req = presetView("fig11", "cta-pieces", bad);
    QVERIFY(req);
    Expected<CtaInput> in = resolveCta(*req);
    QVERIFY(!in);
    QVERIFY2(in.message().find("dsCounterLimit") != std::string::npos, in.message().c_str());
    QVERIFY2(in.message().find("not a whole number") != std::string::npos, in.message().c_str());
}

QTEST_GUILESS_MAIN(TestArchFile)
#include "tst_archfile.moc"
