#include "io/ttgtextarena.h"

#include <cstdint>
#include <memory>

namespace lx::ttgdetail {

namespace {

// One block per thread, made on the thread's first read. 16 KiB holds the tree of any layout
// attribute seen in practice (a WMMA dot operand's takes about 4 KiB); a larger tree continues
// from operator new.
constexpr std::size_t kValueArenaBytes = std::size_t(16) << 10;

struct ValueArena
{
    std::unique_ptr<std::byte[]> block;
    std::size_t used = 0;
    int scopes = 0;

    bool owns(const void *p) const
    {
        const auto *b = static_cast<const std::byte *>(p);
        return block && b >= block.get() && b < block.get() + kValueArenaBytes;
    }
};

thread_local ValueArena t_valueArena;

} // namespace

void *treeAllocate(std::size_t bytes, std::size_t align)
{
    ValueArena &arena = t_valueArena;
    if (arena.scopes > 0) {
        if (!arena.block)
            arena.block = std::make_unique<std::byte[]>(kValueArenaBytes);
        const std::size_t start = (arena.used + align - 1) & ~(align - 1);
        if (start <= kValueArenaBytes && bytes <= kValueArenaBytes - start) {
            arena.used = start + bytes;
            return arena.block.get() + start;
        }
    }
    (void)align; // at most alignof(std::max_align_t): what operator new gives
    return ::operator new(bytes);
}

void treeRelease(void *p, std::size_t bytes) noexcept
{
    (void)bytes; // the unsized delete: clang declares the sized one only with -fsized-deallocation
    if (!p || t_valueArena.owns(p))
        return;
    ::operator delete(p);
}

ValueArenaScope::ValueArenaScope()
{
    ++t_valueArena.scopes;
}

ValueArenaScope::~ValueArenaScope()
{
    if (--t_valueArena.scopes == 0)
        t_valueArena.used = 0;
}

} // namespace lx::ttgdetail
