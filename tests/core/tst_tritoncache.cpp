// The compiler's own answer: Triton cache folders (io/tritoncache.h), their assembly
// (io/amdgcn.h) and the comparison with the prediction (analysis/compilercheck.h).
//
// tests/data/triton-cache is a cache folder Triton 3.6.0 wrote (its README). Three of its modules
// are byte for byte modules of tests/data/kernels, whose kernels.json lists the ds_* counts of
// their final assembly: the reader must find exactly those counts in the .amdgcn files (the
// pairs are found by comparing the module texts, not named here).

#include "analysis/compilercheck.h"
#include "analysis/kernel.h"
#include "io/amdgcn.h"
#include "io/tritoncache.h"
#include "io/ttgir.h"
#include "request/kernelrequest.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace lx;
using json = nlohmann::json;

namespace {

const QString kCache = QStringLiteral(LX_TEST_DATA_DIR "/triton-cache");
const QString kKernels = QStringLiteral(LX_TEST_DATA_DIR "/kernels");

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

std::string text(const QString &path)
{
    return readAll(path).toStdString();
}

// The cache's kernel folder holding `name`.ttgir for each module of tests/data/kernels it holds.
std::map<std::string, QString> cacheTwins()
{
    std::map<std::string, QString> twins;
    const QStringList modules = QDir(kKernels).entryList({QStringLiteral("*.ttgir")}, QDir::Files);
    for (const QString &hash : QDir(kCache).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QDir d(kCache + u'/' + hash);
        for (const QString &t : d.entryList({QStringLiteral("*.ttgir")}, QDir::Files)) {
            const QByteArray mine = readAll(d.filePath(t));
            for (const QString &m : modules)
                if (readAll(kKernels + u'/' + m) == mine)
                    twins[m.chopped(6).toStdString()] = d.filePath(t.chopped(6));
        }
    }
    return twins;
}

bool copy(const QString &from, const QString &to)
{
    return QFile::copy(from, to);
}

} // namespace

class TestTritonCache : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void assemblyCountsAreTheCompilers();
    void resources();
    void cacheFolder();
    void comparisonAgreesOnEveryCachedKernel();
    void comparisonMarksDisagreement();
    void halfWritten();
    void linksAndDepth();
    void badInput_data();
    void badInput();
};

// kernels.json's counts, from the final assembly of each twin, equal the reader's.
void TestTritonCache::assemblyCountsAreTheCompilers()
{
    const json doc = json::parse(text(kKernels + QStringLiteral("/kernels.json")));
    const std::map<std::string, QString> twins = cacheTwins();
    QCOMPARE(int(twins.size()), 3);
    for (const auto &[name, base] : twins) {
        json expected;
        for (const json &k : doc.at("kernels"))
            if (k.at("name") == name)
                expected = k;
        QVERIFY2(expected.is_object(), name.c_str());
        Expected<AmdgcnKernel> a = parseAmdgcn(text(base + QStringLiteral(".amdgcn")));
        QVERIFY2(a.hasValue(), a ? "" : a.message().c_str());
        std::map<std::string, int64_t> want;
        for (const auto &[inst, n] : expected.at("ds").items())
            want[inst] = n.get<int64_t>();
        QCOMPARE(a->ds, want);
        QCOMPARE(a->target, expected.at("arch").get<std::string>());
    }
}

