// The NVIDIA layouts: Triton's own unit-test vectors for the MMA v2/v3 accumulators, their dot
// operands and slices, and the NVMMA shared layout, replayed through the #ttg reader and the
// builders; the refusals with Triton's and Gluon's reasons; and the #ttg / Gluon text forms.
//
// Source of the vectors: triton-lang/triton
// unittest/Dialect/TritonGPU/LinearLayoutConversionsTest.cpp. Rows marked [db1ed003] were read at
// commit db1ed003402dba242f67073bd5c2365a875db310; rows marked [main] come from a later main of the
// same file (the one whose fixture builds CGAs with CGAEncodingAttr::fromSplitParams and ends with
// NvmmaSharedToLinearLayout_TMAModeIndependence; the public index it was read from does not record
// that commit). The test names are Triton's.

#include "io/gluonjson.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "layout/layoututils.h"
#include "layout/linearlayout.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using namespace lx;
using json = nlohmann::json;
using Bases = std::vector<lx::Basis>;

Q_DECLARE_METATYPE(lx::LinearLayout)

namespace {

// Triton's LinearLayout(bases, outDimNames): out sizes inferred from the bases.
LinearLayout distributed(const Bases &reg, const Bases &lane, const Bases &warp, int rank,
                         const Bases &block = {})
{
    Expected<LinearLayout> l = LinearLayout::tryCreateInferred(
        {{"register", reg}, {"lane", lane}, {"warp", warp}, {"block", block}},
        standardOutDimNames(rank));
    if (!l)
        qFatal("bad expected layout: %s", l.message().c_str());
    return *l;
}

LinearLayout shared(const Bases &offset, int rank)
{
    Expected<LinearLayout> l = LinearLayout::tryCreateInferred({{"offset", offset}, {"block", {}}},
                                                               standardOutDimNames(rank));
    if (!l)
        qFatal("bad expected layout: %s", l.message().c_str());
    return *l;
}

QByteArray text(const LinearLayout &l)
{
    return QByteArray::fromStdString(l.toString());
}

const char *kMma3_16x16x8_w4x1 =
    "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, "
    "16, 8]}>";
const char *kMma2_w1x1 =
    "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, "
    "8]}>";

std::string nvmma(int swizzle, bool transposed, int bits, int rank = 2, bool fp4 = false)
{
    return "#ttg.nvmma_shared<{swizzlingByteWidth = " + std::to_string(swizzle) +
           ", transposed = " + (transposed ? "true" : "false") +
           ", elementBitWidth = " + std::to_string(bits) + (fp4 ? ", fp4Padded = true" : "") +
           (rank != 2 ? ", rank = " + std::to_string(rank) : "") + "}>";
}

} // namespace

class TestNvidiaLayouts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tritonVectors_data();
    void tritonVectors();
    void derivedVectors_data();
    void derivedVectors();
    void refusals_data();
    void refusals();
    void textRoundTrip_data();
    void textRoundTrip();
    void gluonFormsAgree();
    void defaultFor_data();
    void defaultFor();
};

