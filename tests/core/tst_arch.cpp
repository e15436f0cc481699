// Tests of the architecture descriptions (core/hw/arch.h) against the measured phase tables of
// docs/worked-cases.md (M1, M2, M3) and the gfx1250 model of docs/worked-cases.md P1/P2.

#include "analysis/ctalayout.h"
#include "analysis/partitions.h"
#include "hw/arch.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <set>
#include <sstream>

using namespace lx;

class TestArch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void hardwareFactsComeFromTheFiles();
    void everyEmbeddedArchitectureParses_data();
    void everyEmbeddedArchitectureParses();
    void samePhase_data();
    void samePhase();
    void bankCount_data();
    void bankCount();
    void unknownArchitectureListsKnownOnes();
    void unknownInstructionListsKnownOnes();
    void aliasesAndCase();
    void gfx1250CuModel();
    void partitionConflicts_data();
    void partitionConflicts();
    void pairsNumberedZeroAndTwo();
    void cuModelOfChecksTheModel();
    void lowConfidenceIsLabelled();
    void loadsUserFile();
    void rejectsBadDescriptions_data();
    void rejectsBadDescriptions();
    void laneLists();
};

void TestArch::everyEmbeddedArchitectureParses_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("waveSize");
    QTest::addColumn<int>("banks");
    QTest::addColumn<qint64>("ldsBytes");
    // docs/lds-models.md §1.
    QTest::newRow("gfx90a") << u"gfx90a"_qs << 64 << 32 << qint64(65536);
    QTest::newRow("gfx942") << u"gfx942"_qs << 64 << 32 << qint64(65536);
    QTest::newRow("gfx950") << u"gfx950"_qs << 64 << 64 << qint64(160 * 1024);
    QTest::newRow("gfx1250") << u"gfx1250"_qs << 32 << 64 << qint64(320 * 1024);
    QTest::newRow("gfx1100") << u"gfx1100"_qs << 32 << 32 << qint64(128 * 1024);
    QTest::newRow("gfx1201") << u"gfx1201"_qs << 32 << 32 << qint64(128 * 1024);
    QTest::newRow("sm80") << u"sm80"_qs << 32 << 32 << qint64(164 * 1024);
    QTest::newRow("sm90") << u"sm90"_qs << 32 << 32 << qint64(228 * 1024);
    QTest::newRow("sm100") << u"sm100"_qs << 32 << 32 << qint64(228 * 1024);
}

void TestArch::everyEmbeddedArchitectureParses()
{
    QFETCH(QString, name);
    QFETCH(int, waveSize);
    QFETCH(int, banks);
    QFETCH(qint64, ldsBytes);
    QVERIFY(knownArchitectures().size() >= 8);
    auto arch = loadArchitecture(name.toStdString());
    QVERIFY2(arch.hasValue(), arch ? "" : arch.message().c_str());
    QCOMPARE(arch->waveSize, waveSize);
    QCOMPARE(arch->numBanks, banks);
    QCOMPARE(arch->bankWidthBytes, 4);
    QCOMPARE(qint64(arch->ldsBytes), ldsBytes);
    for (const LdsInstruction &ins : arch->instructions) {
        QVERIFY(!ins.provenance.confidence.empty());
        QVERIFY(!ins.provenance.source.empty());
    }
}

