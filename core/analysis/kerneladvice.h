#pragma once

// What to change when a plain LDS access of a kernel op (a local_load, local_store or
// local_alloc on Triton's generic path, analysis/ldslowering.h) moves fewer elements per
// instruction than its registers hold in a row. The vector of v elements stops growing to 2v
// for one of two reasons, read off cvt = reg.invertAndCompose(shared):
//  - offset v is no register's: shared memory is contiguous along another tensor dim than the
//    registers (an order that does not match), or for only v elements along theirs;
//  - another basis (a lane, a warp, a later register) moves the low offset bits a 2v vector
//    needs: the shared layout's swizzle XORs them (its vec), or a padding interval splits them.
// The advice names the dims, the basis and the width a matching shared layout would give, in
// the words a kernel writer edits (order, vec, padding interval).

#include "analysis/banks.h"
#include "layout/linearlayout.h"

#include <string>

namespace lx {

struct VectorAdvice
{
    int registerDim = -1;     // the tensor dim the registers run along (-1: none)
    int registerRun = 1;      // elements the registers hold in a row along it
    int sharedDim = -1;       // the tensor dim shared memory is contiguous along
    int sharedRun = 1;        // elements contiguous along registerDim in shared memory
    int possibleElements = 1; // per instruction with a matching shared layout (<= 128 bits)
    std::string text;         // the advice in one sentence; empty when nothing is lost
};

// `reg`: the registers' layout (register, lane, warp[, block] -> dim0, ...); `shared`: the
// buffer; `cvt`: reg.invertAndCompose(shared.layout); `vectorElements`: what the access moves
// per instruction now; `isWrite`: a store. 128 bits is the widest single-address LDS access of
// every architecture file.
[[nodiscard]] VectorAdvice vectorAdvice(const LinearLayout &reg, const SharedMemoryLayout &shared,
                                        const LinearLayout &cvt, int vectorElements,
                                        int elementBits, bool isWrite);

} // namespace lx
