// Where a request's body ends, read from its head alone (Content-Length or chunked), and the
// refusal of a head that does not say: the server must never wait for a body without an end.
#pragma once

#include "server/http_exchange.hpp"
#include "server/request_guard.hpp"

#include <cstdint>
#include <string_view>
#include <variant>

namespace uap::server {

struct BodyFraming {
    enum class Kind { NoBody, Length, Chunked };
    Kind kind = Kind::NoBody;
    uint64_t length = 0; // For Length: the declared size (0 reads as NoBody).

    // True when bytes of a body may still arrive after the head.
    bool body_follows() const { return kind == Kind::Chunked || (kind == Kind::Length && length > 0); }
};

// The framing of a request, or why it is refused: 400 for a Content-Length that is not one
// non-negative whole number (or comes with chunked), 501 for a transfer coding other than chunked,
// 411 for a POST, PUT or PATCH that declares neither.
std::variant<BodyFraming, Rejection> read_body_framing(std::string_view method, const HeaderList& headers);

} // namespace uap::server
