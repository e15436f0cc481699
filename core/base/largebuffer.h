#pragma once

// LargeBuffer<T>: an array of trivially copyable T, not zero-filled, for the program's large,
// short-lived blocks: an ownership map (up to 256 MiB at 2^26 inputs), the fill of every cell of an
// ownership view (64 MiB at 4096×4096), a figure's image (tens of MB). Each is written right after
// it is allocated, and with 4 KiB pages the page faults cost more than the work (on a 2-core VM a
// 4096×4096 ownership map took 935 ms with 4 KiB pages, 65 ms with 2 MiB ones). So a block of at
// least kLargeBlockBytes:
// - is mapped on its own, 2 MiB-aligned, and marked madvise(MADV_HUGEPAGE), so that where the
//   kernel gives transparent huge pages on request (/sys/kernel/mm/transparent_hugepage/enabled
//   "madvise" or "always") it is faulted in 2 MiB at a time;
// - is kept when freed, ready to be handed out again, while the blocks kept total at most
//   kLargeBlockCacheBytes: the next edit's map or the next export's image of about the same size
//   reuses pages already faulted in instead of mapping new ones. A block is reused for a request
//   of at least half its size; the oldest kept block is unmapped first.
// Smaller blocks come from operator new. Nothing here changes how the rest of the process
// allocates: no environment variable, no malloc setting. Elsewhere than Linux every block comes
// from operator new.

#include <cstddef>
#include <cstring>
#include <new>
#include <type_traits>
#include <utility>

namespace lx {

inline constexpr size_t kLargeBlockBytes = size_t(2) << 20;
inline constexpr size_t kLargeBlockCacheBytes = size_t(64) << 20;

// `bytes` bytes, not zero-filled, aligned to 64 bytes (2 MiB for a large block); nullptr when out
// of memory or bytes == 0. Give it back with releaseBlock (nullptr is ignored).
[[nodiscard]] void *allocateBlock(size_t bytes) noexcept;
void releaseBlock(void *p) noexcept;

// What the cache of freed large blocks holds now (its mapped bytes and blocks).
struct LargeBlockCache
{
    size_t bytes = 0;
    size_t blocks = 0;
};
[[nodiscard]] LargeBlockCache largeBlockCache() noexcept;
// Unmaps every block the cache holds.
void dropLargeBlockCache() noexcept;

template <typename T> class LargeBuffer
{
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

public:
    LargeBuffer() = default;
    // `n` uninitialised elements; throws std::bad_alloc when out of memory.
    explicit LargeBuffer(size_t n) : m_size(n)
    {
        if (n > size_t(-1) / sizeof(T))
            throw std::bad_alloc();
        if (n != 0 && !(m_data = static_cast<T *>(allocateBlock(n * sizeof(T)))))
            throw std::bad_alloc();
    }
    LargeBuffer(const LargeBuffer &other) : LargeBuffer(other.m_size)
    {
        if (m_size)
            std::memcpy(m_data, other.m_data, m_size * sizeof(T));
    }
    LargeBuffer(LargeBuffer &&other) noexcept
        : m_data(std::exchange(other.m_data, nullptr)), m_size(std::exchange(other.m_size, 0))
    {
    }
    LargeBuffer &operator=(LargeBuffer other) noexcept
    {
        std::swap(m_data, other.m_data);
        std::swap(m_size, other.m_size);
        return *this;
    }
    ~LargeBuffer() { releaseBlock(m_data); }

    // The first n elements stay; the storage is not reallocated. Requires: n <= size().
    void shrink(size_t n) { m_size = n < m_size ? n : m_size; }

    T *data() { return m_data; }
    const T *data() const { return m_data; }
    size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    T &operator[](size_t i) { return m_data[i]; }
    const T &operator[](size_t i) const { return m_data[i]; }
    T *begin() { return m_data; }
    T *end() { return m_data + m_size; }
    const T *begin() const { return m_data; }
    const T *end() const { return m_data + m_size; }

private:
    T *m_data = nullptr;
    size_t m_size = 0;
};

} // namespace lx
