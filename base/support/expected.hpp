// Errors as values: Expected<T> holds a result or an Error, which carries a kind (ErrorCode) and a
// one-line, user-facing reason. It is [[nodiscard]], so a caller cannot drop a failure on the floor.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace uap {

// What kind of failure an Error is. Each code has exactly one UAP_STATUS_* counterpart with the
// same value, so a failure keeps its kind from a module through the host to an MCP client; only
// the ABI boundary converts (modules/status_codes.hpp, which checks the values at compile time).
enum class ErrorCode : uint8_t {
    Failed = 1,             // The operation ran and failed; the reason says why (UAP_STATUS_TOOL_ERROR).
    InvalidArgument = 2,    // The input was unusable.
    UnsupportedVersion = 3, // A version or revision did not match.
    UnknownTool = 4,        // No such tool (or name) here.
    Cancelled = 5,          // Stopped on request.
    Timeout = 6,            // A bounded wait ran out.
    Unavailable = 7,        // A service (the editor, a runner) is not there now.
    Internal = 8,           // A bug: an exception or a broken invariant.
    TooLarge = 9,           // Past a size cap.
};

// The code's name as clients and logs see it, e.g. "invalid_argument".
constexpr std::string_view to_string(ErrorCode code) {
    switch (code) {
    case ErrorCode::Failed: return "failed";
    case ErrorCode::InvalidArgument: return "invalid_argument";
    case ErrorCode::UnsupportedVersion: return "unsupported_version";
    case ErrorCode::UnknownTool: return "unknown_tool";
    case ErrorCode::Cancelled: return "cancelled";
    case ErrorCode::Timeout: return "timeout";
    case ErrorCode::Unavailable: return "unavailable";
    case ErrorCode::Internal: return "internal";
    case ErrorCode::TooLarge: return "too_large";
    }
    return "failed";
}

class Error {
public:
    explicit Error(std::string message) : m_message(std::move(message)) {}
    Error(ErrorCode code, std::string message) : m_code(code), m_message(std::move(message)) {}

    static Error invalid_argument(std::string message) { return {ErrorCode::InvalidArgument, std::move(message)}; }
    static Error unsupported_version(std::string message) { return {ErrorCode::UnsupportedVersion, std::move(message)}; }
    static Error unknown_tool(std::string message) { return {ErrorCode::UnknownTool, std::move(message)}; }
    static Error cancelled(std::string message) { return {ErrorCode::Cancelled, std::move(message)}; }
    static Error timeout(std::string message) { return {ErrorCode::Timeout, std::move(message)}; }
    static Error unavailable(std::string message) { return {ErrorCode::Unavailable, std::move(message)}; }
    static Error internal(std::string message) { return {ErrorCode::Internal, std::move(message)}; }
    static Error too_large(std::string message) { return {ErrorCode::TooLarge, std::move(message)}; }

    ErrorCode code() const { return m_code; }
    const std::string& message() const { return m_message; }
    // The failure in a form programs read, where they do: for an editor call, the editor's JSON
    // error object {"code","message",...}, which modules receive. Empty when there is none.
    const std::string& detail() const { return m_detail; }

    Error with_detail(std::string detail) && {
        m_detail = std::move(detail);
        return std::move(*this);
    }

    // Prefixes context and keeps the kind and the detail, e.g. Error("bad field").within("manifest
    // x.json") → "manifest x.json: bad field".
    Error within(const std::string& context) const {
        Error wider(m_code, context + ": " + m_message);
        wider.m_detail = m_detail;
        return wider;
    }

private:
    ErrorCode m_code = ErrorCode::Failed;
    std::string m_message;
    std::string m_detail;
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
    const T& operator*() const& { return value(); }

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

// Propagation without hand-written branches: UAP_TRY(expression) returns the Error of a failed
// Expected from the enclosing function; UAP_ASSIGN_OR_RETURN(declaration, expression) does the
// same and otherwise moves the value into the declaration, e.g.
//     UAP_ASSIGN_OR_RETURN(auto manifest, read_manifest(file));
#define UAP_TRY(expression)                                  \
    do {                                                     \
        auto&& uap_try_result_ = (expression);               \
        if (!uap_try_result_)                                \
            return uap_try_result_.error();                  \
    } while (false)

#define UAP_CONCATENATE_INNER_(left, right) left##right
#define UAP_CONCATENATE_(left, right) UAP_CONCATENATE_INNER_(left, right)
#define UAP_ASSIGN_OR_RETURN(declaration, expression) \
    UAP_ASSIGN_OR_RETURN_IMPL_(UAP_CONCATENATE_(uap_assign_result_, __LINE__), declaration, expression)
#define UAP_ASSIGN_OR_RETURN_IMPL_(result, declaration, expression) \
    auto result = (expression);                                     \
    if (!result)                                                    \
        return result.error();                                      \
    declaration = std::move(result).value()
