// Microkernels that isolate one shared-memory load pattern (probe.py builds them with nvcc
// -arch=sm_90a and profiles them under Nsight Compute). One CTA: every thread fills the
// 16 KiB buffer with st.shared.b16, a barrier, then warps issue N loads of one kind, each
// conflict-free (rows of 16 bytes or words in consecutive banks, a fresh 512-byte block per
// load), fold the loaded words into one value and store it to global memory. Modes:
//   free  every warp loads, then stores its word to global memory at once;
//   sync  as free, but the CTA waits at a second barrier before that global store, so no
//         warp's st.global overlaps another warp's shared loads;
//   heavy as free, but each thread then stores 16 words (more global-store traffic while the
//         slower warps still read shared memory);
//   stg   only the even warps load shared memory; the odd warps store 64 words per thread to
//         global memory at the same time;
//   ldg   as stg, but the odd warps load 32 words per thread from global memory (L1 fills).
//
// Expected wavefronts per loading warp-instruction without conflicts: ldmatrix .x4 (and
// .trans) 4, .x2 2, .x1 1; ld.shared.b32 1; ld.shared.v4.b32 4; ld.shared.u16 1.

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

enum Mode { kFree, kSync, kHeavy, kStg, kLdg };

template <int KIND, int N, int MODE>
__device__ void body(uint32_t *out)
{
    __shared__ __align__(16) uint16_t s[kBytes / 2];
    const int t = int(threadIdx.x);
    for (int i = t; i < kBytes / 2; i += int(blockDim.x))
        s[i] = uint16_t(i);
    __syncthreads();
    const uint32_t base = uint32_t(__cvta_generic_to_shared(s));
    const int lane = t & 31, warp = t >> 5, warps = int(blockDim.x) >> 5;
    const bool split = MODE == kStg || MODE == kLdg;
    uint32_t acc = 0;
    if (split && (warp & 1)) {
        // The other traffic: global stores or global loads through L1, no shared memory.
        if constexpr (MODE == kStg) {
#pragma unroll
            for (int i = 0; i < 64; ++i)
                out[(1 << 17) + i * 1024 + t] = uint32_t(t + i);
        } else {
#pragma unroll
            for (int i = 0; i < 32; ++i)
                acc += __ldca(out + (1 << 18) + i * 1024 + t);
        }
    } else {
#pragma unroll
        for (int k = 0; k < N; ++k) {
            const int block = (k * warps + warp) % (kBytes / 512);
            acc ^= load<KIND>(base + uint32_t(block * 512 + lane * laneStep<KIND>()));
        }
    }
    if constexpr (MODE == kSync)
        __syncthreads();
    if constexpr (MODE == kHeavy) {
#pragma unroll
        for (int i = 0; i < 16; ++i)
            out[i * 1024 + t] = acc + uint32_t(i);
    } else {
        out[t] = acc;
    }
}

} // namespace

#define PROBE_ONE(name, kind, n, mode, MODE)                                                      \
    extern "C" __global__ void p_##name##_n##n##_##mode(uint32_t *out)                          \
    {                                                                                             \
        body<kind, n, MODE>(out);                                                                 \
    }

// PROBE: the free and sync modes; PROBE_X: heavy, stg and ldg as well.
#define PROBE(name, kind, n)                                                                      \
    PROBE_ONE(name, kind, n, free, kFree)                                                         \
    PROBE_ONE(name, kind, n, sync, kSync)
#define PROBE_X(name, kind, n)                                                                    \
    PROBE(name, kind, n)                                                                          \
    PROBE_ONE(name, kind, n, heavy, kHeavy)                                                       \
    PROBE_ONE(name, kind, n, stg, kStg)                                                           \
    PROBE_ONE(name, kind, n, ldg, kLdg)

PROBE(ldsm4, 0, 1)
PROBE_X(ldsm4, 0, 8)
PROBE_X(ldsm4, 0, 32)
PROBE(ldsm4t, 1, 1)
PROBE(ldsm4t, 1, 8)
PROBE(ldsm2, 2, 8)
PROBE(ldsm1, 3, 8)
PROBE(lds32, 4, 1)
PROBE_X(lds32, 4, 8)
PROBE_X(lds32, 4, 32)
PROBE(lds128, 5, 8)
PROBE(ldsu16, 6, 8)
