// Permission-card previews of file edits: the edit applied in memory to the file read through the
// jail, compared line by line with dtl (Debian's diff template library), grouped into unified hunks.
#include "agent/edit_preview.hpp"

#include "agent/permission_scopes.hpp"
#include "support/json.hpp"

#include <uap/sdk/file_jail.hpp>

#include <dtl/dtl.hpp>
#include <rapidjson/encodings.h>
#include <rapidjson/stringbuffer.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace uap::agent {

namespace {

// A file past this is not previewed (the card says so); the CLI itself reads files of this size.
constexpr std::uint64_t max_preview_file_bytes = 1024 * 1024;
// Lines per side that dtl compares, after the lines both texts share at their start and end are set
// aside (an Edit's change is usually a few lines of a large file). dtl's work grows with the lines
// times the differences and the card waits for it: rewriting 1,000 lines wholly took about 0.25 s
// here, 1,500 lines 0.9 s.
constexpr std::size_t max_compared_lines = 1'000;
// Lines per side at all: splitting and trimming are linear, so this only bounds memory.
constexpr std::size_t max_preview_lines = 50'000;
// The hunks a card carries; the rest is cut and marked truncated.
constexpr std::size_t max_diff_bytes = 64 * 1024;
constexpr std::size_t context_lines = 3;

enum class LineChange { Same, Removed, Added };

struct DiffLine {
    LineChange change;
    std::string_view text;
};

// Lines without their '\n'; a final newline does not make an empty last line.
std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

bool is_utf8_text(std::string_view text) {
    if (text.find('\0') != std::string_view::npos)
        return false;
    rapidjson::StringStream input(text.data());
    rapidjson::StringBuffer ignored;
    while (static_cast<std::size_t>(input.Tell()) < text.size())
        if (!rapidjson::UTF8<>::Validate(input, ignored))
            return false;
    return true;
}

// The edit script: the shared first and last lines as they are, dtl between them; nullopt when what
// lies between is longer than dtl may compare.
std::optional<std::vector<DiffLine>> edit_script(const std::vector<std::string_view>& before, const std::vector<std::string_view>& after) {
    std::size_t shared_start = 0;
    while (shared_start < before.size() && shared_start < after.size() && before[shared_start] == after[shared_start])
        ++shared_start;
    std::size_t shared_end = 0;
    while (shared_end < before.size() - shared_start && shared_end < after.size() - shared_start &&
           before[before.size() - 1 - shared_end] == after[after.size() - 1 - shared_end])
        ++shared_end;
    std::vector<std::string_view> old_middle(before.begin() + shared_start, before.end() - shared_end);
    std::vector<std::string_view> new_middle(after.begin() + shared_start, after.end() - shared_end);
    if (old_middle.size() > max_compared_lines || new_middle.size() > max_compared_lines)
        return std::nullopt;
    std::vector<DiffLine> lines;
    for (std::size_t index = 0; index < shared_start; ++index)
        lines.push_back({LineChange::Same, before[index]});
    // Deletions first, so that a replaced block reads as its old lines, then its new ones.
    dtl::Diff<std::string_view, std::vector<std::string_view>> diff(old_middle, new_middle, true);
    diff.onHuge();
    diff.compose();
    for (const auto& [text, info] : diff.getSes().getSequence()) {
        LineChange change = info.type == dtl::SES_ADD ? LineChange::Added : info.type == dtl::SES_DELETE ? LineChange::Removed : LineChange::Same;
        lines.push_back({change, text});
    }
    for (std::size_t index = before.size() - shared_end; index < before.size(); ++index)
        lines.push_back({LineChange::Same, before[index]});
    return lines;
}

// "@@ -start,count +start,count @@": an empty side names the line before it, as diff(1) does.
std::string hunk_header(std::size_t old_start, std::size_t old_count, std::size_t new_start, std::size_t new_count) {
    auto side = [](std::size_t start, std::size_t count) { return std::to_string(count == 0 ? start - 1 : start).append(1, ',').append(std::to_string(count)); };
    return "@@ -" + side(old_start, old_count) + " +" + side(new_start, new_count) + " @@\n";
}

std::string display(std::string_view line) {
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    return std::string(line);
}

EditPreview note_only(std::string note) {
    EditPreview preview;
    preview.note = std::move(note);
    return preview;
}

struct Replacement {
    std::string_view old_text;
    std::string_view new_text;
    bool every_occurrence = false;
};

std::size_t occurrences(std::string_view text, std::string_view part) {
    std::size_t count = 0;
    for (std::size_t at = text.find(part); at != std::string_view::npos; at = text.find(part, at + part.size()))
        ++count;
    return count;
}

// Applies one replacement as the CLI's Edit does, or says why the CLI will refuse it.
std::optional<std::string> apply(std::string& content, const Replacement& replacement, std::string_view which) {
    std::size_t found = occurrences(content, replacement.old_text);
    if (found == 0)
        return std::string(which) + "old_string is not in the file, so the CLI will refuse this edit";
    if (found > 1 && !replacement.every_occurrence)
        return std::string(which) + "old_string occurs " + std::to_string(found) + " times in the file; without replace_all the CLI refuses this edit";
    std::string result;
    std::size_t from = 0;
    for (std::size_t at = content.find(replacement.old_text); at != std::string::npos; at = content.find(replacement.old_text, from)) {
        result.append(content, from, at - from).append(replacement.new_text);
        from = at + replacement.old_text.size();
        if (!replacement.every_occurrence)
            break;
    }
    result.append(content, from, std::string::npos);
    content = std::move(result);
    return std::nullopt;
}

std::optional<Replacement> replacement_of(const rapidjson::Value& edit) {
    if (!edit.IsObject())
        return std::nullopt;
    auto old_text = edit.FindMember("old_string");
    auto new_text = edit.FindMember("new_string");
    if (old_text == edit.MemberEnd() || !old_text->value.IsString() || new_text == edit.MemberEnd() || !new_text->value.IsString())
        return std::nullopt;
    Replacement replacement{{old_text->value.GetString(), old_text->value.GetStringLength()},
                            {new_text->value.GetString(), new_text->value.GetStringLength()}};
    replacement.every_occurrence = json::bool_field(edit, "replace_all").value_or(false);
    return replacement;
}

// The replacements an Edit or MultiEdit asks for, in order; nullopt when the input is malformed.
std::optional<std::vector<Replacement>> replacements_of(std::string_view tool_name, const rapidjson::Value& input) {
    std::vector<Replacement> replacements;
    if (tool_name == "Edit") {
        auto single = replacement_of(input);
        if (!single)
            return std::nullopt;
        replacements.push_back(*single);
        return replacements;
    }
    auto edits = input.FindMember("edits");
    if (edits == input.MemberEnd() || !edits->value.IsArray())
        return std::nullopt;
    for (const auto& edit : edits->value.GetArray()) {
        auto one = replacement_of(edit);
        if (!one)
            return std::nullopt;
        replacements.push_back(*one);
    }
    return replacements;
}

} // namespace