// Resources, each checked against a second statement of the same fact in the file: the
// metadata's .vgpr_count against the code object's .amdhsa_next_free_vgpr directive, and, on
// targets with AGPRs, against the AGPRs (; NumAgprs) placed after the VGPRs (; NumVgprs) at
// .amdhsa_accum_offset (the unified register file). The gfx1250 FMA
// matmul spills (its metadata says 214 VGPRs and 125 SGPRs spilled, read off by hand; its
// scratch is then non-zero) and the others do not.
void TestTritonCache::resources()
{
    Expected<std::vector<KernelFiles>> found = findKernels(kCache.toStdString());
    QVERIFY(found.hasValue());
    int spilling = 0;
    for (const KernelFiles &f : *found) {
        const std::string asmText = text(QString::fromStdString(f.amdgcn));
        Expected<AmdgcnKernel> a = parseAmdgcn(asmText);
        QVERIFY(a.hasValue());
        QVERIFY(a->vgprs && a->vgprSpills && a->sgprSpills && a->groupSegmentBytes);
        const std::string directive = ".amdhsa_next_free_vgpr ";
        const size_t at = asmText.find(directive);
        QVERIFY(at != std::string::npos);
        QCOMPARE(*a->vgprs, std::stoll(asmText.substr(at + directive.size())));
        if (a->agprs) {
            // The AGPRs start at .amdhsa_accum_offset, the VGPRs rounded up to a multiple of 4.
            const std::string accum = ".amdhsa_accum_offset ";
            const size_t ao = asmText.find(accum);
            QVERIFY(ao != std::string::npos && a->archVgprs.has_value());
            const int64_t offset = std::stoll(asmText.substr(ao + accum.size()));
            QCOMPARE(offset, (*a->archVgprs + 3) / 4 * 4);
            QCOMPARE(*a->vgprs, offset + *a->agprs);
        }
        QCOMPARE(a->kernels, 1);
        QCOMPARE(a->name, f.name);
        // Triton asks for its LDS at launch: nothing static.
        QCOMPARE(*a->groupSegmentBytes, int64_t(0));
        if (*a->vgprSpills > 0) {
            ++spilling;
            QCOMPARE(a->target, std::string("gfx1250"));
            QCOMPARE(*a->vgprSpills, int64_t(214));
            QCOMPARE(*a->sgprSpills, int64_t(125));
            QVERIFY(a->scratchBytes && *a->scratchBytes > 0);
        }
    }
    QCOMPARE(spilling, 1);
}

// The cache root: five kernel folders, each complete, its metadata naming the module's target.
void TestTritonCache::cacheFolder()
{
    Expected<std::vector<KernelFiles>> found = findKernels(kCache.toStdString());
    QVERIFY2(found.hasValue(), found ? "" : found.message().c_str());
    QCOMPARE(int(found->size()), 5);
    for (const KernelFiles &f : *found) {
        QVERIFY2(f.incomplete.empty(), f.incomplete.c_str());
        QVERIFY(!f.amdgcn.empty() && !f.metadata.empty());
        Expected<CompiledKernel> k = readCompiledKernel(f);
        QVERIFY2(k.hasValue(), k ? "" : k.message().c_str());
        QVERIFY(k->metadata && k->assembly);
        Expected<TtgirModule> m = parseTtgir(k->ttgirText);
        QVERIFY(m.hasValue());
        QCOMPARE(k->metadata->arch, m->arch);
        QCOMPARE(k->metadata->name, f.name);
        QCOMPARE(k->metadata->tritonVersion, std::string("3.6.0"));
        QCOMPARE(k->metadata->numWarps.value_or(0), int64_t(m->numWarps));
        QVERIFY(k->metadata->sharedBytes && *k->metadata->sharedBytes > 0);
        QCOMPARE(k->assembly->target, m->arch);
    }
}

// Every kernel of the cache folder, compared with its own assembly, agrees (a convert_layout's
// round trip through LDS counted with its store and its load), and the LDS the prediction sums
// is not less than the compiler's.
void TestTritonCache::comparisonAgreesOnEveryCachedKernel()
{
    int kernels = 0;
    for (const QString &hash : QDir(kCache).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QDir d(kCache + u'/' + hash);
        for (const QString &t : d.entryList({QStringLiteral("*.ttgir")}, QDir::Files)) {
            const QString base = d.filePath(t.chopped(6));
            KernelFiles f;
            f.name = t.chopped(6).toStdString();
            f.ttgir = (base + QStringLiteral(".ttgir")).toStdString();
            f.amdgcn = (base + QStringLiteral(".amdgcn")).toStdString();
            f.metadata = (base + QStringLiteral(".json")).toStdString();
            Expected<KernelAnswer> a = resolveCompiledKernel(f);
            QVERIFY2(a.hasValue(), a ? "" : a.message().c_str());
            QVERIFY(a->compiler.has_value());
            std::string notes = hash.toStdString() + ": ";
            for (const std::string &n : a->compiler->notes)
                notes += n + "; ";
            QVERIFY2(a->compiler->transposedAgree && a->compiler->countsAgree, notes.c_str());
            QVERIFY2(a->compiler->ldsAgree, notes.c_str());
            for (const KernelOpReport &r : a->report.ops)
                QVERIFY2(!a->compiler->disagreesOn(r), (notes + r.op).c_str());
            ++kernels;
        }
    }
    QCOMPARE(kernels, 5);
}

