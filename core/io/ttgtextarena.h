#pragma once

// Storage for the value tree of one attribute read (internal to core/io). The #ttg reader builds
// a tree of lists and dictionaries (ttgtextschema.h), reads the attribute out of it and drops it:
// every list and dictionary was an allocation and a free. While a ValueArenaScope is alive on a
// thread, the tree's vectors take their storage from that thread's arena, a block kept from read
// to read, by moving a cursor; giving it back costs nothing, and the cursor returns to the start
// when the outermost scope ends. Outside a scope (the Gluon reader, attribute forms), and when the
// block is full, storage comes from operator new as before. A tree read inside a scope must be
// gone when the scope ends (the readers' trees are locals of the read).

#include <cstddef>
#include <new>

namespace lx::ttgdetail {

// `bytes` bytes aligned to `align` (at most alignof(std::max_align_t)).
[[nodiscard]] void *treeAllocate(std::size_t bytes, std::size_t align);
// Storage from treeAllocate: back to operator delete unless it is the arena's.
void treeRelease(void *p, std::size_t bytes) noexcept;

// The arena is used on this thread while one is alive; nesting is allowed.
class ValueArenaScope
{
public:
    ValueArenaScope();
    ~ValueArenaScope();
    ValueArenaScope(const ValueArenaScope &) = delete;
    ValueArenaScope &operator=(const ValueArenaScope &) = delete;
};

// The allocator of the tree's vectors (stateless: vectors move and swap as with std::allocator).
template <typename T> struct TreeAllocator
{
    using value_type = T;
    TreeAllocator() noexcept = default;
    template <typename U> TreeAllocator(const TreeAllocator<U> &) noexcept {}
    T *allocate(std::size_t n)
    {
        static_assert(alignof(T) <= alignof(std::max_align_t));
        if (n > std::size_t(-1) / sizeof(T))
            throw std::bad_array_new_length();
        return static_cast<T *>(treeAllocate(n * sizeof(T), alignof(T)));
    }
    void deallocate(T *p, std::size_t n) noexcept { treeRelease(p, n * sizeof(T)); }
    template <typename U> bool operator==(const TreeAllocator<U> &) const noexcept { return true; }
};

} // namespace lx::ttgdetail