void TestNvidiaLayouts::tritonVectors_data()
{
    QTest::addColumn<QString>("attr");
    QTest::addColumn<QList<int>>("shape");
    QTest::addColumn<LinearLayout>("expected");
    auto row = [](const char *name, const std::string &attr, QList<int> shape,
                  const LinearLayout &expected) {
        QTest::newRow(name) << QString::fromStdString(attr) << shape << expected;
    };
    const Bases lane8x4 = {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}};

    // ---- MMA v3 (Hopper): the warp tile is 16 rows; 4 lanes x 2 registers walk 8 columns, 8
    // lanes walk 8 rows, a register jumps 8 rows, the next register 8 columns. Warps stack along
    // M first: warps 1, 2 are rows 16, 32.
    for (const char *instr : {"[16, 16, 8]", "[16, 8, 8]"}) {
        const std::string attr = std::string("#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, "
                                             "warpsPerCTA = [4, 1], instrShape = ") +
                                 instr + "}>";
        row(instr[5] == '1' ? "MMAv3_64x16 [db1ed003] 16x16x8" : "MMAv3_64x16 [db1ed003] 16x8x8",
            attr, {64, 16}, distributed({{0, 1}, {8, 0}, {0, 8}}, lane8x4, {{16, 0}, {32, 0}}, 2));
    }
    // 128 rows: the four warps cover 64, the rest repeats in a register.
    row("MMAv3_128x16 [db1ed003]", kMma3_16x16x8_w4x1, {128, 16},
        distributed({{0, 1}, {8, 0}, {0, 8}, {64, 0}}, lane8x4, {{16, 0}, {32, 0}}, 2));
    // Repetitions: N (the register order's minor dim) before M.
    row("MMAv3_1024x1024 [db1ed003]", kMma3_16x16x8_w4x1, {1024, 1024},
        distributed({{0, 1},
                     {8, 0},
                     {0, 8},
                     {0, 16},
                     {0, 32},
                     {0, 64},
                     {0, 128},
                     {0, 256},
                     {0, 512},
                     {64, 0},
                     {128, 0},
                     {256, 0},
                     {512, 0}},
                    lane8x4, {{16, 0}, {32, 0}}, 2));
    const std::string w4x2 = "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = "
                             "[4, 2], instrShape = [16, 32, 16]}>";
    // A 32-column tile: registers {0, 8}, {0, 16}; the second warp column is 32 columns over, so
    // it broadcasts when N is 32.
    row("MMAv3_4x2Warps 64x32 [db1ed003]", w4x2, {64, 32},
        distributed({{0, 1}, {8, 0}, {0, 8}, {0, 16}}, lane8x4, {{16, 0}, {32, 0}, {0, 0}}, 2));
    row("MMAv3_4x2Warps 64x64 [db1ed003]", w4x2, {64, 64},
        distributed({{0, 1}, {8, 0}, {0, 8}, {0, 16}}, lane8x4, {{16, 0}, {32, 0}, {0, 32}}, 2));
    row("MMAv3_4x2Warps 128x64 [db1ed003]", w4x2, {128, 64},
        distributed({{0, 1}, {8, 0}, {0, 8}, {0, 16}, {64, 0}}, lane8x4,
                    {{16, 0}, {32, 0}, {0, 32}}, 2));
    row("MMAv3_4x2Warps 256x64 [db1ed003]", w4x2, {256, 64},
        distributed({{0, 1}, {8, 0}, {0, 8}, {0, 16}, {64, 0}, {128, 0}}, lane8x4,
                    {{16, 0}, {32, 0}, {0, 32}}, 2));
    const std::string w4x4 = "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = "
                             "[4, 4], instrShape = [16, 16, 8]}>";
    const Bases r3 = {{0, 1}, {8, 0}, {0, 8}};
    row("MMAv3_4x4Warps 16x16 [db1ed003]", w4x4, {16, 16},
        distributed(r3, lane8x4, {{0, 0}, {0, 0}, {0, 0}, {0, 0}}, 2));
    row("MMAv3_4x4Warps 32x16 [db1ed003]", w4x4, {32, 16},
        distributed(r3, lane8x4, {{16, 0}, {0, 0}, {0, 0}, {0, 0}}, 2));
    row("MMAv3_4x4Warps 64x16 [db1ed003]", w4x4, {64, 16},
        distributed(r3, lane8x4, {{16, 0}, {32, 0}, {0, 0}, {0, 0}}, 2));
    row("MMAv3_4x4Warps 128x16 [db1ed003]", w4x4, {128, 16},
        distributed({{0, 1}, {8, 0}, {0, 8}, {64, 0}}, lane8x4, {{16, 0}, {32, 0}, {0, 0}, {0, 0}},
                    2));
    row("MMAv3_4x4Warps 32x32 [db1ed003]", w4x4, {32, 32},
        distributed(r3, lane8x4, {{16, 0}, {0, 0}, {0, 16}, {0, 0}}, 2));
    row("MMAv3_4x4Warps 64x32 [db1ed003]", w4x4, {64, 32},
        distributed(r3, lane8x4, {{16, 0}, {32, 0}, {0, 16}, {0, 0}}, 2));

    // ---- MMA v2 (Ampere): the same 16x8 warp tile, warps in row-major order.
    const std::string mma2 = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = "
                             "[1, 1], instrShape = [16, 8]}>";
    row("MMAv2_16x16 [main]", mma2, {16, 16}, distributed(r3, lane8x4, {}, 2));
    row("MMAv2_32x32 [main]", mma2, {32, 32},
        distributed({{0, 1}, {8, 0}, {0, 8}, {0, 16}, {16, 0}}, lane8x4, {}, 2));
    row("MMAv2_ExtendDim2 [main]", mma2, {16, 128},
        distributed({{0, 1}, {8, 0}, {0, 8}, {0, 16}, {0, 32}, {0, 64}}, lane8x4, {}, 2));
    // CTAsPerCGA [4, 2, 2], CTASplitNum [4, 2, 1], CTAOrder [2, 1, 0]: dim2 is shared by two
    // CTAs (a zero block basis), dim1 split in two (64 rows each), dim0 in four (16 each).
    const std::string cga = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = "
                            "[16, 1, 1], CTAsPerCGA = [4, 2, 2], CTASplitNum = [4, 2, 1], "
                            "CTAOrder = [2, 1, 0], instrShape = [1, 16, 8]}>";
    const Bases cgaReg = {{0, 0, 1},  {0, 8, 0},  {0, 0, 8},  {0, 0, 16},
                          {0, 0, 32}, {0, 0, 64}, {0, 16, 0}, {0, 32, 0}};
    const Bases cgaLane = {{0, 0, 2}, {0, 0, 4}, {0, 1, 0}, {0, 2, 0}, {0, 4, 0}};
    row("MMAv2_Cga [main]", cga, {64, 128, 128},
        distributed(cgaReg, cgaLane, {{1, 0, 0}, {2, 0, 0}, {4, 0, 0}, {8, 0, 0}}, 3,
                    {{0, 0, 0}, {0, 64, 0}, {16, 0, 0}, {32, 0, 0}}));
    row("MMAv2_Small3D [main]", cga, {1, 128, 128},
        distributed(cgaReg, cgaLane, {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}}, 3,
                    {{0, 0, 0}, {0, 64, 0}, {0, 0, 0}, {0, 0, 0}}));

    // ---- dot operands. Ampere A with kWidth 8: 8 registers and 4 lanes walk 32 columns of K, 8
    // lanes the rows; B walks K down the rows the same way.
    auto dot = [](const std::string &parent, int opIdx, int kWidth) {
        return "#ttg.dot_op<{opIdx = " + std::to_string(opIdx) + ", parent = " + parent +
               ", kWidth = " + std::to_string(kWidth) + "}>";
    };
    row("DotMMAv2_tile_kwidth8 A [db1ed003]", dot(kMma2_w1x1, 0, 8), {16, 64},
        distributed({{0, 1}, {0, 2}, {0, 4}, {8, 0}, {0, 32}},
                    {{0, 8}, {0, 16}, {1, 0}, {2, 0}, {4, 0}}, {}, 2));
    row("DotMMAv2_tile_kwidth8 B [db1ed003]", dot(kMma2_w1x1, 1, 8), {64, 8},
        distributed({{1, 0}, {2, 0}, {4, 0}, {32, 0}}, {{8, 0}, {16, 0}, {0, 1}, {0, 2}, {0, 4}},
                    {}, 2));
    const std::string w4 = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = "
                           "[4, 1], instrShape = [16, 8]}>";
    row("DotMMAv2_large_warp4_kwidth8 A [db1ed003]", dot(w4, 0, 8), {128, 128},
        distributed({{0, 1}, {0, 2}, {0, 4}, {8, 0}, {0, 32}, {0, 64}, {64, 0}},
                    {{0, 8}, {0, 16}, {1, 0}, {2, 0}, {4, 0}}, {{16, 0}, {32, 0}}, 2));
    // B broadcasts over the four warps that split M.
    row("DotMMAv2_large_warp4_kwidth8 B [db1ed003]", dot(w4, 1, 8), {128, 64},
        distributed({{1, 0}, {2, 0}, {4, 0}, {32, 0}, {64, 0}, {0, 8}, {0, 16}, {0, 32}},
                    {{8, 0}, {16, 0}, {0, 1}, {0, 2}, {0, 4}}, {{0, 0}, {0, 0}}, 2));
    const std::string w2x2 = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = "
                             "[2, 2], instrShape = [16, 8]}>";
    row("DotMMAv2_split_warp_kwidth8 A [db1ed003]", dot(w2x2, 0, 8), {32, 64},
        distributed({{0, 1}, {0, 2}, {0, 4}, {8, 0}, {0, 32}},
                    {{0, 8}, {0, 16}, {1, 0}, {2, 0}, {4, 0}}, {{0, 0}, {16, 0}}, 2));
    row("DotMMAv2_split_warp_kwidth8 B [db1ed003]", dot(w2x2, 1, 8), {128, 32},
        distributed({{1, 0}, {2, 0}, {4, 0}, {32, 0}, {64, 0}, {0, 16}},
                    {{8, 0}, {16, 0}, {0, 1}, {0, 2}, {0, 4}}, {{0, 8}, {0, 0}}, 2));
    const std::string w242 = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = "
                             "[2, 4, 2], instrShape = [1, 16, 8]}>";
    row("DotMMAv2_3D A [db1ed003]", dot(w242, 0, 8), {16, 128, 128},
        distributed({{0, 0, 1},
                     {0, 0, 2},
                     {0, 0, 4},
                     {0, 8, 0},
                     {0, 0, 32},
                     {0, 0, 64},
                     {0, 64, 0},
                     {2, 0, 0},
                     {4, 0, 0},
                     {8, 0, 0}},
                    {{0, 0, 8}, {0, 0, 16}, {0, 1, 0}, {0, 2, 0}, {0, 4, 0}},
                    {{0, 0, 0}, {0, 16, 0}, {0, 32, 0}, {1, 0, 0}}, 3));
    row("DotMMAv3_warp4_kwidth2 64x16 [db1ed003]", dot(kMma3_16x16x8_w4x1, 0, 2), {64, 16},
        distributed(r3, lane8x4, {{16, 0}, {32, 0}}, 2));
    row("DotMMAv3_warp4_kwidth2 128x32 [db1ed003]", dot(kMma3_16x16x8_w4x1, 0, 2), {128, 32},
        distributed({{0, 1}, {8, 0}, {0, 8}, {0, 16}, {64, 0}}, lane8x4, {{16, 0}, {32, 0}}, 2));
    const std::string v3w4x2 = "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, "
                               "warpsPerCTA = [4, 2], instrShape = [16, 16, 8]}>";
    row("DotMMAv3_mixed_warp_kwidth4 [db1ed003]", dot(v3w4x2, 0, 4), {128, 64},
        distributed({{0, 1}, {0, 2}, {8, 0}, {0, 16}, {0, 32}, {64, 0}},
                    {{0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 0}}, {{16, 0}, {32, 0}, {0, 0}}, 2));
    // SliceDot: slicing K away leaves the rows; the lanes that walked K broadcast.
    row("SliceDot v2 [db1ed003]", "#ttg.slice<{dim = 1, parent = " + dot(kMma2_w1x1, 0, 8) + "}>",
        {16}, distributed({{8}}, {{0}, {0}, {1}, {2}, {4}}, {}, 1));
    row("SliceDot v3 [db1ed003]",
        "#ttg.slice<{dim = 0, parent = " + dot(kMma3_16x16x8_w4x1, 0, 2) + "}>", {16},
        distributed({{1}, {8}}, {{2}, {4}, {0}, {0}, {0}}, {{0}, {0}}, 1));

    // ---- NVMMA shared. 16-bit, 32-byte swizzle: vec = 8 elements (16 bytes), perPhase = 4,
    // maxPhase = 2, a core matrix of 8 rows x 16 columns. Rows 1 and 2 stay in phase 0; row 4 is
    // phase 1 and XORs its column with 8.
    row("LeadingOffset_8x16_4_2 [db1ed003]", nvmma(32, false, 16), {8, 16},
        shared({{0, 1}, {0, 2}, {0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 8}}, 2));
    row("LeadingOffset_128x16_4_2 [db1ed003]", nvmma(32, false, 16), {128, 16},
        shared({{0, 1},
                {0, 2},
                {0, 4},
                {0, 8},
                {1, 0},
                {2, 0},
                {4, 8},
                {8, 0},
                {16, 0},
                {32, 0},
                {64, 0}},
               2));
    // 64 bytes: perPhase 2, maxPhase 4: row 2 is phase 1 (column 8), row 4 phase 2 (column 16).
    row("LeadingOffset_8x32_2_4 [db1ed003]", nvmma(64, false, 16), {8, 32},
        shared({{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {1, 0}, {2, 8}, {4, 16}}, 2));
    // 128 bytes: every row its own phase; row r XORs column 8 r.
    row("LeadingOffset_8x64_1_8 [db1ed003]", nvmma(128, false, 16), {8, 64},
        shared({{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32}, {1, 8}, {2, 16}, {4, 32}}, 2));
    // 32-bit elements: a 128-byte span is 32 columns, vec 4; the 64 columns are two TMA boxes,
    // the second after every row of the first.
    row("LeadingOffset_8x64_1_8_32b [db1ed003]", nvmma(128, false, 32), {8, 64},
        shared({{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {1, 4}, {2, 8}, {4, 16}, {0, 32}}, 2));
    // Transposed: dim0 is contiguous (32 elements per span), dim1 the rows.
    row("LeadingOffset_128x128_1_8_128b_transposed [main]", nvmma(128, true, 32), {128, 128},
        shared({{1, 0},
                {2, 0},
                {4, 0},
                {8, 0},
                {16, 0},
                {4, 1},
                {8, 2},
                {16, 4},
                {0, 8},
                {0, 16},
                {0, 32},
                {0, 64},
                {32, 0},
                {64, 0}},
               2));
    // Rank 3: the outer dims collapse into the rows of the swizzle (dim1 first, then dim0).
    row("LeadingOffset_32x4x64_1_8_32b [main]", nvmma(64, false, 32, 3), {32, 4, 64},
        shared({{0, 0, 1},
                {0, 0, 2},
                {0, 0, 4},
                {0, 0, 8},
                {0, 1, 0},
                {0, 2, 4},
                {1, 0, 8},
                {2, 0, 0},
                {4, 0, 0},
                {8, 0, 0},
                {16, 0, 0},
                {0, 0, 16},
                {0, 0, 32}},
               3));
    row("LeadingOffset_64x4x32_1_8_32b_transposed [main]", nvmma(64, true, 32, 3), {64, 4, 32},
        shared({{1, 0, 0},
                {2, 0, 0},
                {4, 0, 0},
                {8, 0, 0},
                {0, 0, 4},
                {4, 0, 8},
                {8, 0, 16},
                {0, 1, 0},
                {0, 2, 0},
                {0, 0, 1},
                {0, 0, 2},
                {16, 0, 0},
                {32, 0, 0}},
               3));
    // fp4 padded: of each 16 offsets the upper 8 are padding and alias the lower 8 (offset 8 ->
    // column 0); the swizzle XORs packed columns (row r: 8 r).
    row("MMAv5Fp4Padded [db1ed003]", nvmma(128, false, 8, 2, true), {32, 64},
        shared({{0, 1},
                {0, 2},
                {0, 4},
                {0, 0},
                {0, 8},
                {0, 16},
                {0, 32},
                {1, 8},
                {2, 16},
                {4, 32},
                {8, 0},
                {16, 0}},
               2));
}

// Not Triton vectors: the TMA box split without a swizzle and a CGA, derived by hand from
// getTMABlockShape and nvmmaSharedToLinearLayout (docs/nvidia-layouts.md §4).
void TestNvidiaLayouts::derivedVectors_data()
{
    QTest::addColumn<QString>("attr");
    QTest::addColumn<QList<int>>("shape");
    QTest::addColumn<LinearLayout>("expected");
    // 16 x 512 fp16, no swizzle: the box is clamped to 256 columns, so offsets 0-4095 are columns
    // 0-255 of the 16 rows (8 column bits, then 4 row bits) and offset bit 12 moves to column 256.
    QTest::newRow("no swizzle, two boxes")
        << QString::fromStdString(nvmma(0, false, 16)) << QList<int>{16, 512}
        << shared({{0, 1},
                   {0, 2},
                   {0, 4},
                   {0, 8},
                   {0, 16},
                   {0, 32},
                   {0, 64},
                   {0, 128},
                   {1, 0},
                   {2, 0},
                   {4, 0},
                   {8, 0},
                   {0, 256}},
                  2);
    // 64 x 128 fp16, 128-byte swizzle, two CTAs splitting dim1: each holds a 64 x 64 box, the
    // 128-byte core matrix (row r XORs column 8 r) repeated down 64 rows; block bit 0 is column 64.
    Expected<LinearLayout> cga = LinearLayout::tryCreateInferred({{"offset",
                                                                   {{0, 1},
                                                                    {0, 2},
                                                                    {0, 4},
                                                                    {0, 8},
                                                                    {0, 16},
                                                                    {0, 32},
                                                                    {1, 8},
                                                                    {2, 16},
                                                                    {4, 32},
                                                                    {8, 0},
                                                                    {16, 0},
                                                                    {32, 0}}},
                                                                  {"block", {{0, 64}}}},
                                                                 standardOutDimNames(2));
    QVERIFY(cga);
    QTest::newRow("two CTAs")
        << QStringLiteral("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
                          "elementBitWidth = 16, CGALayout = [[0, 1]]}>")
        << QList<int>{64, 128} << *cga;
}

void TestNvidiaLayouts::derivedVectors()
{
    tritonVectors();
}

void TestNvidiaLayouts::tritonVectors()
{
    QFETCH(QString, attr);
    QFETCH(QList<int>, shape);
    QFETCH(LinearLayout, expected);
    Expected<LayoutAttrPtr> parsed = parseTtg(attr.toStdString());
    QVERIFY2(parsed, parsed ? "" : parsed.message().c_str());
    Expected<LinearLayout> got =
        toLinearLayout(**parsed, std::vector<int32_t>(shape.begin(), shape.end()));
    QVERIFY2(got, got ? "" : got.message().c_str());
    QVERIFY2(*got == expected, text(*got) + "\nexpected\n" + text(expected));
}

void TestNvidiaLayouts::refusals_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QList<int>>("shape");
    QTest::addColumn<QString>("message");
    auto row = [](const char *name, const std::string &in, QList<int> shape, const char *m) {
        QTest::newRow(name) << QString::fromStdString(in) << shape << QString::fromUtf8(m);
    };
    // The reader: Triton's verifiers and Gluon's constructor checks, at the field.
    row("swizzle 48", "#ttg.nvmma_shared<{swizzlingByteWidth = 48, elementBitWidth = 16}>", {},
        "1:41: swizzlingByteWidth must be 0, 32, 64, or 128");
    row("element width 12", nvmma(128, false, 12), {}, "elementBitWidth must be 8, 16, 32 or 64");
    row("fp4 without 128B", nvmma(64, false, 8, 2, true), {},
        "fp4Padded only supports 128 byte swizzling");
    row("fp4 with 16-bit", nvmma(128, false, 16, 2, true), {},
        "fp4Padded is only supported for elementBitWidth = 8");
    row("gluon swizzle", "ttgl.NVMMASharedLayout(swizzle_byte_width=16, element_bitwidth=16)", {},
        "swizzlingByteWidth must be 0, 32, 64, or 128");
    row("hopper B from registers",
        "#ttg.dot_op<{opIdx = 1, parent = " + std::string(kMma3_16x16x8_w4x1) + ", kWidth = 2}>",
        {}, "Hopper WGMMA only allows the first operand to be in registers");
    row("kWidth missing", "#ttg.dot_op<{opIdx = 0, parent = " + std::string(kMma2_w1x1) + "}>", {},
        "kWidth is mandatory for an Ampere or Hopper MMA parent");
    row("volta", "#ttg.nvidia_mma<{versionMajor = 1, warpsPerCTA = [1, 1], instrShape = [16, 8]}>",
        {}, "versionMajor: 1 has no layout here");
    row("ampere instr",
        "#ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [1, 1], instrShape = "
        "[16, 16]}>",
        {}, "instrShape: an Ampere MMA layout has instrShape [16, 8]");
    // The builder: a tile too narrow for its swizzle (getTMABlockShape), too few rows for a core
    // matrix, and a rank the attribute does not have.
    row("block too small", nvmma(128, false, 16), {64, 32},
        "Block shape is too small for the swizzle byte size in NVMMA Shared Layout");
    row("too few rows", nvmma(64, false, 16), {4, 32},
        "Illegal shared layout; expected collapsed shapePerCTA to be at least [8, 32]");
    row("rank mismatch", nvmma(0, false, 16), {64},
        "the NVMMA shared layout has rank 2, but the tensor has rank 1");
}