// One instruction more in the "assembly" than predicted is a disagreement on that instruction
// only; the transposed load taken away is a transposed-kind disagreement; fewer LDS bytes
// predicted than the metadata's is one too.
void TestTritonCache::comparisonMarksDisagreement()
{
    const std::string path =
        (kKernels + QStringLiteral("/attn_gfx950_128x64x128_w4.ttgir")).toStdString();
    Expected<TtgirModule> m = parseTtgir(text(QString::fromStdString(path)));
    QVERIFY(m.hasValue());
    Expected<KernelReport> r = analyzeKernel(*m);
    QVERIFY(r.hasValue());
    const json doc = json::parse(text(kKernels + QStringLiteral("/kernels.json")));
    std::map<std::string, int64_t> ds;
    for (const json &k : doc.at("kernels"))
        if (k.at("name") == "attn_gfx950_128x64x128_w4")
            for (const auto &[inst, n] : k.at("ds").items())
                ds[inst] = n.get<int64_t>();
    QVERIFY(ds.count("ds_read_b128") && ds.count("ds_read_b64_tr_b16"));
    QVERIFY(compareWithCompiler(*m, *r, ds).agree());

    std::map<std::string, int64_t> more = ds;
    more["ds_read_b128"] += 1;
    const CompilerComparison c = compareWithCompiler(*m, *r, more);
    QVERIFY(!c.agree());
    QVERIFY(c.transposedAgree);
    for (const CompilerKindRow &k : c.kinds)
        if (k.instruction != "ds_read_b128" && c.unrollWhole)
            QVERIFY2(k.agree, k.instruction.c_str());
    bool marked = false;
    for (const KernelOpReport &op : r->ops)
        if (op.instruction == "ds_read_b128")
            marked = marked || c.disagreesOn(op);
    QVERIFY(marked);

    std::map<std::string, int64_t> noTr = ds;
    noTr["ds_read_b128"] += noTr["ds_read_b64_tr_b16"];
    noTr.erase("ds_read_b64_tr_b16");
    QVERIFY(!compareWithCompiler(*m, *r, noTr).transposedAgree);

    const CompilerComparison lds = compareWithCompiler(*m, *r, ds, r->totals.ldsBytesEndToEnd + 1);
    QVERIFY(!lds.ldsAgree);
    QVERIFY(compareWithCompiler(*m, *r, ds, r->totals.ldsBytesEndToEnd).ldsAgree);
}

// Folders as Triton leaves them while it writes: a group file but no NAME.json, or other stages
// but neither json nor assembly, are incomplete; a module beside its assembly alone is a dump
// folder; a module alone is a module.
void TestTritonCache::halfWritten()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString src = QString::fromStdString(findKernels(kCache.toStdString())->front().folder);
    const QString name = QString::fromStdString(findKernels(kCache.toStdString())->front().name);
    auto folder = [&](const QString &sub, const QStringList &suffixes) {
        QDir(tmp.path()).mkpath(sub);
        for (const QString &s : suffixes) {
            const QString file =
                s.startsWith(u"__grp__") ? s + name + QStringLiteral(".json") : name + s;
            if (QFile::exists(src + u'/' + file))
                QVERIFY(copy(src + u'/' + file, tmp.path() + u'/' + sub + u'/' + file));
            else // a stage the copy in tests/data leaves out
                QVERIFY(QFile(tmp.path() + u'/' + sub + u'/' + file).open(QIODevice::WriteOnly));
        }
    };
    folder(QStringLiteral("a_group"),
           {QStringLiteral(".ttgir"), QStringLiteral(".amdgcn"), QStringLiteral("__grp__")});
    folder(QStringLiteral("b_stages"), {QStringLiteral(".ttir"), QStringLiteral(".ttgir")});
    folder(QStringLiteral("c_dump"), {QStringLiteral(".ttgir"), QStringLiteral(".amdgcn")});
    folder(QStringLiteral("d_alone"), {QStringLiteral(".ttgir")});
    folder(QStringLiteral("e_done"), {QStringLiteral(".ttgir"), QStringLiteral(".amdgcn"),
                                      QStringLiteral(".json"), QStringLiteral("__grp__")});
    Expected<std::vector<KernelFiles>> found = findKernels(tmp.path().toStdString());
    QVERIFY2(found.hasValue(), found ? "" : found.message().c_str());
    QCOMPARE(int(found->size()), 5);
    const std::vector<KernelFiles> &k = *found;
    QVERIFY(k[0].incomplete.find("group file") != std::string::npos);
    QVERIFY(k[1].incomplete.find(".ttir") != std::string::npos);
    QVERIFY(k[2].incomplete.empty() && !k[2].amdgcn.empty() && k[2].metadata.empty());
    QVERIFY(k[3].incomplete.empty() && k[3].amdgcn.empty() && k[3].metadata.empty());
    QVERIFY(k[4].incomplete.empty() && !k[4].amdgcn.empty() && !k[4].metadata.empty());
    // Incomplete is refused by the request layer with its reason, not read.
    Expected<KernelAnswer> a = resolveCompiledKernel(k[0]);
    QVERIFY(!a.hasValue());
    QVERIFY(a.message().find("half-written") != std::string::npos);
    // The dump folder has the compiler's counts but no metadata: no LDS bytes to compare.
    Expected<KernelAnswer> d = resolveCompiledKernel(k[2]);
    QVERIFY(d.hasValue() && d->compiler && !d->compiler->compilerLdsBytes);
    QVERIFY(resolveCompiledKernel(k[3])->compiler == std::nullopt);
}