// Lane pairs in the same phase or not, as measured (M1 gfx942, M2 gfx950, M3 NVIDIA) and as the
// AMD MI450 LDS blog says for gfx1250 ds_load_b128 (two groups of 16 lanes).
void TestArch::samePhase_data()
{
    QTest::addColumn<QString>("arch");
    QTest::addColumn<QString>("instruction");
    QTest::addColumn<int>("a");
    QTest::addColumn<int>("b");
    QTest::addColumn<bool>("same");
    auto row = [](const char *name, const char *arch, const char *ins, int a, int b, bool same) {
        QTest::newRow(name) << QString::fromLatin1(arch) << QString::fromLatin1(ins) << a << b
                            << same;
    };
    row("M1 b128 0,20", "gfx942", "ds_read_b128", 0, 20, true);
    row("M1 b128 0,4", "gfx942", "ds_read_b128", 0, 4, false);
    row("M1 b128 0,16", "gfx942", "ds_read_b128", 0, 16, false);
    row("M1 b128 4,16", "gfx942", "ds_read_b128", 4, 16, true);
    row("M1 b128 32,52", "gfx942", "ds_read_b128", 32, 52, true);
    row("M1 b64 0,15", "gfx942", "ds_read_b64", 0, 15, true);
    row("M1 b64 0,16", "gfx942", "ds_read_b64", 0, 16, false);
    row("M2 b128 0,12", "gfx950", "ds_read_b128", 0, 12, true);
    row("M2 b128 0,20", "gfx950", "ds_read_b128", 0, 20, true);
    row("M2 b128 0,24", "gfx950", "ds_read_b128", 0, 24, true);
    row("M2 b128 0,4", "gfx950", "ds_read_b128", 0, 4, false);
    row("M2 b128 0,8", "gfx950", "ds_read_b128", 0, 8, false);
    row("M2 b128 0,32", "gfx950", "ds_read_b128", 0, 32, false);
    row("M2 b128 4,8", "gfx950", "ds_read_b128", 4, 8, true);
    row("M2 b64 0,31", "gfx950", "ds_read_b64", 0, 31, true);
    row("M2 b64 0,32", "gfx950", "ds_read_b64", 0, 32, false);
    row("M2 b96 0,20", "gfx950", "ds_read_b96", 0, 20, true);
    row("M2 b96 0,12", "gfx950", "ds_read_b96", 0, 12, false);
    row("M2 wr64 0,15", "gfx950", "ds_write_b64", 0, 15, true);
    row("M2 wr64 0,16", "gfx950", "ds_write_b64", 0, 16, false);
    row("M3 LDS.128 0,8", "sm80", "LDS.128", 0, 8, false);
    row("M3 LDS.128 0,7", "sm90", "LDS.128", 0, 7, true);
    row("blog gfx1250 b128 0,15", "gfx1250", "ds_load_b128", 0, 15, true);
    row("blog gfx1250 b128 0,16", "gfx1250", "ds_load_b128", 0, 16, false);
    row("RDNA4 b128 0,8", "gfx1201", "ds_load_b128", 0, 8, false);
    row("RDNA3 b128 0,20", "gfx1100", "ds_load_b128", 0, 20, true);
}

void TestArch::samePhase()
{
    QFETCH(QString, arch);
    QFETCH(QString, instruction);
    QFETCH(int, a);
    QFETCH(int, b);
    QFETCH(bool, same);
    auto desc = loadArchitecture(arch.toStdString());
    QVERIFY(desc.hasValue());
    auto ins = desc->instruction(instruction.toStdString());
    QVERIFY2(ins.hasValue(), ins ? "" : ins.message().c_str());
    QVERIFY(ins->phaseOfLane(a) >= 0);
    QCOMPARE(ins->phaseOfLane(a) == ins->phaseOfLane(b), same);
}

// The bank-solver result of M2: NB 64 for b128/b64 reads, 32 for b96 and write_b64 on gfx950.
void TestArch::bankCount_data()
{
    QTest::addColumn<QString>("arch");
    QTest::addColumn<QString>("instruction");
    QTest::addColumn<int>("banks");
    QTest::newRow("gfx950 b128") << u"gfx950"_qs << u"ds_read_b128"_qs << 64;
    QTest::newRow("gfx950 b64") << u"gfx950"_qs << u"ds_read_b64"_qs << 64;
    QTest::newRow("gfx950 b96") << u"gfx950"_qs << u"ds_read_b96"_qs << 32;
    QTest::newRow("gfx950 write b64") << u"gfx950"_qs << u"ds_write_b64"_qs << 32;
    QTest::newRow("gfx942 b128") << u"gfx942"_qs << u"ds_read_b128"_qs << 32;
    QTest::newRow("gfx1250 b128") << u"gfx1250"_qs << u"ds_load_b128"_qs << 64;
}

void TestArch::bankCount()
{
    QFETCH(QString, arch);
    QFETCH(QString, instruction);
    QFETCH(int, banks);
    auto desc = loadArchitecture(arch.toStdString());
    QVERIFY(desc.hasValue());
    auto ins = desc->instruction(instruction.toStdString());
    QVERIFY(ins.hasValue());
    QCOMPARE(ins->numBanks, banks);
}

void TestArch::unknownArchitectureListsKnownOnes()
{
    auto arch = loadArchitecture("gfx9999");
    QVERIFY(!arch.hasValue());
    const QString msg = QString::fromStdString(arch.message());
    QVERIFY2(msg.contains(u"unknown architecture 'gfx9999'"_qs), qPrintable(msg));
    QVERIFY2(msg.contains(u"gfx942"_qs) && msg.contains(u"gfx1250"_qs) && msg.contains(u"sm90"_qs),
             qPrintable(msg));
}