void TestNvidiaLayouts::refusals()
{
    QFETCH(QString, input);
    QFETCH(QList<int>, shape);
    QFETCH(QString, message);
    Expected<LayoutAttrPtr> parsed = parseLayoutText(input.toStdString());
    QString got;
    if (!parsed) {
        got = QString::fromStdString(parsed.message());
    } else {
        QVERIFY2(!shape.isEmpty(), "the text was accepted");
        Expected<LinearLayout> l =
            toLinearLayout(**parsed, std::vector<int32_t>(shape.begin(), shape.end()));
        QVERIFY2(!l, "the layout was built");
        got = QString::fromStdString(l.message());
    }
    QVERIFY2(got.contains(message), qPrintable(got));
}

// The printed forms of Triton 3.6 modules read back and print the same.
void TestNvidiaLayouts::textRoundTrip_data()
{
    QTest::addColumn<QString>("input");
    QTest::newRow("ampere") << QStringLiteral(
        "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 2], "
        "instrShape = [16, 8]}>");
    QTest::newRow("hopper") << QStringLiteral(
        "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], "
        "instrShape = [16, 128, 16]}>");
    QTest::newRow("cga") << QStringLiteral(
        "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = "
        "[[1, 0]], instrShape = [16, 64, 16]}>");
    QTest::newRow("shared 128B") << QStringLiteral(
        "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
        "elementBitWidth = 16}>");
    QTest::newRow("shared transposed")
        << QStringLiteral("#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, "
                          "elementBitWidth = 16}>");
    QTest::newRow("shared fp4 rank 3")
        << QStringLiteral("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
                          "elementBitWidth = 8, fp4Padded = true, rank = 3}>");
    QTest::newRow("dot") << QStringLiteral(
        "#ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
        "warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 4}>");
    QTest::newRow("slice") << QStringLiteral(
        "#ttg.slice<{dim = 0, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, "
        "warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>}>");
}

