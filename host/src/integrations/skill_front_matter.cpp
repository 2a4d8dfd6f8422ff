// Skill names and the front matter of SKILL.md: text from packs is made one safe YAML line here.
#include "integrations/skill_front_matter.hpp"

#include <array>
#include <cstdint>
#include <optional>

namespace uap::integrations {

namespace {

bool is_name_character(char character) {
    return (character >= 'a' && character <= 'z') || (character >= '0' && character <= '9') || character == '-';
}

struct Decoded {
    std::optional<uint32_t> code_point; // Empty when the bytes are not valid UTF-8.
    std::size_t length;                 // Bytes consumed (one for an invalid byte).
};

// One UTF-8 sequence at the start of text; overlong forms, surrogates and values past U+10FFFF are invalid.
Decoded decode(std::string_view text) {
    auto byte = [&](std::size_t index) { return static_cast<unsigned char>(text[index]); };
    unsigned char lead = byte(0);
    if (lead < 0x80)
        return {lead, 1};
    std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0;
    if (length == 0 || lead > 0xF4 || length > text.size())
        return {std::nullopt, 1};
    uint32_t value = lead & (0x7F >> length);
    for (std::size_t index = 1; index < length; ++index) {
        if ((byte(index) & 0xC0) != 0x80)
            return {std::nullopt, 1};
        value = (value << 6) | (byte(index) & 0x3F);
    }
    static constexpr std::array<uint32_t, 5> smallest = {0, 0, 0x80, 0x800, 0x10000};
    if (value < smallest[length] || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF))
        return {std::nullopt, 1};
    return {value, length};
}

// Line breaks and controls of every kind: C0, DEL, C1 (NEL among them), and the Unicode line and
// paragraph separators, which YAML and Markdown readers may take as the end of a line.
bool breaks_lines(uint32_t code_point) {
    return code_point < 0x20 || (code_point >= 0x7F && code_point <= 0x9F) || code_point == 0x2028 || code_point == 0x2029;
}

} // namespace

bool is_valid_skill_name(std::string_view name) {
    if (name.empty() || name.size() > skill_name_max_characters || name.front() == '-' || name.back() == '-')
        return false;
    for (std::size_t index = 0; index < name.size(); ++index)
        if (!is_name_character(name[index]) || (name[index] == '-' && index > 0 && name[index - 1] == '-'))
            return false;
    return name.find("anthropic") == std::string_view::npos && name.find("claude") == std::string_view::npos;
}

Expected<std::string> skill_name_for_pack(std::string_view pack_id) {
    std::string_view rest = pack_id.substr(0, 4) == "uap." ? pack_id.substr(4) : pack_id;
    std::string name = "uap-";
    for (char character : rest) {
        char lower = character >= 'A' && character <= 'Z' ? static_cast<char>(character - 'A' + 'a') : character;
        if (is_name_character(lower) && lower != '-')
            name += lower;
        else if (name.back() != '-')
            name += '-';
    }
    if (name.size() > skill_name_max_characters)
        name.resize(skill_name_max_characters);
    while (!name.empty() && name.back() == '-')
        name.pop_back();
    if (!is_valid_skill_name(name) || name == "uap")
        return Error("pack " + std::string(pack_id) + " gets no skill: its id makes the skill name \"" + name +
                     "\", which Claude Code refuses (a-z, 0-9 and single '-' only, at most 64 characters, without the words "
                     "\"anthropic\" or \"claude\"); its tools stay reachable through the uap-tool-search skill");
    return name;
}

std::string one_line(std::string_view text, std::size_t max_bytes, AngleBrackets angles) {
    std::string line;
    bool cut = false;
    for (std::size_t position = 0; position < text.size();) {
        Decoded decoded = decode(text.substr(position));
        // A view of a literal or of the text: nothing is copied until the piece joins the line.
        std::string_view piece;
        if (!decoded.code_point || *decoded.code_point == 0xFFFE || *decoded.code_point == 0xFFFF)
            piece = "?";
        else if (breaks_lines(*decoded.code_point) || *decoded.code_point == ' ')
            piece = line.empty() || line.back() == ' ' ? "" : " ";
        else if (angles == AngleBrackets::AsParentheses && (*decoded.code_point == '<' || *decoded.code_point == '>'))
            piece = *decoded.code_point == '<' ? "(" : ")";
        else
            piece = text.substr(position, decoded.length);
        position += decoded.length;
        if (line.size() + piece.size() > max_bytes) {
            cut = true;
            break;
        }
        line += piece;
    }
    if (cut) {
        // Room for the ellipsis, taken back a whole character at a time.
        while (!line.empty() && line.size() + 3 > max_bytes) {
            std::size_t start = line.size() - 1;
            while (start > 0 && (static_cast<unsigned char>(line[start]) & 0xC0) == 0x80)
                --start;
            line.erase(start);
        }
        line += "...";
    }
    while (!line.empty() && line.back() == ' ')
        line.pop_back();
    return line;
}

std::string skill_front_matter(std::string_view name, std::string_view description) {
    std::string value;
    for (char character : one_line(description, skill_description_max_bytes, AngleBrackets::AsParentheses)) {
        if (character == '"' || character == '\\')
            value += '\\';
        value += character;
    }
    return "---\nname: " + std::string(name) + "\ndescription: \"" + value + "\"\n---\n";
}

} // namespace uap::integrations
