// "@" completion: one folder listed through the project's file jail, its entries filtered by the
// typed prefix (ASCII letters in any case), folders marked, .meta files and hidden entries left out.
#include "panel/mention_completion.hpp"

#include "support/json.hpp"
#include "support/utf8_path.hpp"

#include <uap/sdk/file_jail.hpp>

#include <algorithm>
#include <array>
#include <cctype>

namespace uap::panel {

namespace fs = std::filesystem;

namespace {

constexpr std::array<std::string_view, 3> offered_roots = {"Assets", "Packages", "ProjectSettings"};
// A folder with more entries than this is read only this far: completion stays instant.
constexpr size_t max_scanned_entries = 20000;

bool starts_with_any_case(std::string_view text, std::string_view prefix) {
    return text.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), text.begin(), [](char left, char right) {
               return std::tolower(static_cast<unsigned char>(left)) == std::tolower(static_cast<unsigned char>(right));
           });
}

Expected<void> check_typed(std::string_view typed) {
    if (typed.size() > max_mention_prefix_bytes)
        return Error("the mention is " + std::to_string(typed.size()) + " bytes; at most " + std::to_string(max_mention_prefix_bytes) + " are completed");
    if (typed.find('\0') != std::string_view::npos || typed.find('\\') != std::string_view::npos || typed.find(':') != std::string_view::npos)
        return Error("a mention is a project path with '/' separators (no '\\', ':' or NUL), e.g. Assets/Scripts/Player.cs");
    if (!typed.empty() && typed.front() == '/')
        return Error("a mention is relative to the project, e.g. Assets/Scripts/Player.cs, not an absolute path");
    for (size_t start = 0; start <= typed.size();) {
        size_t end = std::min(typed.find('/', start), typed.size());
        if (typed.substr(start, end - start) == "..")
            return Error("a mention cannot leave the project ('..')");
        start = end + 1;
    }
    return {};
}

} // namespace

Expected<MentionCompletion> complete_mention(const fs::path& project, std::string_view typed, size_t limit) {
    if (auto checked = check_typed(typed); !checked)
        return checked.error();
    MentionCompletion completion;
    size_t slash = typed.rfind('/');
    std::string folder(slash == std::string_view::npos ? std::string_view() : typed.substr(0, slash));
    std::string_view name = slash == std::string_view::npos ? typed : typed.substr(slash + 1);
    auto jail = sdk::FileJail::open(project);
    if (!jail)
        return Error("the project folder cannot be read: " + jail.error().message);
    auto add = [&](std::string path, bool is_folder) {
        if (completion.candidates.size() >= limit) {
            completion.truncated = true;
            return;
        }
        completion.candidates.push_back({std::move(path), is_folder});
    };
    if (folder.empty()) {
        for (auto root : offered_roots)
            if (starts_with_any_case(root, name))
                if (auto kind = jail->kind(root); kind && kind.value() == sdk::EntryKind::Folder)
                    add(std::string(root) + "/", true);
        return completion;
    }
    std::string_view root = std::string_view(folder).substr(0, folder.find('/'));
    if (std::find(offered_roots.begin(), offered_roots.end(), root) == offered_roots.end())
        return Error("mentions complete under Assets/, Packages/ and ProjectSettings/ only");
    auto kind = jail->kind(folder);
    if (!kind)
        return Error(kind.error().message); // A link on the way, among others: never followed.
    if (kind.value() == sdk::EntryKind::Link)
        return Error(folder + " is a link; mentions never follow a link, which could lead out of the project");
    if (kind.value() != sdk::EntryKind::Folder)
        return completion; // Nothing there (yet): no candidates, not an error.
    std::error_code error;
    size_t scanned = 0;
    for (fs::directory_iterator entry(jail->host_path(folder), error), end; !error && entry != end; entry.increment(error)) {
        if (++scanned > max_scanned_entries) {
            completion.truncated = true;
            break;
        }
        std::string entry_name = utf8::from_path(entry->path().filename());
        if (entry_name.empty() || entry_name.front() == '.' || entry_name.ends_with(".meta") || !starts_with_any_case(entry_name, name))
            continue;
        std::error_code status_error;
        auto status = entry->symlink_status(status_error);
        if (status_error || fs::is_symlink(status))
            continue; // A link could lead out of the project.
        bool is_folder = fs::is_directory(status);
        if (!is_folder && !fs::is_regular_file(status))
            continue;
        completion.candidates.push_back({folder + "/" + entry_name + (is_folder ? "/" : ""), is_folder});
    }
    std::sort(completion.candidates.begin(), completion.candidates.end(), [](auto& left, auto& right) { return left.path < right.path; });
    if (completion.candidates.size() > limit) {
        completion.candidates.resize(limit);
        completion.truncated = true;
    }
    return completion;
}

Expected<void> MentionCommands::run(const std::string&, const rapidjson::Value& command, rapidjson::Document& reply) {
    auto completion = complete_mention(m_project, json::string_field(command, "prefix").value_or(""));
    if (!completion)
        return completion.error();
    auto& allocator = reply.GetAllocator();
    rapidjson::Value candidates(rapidjson::kArrayType);
    for (auto& candidate : completion->candidates) {
        rapidjson::Value entry(rapidjson::kObjectType);
        entry.AddMember("path", json::string_value(candidate.path, allocator), allocator);
        entry.AddMember("folder", candidate.folder, allocator);
        candidates.PushBack(entry, allocator);
    }
    reply.AddMember("candidates", candidates, allocator);
    reply.AddMember("truncated", completion->truncated, allocator);
    return {};
}

} // namespace uap::panel
