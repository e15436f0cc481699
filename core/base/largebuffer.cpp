#include "base/largebuffer.h"

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <unordered_map>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace lx {

namespace {

constexpr std::align_val_t kSmallAlign{64};

#if defined(__linux__)
constexpr size_t kHugePage = size_t(2) << 20;

size_t mappedLength(size_t bytes)
{
    return (bytes + kHugePage - 1) & ~(kHugePage - 1);
}

// `length` bytes (a multiple of 2 MiB) at a 2 MiB boundary, marked for huge pages.
void *mapAligned(size_t length)
{
    const size_t span = length + kHugePage;
    void *raw = mmap(nullptr, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED)
        return nullptr;
    const auto start = reinterpret_cast<uintptr_t>(raw);
    const uintptr_t aligned = (start + kHugePage - 1) & ~uintptr_t(kHugePage - 1);
    if (aligned > start)
        munmap(raw, aligned - start);
    if (const uintptr_t tail = start + span - (aligned + length); tail > 0)
        munmap(reinterpret_cast<void *>(aligned + length), tail);
    void *p = reinterpret_cast<void *>(aligned);
#if defined(MADV_HUGEPAGE)
    madvise(p, length, MADV_HUGEPAGE); // advice only: without huge pages the block still works
#endif
    return p;
}

struct Block
{
    void *p;
    size_t length;
};

// The large blocks handed out (address -> mapped length) and the freed ones kept, oldest first.
struct Blocks
{
    std::mutex mutex;
    std::unordered_map<void *, size_t> live;
    std::vector<Block> kept;
    size_t keptBytes = 0;
};

Blocks &blocks()
{
    static Blocks *b = new Blocks; // never destroyed: buffers may be freed during exit
    return *b;
}

void *allocateLarge(size_t bytes)
{
    const size_t length = mappedLength(bytes);
    Blocks &b = blocks();
    std::lock_guard lock(b.mutex);
    // The smallest kept block that fits and is at most twice the request.
    auto best = b.kept.end();
    for (auto it = b.kept.begin(); it != b.kept.end(); ++it)
        if (it->length >= length && it->length / 2 <= length &&
            (best == b.kept.end() || it->length < best->length))
            best = it;
    Block block{nullptr, length};
    if (best != b.kept.end()) {
        block = *best;
        b.keptBytes -= block.length;
        b.kept.erase(best);
    } else if (!(block.p = mapAligned(length))) {
        return nullptr;
    }
    try {
        b.live.emplace(block.p, block.length);
    } catch (...) {
        munmap(block.p, block.length);
        return nullptr;
    }
    return block.p;
}

// Whether `p` was a large block (then kept or unmapped).
bool releaseLarge(void *p)
{
    Blocks &b = blocks();
    std::lock_guard lock(b.mutex);
    const auto it = b.live.find(p);
    if (it == b.live.end())
        return false;
    const Block block{p, it->second};
    b.live.erase(it);
    if (block.length > kLargeBlockCacheBytes) {
        munmap(block.p, block.length);
        return true;
    }
    try {
        b.kept.push_back(block);
        b.keptBytes += block.length;
    } catch (...) {
        munmap(block.p, block.length);
        return true;
    }
    size_t drop = 0;
    while (b.keptBytes > kLargeBlockCacheBytes) {
        b.keptBytes -= b.kept[drop].length;
        munmap(b.kept[drop].p, b.kept[drop].length);
        ++drop;
    }
    b.kept.erase(b.kept.begin(), b.kept.begin() + std::ptrdiff_t(drop));
    return true;
}
#endif

} // namespace

void *allocateBlock(size_t bytes) noexcept
{
    if (bytes == 0)
        return nullptr;
#if defined(__linux__)
    if (bytes >= kLargeBlockBytes)
        return allocateLarge(bytes);
#endif
    return ::operator new(bytes, kSmallAlign, std::nothrow);
}

void releaseBlock(void *p) noexcept
{
    if (!p)
        return;
#if defined(__linux__)
    if (releaseLarge(p))
        return;
#endif
    ::operator delete(p, kSmallAlign);
}

LargeBlockCache largeBlockCache() noexcept
{
#if defined(__linux__)
    Blocks &b = blocks();
    std::lock_guard lock(b.mutex);
    return {b.keptBytes, b.kept.size()};
#else
    return {};
#endif
}

void dropLargeBlockCache() noexcept
{
#if defined(__linux__)
    Blocks &b = blocks();
    std::lock_guard lock(b.mutex);
    for (const Block &block : b.kept)
        munmap(block.p, block.length);
    b.kept.clear();
    b.keptBytes = 0;
#endif
}

} // namespace lx
