// Decodes the HTML character references md4c reports as entities, without an HTML library.
#include "markdown/entities.hpp"

#include <array>
#include <cstdlib>
#include <utility>

namespace uap::markdown {
namespace {

constexpr unsigned long replacement_character = 0xFFFD;

constexpr std::array<std::pair<std::string_view, unsigned long>, 12> named_references{{
    {"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}, {"nbsp", 0xA0},
    {"copy", 0xA9}, {"reg", 0xAE}, {"trade", 0x2122}, {"hellip", 0x2026}, {"mdash", 0x2014}, {"ndash", 0x2013},
}};

unsigned long numeric_code_point(std::string_view digits) {
    int base = 10;
    if (!digits.empty() && (digits.front() == 'x' || digits.front() == 'X')) {
        base = 16;
        digits.remove_prefix(1);
    }
    // md4c only reports references of at most 7 digits, so the value fits.
    std::string copy(digits);
    char* end = nullptr;
    unsigned long value = std::strtoul(copy.c_str(), &end, base);
    bool valid = !copy.empty() && end == copy.c_str() + copy.size();
    if (!valid || value == 0 || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF))
        return replacement_character;
    return value;
}

} // namespace

void append_utf8(std::string& out, unsigned long code_point) {
    if (code_point < 0x80) {
        out += static_cast<char>(code_point);
    } else if (code_point < 0x800) {
        out += static_cast<char>(0xC0 | (code_point >> 6));
        out += static_cast<char>(0x80 | (code_point & 0x3F));
    } else if (code_point < 0x10000) {
        out += static_cast<char>(0xE0 | (code_point >> 12));
        out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code_point & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (code_point >> 18));
        out += static_cast<char>(0x80 | ((code_point >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code_point & 0x3F));
    }
}

std::string decode_entity(std::string_view reference) {
    if (reference.size() < 3 || reference.front() != '&' || reference.back() != ';')
        return std::string(reference);
    std::string_view name = reference.substr(1, reference.size() - 2);
    std::string out;
    if (name.front() == '#') {
        append_utf8(out, numeric_code_point(name.substr(1)));
        return out;
    }
    for (const auto& [known, code_point] : named_references)
        if (known == name) {
            append_utf8(out, code_point);
            return out;
        }
    return std::string(reference);
}

} // namespace uap::markdown