void TestArch::unknownInstructionListsKnownOnes()
{
    auto arch = loadArchitecture("gfx1250");
    QVERIFY(arch.hasValue());
    auto ins = arch->instruction("ds_read_b128"); // the CDNA spelling does not exist on gfx1250
    QVERIFY(!ins.hasValue());
    const QString msg = QString::fromStdString(ins.message());
    QVERIFY2(msg.contains(u"unknown instruction 'ds_read_b128' for gfx1250"_qs), qPrintable(msg));
    QVERIFY2(msg.contains(u"ds_load_b128"_qs), qPrintable(msg));
}

void TestArch::aliasesAndCase()
{
    auto a = loadArchitecture("MI300");
    QVERIFY(a.hasValue());
    QCOMPARE(QString::fromStdString(a->name), u"gfx942"_qs);
    auto b = loadArchitecture("GFX1250");
    QVERIFY(b.hasValue());
    QCOMPARE(QString::fromStdString(b->name), u"gfx1250"_qs);
    QVERIFY(b->findInstruction("DS_LOAD_B128") != nullptr);
}

// Blog: warp w runs on SIMD w mod 4; pair A = SIMD 0,2, pair B = SIMD 1,3; partitions of 64 KiB,
// five of them LDS (docs/worked-cases.md P2: partition(addr) = addr div 65536).
void TestArch::gfx1250CuModel()
{
    auto arch = loadArchitecture("gfx1250");
    QVERIFY(arch.hasValue());
    QVERIFY(arch->cu.has_value());
    const CuModel &cu = *arch->cu;
    QCOMPARE(cu.lanesPerWarp, 32);
    QCOMPARE(cu.simds, 4);
    QCOMPARE(cu.pairNames, (std::vector<std::string>{"A", "B"}));
    for (int w = 0; w < 16; ++w) {
        QCOMPARE(cu.simdOfWarp(w), w % 4);
        QCOMPARE(cu.pairOfWarp(w), w % 2); // SIMD 0,2 -> A (0); 1,3 -> B (1)
    }
    QCOMPARE(cu.partitionBytes, int64_t(65536));
    QCOMPARE(cu.ldsPartitions * cu.partitionBytes, int64_t(320 * 1024));
    QCOMPARE(cu.l0Partitions, 1);
    QCOMPARE(cu.ports, 2);
    QCOMPARE(cu.portBytesPerCycle.value, 256.0);
    QCOMPARE(cu.partitionOfAddress(0), 0);
    QCOMPARE(cu.partitionOfAddress(65535), 0);
    QCOMPARE(cu.partitionOfAddress(65536), 1);
    QCOMPARE(cu.partitionOfAddress(5 * 65536 - 1), 4);
    QCOMPARE(cu.partitionOfAddress(5 * 65536), -1);
    QVERIFY(!arch->cu->provenance.isLowConfidence());
    QVERIFY(cu.fixedCycles.provenance.isLowConfidence()); // fitted: labelled "inferred"
    QCOMPARE(QString::fromStdString(cu.fixedCycles.provenance.confidence), u"inferred"_qs);
}

// docs/worked-cases.md P2 [DER]: warps reading byte ranges in the same cycle; a partition conflict
// when the partitions touched by pair A and pair B intersect.
void TestArch::partitionConflicts_data()
{
    QTest::addColumn<QList<int>>("warps");
    QTest::addColumn<QList<qint64>>("starts");
    QTest::addColumn<QList<qint64>>("ends");
    QTest::addColumn<bool>("conflict");
    QTest::newRow("w0 [0,512) w1 [512,1024)")
        << QList<int>{0, 1} << QList<qint64>{0, 512} << QList<qint64>{512, 1024} << true;
    QTest::newRow("w0 [0,512) w1 [64Ki,+512)")
        << QList<int>{0, 1} << QList<qint64>{0, 65536} << QList<qint64>{512, 66048} << false;
    QTest::newRow("w0 and w2 both pair A")
        << QList<int>{0, 2} << QList<qint64>{0, 512} << QList<qint64>{512, 1024} << false;
    QTest::newRow("w1 straddles, w0 in partition 1")
        << QList<int>{1, 0} << QList<qint64>{65536 - 256, 65536}
        << QList<qint64>{65536 + 256, 65536 + 512} << true;
}