EditPreview unified_diff(std::string_view before, std::string_view after, std::size_t max_bytes) {
    EditPreview preview;
    auto old_lines = split_lines(before);
    auto new_lines = split_lines(after);
    if (old_lines.size() > max_preview_lines || new_lines.size() > max_preview_lines)
        return note_only("the file has more than " + std::to_string(max_preview_lines) + " lines");
    auto compared = edit_script(old_lines, new_lines);
    if (!compared)
        return note_only("the change spans more than " + std::to_string(max_compared_lines) + " lines");
    const std::vector<DiffLine>& script = *compared;
    std::vector<std::size_t> changed;
    for (std::size_t index = 0; index < script.size(); ++index)
        if (script[index].change != LineChange::Same)
            changed.push_back(index);
    if (changed.empty()) {
        if (before != after)
            preview.note = "the change is only in the final newline";
        return preview;
    }
    // Line numbers before each script position, on each side.
    std::vector<std::size_t> old_line(script.size() + 1, 1), new_line(script.size() + 1, 1);
    for (std::size_t index = 0; index < script.size(); ++index) {
        old_line[index + 1] = old_line[index] + (script[index].change != LineChange::Added ? 1 : 0);
        new_line[index + 1] = new_line[index] + (script[index].change != LineChange::Removed ? 1 : 0);
    }
    for (const DiffLine& line : script) {
        preview.added += line.change == LineChange::Added ? 1 : 0;
        preview.removed += line.change == LineChange::Removed ? 1 : 0;
    }
    // Room for the longest header ("@@ -N,N +N,N @@" with 20-digit numbers).
    constexpr std::size_t header_room = 96;
    std::size_t next = 0;
    while (next < changed.size()) {
        // One hunk: changes with at most twice the context between them share their context lines.
        std::size_t last = next;
        while (last + 1 < changed.size() && changed[last + 1] - changed[last] - 1 <= 2 * context_lines)
            ++last;
        std::size_t begin = changed[next] >= context_lines ? changed[next] - context_lines : 0;
        std::size_t end = std::min(script.size(), changed[last] + context_lines + 1);
        // A hunk past the limit is cut after a whole line, and its header counts the lines shown.
        std::size_t shown_end = begin;
        for (std::size_t bytes = preview.diff.size() + header_room; shown_end < end; ++shown_end) {
            bytes += script[shown_end].text.size() + 2;
            if (bytes > max_bytes)
                break;
        }
        preview.truncated = shown_end < end;
        if (shown_end == begin)
            break;
        preview.diff += hunk_header(old_line[begin], old_line[shown_end] - old_line[begin], new_line[begin], new_line[shown_end] - new_line[begin]);
        for (std::size_t index = begin; index < shown_end; ++index) {
            const DiffLine& line = script[index];
            preview.diff += line.change == LineChange::Added ? '+' : line.change == LineChange::Removed ? '-' : ' ';
            preview.diff += display(line.text);
            preview.diff += '\n';
        }
        if (preview.truncated)
            break;
        next = last + 1;
    }
    return preview;
}

