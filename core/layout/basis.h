#pragma once

// One basis vector of a linear layout: one component per out-dim. A layout of a 256x256 tile has
// about twenty of them, and almost every one has at most four components; kept inline up to
// that, a basis costs no allocation, which is most of what building a layout used to cost (one
// heap block per basis). Past four components (up to LinearLayout::kMaxDims) it takes a heap
// block as std::vector would.
//
// The interface is the part of std::vector<int32_t> the engine uses, and a basis converts to
// and from std::vector<int32_t>, so that a list of integers read from text or Python is a basis
// and a basis is a list.

#include <algorithm>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <vector>

namespace lx {

class Basis
{
public:
    using value_type = int32_t;
    using size_type = size_t;
    using iterator = int32_t *;
    using const_iterator = const int32_t *;
    using reference = int32_t &;
    using const_reference = const int32_t &;

    static constexpr uint32_t kInline = 4;

    Basis() = default;
    explicit Basis(size_t n, int32_t value = 0) { resize(n, value); }
    Basis(std::initializer_list<int32_t> values) { assign(values.begin(), values.end()); }
    template <typename It, typename = typename std::iterator_traits<It>::iterator_category>
    Basis(It first, It last)
    {
        assign(first, last);
    }
    Basis(const std::vector<int32_t> &v)
    {
        assign(v.begin(), v.end());
    } // NOLINT: a list is a basis
    Basis(const Basis &o) { assign(o.begin(), o.end()); }
    Basis(Basis &&o) noexcept { take(o); }
    Basis &operator=(const Basis &o)
    {
        if (this != &o)
            assign(o.begin(), o.end());
        return *this;
    }
    Basis &operator=(Basis &&o) noexcept
    {
        if (this != &o) {
            release();
            take(o);
        }
        return *this;
    }
    Basis &operator=(std::initializer_list<int32_t> values)
    {
        assign(values.begin(), values.end());
        return *this;
    }
    ~Basis() { release(); }

    // A basis is a list of integers wherever one is asked for.
    operator std::vector<int32_t>() const { return std::vector<int32_t>(begin(), end()); } // NOLINT

    size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    size_t capacity() const { return m_capacity; }
    int32_t *data() { return m_capacity > kInline ? m_heap : m_inline; }
    const int32_t *data() const { return m_capacity > kInline ? m_heap : m_inline; }
    int32_t &operator[](size_t i) { return data()[i]; }
    const int32_t &operator[](size_t i) const { return data()[i]; }
    int32_t &front() { return data()[0]; }
    const int32_t &front() const { return data()[0]; }
    int32_t &back() { return data()[m_size - 1]; }
    const int32_t &back() const { return data()[m_size - 1]; }
    iterator begin() { return data(); }
    iterator end() { return data() + m_size; }
    const_iterator begin() const { return data(); }
    const_iterator end() const { return data() + m_size; }
    const_iterator cbegin() const { return begin(); }
    const_iterator cend() const { return end(); }
    std::reverse_iterator<iterator> rbegin() { return std::reverse_iterator<iterator>(end()); }
    std::reverse_iterator<iterator> rend() { return std::reverse_iterator<iterator>(begin()); }
    std::reverse_iterator<const_iterator> rbegin() const
    {
        return std::reverse_iterator<const_iterator>(end());
    }
    std::reverse_iterator<const_iterator> rend() const
    {
        return std::reverse_iterator<const_iterator>(begin());
    }

    void clear() { m_size = 0; }
    void reserve(size_t n)
    {
        if (n <= m_capacity)
            return;
        auto *grown = new int32_t[n];
        std::copy(begin(), end(), grown);
        release();
        m_heap = grown;
        m_capacity = uint32_t(n);
    }
    void resize(size_t n, int32_t value = 0)
    {
        reserve(n);
        if (n > m_size)
            std::fill(data() + m_size, data() + n, value);
        m_size = uint32_t(n);
    }
    void push_back(int32_t v) // NOLINT: std::vector's name
    {
        if (m_size == m_capacity)
            reserve(size_t(m_capacity) * 2);
        data()[m_size++] = v;
    }
    void pop_back() { --m_size; } // NOLINT: std::vector's name
    template <typename It> void assign(It first, It last)
    {
        const auto n = size_t(std::distance(first, last));
        m_size = 0;
        reserve(n);
        std::copy(first, last, data());
        m_size = uint32_t(n);
    }
    iterator insert(const_iterator pos, int32_t v)
    {
        const size_t at = size_t(pos - begin());
        push_back(v);
        std::rotate(begin() + at, end() - 1, end());
        return begin() + at;
    }
    // Inserts [first, last), which must not lie in this basis.
    template <typename It, typename = typename std::iterator_traits<It>::iterator_category>
    iterator insert(const_iterator pos, It first, It last)
    {
        const size_t at = size_t(pos - begin());
        const size_t n = size_t(std::distance(first, last));
        reserve(std::max(size_t(m_size) + n, size_t(m_capacity)));
        std::copy_backward(begin() + at, end(), end() + n);
        std::copy(first, last, begin() + at);
        m_size += uint32_t(n);
        return begin() + at;
    }
    iterator erase(const_iterator pos)
    {
        const size_t at = size_t(pos - begin());
        std::copy(begin() + at + 1, end(), begin() + at);
        --m_size;
        return begin() + at;
    }

    friend bool operator==(const Basis &a, const Basis &b)
    {
        return a.m_size == b.m_size &&
               (a.m_size == 0 || std::memcmp(a.data(), b.data(), a.m_size * sizeof(int32_t)) == 0);
    }
    friend bool operator==(const Basis &a, const std::vector<int32_t> &b)
    {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }
    // <, <=, > and >= come from this, in std::vector's order.
    friend auto operator<=>(const Basis &a, const Basis &b)
    {
        return std::lexicographical_compare_three_way(a.begin(), a.end(), b.begin(), b.end());
    }

private:
    void release()
    {
        if (m_capacity > kInline)
            delete[] m_heap;
        m_capacity = kInline;
    }
    // Takes o's components and leaves o empty (o holds nothing to release afterwards).
    void take(Basis &o) noexcept
    {
        m_size = o.m_size;
        m_capacity = o.m_capacity;
        if (o.m_capacity > kInline)
            m_heap = o.m_heap;
        else
            std::memcpy(m_inline, o.m_inline, sizeof m_inline);
        o.m_size = 0;
        o.m_capacity = kInline;
    }

    uint32_t m_size = 0;
    uint32_t m_capacity = kInline;
    union {
        int32_t m_inline[kInline] = {};
        int32_t *m_heap;
    };
};

} // namespace lx