// The rule itself is production's (classifyLoad, used by analyzePartitionAccess); the test only
// states which bytes each warp reads, and the pairs and partitions come from the gfx1250 file.
void TestArch::partitionConflicts()
{
    QFETCH(QList<int>, warps);
    QFETCH(QList<qint64>, starts);
    QFETCH(QList<qint64>, ends);
    QFETCH(bool, conflict);
    auto cu = cuModelOf("gfx1250");
    QVERIFY2(cu.hasValue(), cu ? "" : cu.message().c_str());
    LoadInstruction load;
    for (int i = 0; i < warps.size(); ++i) {
        WarpLoadAccess access;
        access.warp = warps[i];
        access.pair = cu->pairOfWarp(warps[i]);
        for (qint64 a = starts[i]; a < ends[i]; a += 4)
            access.partitions.insert(cu->partitionOfOffset(a));
        load.warps.push_back(access);
    }
    const LoadInstruction classified = classifyLoad(load, cu->ports);
    QCOMPARE(classified.conflict, conflict);
    // A conflict serialises both pairs onto one port; otherwise each pair has its own.
    QCOMPARE(classified.portsUsable,
             conflict
                 ? 1
                 : int(std::set<int>{classified.warps[0].pair, classified.warps[1].pair}.size()));
}

// A description may number the pairs that run warps 0 and 2 (here an unused pair B is listed
// between A and C). The ctaLayout analysis must read the same pieces as on gfx1250, whose pairs
// are 0 and 1: Fig 10's swizzled ctaLayout on C 128x128 cuts A into 4 pieces (2 groups) and B
// into 8 (4 groups). It used to index a two-entry array by pair number: an out-of-bounds write.
void TestArch::pairsNumberedZeroAndTwo()
{
    auto cu = cuModelOf(LX_TEST_DATA_DIR "/arch/gap-pairs.json");
    QVERIFY2(cu.hasValue(), cu ? "" : cu.message().c_str());
    std::vector<int> pairOfSimd;
    for (int simd = 0; simd < cu->simds; ++simd)
        pairOfSimd.push_back(cu->pairOfSimd(simd));
    QCOMPARE(pairOfSimd, (std::vector<int>{0, 2, 0, 2}));
    CtaLayoutSpec spec;
    spec.registerBases = {{2, 0}};
    spec.warpBases = {{2, 1}, {1, 0}};
    spec.instrShape = {16, 16, 32};
    spec.isTransposed = true;
    spec.shape = {128, 128};
    auto r = analyzeCtaLayout(spec, *cu);
    QVERIFY2(r.hasValue(), r ? "" : r.message().c_str());
    QVERIFY(r->a.separable && r->b.separable);
    QCOMPARE(r->a.numPieces, 4);
    QCOMPARE(r->a.numGroups, 2);
    QCOMPARE(r->b.numPieces, 8);
    QCOMPARE(r->b.numGroups, 4);
    QCOMPARE(r->b.numPartitions, 2);
    // The same answer as with pairs 0 and 1.
    auto gfx1250 = cuModelOf("gfx1250");
    QVERIFY(gfx1250.hasValue());
    auto reference = analyzeCtaLayout(spec, *gfx1250);
    QVERIFY(reference.hasValue());
    QCOMPARE(r->a.pieceBit, reference->a.pieceBit);
    QCOMPARE(r->b.pieceBit, reference->b.pieceBit);
}

