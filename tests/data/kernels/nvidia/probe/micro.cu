// Microkernels that isolate one shared-memory load pattern (probe.py builds them with nvcc
// -arch=sm_90a and profiles them under Nsight Compute). One CTA: every thread fills the
// 16 KiB buffer with st.shared.b16, a barrier, then each warp issues N loads of one kind, each
// conflict-free (rows of 16 bytes or words in consecutive banks, a fresh 512-byte block per
// load), folds the loaded words into one value and stores it to global memory. With SYNC the
// CTA waits at a second barrier before that global store, so no warp's st.global overlaps
// another warp's shared loads.
//
// Expected wavefronts per warp-instruction without conflicts: ldmatrix .x4 (and .trans) 4,
// .x2 2, .x1 1; ld.shared.b32 1; ld.shared.v4.b32 4; ld.shared.u16 1.

#include <cstdint>

namespace {

constexpr int kBytes = 16384;

template <int KIND>
__device__ __forceinline__ uint32_t load(uint32_t addr)
{
    uint32_t a, b, c, d;
    if constexpr (KIND == 0) {
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                     : "=r"(a), "=r"(b), "=r"(c), "=r"(d)
                     : "r"(addr));
        return a ^ b ^ c ^ d;
    } else if constexpr (KIND == 1) {
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];"
                     : "=r"(a), "=r"(b), "=r"(c), "=r"(d)
                     : "r"(addr));
        return a ^ b ^ c ^ d;
    } else if constexpr (KIND == 2) {
        asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];"
                     : "=r"(a), "=r"(b)
                     : "r"(addr));
        return a ^ b;
    } else if constexpr (KIND == 3) {
        asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(a) : "r"(addr));
        return a;
    } else if constexpr (KIND == 4) {
        asm volatile("ld.shared.b32 %0, [%1];" : "=r"(a) : "r"(addr));
        return a;
    } else if constexpr (KIND == 5) {
        asm volatile("ld.shared.v4.b32 {%0,%1,%2,%3}, [%4];"
                     : "=r"(a), "=r"(b), "=r"(c), "=r"(d)
                     : "r"(addr));
        return a ^ b ^ c ^ d;
    } else {
        unsigned short h;
        asm volatile("ld.shared.u16 %0, [%1];" : "=h"(h) : "r"(addr));
        return h;
    }
}

// Bytes a lane steps: 16 for the matrix rows and 128-bit loads, 4 for words, 2 for halves.
template <int KIND>
__host__ __device__ constexpr int laneStep()
{
    return KIND <= 3 || KIND == 5 ? 16 : (KIND == 4 ? 4 : 2);
}

template <int KIND, int N, bool SYNC>
__device__ void body(uint32_t *out)
{
    __shared__ __align__(16) uint16_t s[kBytes / 2];
    const int t = int(threadIdx.x);
    for (int i = t; i < kBytes / 2; i += int(blockDim.x))
        s[i] = uint16_t(i);
    __syncthreads();
    const uint32_t base = uint32_t(__cvta_generic_to_shared(s));
    const int lane = t & 31, warp = t >> 5, warps = int(blockDim.x) >> 5;
    uint32_t acc = 0;
#pragma unroll
    for (int k = 0; k < N; ++k) {
        const int block = (k * warps + warp) % (kBytes / 512);
        acc ^= load<KIND>(base + uint32_t(block * 512 + lane * laneStep<KIND>()));
    }
    if constexpr (SYNC)
        __syncthreads();
    out[t] = acc;
}

} // namespace

#define PROBE(name, kind, n)                                                                      \
    extern "C" __global__ void p_##name##_n##n##_free(uint32_t *out)                             \
    {                                                                                             \
        body<kind, n, false>(out);                                                                \
    }                                                                                             \
    extern "C" __global__ void p_##name##_n##n##_sync(uint32_t *out)                             \
    {                                                                                             \
        body<kind, n, true>(out);                                                                 \
    }

PROBE(ldsm4, 0, 1)
PROBE(ldsm4, 0, 8)
PROBE(ldsm4t, 1, 1)
PROBE(ldsm4t, 1, 8)
PROBE(ldsm2, 2, 8)
PROBE(ldsm1, 3, 8)
PROBE(lds32, 4, 1)
PROBE(lds32, 4, 8)
PROBE(lds128, 5, 8)
PROBE(ldsu16, 6, 8)
