// Script gate paths: Windows and POSIX path rules as string logic (see gate_paths.hpp and the
// "Script gate" section of docs/agent-sessions.md for each decision).
#include "agent/gate_paths.hpp"

#include <algorithm>
#include <cctype>

namespace uap::agent {

namespace {

enum class Anchor { Relative, PosixRoot, DriveRelative, Rooted };
enum class Rules { Posix, Windows };

struct Parsed {
    Anchor anchor = Anchor::Relative;
    std::string root;
    std::string rest;
};

bool starts_with(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

bool is_drive(std::string_view text) { return text.size() >= 2 && std::isalpha(static_cast<unsigned char>(text[0])) && text[1] == ':'; }

std::string prepared(std::string_view path) {
    std::string text(path);
    std::replace(text.begin(), text.end(), '\\', '/');
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

// A text is a Windows path when it starts with a drive or two separators (UNC, \\?\).
Rules rules_of(std::string_view prepared_base) { return is_drive(prepared_base) || starts_with(prepared_base, "//") ? Rules::Windows : Rules::Posix; }

Parsed parse(std::string text, Rules rules) {
    if (rules == Rules::Posix) {
        if (!text.empty() && text[0] == '/')
            return {Anchor::PosixRoot, "", text.substr(1)};
        return {Anchor::Relative, "", text};
    }
    // Win32 file namespace (\\?\C:\x, \\?\UNC\server\share\x) and device namespace (\\.\C:\x).
    if (starts_with(text, "//?/") || starts_with(text, "//./")) {
        text = text.substr(4);
        if (starts_with(text, "unc/"))
            text = "//" + text.substr(4);
    }
    if (starts_with(text, "//")) {
        size_t server_end = text.find('/', 2);
        size_t share_end = server_end == std::string::npos ? std::string::npos : text.find('/', server_end + 1);
        if (share_end == std::string::npos)
            return {Anchor::Rooted, text, ""};
        return {Anchor::Rooted, text.substr(0, share_end), text.substr(share_end + 1)};
    }
    if (is_drive(text)) {
        if (text.size() >= 3 && text[2] == '/')
            return {Anchor::Rooted, text.substr(0, 2), text.substr(3)};
        return {Anchor::DriveRelative, text.substr(0, 2), text.substr(2)};
    }
    if (!text.empty() && text[0] == '/')
        return {Anchor::PosixRoot, "", text.substr(1)};
    return {Anchor::Relative, "", text};
}

// What Windows makes of a name when it opens the file: the stream after ':' and trailing dots and
// spaces are not part of the file name.
std::string windows_file_name(std::string segment) {
    if (auto colon = segment.find(':'); colon != std::string::npos)
        segment.resize(colon);
    while (!segment.empty() && (segment.back() == '.' || segment.back() == ' '))
        segment.pop_back();
    return segment;
}

void append_segments(GatePath& path, std::string_view rest, Rules rules) {
    size_t start = 0;
    while (start <= rest.size()) {
        size_t end = std::min(rest.find('/', start), rest.size());
        std::string raw(rest.substr(start, end - start));
        start = end + 1;
        // On Windows trailing spaces go before ".." is seen (".. " is the parent); any other segment
        // of only dots and spaces names no file and is dropped like ".".
        std::string name = windows_file_name(raw);
        bool parent = raw == "..";
        bool skip = raw.empty() || raw == ".";
        if (rules == Rules::Windows && !raw.empty() && raw.find_first_not_of(". ") == std::string::npos) {
            parent = std::string_view(raw).substr(0, raw.find_last_not_of(' ') + 1) == "..";
            skip = !parent;
        }
        if (skip)
            continue;
        if (parent) {
            if (!path.segments.empty())
                path.segments.pop_back();
            continue;
        }
        // POSIX names keep their dots and colons, but the stripped form is what the gate compares:
        // refusing "Assets/Foo.cs." on Linux costs nothing, missing it on Windows would.
        if (!name.empty())
            path.segments.push_back(name);
    }
}

// The Git Bash spellings of a drive: /c/rest and /cygdrive/c/rest.
bool msys_drive(std::string_view rest, std::string& root, std::string_view& remainder) {
    if (starts_with(rest, "cygdrive/"))
        rest.remove_prefix(9);
    if (rest.size() >= 1 && std::isalpha(static_cast<unsigned char>(rest[0])) && (rest.size() == 1 || rest[1] == '/')) {
        root = std::string(1, rest[0]) + ":";
        remainder = rest.size() > 2 ? rest.substr(2) : std::string_view();
        return true;
    }
    return false;
}

} // namespace

std::string GatePath::text() const {
    std::string joined = root;
    for (auto& segment : segments)
        joined += "/" + segment;
    return joined.empty() ? "/" : joined;
}

GatePath normalise_gate_path(std::string_view path, std::string_view base) {
    std::string prepared_base = prepared(base);
    Rules rules = rules_of(prepared_base);
    Parsed base_parts = parse(prepared_base, rules);
    GatePath resolved_base{base_parts.root, {}};
    append_segments(resolved_base, base_parts.rest, rules);

    Parsed parts = parse(prepared(path), rules);
    GatePath result;
    switch (parts.anchor) {
    case Anchor::Rooted:
        result.root = parts.root;
        break;
    case Anchor::DriveRelative:
        // Windows resolves C:rest against drive C's current folder: the process's own when it is on
        // C (the CLI's cwd is the base), else, for a process that never changed it, C's root.
        if (resolved_base.root == parts.root)
            result = resolved_base;
        else
            result.root = parts.root;
        break;
    case Anchor::PosixRoot:
        if (rules == Rules::Windows) {
            std::string drive;
            std::string_view remainder;
            if (is_drive(resolved_base.root) && msys_drive(parts.rest, drive, remainder)) {
                result.root = drive;
                parts.rest = std::string(remainder);
            } else {
                result.root = resolved_base.root; // "\rest" is on the current drive.
            }
        }
        break;
    case Anchor::Relative:
        result = resolved_base;
        break;
    }
    append_segments(result, parts.rest, rules);
    return result;
}

bool segment_names(std::string_view segment, std::string_view name) {
    if (segment == name)
        return true;
    // An 8.3 alias: up to six leading characters of the name (or two and four hex digits of a
    // hash, from the fifth collision on), '~', a number.
    auto tilde = segment.find('~');
    if (tilde == std::string_view::npos || tilde == 0 || tilde + 1 >= segment.size() || tilde > 6)
        return false;
    if (segment.find_first_not_of("0123456789", tilde + 1) != std::string_view::npos)
        return false;
    std::string long_name;
    for (char c : name)
        if (c != ' ' && c != '.')
            long_name.push_back(c);
    auto prefix = segment.substr(0, tilde);
    if (starts_with(long_name, prefix))
        return true;
    return prefix.size() == 6 && starts_with(long_name, prefix.substr(0, 2)) &&
           prefix.substr(2).find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

} // namespace uap::agent
