#pragma once

// The LDS views of Part II of the AMD MI450 LDS blog, built from an LDS scenario
// (core/analysis/ldsscenario.h; the view's options are the scenario: {"microbenchmark": {...}} or
// {"allocations": [...], "read": {...}}).
//
// lds-datapath (Fig 7): the four SIMDs in their two pairs, the LDS/L0 arbiter with its ports and
// the six hardware partitions (five LDS, one L0), lit by load "load" (option, default 0) of the
// scenario's read: the partitions each pair touches in its colour, a conflicting partition red,
// the ports the load can use; the caption gives the rate the model assigns.
//
// allocator (Fig 12): time x offset charts of the partition-aware allocator, one per stage-1
// iteration (the slot taken, the buffers placed so far, a blocked slot's reopening) and the
// final placement, with the 64 KiB partition boundaries.
//
// cvt-partition (Fig 13): the bases of the distributed layout, the shared layout and their
// composition cvt: (register, lane, warp) -> (offset, partition), the rows that feed `partition`
// highlighted.
//
// microbench-table: the blog's microbenchmark table as the model computes it, plain and
// partitioned (options "warps", "bytes", "dtype", "loadBits"; defaults the blog's).

#include "base/expected.h"
#include "render/diagram.h"

namespace lx {

struct ViewRequest;

[[nodiscard]] Expected<Diagram> buildLdsDatapathView(const ViewRequest &request);
[[nodiscard]] Expected<Diagram> buildAllocatorView(const ViewRequest &request);
[[nodiscard]] Expected<Diagram> buildCvtPartitionView(const ViewRequest &request);
[[nodiscard]] Expected<Diagram> buildMicrobenchTableView(const ViewRequest &request);
// microbench-sweep: cycles against bytes over burst lengths (the model's bursts and the
// architecture file's measurements), with the line fitted to each layout's points; the same
// options as microbench-table.
[[nodiscard]] Expected<Diagram> buildMicrobenchSweepView(const ViewRequest &request);

} // namespace lx