rapidjson::Value to_json(const EditPreview& preview, rapidjson::Document::AllocatorType& allocator) {
    rapidjson::Value value(rapidjson::kObjectType);
    value.AddMember("diff", json::string_value(preview.diff, allocator), allocator);
    value.AddMember("added", static_cast<std::uint64_t>(preview.added), allocator);
    value.AddMember("removed", static_cast<std::uint64_t>(preview.removed), allocator);
    value.AddMember("truncated", preview.truncated, allocator);
    value.AddMember("new_file", preview.new_file, allocator);
    if (!preview.note.empty())
        value.AddMember("note", json::string_value(preview.note, allocator), allocator);
    return value;
}

std::optional<EditPreview> preview_file_change(std::string_view tool_name, const rapidjson::Value& input, const std::filesystem::path& project) {
    if (tool_name != "Write" && tool_name != "Edit" && tool_name != "MultiEdit")
        return std::nullopt;
    if (!input.IsObject())
        return note_only("the tool's input is not an object");
    auto file = file_argument(tool_name, input);
    if (!file)
        return note_only("the tool names no file_path");
    auto relative = project_relative(*file, project);
    if (!relative)
        return note_only("the file is outside the project");
    auto jail = sdk::FileJail::open(project);
    if (!jail)
        return note_only("the project folder cannot be read: " + jail.error().message);
    auto read = jail->read(*relative, max_preview_file_bytes);
    bool missing = !read && read.error().problem == sdk::JailProblem::Missing;
    if (!read && !missing)
        return note_only(read.error().problem == sdk::JailProblem::TooLarge ? "the file is larger than 1 MiB"
                                                                             : "the file cannot be read: " + read.error().message);
    std::string before = missing ? std::string() : read->content;
    if (!is_utf8_text(before))
        return note_only("the file is not UTF-8 text");

    std::string after = before;
    if (tool_name == "Write") {
        auto content = json::string_field(input, "content");
        if (!content)
            return note_only("Write names no content");
        after = *content;
    } else {
        auto replacements = replacements_of(tool_name, input);
        if (!replacements)
            return note_only("the edit's old_string and new_string are missing or not text");
        bool creates = missing && replacements->size() == 1 && replacements->front().old_text.empty();
        if (missing && !creates)
            return note_only("the file does not exist, so the CLI will refuse this edit");
        for (std::size_t index = 0; index < replacements->size() && !creates; ++index) {
            std::string which = replacements->size() > 1 ? "edit " + std::to_string(index + 1) + ": " : "";
            if (auto refused = apply(after, (*replacements)[index], which))
                return note_only(*refused);
        }
        if (creates)
            after = std::string(replacements->front().new_text);
    }
    if (!is_utf8_text(after))
        return note_only("the new content is not UTF-8 text");
    EditPreview preview = unified_diff(before, after, max_diff_bytes);
    preview.new_file = missing;
    return preview;
}

} // namespace uap::agent