void TestNvidiaLayouts::textRoundTrip()
{
    QFETCH(QString, input);
    Expected<LayoutAttrPtr> parsed = parseTtg(input.toStdString());
    QVERIFY2(parsed, parsed ? "" : parsed.message().c_str());
    QCOMPARE(QString::fromStdString(printTtg(**parsed)), input);
    // Through the Gluon expression and the Gluon JSON and back to the same attribute.
    Expected<LayoutAttrPtr> gluon = parseGluon(printGluon(**parsed));
    QVERIFY2(gluon, gluon ? "" : gluon.message().c_str());
    QVERIFY(**gluon == **parsed);
    Expected<LayoutAttrPtr> fromJson = attrFromGluonJson(attrToGluonJson(**parsed));
    QVERIFY2(fromJson, fromJson ? "" : fromJson.message().c_str());
    QVERIFY(**fromJson == **parsed);
}

// Gluon's spelling (defaults included) and the MLIR text are the same layout.
void TestNvidiaLayouts::gluonFormsAgree()
{
    Expected<LayoutAttrPtr> mlir = parseTtg(nvmma(128, false, 16));
    Expected<LayoutAttrPtr> gluon =
        parseGluon("ttgl.NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=16)");
    Expected<LayoutAttrPtr> js = attrFromGluonJson(json::parse(
        R"({"kind": "NVMMASharedLayout", "swizzle_byte_width": 128, "element_bitwidth": 16})"));
    QVERIFY(mlir && gluon && js);
    QVERIFY(**mlir == **gluon);
    QVERIFY(**mlir == **js);
    Expected<LayoutAttrPtr> mma =
        parseGluon("ttgl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], "
                   "instr_shape=[16, 16, 8])");
    QVERIFY2(mma, mma ? "" : mma.message().c_str());
    QCOMPARE(QString::fromStdString(printTtg(**mma)), QString::fromUtf8(kMma3_16x16x8_w4x1));
}