// cuModelOf gives the file's `cu` entry with the architecture's name and LDS capacity, and refuses
// what the analyses cannot use: no `cu` entry, or a SIMD that belongs to no pair.
void TestArch::cuModelOfChecksTheModel()
{
    auto gfx1250 = loadArchitecture("gfx1250");
    QVERIFY(gfx1250.hasValue());
    auto cu = cuModelOf(*gfx1250);
    QVERIFY2(cu.hasValue(), cu ? "" : cu.message().c_str());
    QCOMPARE(QString::fromStdString(cu->arch), u"gfx1250"_qs);
    QCOMPARE(cu->ldsBytes, int64_t(320 * 1024));
    QCOMPARE(cu->numPairs(), 2);
    QCOMPARE(cu->hwPartitions(), 6); // five LDS partitions and the L0 one
    QCOMPARE(cu->peakBytesPerCycle(2), 512.0);
    // partitionOfOffset keeps counting past the LDS, partitionOfAddress does not.
    QCOMPARE(cu->partitionOfOffset(5 * 65536), 5);
    QCOMPARE(cu->partitionOfAddress(5 * 65536), -1);

    auto gfx942 = loadArchitecture("gfx942");
    QVERIFY(gfx942.hasValue() && !gfx942->cu);
    auto none = cuModelOf(*gfx942);
    QVERIFY(!none.hasValue());
    QVERIFY2(none.message().find("describes no compute-unit model") != std::string::npos,
             none.message().c_str());

    Architecture unpaired = *gfx1250;
    unpaired.cu->pairSimds = {{0, 2}, {1}};
    auto bad = cuModelOf(unpaired);
    QVERIFY(!bad.hasValue());
    QVERIFY2(bad.message().find("SIMD 3 belongs to no pair") != std::string::npos,
             bad.message().c_str());
    // The analyses refuse such a model too.
    QVERIFY(!unpaired.cu->pairsEverySimd());
    CtaLayoutSpec spec;
    spec.warpBases = {{0, 1}, {1, 0}};
    spec.instrShape = {16, 16, 32};
    spec.shape = {32, 32};
    QVERIFY(analyzeCtaLayout(spec, *gfx1250->cu).hasValue());
    auto refused = analyzeCtaLayout(spec, *unpaired.cu);
    QVERIFY(!refused.hasValue());
    QVERIFY2(refused.message().find("no SIMD -> pair mapping") != std::string::npos,
             refused.message().c_str());
}

void TestArch::lowConfidenceIsLabelled()
{
    auto arch = loadArchitecture("gfx1250");
    QVERIFY(arch.hasValue());
    auto store = arch->instruction("ds_store_b32");
    QVERIFY(store.hasValue());
    QVERIFY(store->provenance.isLowConfidence());
    QVERIFY(QString::fromStdString(store->provenance.label()).contains(u"low"_qs));
    auto load = arch->instruction("ds_load_b128");
    QVERIFY(load.hasValue());
    QVERIFY(!load->provenance.isLowConfidence());
    QVERIFY(!QString::fromStdString(load->provenance.label()).contains(u"low"_qs));
}

void TestArch::loadsUserFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath(u"tiny.json"_qs).toStdString();
    std::ofstream(path) << R"({"name": "tiny", "vendor": "amd", "waveSize": 4, "bankWidthBytes": 4,
      "banks": 2, "ldsBytes": 1024,
      "waveProvenance": {"confidence": "L", "source": "test"},
      "bankProvenance": {"confidence": "L", "source": "test"},
      "capacityProvenance": {"confidence": "L", "source": "test"},
      "instructions": [{"name": "ld", "access": "read", "bytesPerLane": 4, "banks": 2,
                        "phases": ["0-1", "2,3"], "confidence": "L", "source": "test"}]})";
    auto arch = loadArchitecture(path);
    QVERIFY2(arch.hasValue(), arch ? "" : arch.message().c_str());
    QCOMPARE(arch->waveSize, 4);
    QCOMPARE(arch->instructions.at(0).phases, (std::vector<std::vector<int>>{{0, 1}, {2, 3}}));
    auto missing = loadArchitecture(dir.filePath(u"none.json"_qs).toStdString());
    QVERIFY(!missing.hasValue());
    QVERIFY(QString::fromStdString(missing.message()).contains(u"cannot read"_qs));
}

void TestArch::rejectsBadDescriptions_data()
{
    QTest::addColumn<QString>("instructionJson");
    QTest::addColumn<QString>("expected");
    QTest::newRow("lane twice")
        << uR"({"name": "x", "access": "read", "bytesPerLane": 4, "banks": 2, "phases": ["0-2", "2-3"], "confidence": "H", "source": "s"})"_qs
        << u"lane 2 is in two phases"_qs;
    QTest::newRow("lane missing")
        << uR"({"name": "x", "access": "read", "bytesPerLane": 4, "banks": 2, "phases": ["0-2"], "confidence": "H", "source": "s"})"_qs
        << u"lane 3 is in no phase"_qs;
    QTest::newRow("lane outside")
        << uR"({"name": "x", "access": "read", "bytesPerLane": 4, "banks": 2, "phases": ["0-4"], "confidence": "H", "source": "s"})"_qs
        << u"names lane 4 of a 4-lane wave"_qs;
    QTest::newRow("bad confidence")
        << uR"({"name": "x", "access": "read", "bytesPerLane": 4, "banks": 2, "phases": ["0-3"], "confidence": "high", "source": "s"})"_qs
        << u"is not one of H, M, L, inferred"_qs;
    QTest::newRow("bad access")
        << uR"({"name": "x", "access": "rw", "bytesPerLane": 4, "banks": 2, "phases": ["0-3"], "confidence": "H", "source": "s"})"_qs
        << u"\"access\" must be"_qs;
    QTest::newRow("bad range")
        << uR"({"name": "x", "access": "read", "bytesPerLane": 4, "banks": 2, "phases": ["3-0"], "confidence": "H", "source": "s"})"_qs
        << u"runs backwards"_qs;
}

