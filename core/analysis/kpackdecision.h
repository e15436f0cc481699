#pragma once

// rocMLIR's choice for the LDS stores of a kPack tile (docs/lds-models.md §4.6), from
// getLDSLayoutConfigDim in mlir/lib/Dialect/Rock/Transforms/GridwiseGemmToBlockwise.cpp, for a
// K-contiguous source (the path analysis/kpack.h models):
//
//   maxVlen = 128 / element bits
//   before pull request #2196:  isPossibleToVectorizeD = kpack < maxVlen && copyDPerThread > 1
//   after it (inferred: "adds a check that copyKPerThread >= kpack before allowing
//   vectorization", the PR's description):  ... && copyKPerThread >= kpack
//   doRotateWithK = !isPossibleToVectorizeD
//
// Three outcomes: vectorise along D (a thread's kPack vectors for consecutive d are contiguous
// in [kPackPerBlock, D, kPack], so it writes dPerThread x kPack elements in a row), rotate (K
// stores with d rotated by k_outer), or, before the fix, neither: the D vectorisation was chosen
// but copyKPerThread < kPack makes neighbouring threads share a kPack vector, so the stores go
// along K unrotated (the pull request's bank conflict).

#include "analysis/kpack.h"

#include <string>

namespace lx {

enum class KPackStoreChoice
{
    VectoriseD, // dPerThread x kPack elements contiguous per thread
    RotateK,    // K stores, d rotated by k_outer
    StoreK,     // K stores unrotated: D vectorisation chosen but impossible (before the fix)
};

// "vectorise D", "rotate", "store K unrotated".
[[nodiscard]] const char *kpackStoreChoiceName(KPackStoreChoice choice);

struct KPackDecision
{
    int maxVlen = 0;
    int copyKPerThread = 0;
    int copyDPerThread = 0;
    int kpack = 0;
    bool vectoriseDBeforeFix = false; // isPossibleToVectorizeD before the pull request
    bool vectoriseDAfterFix = false;  // and after it
    KPackStoreChoice beforeFix = KPackStoreChoice::StoreK;
    KPackStoreChoice afterFix = KPackStoreChoice::StoreK;
};

[[nodiscard]] KPackDecision kpackDecision(const KPackStorePlan &plan);

} // namespace lx
