// The TTGIR module reader (io/ttgir.h): what it reads from a module, what it skips, and the
// errors and partial results for text it cannot read.

#include "analysis/kernel.h"
#include "io/ttgir.h"

#include <QFile>
#include <QTest>

using namespace lx;

namespace {

// A small module in Triton's printed form, with an op of an unknown dialect (with a region), a
// generic-form op with a region, an scf.for holding an scf.if, and loc aliases at the end.
const char *const kModule =
    R"(#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.amd_wmma<{version = 3, isTranspose = true, warpsPerCTA = [2, 2], instrShape = [16, 16, 32]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#rot = #ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [0, 1]}>
#smem = #ttg.shared_memory
#loc = loc("k.py":1:0)
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%p: !tt.ptr<f16> loc("p"(#loc))) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32 loc(#loc)
    %x = tt.load %ptrs : tensor<64x32x!tt.ptr<f16>, #blocked> loc(#loc3)
    %a = ttg.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem> loc(#loc4)
    mystery.op %x {weird = [1, {2}]} : tensor<64x32xf16, #blocked> {
      mystery.inner %x : tensor<64x32xf16, #blocked>
    } loc(#loc)
    %r:2 = scf.for %i = %c0_i32 to %c0_i32 step %c0_i32 iter_args(%s = %x, %t = %x) -> (tensor<64x32xf16, #blocked>, tensor<64x32xf16, #blocked>)  : i32 {
      %b = scf.if %cond -> (tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>) {
        %l = ttg.local_load %a : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>> loc(#loc5)
        scf.yield %l : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>> loc(#loc)
      } else {
        scf.yield %z : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>> loc(#loc)
      } loc(#loc)
      %m = "tt.reduce"(%s) <{axis = 1 : i32}> ({
      ^bb0(%u: f32 loc(unknown), %v: f32 loc(unknown)):
        %w = arith.maxnumf %u, %v : f32 loc(#loc)
        tt.reduce.return %w : f32 loc(#loc)
      }) : (tensor<64x32xf16, #blocked>) -> tensor<64xf16, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc)
      scf.yield %s, %t : tensor<64x32xf16, #blocked>, tensor<64x32xf16, #blocked> loc(#loc)
    } loc(#loc)
    %c = ttg.convert_layout %x : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>> loc(#loc)
    tt.return loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc1 = loc("k.py":3:4)
#loc2 = loc("k.py":4:4)
#loc3 = loc("x"(#loc1))
#loc4 = loc("a_smem"(#loc2))
#loc5 = loc(callsite(#loc6 at #loc4))
#loc6 = loc("inner_load"(#loc1))
)";

} // namespace

class TestTtgir : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void moduleAttributes();
    void aliases();
    void ops();
    void types();
    void malformed_data();
    void malformed();
    void tooLarge();
    void deepNesting();
    void typeNotMatchingItsAlias();
    void parseLargestModule();
};

void TestTtgir::moduleAttributes()
{
    Expected<TtgirModule> m = parseTtgir(kModule);
    QVERIFY2(m.hasValue(), m ? "" : m.message().c_str());
    QCOMPARE(m->target, std::string("hip:gfx1250"));
    QCOMPARE(m->arch, std::string("gfx1250"));
    QCOMPARE(m->numWarps, 4);
    QCOMPARE(m->threadsPerWarp, 32);
    QCOMPARE(m->numCtas, 1);
}

void TestTtgir::aliases()
{
    Expected<TtgirModule> m = parseTtgir(kModule);
    QVERIFY(m.hasValue());
    // blocked, mma, shared, rot are layouts; smem and the locs are kept as text only.
    QCOMPARE(m->layoutAliases().size(), size_t(4));
    QVERIFY(m->alias("blocked")->attr);
    QVERIFY(m->alias("mma")->attr);
    QVERIFY(m->alias("smem") && !m->alias("smem")->attr && m->alias("smem")->error.empty());
    QCOMPARE(m->alias("smem")->text, std::string("#ttg.shared_memory"));
    const TtgirAlias *rot = m->alias("rot");
    QVERIFY(rot && rot->attr && rot->attr->as<SwizzledSharedAttr>());
    QVERIFY(rot->note.find("rotation") != std::string::npos);
    QCOMPARE(rot->line, 4);
}

void TestTtgir::ops()
{
    Expected<TtgirModule> m = parseTtgir(kModule);
    QVERIFY(m.hasValue());
    std::vector<std::string> names;
    for (const TtgirOp &op : m->ops)
        names.push_back(op.name);
    // arith / scf / mystery ops are skipped; the data ops (a reduction may go through LDS)
    // stay, in text order.
    QCOMPARE(names, (std::vector<std::string>{"tt.load", "ttg.local_alloc", "ttg.local_load",
                                              "tt.reduce", "ttg.convert_layout"}));
    const TtgirOp &load = m->ops[0];
    QCOMPARE(load.line, 10);
    QCOMPARE(load.locName, std::string("x"));
    const TtgirOp &alloc = m->ops[1];
    QCOMPARE(alloc.results, std::vector<std::string>{"%a"});
    QCOMPARE(alloc.operands, std::vector<std::string>{"%x"});
    QCOMPARE(alloc.locName, std::string("a_smem"));
    QVERIFY(alloc.regions.empty());
    const TtgirOp &ll = m->ops[2];
    QCOMPARE(ll.line, 17);
    QCOMPARE(ll.column, 9);
    // callsite(#loc6 at #loc4): the callee's name.
    QCOMPARE(ll.locName, std::string("inner_load"));
    QCOMPARE(ll.regions.size(), size_t(2));
    QCOMPARE(ll.regions[0].op, std::string("scf.for"));
    QCOMPARE(ll.regions[0].line, 15);
    QCOMPARE(ll.regions[0].result, std::string("%r"));
    QCOMPARE(ll.regions[1].op, std::string("scf.if"));
    QVERIFY(m->ops[4].regions.empty()); // after the loop
    QCOMPARE(m->ops[4].line, 29);
}

void TestTtgir::types()
{
    Expected<TtgirModule> m = parseTtgir(kModule);
    QVERIFY(m.hasValue());
    const TtgirOp &alloc = m->ops[1];
    QCOMPARE(alloc.types.size(), size_t(2));
    QCOMPARE(alloc.arrowIndex, 1);
    const TtgirType &t = alloc.types[0];
    QVERIFY(t.isTensor());
    QCOMPARE(t.shape, (std::vector<int32_t>{64, 32}));
    QCOMPARE(t.elementType, std::string("f16"));
    QCOMPARE(t.encodingText, std::string("#blocked"));
    QVERIFY(t.encoding && t.encoding->as<BlockedAttr>());
    const TtgirType &md = alloc.types[1];
    QVERIFY(md.isMemDesc());
    QCOMPARE(md.memorySpace, std::string("#smem"));
    QVERIFY(!md.isMutable);
    QVERIFY(md.encoding && md.encoding->as<SwizzledSharedAttr>());
    // An inline attribute in a type.
    const TtgirType &dst = m->ops[2].types.back();
    QCOMPARE(dst.encodingText, std::string("#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>"));
    QVERIFY(dst.encoding && dst.encoding->as<DotOperandAttr>());
    // A pointer element type.
    QCOMPARE(m->ops[0].types[0].elementType, std::string("!tt.ptr<f16>"));
    // A memdesc with buffers, mutable and an allocation shape.
    Expected<TtgirModule> m2 =
        parseTtgir("#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, "
                   "0]}>\n%a = ttg.memdesc_index %b[%c] : !ttg.memdesc<2x64x32xbf16, #s, #smem, "
                   "mutable> -> !ttg.memdesc<64x32xbf16, #s, #smem, mutable, 2x64x32>\n");
    QVERIFY2(m2.hasValue(), m2 ? "" : m2.message().c_str());
    QCOMPARE(m2->ops.size(), size_t(1));
    const TtgirType &v = m2->ops[0].types[1];
    QVERIFY(v.isMutable);
    QCOMPARE(v.allocShape, (std::vector<int32_t>{2, 64, 32}));
    QCOMPARE(m2->ops[0].types[0].shape, (std::vector<int32_t>{2, 64, 32}));
}

void TestTtgir::malformed_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("message");
    const QByteArray module(kModule);
    // Cut in the middle of the loop: the regions opened above are never closed.
    QTest::newRow("truncated") << module.left(module.indexOf("%m = ")) << u"never closed"_qs;
    QTest::newRow("cut inside a type")
        << module.left(module.indexOf("#shared, #smem>")) << u"never closed"_qs;
    QTest::newRow("stray brace") << QByteArray("}\n") << u"1:1: '}' closes no region"_qs;
    QTest::newRow("mismatched bracket")
        << QByteArray("%a = tt.load %p : tensor<4xf16)\n") << u"1:31: expected '>'"_qs;
    QTest::newRow("undefined alias") << QByteArray("%a = tt.load %p : tensor<4xf16, #nope>\n")
                                     << u"1:33: undefined alias '#nope'"_qs;
    QTest::newRow("byte outside a string")
        << QByteArray("%a = tt.load %p \xff : tensor<4xf16>\n") << u"1:17: unexpected byte 255"_qs;
    QTest::newRow("unterminated string")
        << QByteArray("module attributes {ttg.target = \"hip:gfx950} {\n}\n")
        << u"1:33: unterminated string"_qs;
    QTest::newRow("empty") << QByteArray("  // nothing\n") << u"no TTGIR module"_qs;
    QTest::newRow("dynamic dim") << QByteArray("%a = tt.load %p : tensor<?x4xf16>\n")
                                 << u"dynamic dimensions"_qs;
    QTest::newRow("no results before =")
        << QByteArray("%a tt.load %p : tensor<4xf16>\n") << u"1:4: expected '='"_qs;
}

void TestTtgir::malformed()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, message);
    Expected<TtgirModule> m = parseTtgir(std::string_view(text.constData(), size_t(text.size())));
    QVERIFY(!m.hasValue());
    QVERIFY2(QString::fromStdString(m.message()).contains(message), m.message().c_str());
}

void TestTtgir::tooLarge()
{
    // 50 MB of otherwise valid text is refused up front, with the size in the message.
    std::string big(size_t(50) << 20, ' ');
    Expected<TtgirModule> m = parseTtgir(big);
    QVERIFY(!m.hasValue());
    QVERIFY(m.message().find("50 MiB") != std::string::npos);
}

void TestTtgir::deepNesting()
{
    // 300 nested regions and 300 nested brackets: an error, not a stack overflow.
    std::string regions;
    for (int i = 0; i < 300; ++i)
        regions += "scf.if %c {\n";
    for (int i = 0; i < 300; ++i)
        regions += "}\n";
    Expected<TtgirModule> a = parseTtgir(regions);
    QVERIFY(!a.hasValue());
    QVERIFY(a.message().find("nested too deeply") != std::string::npos);
    const std::string brackets = "%a = tt.load %p : tensor<4xf16> {x = " + std::string(300, '[') +
                                 std::string(300, ']') + "}\n";
    Expected<TtgirModule> b = parseTtgir(brackets);
    QVERIFY(!b.hasValue());
    QVERIFY(b.message().find("nested too deeply") != std::string::npos);
}

void TestTtgir::typeNotMatchingItsAlias()
{
    // A 2-D layout on a 3-D tensor, and an alias the #ttg reader refuses: the module is read,
    // the analysis names the cause on the ops that use them and goes on with the others.
    const char *text =
        R"(#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#bad = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], colour = 3}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
  %a = ttg.local_alloc %x : (tensor<2x64x32xf16, #blocked>) -> !ttg.memdesc<2x64x32xf16, #shared, #ttg.shared_memory>
  %b = ttg.local_alloc %y : (tensor<64x32xf16, #bad>) -> !ttg.memdesc<64x32xf16, #shared, #ttg.shared_memory>
  %c = ttg.local_alloc %y : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #ttg.shared_memory>
}
)";
    Expected<TtgirModule> m = parseTtgir(text);
    QVERIFY2(m.hasValue(), m ? "" : m.message().c_str());
    QVERIFY(m->alias("bad")->error.find("2:") == 0);
    QVERIFY(m->alias("bad")->error.find("colour") != std::string::npos);
    Expected<KernelReport> r = analyzeKernel(*m);
    QVERIFY(r.hasValue());
    QCOMPARE(r->ops.size(), size_t(3));
    QVERIFY2(r->ops[0].problem.find("#blocked does not fit") != std::string::npos,
             r->ops[0].problem.c_str());
    QVERIFY2(r->ops[1].problem.find("colour") != std::string::npos, r->ops[1].problem.c_str());
    QVERIFY(r->ops[0].isProblem() && r->ops[1].isProblem());
    // The third is fine: 64x32 fp16 = 4096 B, written 8 elements at a time (ds_store_b128).
    QVERIFY2(r->ops[2].problem.empty(), r->ops[2].problem.c_str());
    QCOMPARE(r->ops[2].bytes, int64_t(4096));
    QCOMPARE(r->ops[2].instruction, std::string("ds_store_b128"));
    QVERIFY(!r->notes.empty());
}

void TestTtgir::parseLargestModule()
{
    // The largest module of tests/data/kernels (a measurement, printed by QBENCHMARK).
    QFile f(QStringLiteral(LX_TEST_DATA_DIR "/kernels/attn_gfx950_128x64x128_w4.ttgir"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const std::string text = f.readAll().toStdString();
    QBENCHMARK
    {
        Expected<TtgirModule> m = parseTtgir(text);
        QVERIFY(m.hasValue());
    }
}

QTEST_GUILESS_MAIN(TestTtgir)
#include "tst_ttgir.moc"
