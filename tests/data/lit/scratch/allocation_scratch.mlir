// Source: triton-lang/triton, test/Analysis/test-allocation.mlir
// Commit: 6da8a386bae4edd92c8044e012a23030c36d5da9
// RUN (of the source file): triton-opt %s -split-input-file --mlir-disable-threading -test-print-allocation 2>&1 | FileCheck %s --dump-input-context=10
// Replay-arch: sm80
// The file's one tt.reduce, the function @scratch, copied verbatim with its CHECK lines under the
// layout aliases and module attributes of its module. `scratch offset = 0, size = 128` is the
// reduction's scratch buffer, `size = 128` the function's whole allocation: the replay compares
// them with the op's scratch bytes and ldsBytesAllocated. The file's convert_layout sizes (4608,
// 4352, 1088, 1152 bytes) are not copied: they are padded (16x32 f16 is 16 x 36 x 2 = 1152
// bytes), the generic scratch size this test pass applies, while Triton's GPU backends size a
// conversion's scratch by its swizzled layout: the transposes Triton 3.6 compiled for sm90
// (tests/data/kernels/lds-paths) allocate the tile with no padding (trans_sm90_fp16_64x64_w4:
// 8192 bytes, 64 x 64 x 2), as ldsBytesAllocated does (tst_kernelscratch); analyze kernel
// gives 1024 bytes for that 16x32 conversion. tests/core/tst_litscratch.cpp replays the reduction.

// -----

#AL = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sliceAd0 = #ttg.slice<{dim = 0, parent = #AL}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
// CHECK-LABEL: scratch
tt.func @scratch() {
  %cst0 = arith.constant dense<0.000000e+00> : tensor<16x16xf16, #AL>
  // CHECK: scratch offset = 0, size = 128
  %b = "tt.reduce" (%cst0) ({
  ^bb0(%arg0: f16, %arg1: f16):
    %add = arith.addf %arg0, %arg1 : f16
    tt.reduce.return %add : f16
  }) {axis = 0 : i32} : (tensor<16x16xf16, #AL>) -> tensor<16xf16, #sliceAd0>
  tt.return
  // CHECK-NEXT: size = 128
}
}
