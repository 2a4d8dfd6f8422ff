// The text an HTML character reference in Markdown stands for ("&amp;" → "&", "&#x41;" → "A").
#pragma once

#include <string>
#include <string_view>

namespace uap::markdown {

// Numeric references and the named ones models write (amp, lt, gt, quot, apos, nbsp, copy, reg,
// trade, hellip, mdash, ndash); any other name stays as written, which shows the author's text
// rather than guessing. Invalid code points (0, surrogates, past U+10FFFF) become U+FFFD, as
// CommonMark requires.
std::string decode_entity(std::string_view reference);

// Appends a code point as UTF-8.
void append_utf8(std::string& out, unsigned long code_point);

} // namespace uap::markdown
