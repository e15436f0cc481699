#pragma once

// The partition-aware shared-memory allocator of the AMD MI450 LDS blog (Part II, "How the
// Partition Guarantee Is Enforced"), as Triton's lib/Analysis/Allocation.cpp runs it since #10794,
// recording every step so the allocator chart (Fig 12) can replay it.
//
//  - Buffers are rectangles in (liveness x offset). A partitioned alloc becomes numPartitions
//    buffers of equal size that list each other as *neighbours*: neighbours must occupy disjoint
//    sets of hardware partitions (a buffer occupies every partition its bytes touch).
//  - Buffers are sorted by size, largest first (stable).
//  - Stage 1 (initial placement): free slots (offset, liveness) start as {0: everything}. Take the
//    lowest slot; the candidates are the unplaced buffers live during it and during no other open
//    slot; place the first whose aligned offset keeps it off its placed neighbours' partitions
//    and split the slot; if candidates exist but all are blocked, reopen the slot at the smallest
//    offset past some candidate's neighbours' partitions; if there are none, drop the slot.
//  - Stage 2 (interference refinement): edges between buffers live together whose bytes overlap,
//    and between neighbours sharing a partition; greedy colouring (the first buffer colour 0);
//    every buffer of non-zero colour moves past its interferers (past a neighbour's last
//    partition for a neighbour edge), aligned; repeat until no edge is left.
//  - Total size = the largest end offset.
// With partitionBytes = 0 this is the classic allocator.

#include "base/expected.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace lx {

// One allocation as the program makes it: a regular buffer (numPartitions = 1) or a
// partitioned one. Liveness is [liveStart, liveEnd) in program steps.
struct AllocRequest
{
    std::string name;
    int64_t bufferBytes = 0; // bytes of each buffer (a partition buffer for a partitioned alloc)
    int numPartitions = 1;
    int64_t alignment = 16; // Triton's default for a shared encoding
    int64_t liveStart = 0;
    int64_t liveEnd = 1;
};

struct AllocBuffer
{
    int id = 0;
    int request = 0;   // index into the requests
    int partition = 0; // which partition buffer of its request (0 for a regular one)
    std::string name;  // "A", or "A.p1" for partition buffer 1
    int64_t size = 0;
    int64_t alignment = 16;
    int64_t liveStart = 0, liveEnd = 0;
    std::vector<int> neighbors; // buffer ids
    int64_t offset = 0;
};

// One stage-1 iteration: the slot taken and what became of it.
struct AllocStage1Step
{
    int64_t slotOffset = 0;
    int64_t slotLiveStart = 0, slotLiveEnd = 0;
    std::vector<int> candidates; // liveness-eligible buffer ids, in placement order
    int chosen = -1;             // buffer placed, or -1
    int64_t placedOffset = -1;
    int64_t reopenedAt = -1;  // when every candidate was blocked: the new slot offset
    std::vector<int> blocked; // candidates refused because of a neighbour's partition
};

// One stage-2 move: a buffer pushed above its interferers. `cause` is the interferer that set the
// new offset (its end, or for a partition edge the end of its last partition).
struct AllocMove
{
    int buffer = -1;
    int64_t from = 0, to = 0;
    int cause = -1;
    bool partitionEdge = false; // the cause is a neighbour: moved past its last partition
};

// One stage-2 round: edges found and the moves made.
struct AllocStage2Round
{
    std::vector<std::pair<int, int>> edges; // (buffer, interferer), neighbour edges included
    std::vector<bool> partitionEdge;        // per edge: a neighbour sharing a partition
    std::vector<AllocMove> moves;
};

struct AllocationResult
{
    std::vector<AllocBuffer> buffers; // by id (request order, partition buffers in order)
    std::vector<int> placementOrder;  // buffer ids sorted by size, largest first
    std::vector<AllocStage1Step> stage1;
    std::vector<AllocStage2Round> stage2;
    int64_t totalBytes = 0;
    int64_t partitionBytes = 0;

    // The buffers of one request, in partition order.
    [[nodiscard]] std::vector<const AllocBuffer *> buffersOf(int request) const;
    // First and last hardware partition a buffer touches.
    [[nodiscard]] std::pair<int64_t, int64_t> partitionsOf(const AllocBuffer &b) const;
    // The offsets after stage 1, before any stage-2 move.
    [[nodiscard]] std::vector<int64_t> stage1Offsets() const;
};

// One sentence per stage-2 move, e.g. "round 2: A.p1 moved from 65536 to 131072, past the
// partition of its neighbour A.p0" (the words every face shows).
[[nodiscard]] std::vector<std::string> describeStage2(const AllocationResult &a);

// Requires: sizes > 0, alignment a power of two, liveStart < liveEnd, numPartitions >= 1,
// at most 4096 buffers; else an Error.
[[nodiscard]] Expected<AllocationResult> allocateShared(const std::vector<AllocRequest> &requests,
                                                        int64_t partitionBytes);

} // namespace lx