// A link to a folder (here: back to the root, a loop) is not followed, and nothing deeper than
// kMaxKernelDepth levels is read; the walk ends either way.
void TestTritonCache::linksAndDepth()
{
    QTemporaryDir tmp;
    const QString module = kKernels + QStringLiteral("/attn_gfx950_128x64x128_w4.ttgir");
    QString deep = tmp.path();
    for (int level = 0; level <= kMaxKernelDepth + 1; ++level) {
        deep += QStringLiteral("/d%1").arg(level);
        QVERIFY(QDir().mkpath(deep));
        QVERIFY(copy(module, deep + QStringLiteral("/k.ttgir")));
    }
    QVERIFY(QFile::link(tmp.path(), tmp.path() + QStringLiteral("/d0/loop")));
    Expected<std::vector<KernelFiles>> found = findKernels(tmp.path().toStdString());
    QVERIFY2(found.hasValue(), found ? "" : found.message().c_str());
    // d0 is at depth 1 below the root, ..., d(kMaxKernelDepth - 1) at depth kMaxKernelDepth.
    QCOMPARE(int(found->size()), kMaxKernelDepth);
    for (const KernelFiles &f : *found)
        QVERIFY(f.ttgir.find("/loop/") == std::string::npos);
}

void TestTritonCache::badInput_data()
{
    QTest::addColumn<QByteArray>("ttgir");
    QTest::addColumn<QByteArray>("assembly");
    QTest::addColumn<QByteArray>("metadata");
    QTest::addColumn<QString>("message");
    const QByteArray module =
        readAll(kKernels + QStringLiteral("/attn_gfx950_128x64x128_w4.ttgir"));
    QTest::newRow("binary assembly") << module
                                     << QByteArray("\x7f"
                                                   "ELF\0\0",
                                                   6)
                                     << QByteArray() << QStringLiteral("NUL");
    QTest::newRow("not assembly") << module << QByteArray("; only a comment\n") << QByteArray()
                                  << QStringLiteral("not AMDGCN");
    QTest::newRow("bad metadata") << module << QByteArray() << QByteArray("{\"shared\": ")
                                  << QStringLiteral("k.json: not valid JSON");
    QTest::newRow("metadata not an object")
        << module << QByteArray() << QByteArray("[1]") << QStringLiteral("JSON object");
    QTest::newRow("module unreadable")
        << QByteArray("module {\n") << QByteArray() << QByteArray() << QStringLiteral("k.ttgir:");
}

void TestTritonCache::badInput()
{
    QFETCH(QByteArray, ttgir);
    QFETCH(QByteArray, assembly);
    QFETCH(QByteArray, metadata);
    QFETCH(QString, message);
    QTemporaryDir tmp;
    auto write = [&](const QString &suffix, const QByteArray &bytes) {
        QFile f(tmp.path() + QStringLiteral("/k") + suffix);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
    };
    write(QStringLiteral(".ttgir"), ttgir);
    if (!assembly.isEmpty())
        write(QStringLiteral(".amdgcn"), assembly);
    if (!metadata.isEmpty())
        write(QStringLiteral(".json"), metadata);
    Expected<std::vector<KernelFiles>> found = findKernels(tmp.path().toStdString());
    QVERIFY(found.hasValue());
    Expected<KernelAnswer> a = resolveCompiledKernel(found->front());
    QVERIFY(!a.hasValue());
    QVERIFY2(QString::fromStdString(a.message()).contains(message), a.message().c_str());

    QVERIFY(!findKernels(tmp.path().toStdString() + "/nope").hasValue());
    QTemporaryDir empty;
    Expected<std::vector<KernelFiles>> none = findKernels(empty.path().toStdString());
    QVERIFY(!none.hasValue());
    QVERIFY(none.message().find("no TTGIR module") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestTritonCache)
#include "tst_tritoncache.moc"
