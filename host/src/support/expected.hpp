// Errors as values: Expected<T> holds a result or an Error with a one-line, user-facing reason.
// It is [[nodiscard]], so a caller cannot drop a failure on the floor.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace uap {

class Error {
public:
    explicit Error(std::string message) : m_message(std::move(message)) {}
    const std::string& message() const { return m_message; }

    // Prefixes context, e.g. Error("bad field").within("manifest x.json") → "manifest x.json: bad field".
    Error within(const std::string& context) const { return Error(context + ": " + m_message); }

private:
    std::string m_message;
};

template <typename T>
class [[nodiscard]] Expected {
public:
    Expected(T value) : m_state(std::move(value)) {}
    Expected(Error error) : m_state(std::move(error)) {}

    bool has_value() const { return m_state.index() == 0; }
    explicit operator bool() const { return has_value(); }

    T& value() & { return std::get<0>(m_state); }
    const T& value() const& { return std::get<0>(m_state); }
    T&& value() && { return std::get<0>(std::move(m_state)); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }

    const Error& error() const { return std::get<1>(m_state); }

private:
    std::variant<T, Error> m_state;
};

template <>
class [[nodiscard]] Expected<void> {
public:
    Expected() = default;
    Expected(Error error) : m_error(std::move(error)), m_failed(true) {}

    bool has_value() const { return !m_failed; }
    explicit operator bool() const { return has_value(); }
    const Error& error() const { return m_error; }

private:
    Error m_error{""};
    bool m_failed = false;
};

} // namespace uap