void TestArch::rejectsBadDescriptions()
{
    QFETCH(QString, instructionJson);
    QFETCH(QString, expected);
    const QString doc =
        uR"({"name": "t", "vendor": "amd", "waveSize": 4, "bankWidthBytes": 4, "banks": 2,
      "ldsBytes": 1024, "waveProvenance": {"confidence": "L", "source": "t"},
      "bankProvenance": {"confidence": "L", "source": "t"}, "capacityProvenance": {"confidence": "L", "source": "t"},
      "instructions": [%1]})"_qs.arg(instructionJson);
    auto arch = parseArchitecture(doc.toStdString());
    QVERIFY(!arch.hasValue());
    QVERIFY2(QString::fromStdString(arch.message()).contains(expected), arch.message().c_str());
    auto broken = parseArchitecture("{\"name\": ");
    QVERIFY(!broken.hasValue());
    QVERIFY(QString::fromStdString(broken.message()).contains(u"architecture JSON"_qs));
}

void TestArch::laneLists()
{
    auto lanes = parseLaneList("0-3,20-23");
    QVERIFY(lanes.hasValue());
    QCOMPARE(*lanes, (std::vector<int>{0, 1, 2, 3, 20, 21, 22, 23}));
    QCOMPARE(QString::fromStdString(formatLaneList(*lanes, "T")), u"T0-3,T20-23"_qs);
    auto bad = parseLaneList("0-3;4");
    QVERIFY(!bad.hasValue());
    QVERIFY(QString::fromStdString(bad.message()).contains(u"column 4"_qs));
}

// Port names, the transposed-load table and rocprof-compute's conflict-rate scale are data of the
// architecture files, not code: each is where its source puts it, and nowhere else.
void TestArch::hardwareFactsComeFromTheFiles()
{
    const Expected<Architecture> gfx1250 = loadArchitecture("gfx1250");
    QVERIFY(gfx1250 && gfx1250->cu);
    QCOMPARE(gfx1250->cu->portNames, (std::vector<std::string>{"L", "C"}));
    std::vector<std::string> names;
    for (const TransposedLoad &t : gfx1250->transposedLoads)
        names.push_back(t.name);
    QCOMPARE(names,
             (std::vector<std::string>{"ds_load_tr16_b128", "ds_load_tr8_b64", "ds_load_tr4_b64"}));
    QCOMPARE(gfx1250->transposedLoads.front().instructionBits, 128);
    QVERIFY(!gfx1250->bankConflictRateScale); // 64 banks: rocprof's 100/32 does not apply

    const Expected<Architecture> gfx950 = loadArchitecture("gfx950");
    QVERIFY(gfx950);
    QCOMPARE(gfx950->transposedLoads.size(), size_t(3));
    QVERIFY(!gfx950->bankConflictRateScale);

    const Expected<Architecture> gfx942 = loadArchitecture("gfx942");
    QVERIFY(gfx942 && gfx942->bankConflictRateScale);
    QCOMPARE(gfx942->bankConflictRateScale->value, 3.125);
    QVERIFY(QString::fromStdString(gfx942->bankConflictRateScale->provenance.source)
                .contains(u"rocprof"_qs));
    QVERIFY(gfx942->transposedLoads.empty());

    // A cu whose port names do not match its port count is refused, naming the key.
    std::ifstream in(std::string(LX_SOURCE_DIR) + "/resources/arch/gfx1250.json");
    std::stringstream text;
    text << in.rdbuf();
    std::string broken = text.str();
    const size_t at = broken.find("\"C\"");
    QVERIFY(at != std::string::npos);
    broken.replace(at, 3, "\"C\", \"D\"");
    const Expected<Architecture> bad = parseArchitecture(broken);
    QVERIFY(!bad);
    QVERIFY2(QString::fromStdString(bad.message()).contains(u"portNames"_qs),
             bad.message().c_str());
}

QTEST_APPLESS_MAIN(TestArch)
#include "tst_arch.moc"
