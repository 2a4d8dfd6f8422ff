// UTF-8 text cut to a size in bytes without splitting a character, so what is cut stays valid text
// for the JSON writer and every front-end.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace uap::utf8 {

// The longest prefix of text within bytes that ends on a character boundary.
inline std::string clip(std::string_view text, std::size_t bytes) {
    if (text.size() <= bytes)
        return std::string(text);
    std::size_t end = bytes;
    // text[end] is the first byte left out; a continuation byte there means a character is split.
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
        --end;
    return std::string(text.substr(0, end));
}

} // namespace uap::utf8
