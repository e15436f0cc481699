#include "analysis/allocator.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <map>
#include <set>

namespace lx {

namespace {

struct Interval
{
    int64_t start = 0;
    int64_t end = std::numeric_limits<int64_t>::max();
    [[nodiscard]] bool intersects(const Interval &o) const
    {
        return start < o.end && o.start < end;
    }
};

int64_t alignUp(int64_t v, int64_t a)
{
    return (v + a - 1) / a * a;
}

class Allocator
{
public:
    Allocator(std::vector<AllocBuffer> &buffers, int64_t partitionBytes, AllocationResult &out)
        : m_buffers(buffers), m_partition(partitionBytes), m_out(out)
    {
    }

    int64_t partitionIndex(int64_t offset) const
    {
        return m_partition > 0 ? offset / m_partition : 0;
    }
    // First offset past every partition `b` occupies.
    int64_t pastPartitions(const AllocBuffer &b) const
    {
        return (partitionIndex(b.offset + b.size - 1) + 1) * m_partition;
    }
    bool sharePartition(int64_t aOff, int64_t aSize, const AllocBuffer &n) const
    {
        const int64_t aLo = partitionIndex(aOff), aHi = partitionIndex(aOff + aSize - 1);
        const int64_t bLo = partitionIndex(n.offset), bHi = partitionIndex(n.offset + n.size - 1);
        return aLo <= bHi && bLo <= aHi;
    }
    Interval live(const AllocBuffer &b) const { return {b.liveStart, b.liveEnd}; }

    bool eligible(const AllocBuffer &b, int64_t offset, const std::set<int> &placed) const
    {
        if (m_partition == 0 || b.neighbors.empty())
            return true;
        for (int n : b.neighbors)
            if (placed.count(n) && sharePartition(offset, b.size, m_buffers[size_t(n)]))
                return false;
        return true;
    }

    void stage1(const std::vector<int> &order)
    {
        std::multimap<int64_t, Interval> slots;
        slots.insert({0, Interval{}});
        std::vector<int> unplaced = order;
        std::set<int> placed;
        while (!unplaced.empty() && !slots.empty()) {
            auto it = slots.begin();
            const int64_t offset = it->first;
            const Interval range = it->second;
            slots.erase(it);

            AllocStage1Step step;
            step.slotOffset = offset;
            step.slotLiveStart = range.start;
            step.slotLiveEnd = range.end;
            for (int id : unplaced) {
                const Interval l = live(m_buffers[size_t(id)]);
                if (!l.intersects(range))
                    continue;
                bool elsewhere = false;
                for (const auto &s : slots)
                    elsewhere = elsewhere || s.second.intersects(l);
                if (!elsewhere)
                    step.candidates.push_back(id);
            }
            for (int id : step.candidates) {
                AllocBuffer &b = m_buffers[size_t(id)];
                if (eligible(b, alignUp(offset, b.alignment), placed)) {
                    step.chosen = id;
                    break;
                }
                step.blocked.push_back(id);
            }
            if (step.chosen >= 0) {
                AllocBuffer &b = m_buffers[size_t(step.chosen)];
                b.offset = alignUp(offset, b.alignment);
                step.placedOffset = b.offset;
                placed.insert(step.chosen);
                const Interval x = live(b);
                slots.insert({b.offset + b.size, Interval{std::max(range.start, x.start),
                                                          std::min(range.end, x.end)}});
                if (range.start < x.start)
                    slots.insert({offset, Interval{range.start, x.end}});
                if (x.end < range.end)
                    slots.insert({offset, Interval{x.start, range.end}});
                unplaced.erase(std::find(unplaced.begin(), unplaced.end(), step.chosen));
            } else if (!step.candidates.empty()) {
                int64_t reopen = std::numeric_limits<int64_t>::max();
                for (int id : step.candidates) {
                    int64_t clear = 0;
                    for (int n : m_buffers[size_t(id)].neighbors)
                        if (placed.count(n))
                            clear = std::max(clear, pastPartitions(m_buffers[size_t(n)]));
                    reopen = std::min(reopen, clear);
                }
                // Blocked candidates always have a placed neighbour, so reopen > offset: the loop
                // makes progress (the assertion of Allocation.cpp).
                step.reopenedAt = std::max(reopen, offset + 1);
                slots.insert({step.reopenedAt, range});
            }
            m_out.stage1.push_back(std::move(step));
        }
    }

