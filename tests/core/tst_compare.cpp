// The compare record (request/compareinput.h) against the analyses' own results, asked
// directly: the bank analysis of the same access (analyzeBanks, waveTotals), the transposed-load
// decision (analyzeDsLoadTr), the diff (diffLayouts), and a hand-derived round trip (the worked
// example of analysis/ldslowering.h: 8 stores and 8 loads of 64 bits per thread, a 64x64 f16
// tile of 8192 bytes). An architecture without a transposed load says so; an unknown one is an
// error naming it.

#include "analysis/banks.h"
#include "analysis/diff.h"
#include "analysis/dsloadtr.h"
#include "hw/arch.h"
#include "io/scene.h"
#include "request/compareinput.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace {

lx::ViewRequest presetRequest(const std::string &preset, const std::string &a, const std::string &b)
{
    auto scene = lx::loadPreset(preset);
    if (!scene)
        qFatal("%s", scene.message().c_str());
    auto req = lx::sceneRequest(*scene);
    if (!req)
        qFatal("%s", req.message().c_str());
    req->kind = "compare";
    req->layout = a;
    req->options = {{"other", b}};
    return *req;
}

const lx::CompareArch *archOf(const lx::CompareInput &in, const std::string &arch)
{
    for (const lx::CompareArch &a : in.archs)
        if (a.arch == arch)
            return &a;
    return nullptr;
}

const lx::CompareAccess *accessOf(const lx::CompareArch &a, const std::string &access)
{
    for (const lx::CompareAccess &c : a.accesses)
        if (c.access == access)
            return &c;
    return nullptr;
}

double valueOf(const lx::CompareAccess &c, const std::string &key)
{
    const lx::Figure *f = lx::accessFigure(c, key);
    return f && f->value ? *f->value : -1.0;
}

std::string textOf(const lx::CompareAccess &c, const std::string &key)
{
    const lx::Figure *f = lx::accessFigure(c, key);
    return f ? f->text : std::string("(missing)");
}

} // namespace

