// Blackwell tensor memory (docs/nvidia-layouts.md §9): the TMEM layouts (in-dims row, col) of
// Triton's tensorMemoryToLinearLayout and tensorMemoryScalesToLinearLayout
// (lib/Dialect/TritonGPU/IR/LinearLayoutConversions.cpp), the tcgen05.ld/st atoms of
// getTileLayout and the register layouts of getDistributedLayoutForTmemLdSt
// (lib/Dialect/TritonNvidiaGPU/IR/Dialect.cpp) with Gluon's get_tmem_reg_layout checks and its
// 32x32b_splitn variant (python/triton/experimental/gluon/language/_semantic.py).

#include "layout/buildersinternal.h"
#include "layout/tmemaccess.h"

#include <algorithm>
#include <bit>
#include <string>

namespace lx::buildinternal {

namespace {

std::vector<LinearLayout::Basis> &tmemBases(LinearLayout::BasesT &bases, const std::string &in)
{
    for (auto &[name, list] : bases)
        if (name == in)
            return list;
    bases.emplace_back(in, std::vector<LinearLayout::Basis>{});
    return bases.back().second;
}

void requireTmemShape(const std::vector<int32_t> &shape, const std::string &what)
{
    if (shape.size() != 2)
        fail(what + " describes a 2-D tensor (M x N), not rank " + std::to_string(shape.size()));
}

} // namespace

LinearLayout buildTensorMemory(const TensorMemoryAttr &a, const std::vector<int32_t> &shape)
{
    requireTmemShape(shape, "a tensor memory layout");
    if (a.blockM != 64 && a.blockM != 128)
        fail("blockM is " + std::to_string(a.blockM) + ": a TMEM block has 64 or 128 rows");
    requirePow2(a.blockN, "blockN");
    requirePow2(a.colStride, "colStride");
    requirePow2(a.ctaSplitM, "CTASplitM");
    requirePow2(a.ctaSplitN, "CTASplitN");
    // The CTA order is [0, 1]: split N first, so the result is (tile * splitM) * splitN.
    if (a.ctaSplitN > 1) {
        if (shape[1] < a.ctaSplitN)
            fail("CTASplitN " + std::to_string(a.ctaSplitN) + " exceeds the tensor's " +
                 std::to_string(shape[1]) + " columns");
        TensorMemoryAttr one = a;
        one.ctaSplitN = 1;
        return buildTensorMemory(one, {shape[0], shape[1] / a.ctaSplitN}) *
               id1D(a.ctaSplitN, "col", "dim1");
    }
    if (a.ctaSplitM > 1) {
        if (shape[0] < a.ctaSplitM)
            fail("CTASplitM " + std::to_string(a.ctaSplitM) + " exceeds the tensor's " +
                 std::to_string(shape[0]) + " rows");
        TensorMemoryAttr one = a;
        one.ctaSplitM = 1;
        return buildTensorMemory(one, {shape[0] / a.ctaSplitM, shape[1]}) *
               id1D(a.ctaSplitM, "col", "dim0");
    }
    const int32_t blockN = std::min(a.blockN, shape[1]);
    LinearLayout tile = zeros1D(a.colStride, "col", "dim1");
    if (a.blockM == 64) {
        // 16 rows per warp's quarter; rows 16 and 32 of the block go to TMEM rows 32 and 64, and
        // TMEM row 16 holds the next 64 rows, the next blockN columns, or nothing.
        tile *= id1D(16, "row", "dim0") * id1D(blockN, "col", "dim1");
        LinearLayout::BasesT bases = transposed(tile, {"dim0", "dim1"}).bases();
        auto &rows = tmemBases(bases, "row");
        if (shape[0] > a.blockM)
            rows.push_back({64, 0});
        else if (shape[1] > blockN)
            rows.push_back({0, blockN});
        else
            rows.push_back({0, 0});
        rows.push_back({16, 0});
        rows.push_back({32, 0});
        tile = must(LinearLayout::tryCreateInferred(std::move(bases), {"dim0", "dim1"}));
    } else {
        tile *= id1D(a.blockM, "row", "dim0") * id1D(blockN, "col", "dim1");
    }
    const int32_t repsM = quotient(shape[0], tile.outDimSize("dim0"));
    const int32_t repsN = quotient(shape[1], tile.outDimSize("dim1"));
    if (repsM < 1 || repsN < 1)
        fail("the tensor (" + std::to_string(shape[0]) + " x " + std::to_string(shape[1]) +
             ") is smaller than one TMEM block of " + std::to_string(tile.outDimSize("dim0")) +
             " rows x " + std::to_string(blockN) + " columns");
    tile = tile * id1D(repsM, "col", "dim0") * id1D(repsN, "col", "dim1");
    return transposed(tile, {"dim0", "dim1"});
}

LinearLayout buildTensorMemoryScales(const TensorMemoryScalesAttr &a,
                                     const std::vector<int32_t> &shape)
{
    requireTmemShape(shape, "a tensor memory scales layout");
    requirePow2(a.ctaSplitM, "CTASplitM");
    requirePow2(a.ctaSplitN, "CTASplitN");
    if (a.ctaSplitN > 1) {
        TensorMemoryScalesAttr one = a;
        one.ctaSplitN = 1;
        return buildTensorMemoryScales(one, {shape[0], std::max(1, shape[1] / a.ctaSplitN)}) *
               id1D(a.ctaSplitN, "col", "dim1");
    }
    if (a.ctaSplitM > 1) {
        TensorMemoryScalesAttr one = a;
        one.ctaSplitM = 1;
        return buildTensorMemoryScales(one, {std::max(1, shape[0] / a.ctaSplitM), shape[1]}) *
               id1D(a.ctaSplitM, "col", "dim0");
    }
    // The PTX scale-factor layout: 32 rows, copied to the 4 warps' lane quarters (zero row
    // bases), 4 scales of a row side by side in one 32-bit cell, and rows 32-63 in the next
    // column group; then repetitions along M before N.
    LinearLayout tile = id1D(32, "row", "dim0") * zeros1D(4, "row", "dim0") *
                        id1D(4, "col", "dim1") * id1D(2, "col", "dim0");
    const auto ceilDiv = [](int32_t x, int32_t y) { return (x + y - 1) / y; };
    tile *= id1D(ceilDiv(shape[0], tile.outDimSize("dim0")), "col", "dim0") *
            id1D(ceilDiv(shape[1], tile.outDimSize("dim1")), "col", "dim1");
    return must(ensureLayoutNotLargerThan(tile, {{"dim0", shape[0]}, {"dim1", shape[1]}}));
}

} // namespace lx::buildinternal