    // Returns false when no edge is left.
    bool stage2Round(const std::vector<int> &order)
    {
        AllocStage2Round round;
        std::map<int, std::vector<int>> graph;
        for (int x : order) {
            const AllocBuffer &bx = m_buffers[size_t(x)];
            for (int y : order) {
                if (x == y)
                    continue;
                const AllocBuffer &by = m_buffers[size_t(y)];
                const Interval rx{bx.offset, bx.offset + bx.size},
                    ry{by.offset, by.offset + by.size};
                if (live(bx).intersects(live(by)) && rx.intersects(ry)) {
                    graph[x].push_back(y);
                    round.edges.emplace_back(x, y);
                    round.partitionEdge.push_back(false);
                }
            }
            if (m_partition > 0)
                for (int n : bx.neighbors)
                    if (sharePartition(bx.offset, bx.size, m_buffers[size_t(n)])) {
                        auto &adj = graph[x];
                        if (std::find(adj.begin(), adj.end(), n) == adj.end())
                            adj.push_back(n);
                        round.edges.emplace_back(x, n);
                        round.partitionEdge.push_back(true);
                    }
        }
        if (graph.empty())
            return false;

        std::map<int, int> colour;
        for (int x : order)
            colour[x] = x == order.front() ? 0 : -1;
        for (int x : order) {
            std::vector<bool> available(order.size(), true);
            for (int y : graph[x])
                if (colour[y] >= 0)
                    available[size_t(colour[y])] = false;
            colour[x] =
                int(std::find(available.begin(), available.end(), true) - available.begin());
        }
        for (int x : order) {
            AllocBuffer &bx = m_buffers[size_t(x)];
            AllocMove move;
            move.buffer = x;
            move.from = bx.offset;
            int64_t newOffset = 0;
            for (int y : graph[x]) {
                const AllocBuffer &by = m_buffers[size_t(y)];
                const bool neighbour =
                    std::find(bx.neighbors.begin(), bx.neighbors.end(), y) != bx.neighbors.end();
                const bool pastPartition = neighbour && m_partition > 0;
                const int64_t past = pastPartition ? pastPartitions(by) : by.offset + by.size;
                if (past > newOffset || move.cause < 0) {
                    newOffset = std::max(newOffset, past);
                    move.cause = y;
                    move.partitionEdge = pastPartition;
                }
            }
            if (colour[x] != 0) {
                bx.offset = alignUp(newOffset, bx.alignment);
                move.to = bx.offset;
                round.moves.push_back(move);
            }
        }
        m_out.stage2.push_back(std::move(round));
        return true;
    }

private:
    std::vector<AllocBuffer> &m_buffers;
    int64_t m_partition;
    AllocationResult &m_out;
};

} // namespace

std::vector<const AllocBuffer *> AllocationResult::buffersOf(int request) const
{
    std::vector<const AllocBuffer *> r;
    for (const AllocBuffer &b : buffers)
        if (b.request == request)
            r.push_back(&b);
    return r;
}

std::vector<int64_t> AllocationResult::stage1Offsets() const
{
    std::vector<int64_t> offsets;
    for (const AllocBuffer &b : buffers)
        offsets.push_back(b.offset);
    for (auto r = stage2.rbegin(); r != stage2.rend(); ++r)
        for (auto m = r->moves.rbegin(); m != r->moves.rend(); ++m)
            offsets[size_t(m->buffer)] = m->from;
    return offsets;
}

std::vector<std::string> describeStage2(const AllocationResult &a)
{
    std::vector<std::string> out;
    for (size_t r = 0; r < a.stage2.size(); ++r)
        for (const AllocMove &m : a.stage2[r].moves) {
            const std::string &name = a.buffers[size_t(m.buffer)].name;
            std::string why;
            if (m.cause >= 0) {
                const std::string &cause = a.buffers[size_t(m.cause)].name;
                why = m.partitionEdge ? ", past the partition of its neighbour " + cause
                                      : ", above " + cause +
                                            " (live at the same time, bytes "
                                            "overlapping)";
            }
            out.push_back("round " + std::to_string(r + 1) + ": " + name + " moved from " +
                          std::to_string(m.from) + " to " + std::to_string(m.to) + why);
        }
    return out;
}

std::pair<int64_t, int64_t> AllocationResult::partitionsOf(const AllocBuffer &b) const
{
    if (partitionBytes <= 0)
        return {0, 0};
    return {b.offset / partitionBytes, (b.offset + b.size - 1) / partitionBytes};
}

Expected<AllocationResult> allocateShared(const std::vector<AllocRequest> &requests,
                                          int64_t partitionBytes)
{
    if (partitionBytes < 0)
        return makeError("the partition size must not be negative");
    AllocationResult out;
    out.partitionBytes = partitionBytes;
    for (size_t r = 0; r < requests.size(); ++r) {
        const AllocRequest &q = requests[r];
        const std::string label = q.name.empty() ? "allocation " + std::to_string(r) : q.name;
        if (q.bufferBytes <= 0)
            return makeError(label + ": size must be positive");
        if (q.alignment <= 0 || !std::has_single_bit(uint64_t(q.alignment)))
            return makeError(label + ": alignment must be a power of two");
        if (q.liveStart >= q.liveEnd)
            return makeError(label + ": liveness must be a non-empty interval [start, end)");
        if (q.numPartitions < 1 || q.numPartitions > 64)
            return makeError(label + ": numPartitions must be between 1 and 64");
        if (out.buffers.size() + size_t(q.numPartitions) > 4096)
            return makeError("more than 4096 buffers");
        const int first = int(out.buffers.size());
        for (int p = 0; p < q.numPartitions; ++p) {
            AllocBuffer b;
            b.id = int(out.buffers.size());
            b.request = int(r);
            b.partition = p;
            b.name = q.numPartitions > 1 ? label + ".p" + std::to_string(p) : label;
            b.size = q.bufferBytes;
            b.alignment = q.alignment;
            b.liveStart = q.liveStart;
            b.liveEnd = q.liveEnd;
            for (int o = 0; o < q.numPartitions; ++o)
                if (o != p)
                    b.neighbors.push_back(first + o);
            out.buffers.push_back(std::move(b));
        }
    }
    if (out.buffers.empty())
        return out;

    std::vector<int> order(out.buffers.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = int(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return out.buffers[size_t(a)].size > out.buffers[size_t(b)].size;
    });
    out.placementOrder = order;

    Allocator alloc(out.buffers, partitionBytes, out);
    alloc.stage1(order);
    // Each round only raises offsets, so the loop reaches a fixed point; the bound guards
    // against a malformed request that could not (e.g. more neighbours than room to spread).
    for (int round = 0; round < 10000 && alloc.stage2Round(order); ++round) {
    }
    for (const AllocBuffer &b : out.buffers)
        out.totalBytes = std::max(out.totalBytes, b.offset + b.size);
    return out;
}

} // namespace lx
