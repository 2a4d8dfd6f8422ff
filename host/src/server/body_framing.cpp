// Reading a request's body framing from its head (RFC 9112, section 6).
#include "server/body_framing.hpp"

#include <charconv>
#include <string>

namespace uap::server {

namespace {

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

// Digits only: no sign, no list, no spaces inside, and small enough to be a size.
std::optional<uint64_t> whole_number(std::string_view text) {
    text = trimmed(text);
    if (text.empty() || text.size() > 18)
        return std::nullopt;
    uint64_t value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || text.front() < '0' || text.front() > '9')
        return std::nullopt;
    return value;
}

bool carries_a_body(std::string_view method) { return method == "POST" || method == "PUT" || method == "PATCH"; }

Rejection length_refusal(const std::string& value) {
    return Rejection{400, "the request's Content-Length \"" + value.substr(0, 40) +
                              "\" is not one non-negative whole number, so where its body ends is unknown; "
                              "send Content-Length: N with N the body's size in bytes"};
}

} // namespace

std::variant<BodyFraming, Rejection> read_body_framing(std::string_view method, const HeaderList& headers) {
    const std::string* coding = headers.find("Transfer-Encoding");
    const std::string* length_text = headers.find("Content-Length");
    if (coding) {
        if (headers.count("Transfer-Encoding") != 1 || !equal_ignoring_case(trimmed(*coding), "chunked"))
            return Rejection{501, "the request's Transfer-Encoding \"" + coding->substr(0, 40) +
                                      "\" is not supported; send the body with Content-Length: N or Transfer-Encoding: chunked"};
        if (length_text)
            return Rejection{400, "the request declares both Content-Length and Transfer-Encoding: chunked, so where its body "
                                  "ends is ambiguous; send only one of them"};
        return BodyFraming{BodyFraming::Kind::Chunked, 0};
    }
    if (length_text) {
        // Repeated headers must agree, or a proxy and this server could split the stream differently.
        std::optional<uint64_t> length;
        for (auto& [name, value] : headers.fields()) {
            if (!equal_ignoring_case(name, "Content-Length"))
                continue;
            auto parsed = whole_number(value);
            if (!parsed || (length && *length != *parsed))
                return length_refusal(value);
            length = parsed;
        }
        return BodyFraming{*length == 0 ? BodyFraming::Kind::NoBody : BodyFraming::Kind::Length, *length};
    }
    if (carries_a_body(method))
        return Rejection{411, "a " + std::string(method) +
                                  " request must say where its body ends, and this one has neither Content-Length nor "
                                  "Transfer-Encoding; send Content-Length: N (0 for no body) or Transfer-Encoding: chunked"};
    return BodyFraming{};
}

} // namespace uap::server