class TestCompare : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // lds-c1: the read layout stored into and loaded back from the XOR-swizzled buffer, on the
    // three default architectures, each number as the bank analysis gives it for that access.
    void distributedSharedMatchesTheBankAnalysis()
    {
        const lx::ViewRequest req = presetRequest("lds-c1", "read", "xor");
        auto in = lx::resolveCompare(req);
        QVERIFY2(in, in ? "" : in.message().c_str());
        QCOMPARE(in->pair, lx::ComparePair::DistributedShared);
        QCOMPARE(in->archs.size(), size_t(3));
        const lx::ResolvedLayout *reg = req.find("read");
        const lx::ResolvedLayout *shared = req.find("xor");
        for (const char *name : {"gfx942", "gfx950", "gfx1250"}) {
            const lx::CompareArch *a = archOf(*in, name);
            QVERIFY2(a, name);
            auto arch = lx::loadArchitecture(name);
            QVERIFY(arch);
            auto sml = lx::sharedMemoryLayout(*shared->attr, shared->shape, 16,
                                              arch->cu ? arch->cu->partitionBytes : 0);
            QVERIFY(sml);
            for (const bool write : {true, false}) {
                const lx::CompareAccess *c = accessOf(*a, write ? "store" : "load");
                QVERIFY(c);
                lx::BankAccessRequest br;
                br.reg = reg->layout;
                br.shared = *sml;
                br.elementBits = 16;
                br.isWrite = write;
                br.maxWarps = 1;
                auto report = lx::analyzeBanks(*arch, br);
                if (!report) {
                    // The access cannot run there (lds-c1's 64 lanes on a 32-lane gfx1250): no
                    // numbers, and the architecture's note gives the analysis's reason.
                    QVERIFY(!lx::accessFigure(*c, "nway")->value);
                    QVERIFY(!lx::accessFigure(*c, "cycles")->value);
                    QVERIFY2(a->note.find(report.message()) != std::string::npos, a->note.c_str());
                    continue;
                }
                const lx::BankTotals t = lx::waveTotals(*report, 0);
                QCOMPARE(textOf(*c, "instruction"), report->instruction.name);
                QCOMPARE(valueOf(*c, "count"), double(t.instructions));
                QCOMPARE(valueOf(*c, "nway"), double(t.maxWays));
                QCOMPARE(valueOf(*c, "cycles"), double(t.cycles));
                QCOMPARE(valueOf(*c, "ldsBytes"), 16.0 * 64 * 2);
                // A phase table the file marks as low confidence makes the n-way extrapolated.
                const bool low = report->instruction.provenance.confidence == "L";
                QCOMPARE(lx::accessFigure(*c, "nway")->source,
                         low ? lx::FigureSource::Extrapolated : lx::FigureSource::Computed);
            }
        }
        // The preset's own claim: the XOR layout reads conflict-free on gfx942.
        QCOMPARE(valueOf(*accessOf(*archOf(*in, "gfx942"), "load"), "nway"), 1.0);
        // The diff is the diff analysis's.
        auto diff = lx::diffLayouts(reg->layout, shared->layout, 16);
        QVERIFY(diff);
        QCOMPARE(in->diff.diff.differingElements, diff->differingElements);
    }

    // fig2a's B operand read from its N-contiguous tile: on gfx1250 the ds_load_tr decision
    // (analyzeDsLoadTr) and the preset's quoted "2 x ds_load_tr16_b128, 1-way, 4 cycles"; the
    // store into it "2 x ds_store_b128, 1-way, 8 cycles"; gfx942 has no transposed load and says
    // so.
    void transposedLoadWhereTheArchitectureHasOne()
    {
        lx::ViewRequest req = presetRequest("store-transposed", "B", "ncontig");
        req.options["archs"] = {"gfx942", "gfx1250"};
        auto in = lx::resolveCompare(req);
        QVERIFY2(in, in ? "" : in.message().c_str());
        QCOMPARE(in->archs.size(), size_t(2));
        const lx::CompareAccess *load942 = accessOf(*archOf(*in, "gfx942"), "load");
        QVERIFY(load942);
        QVERIFY2(textOf(*load942, "transposedLoad").find("none on gfx942") == 0,
                 textOf(*load942, "transposedLoad").c_str());
        QVERIFY(!lx::accessFigure(*load942, "transposedLoad")->value);
        auto gfx1250 = lx::loadArchitecture("gfx1250");
        QVERIFY(gfx1250);
        const lx::ResolvedLayout *dst = req.find("B");
        const lx::ResolvedLayout *src = req.find("ncontig");
        auto plan = lx::analyzeDsLoadTr(src->layout, dst->layout, 16, *gfx1250,
                                        lx::dsLoadTrOptionsFor(src->attr.get()));
        QVERIFY2(plan, plan ? "" : plan.message().c_str());
        QVERIFY(plan->eligible);
        const lx::CompareAccess *load = accessOf(*archOf(*in, "gfx1250"), "load");
        QVERIFY(load);
        QCOMPARE(textOf(*load, "instruction"), plan->instruction.name);
        QCOMPARE(textOf(*load, "instruction"), std::string("ds_load_tr16_b128"));
        QCOMPARE(valueOf(*load, "count"), 2.0);
        QCOMPARE(valueOf(*load, "nway"), 1.0);
        QCOMPARE(valueOf(*load, "cycles"), 4.0); // the wave's, as the preset quotes it
        QCOMPARE(textOf(*load, "transposedLoad").rfind("yes", 0), size_t(0));

        // The store of the global layout (gmem) into the same tile, as the preset quotes it.
        lx::ViewRequest store = presetRequest("store-transposed", "gmem", "ncontig");
        store.options["archs"] = {"gfx1250"};
        auto s = lx::resolveCompare(store);
        QVERIFY2(s, s ? "" : s.message().c_str());
        const lx::CompareAccess *st = accessOf(s->archs.at(0), "store");
        QVERIFY(st);
        QCOMPARE(textOf(*st, "instruction"), std::string("ds_store_b128"));
        QCOMPARE(valueOf(*st, "count"), 2.0);
        QCOMPARE(valueOf(*st, "nway"), 1.0);
        QCOMPARE(valueOf(*st, "cycles"), 8.0);
        // And into the K-contiguous tile: "16 x ds_store_b16, 2-way, 32 cycles".
        store.options["other"] = "kcontig";
        auto k = lx::resolveCompare(store);
        QVERIFY2(k, k ? "" : k.message().c_str());
        const lx::CompareAccess *kst = accessOf(k->archs.at(0), "store");
        QVERIFY(kst);
        QCOMPARE(textOf(*kst, "instruction"), std::string("ds_store_b16"));
        QCOMPARE(valueOf(*kst, "count"), 16.0);
        QCOMPARE(valueOf(*kst, "nway"), 2.0);
        QCOMPARE(valueOf(*kst, "cycles"), 32.0);
    }

    // The worked example of analysis/ldslowering.h through the record: 8 ds stores and 8 ds
    // loads of 64 bits per thread, the tile of 8192 bytes; n-way and cycles are not modelled.
    void distributedDistributedRoundTrip()
    {
        lx::Scene scene;
        lx::SceneLayout src, dst;
        src.name = "src";
        src.text = "#ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA "
                   "= [4, 1], order = [1, 0]}>";
        dst.name = "dst";
        dst.text = "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA "
                   "= [2, 2], order = [1, 0]}>";
        src.shape = dst.shape = {64, 64};
        src.dtype = dst.dtype = "f16";
        scene.layouts = {src, dst};
        auto req = lx::sceneRequest(scene);
        QVERIFY2(req, req ? "" : req.message().c_str());
        req->kind = "compare";
        req->layout = "src";
        req->options = {{"other", "dst"}};
        auto in = lx::resolveCompare(*req);
        QVERIFY2(in, in ? "" : in.message().c_str());
        QCOMPARE(in->pair, lx::ComparePair::DistributedDistributed);
        QVERIFY(in->diff.diff.conversion);
        QCOMPARE(in->diff.diff.conversion->kind, lx::ConversionKind::LdsRoundTrip);
        for (const lx::CompareArch &a : in->archs) {
            auto arch = lx::loadArchitecture(a.arch);
            QVERIFY(arch);
            QCOMPARE(a.accesses.size(), size_t(2));
            for (const lx::CompareAccess &c : a.accesses) {
                const bool write = c.access == "store";
                QCOMPARE(textOf(c, "instruction"), arch->plainInstruction(8, write)->name);
                QCOMPARE(valueOf(c, "count"), 8.0);
                QCOMPARE(valueOf(c, "ldsBytes"), 8192.0);
                QVERIFY(!lx::accessFigure(c, "nway")->value);
                QVERIFY(lx::accessFigure(c, "nway")->note.find("not modelled") == 0);
            }
        }
    }

    // An architecture given as a file (one of the program does not know by name) is analysed
    // from that file, as `--arch FILE.json` is elsewhere: gfx942's description renamed.
    void anArchitectureFile()
    {
        QFile src(QStringLiteral(LX_SOURCE_DIR "/resources/arch/gfx942.json"));
        QVERIFY(src.open(QIODevice::ReadOnly));
        QByteArray text = src.readAll();
        text.replace("\"name\": \"gfx942\"", "\"name\": \"mygpu\"");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("mygpu.json"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly) && out.write(text) == text.size());
        out.close();
        lx::ViewRequest req = presetRequest("lds-c1", "read", "xor");
        req.options["archs"] = {path.toStdString(), "gfx942"};
        auto in = lx::resolveCompare(req);
        QVERIFY2(in, in ? "" : in.message().c_str());
        QCOMPARE(in->archs.at(0).arch, std::string("mygpu"));
        QVERIFY2(in->archs.at(0).note.empty(), in->archs.at(0).note.c_str());
        for (const char *access : {"store", "load"})
            for (const char *key : {"instruction", "count", "nway", "cycles"}) {
                const lx::Figure *mine = lx::accessFigure(*accessOf(in->archs.at(0), access), key);
                const lx::Figure *named = lx::accessFigure(*accessOf(in->archs.at(1), access), key);
                QVERIFY(mine && named);
                QCOMPARE(mine->text, named->text);
            }
    }

    void twoSharedLayoutsHaveNoAccess()
    {
        auto in = lx::resolveCompare(presetRequest("lds-c1", "naive", "xor"));
        QVERIFY2(in, in ? "" : in.message().c_str());
        QCOMPARE(in->pair, lx::ComparePair::SharedShared);
        for (const lx::CompareArch &a : in->archs) {
            QVERIFY(a.accesses.empty());
            QVERIFY(a.note.find("two shared layouts") == 0);
        }
    }

    void refusals()
    {
        lx::ViewRequest req = presetRequest("lds-c1", "read", "xor");
        req.options["archs"] = {"gfx942", "gfx9000"};
        auto unknown = lx::resolveCompare(req);
        QVERIFY(!unknown);
        QVERIFY2(unknown.message().find("gfx9000") != std::string::npos, unknown.message().c_str());
        req.options["archs"] = "gfx942";
        auto notAList = lx::resolveCompare(req);
        QVERIFY(!notAList);
        QVERIFY2(notAList.message().find("'archs'") != std::string::npos,
                 notAList.message().c_str());
        req.options = nlohmann::json::object();
        auto noOther = lx::resolveCompare(req);
        QVERIFY(!noOther);
        QVERIFY2(noOther.message().find("\"other\"") != std::string::npos,
                 noOther.message().c_str());
    }

    // The figures carry each access under "ARCH.ACCESS.KEY" with the access's own value.
    void figuresNameArchAndAccess()
    {
        auto in = lx::resolveCompare(presetRequest("lds-c1", "read", "xor"));
        QVERIFY(in);
        const std::vector<lx::Figure> f = lx::compareFigures(*in);
        const lx::CompareAccess *load = accessOf(*archOf(*in, "gfx950"), "load");
        bool found = false;
        for (const lx::Figure &x : f)
            if (x.key == "gfx950.load.cycles") {
                found = true;
                QCOMPARE(x.value, lx::accessFigure(*load, "cycles")->value);
            }
        QVERIFY(found);
    }
};

QTEST_APPLESS_MAIN(TestCompare)
#include "tst_compare.moc"
