#pragma once

#include <string>
#include <utility>
#include <variant>

namespace lx {

// Why an operation could not produce a value. User input never aborts the core: every factory
// or operation with a precondition a person can violate returns Expected<T> instead.
struct Error
{
    std::string message;
};

// A value or an Error (a small stand-in for C++23 std::expected).
template <typename T> class [[nodiscard]] Expected
{
public:
    Expected(T value) : m_v(std::in_place_index<0>, std::move(value)) {}
    Expected(Error error) : m_v(std::in_place_index<1>, std::move(error)) {}

    bool hasValue() const { return m_v.index() == 0; }
    explicit operator bool() const { return hasValue(); }

    // Requires: hasValue().
    const T &value() const & { return std::get<0>(m_v); }
    T &value() & { return std::get<0>(m_v); }
    T &&value() && { return std::get<0>(std::move(m_v)); }
    const T &operator*() const & { return value(); }
    T &operator*() & { return value(); }
    const T *operator->() const { return &value(); }
    T *operator->() { return &value(); }

    // Requires: !hasValue().
    const Error &error() const { return std::get<1>(m_v); }
    const std::string &message() const { return std::get<1>(m_v).message; }

private:
    std::variant<T, Error> m_v;
};

inline Error makeError(std::string message)
{
    return Error{std::move(message)};
}

} // namespace lx
