#pragma once

// The shared memory Triton allocates for a module (lib/Analysis/Allocation.cpp as Triton 3.6 runs
// it), from the ops of a kernel report (analysis/kernel.h): every local_alloc is an explicit
// buffer live from the op to its last use (through the memdesc views of it; a use inside a loop
// the buffer was made outside of keeps it live to the loop's end), aligned to 16 bytes; every op
// with a scratch buffer of its own (a convert_layout through LDS, a reduction or scan across
// warps, a histogram) a scratch buffer live during the op alone, aligned to 128 bytes. The
// buffers are placed by the allocator of analysis/allocator.h (the classic one: no partition
// constraint) and the total is its largest end offset: the number the compiler records as the
// kernel's shared memory.

#include "analysis/kernel.h"
#include "io/ttgir.h"

#include <cstdint>
#include <string>

namespace lx {

struct KernelAllocation
{
    int64_t bytes = 0;   // the largest end offset
    int buffers = 0;     // explicit and scratch buffers placed
    std::string problem; // why the allocation could not be made (bytes 0 then)
};

// Requires: `report` = analyzeKernel(module, ...).
[[nodiscard]] KernelAllocation kernelAllocation(const TtgirModule &module,
                                                const KernelReport &report);

} // namespace lx