// Gluon's NVMMASharedLayout.get_default_for: the widest swizzle that divides the bytes of the
// contiguous dim, none below 8 rows.
void TestNvidiaLayouts::defaultFor_data()
{
    QTest::addColumn<QString>("call");
    QTest::addColumn<QString>("expected"); // #ttg text, or the start of an error message
    auto row = [](const char *name, const char *args, const char *expected) {
        QTest::newRow(name) << QStringLiteral("ttgl.NVMMASharedLayout.get_default_for(") +
                                   QString::fromUtf8(args) + u')'
                            << QString::fromUtf8(expected);
    };
    // 64 fp16 columns are 128 bytes.
    row("128B", "[128, 64], ttgl.float16",
        "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>");
    // 16 columns: 32 bytes.
    row("32B", "[64, 16], ttgl.float16",
        "#ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>");
    // 48 columns: 96 bytes, a multiple of 32 only.
    row("96 bytes", "[64, 48], gl.float16",
        "#ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>");
    // 4 rows cannot hold an 8-row core matrix.
    row("4 rows", "[4, 64], ttgl.float16",
        "#ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>");
    // Transposed: dim0 (64 fp8 elements = 64 bytes) is the contiguous dim.
    row("transposed", "block_shape=[64, 128], dtype=ttgl.float8e4nv, transposed=True",
        "#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>");
    row("rank 3", "[2, 64, 32], ttgl.float32",
        "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32, "
        "rank = 3}>");
    // Two CTAs split dim1: each holds 64 columns (128 bytes).
    row("cga", "[64, 128], ttgl.bfloat16, cga_layout=[[0, 1]]",
        "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, "
        "CGALayout = [[0, 1]]}>");
    row("unknown dtype", "[64, 64], ttgl.float7", "1:50: unknown dtype 'ttgl.float7'");
}

void TestNvidiaLayouts::defaultFor()
{
    QFETCH(QString, call);
    QFETCH(QString, expected);
    Expected<LayoutAttrPtr> attr = parseGluon(call.toStdString());
    const QString got =
        attr ? QString::fromStdString(printTtg(**attr)) : QString::fromStdString(attr.message());
    QVERIFY2(expected.startsWith(u'#') ? got == expected : got.startsWith(expected),
             qPrintable(got));
}

QTEST_APPLESS_MAIN(TestNvidiaLayouts)
#include "tst_nvidialayouts.moc"
