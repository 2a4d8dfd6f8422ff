// uLoop detection, the allow-list preset, the capability matrix and the manifest fallback.
#include "integrations/uloop.hpp"

#include "support/files.hpp"
#include "support/json.hpp"
#include "support/platform/platform.hpp"
#include "support/utf8_path.hpp"

#include <rapidjson/reader.h>

#include <algorithm>
#include <sstream>

namespace uap::integrations {

namespace fs = std::filesystem;

namespace {

constexpr uint64_t max_manifest_bytes = 4 * 1024 * 1024;

const rapidjson::Value* dependencies_of(const rapidjson::Value& manifest) {
    if (!manifest.IsObject())
        return nullptr;
    auto found = manifest.FindMember("dependencies");
    return found != manifest.MemberEnd() && found->value.IsObject() ? &found->value : nullptr;
}

// Finds, with RapidJSON's reader, the offset just after the '{' that opens the top-level
// "dependencies" object, so an insertion leaves every other byte of the file as it was.
struct DependenciesLocator : rapidjson::BaseReaderHandler<rapidjson::UTF8<>, DependenciesLocator> {
    explicit DependenciesLocator(const rapidjson::StringStream& read) : stream(read) {}
    const rapidjson::StringStream& stream;
    int depth = 0;
    bool next_is_dependencies = false;
    size_t offset = std::string::npos;
    bool Default() {
        next_is_dependencies = false;
        return true;
    }
    bool StartObject() {
        ++depth;
        if (next_is_dependencies && depth == 2 && offset == std::string::npos)
            offset = stream.Tell();
        next_is_dependencies = false;
        return true;
    }
    bool EndObject(rapidjson::SizeType) {
        --depth;
        return true;
    }
    bool StartArray() { return Default(); }
    bool EndArray(rapidjson::SizeType) { return true; }
    bool Key(const char* text, rapidjson::SizeType length, bool) {
        next_is_dependencies = depth == 1 && std::string_view(text, length) == "dependencies";
        return true;
    }
};

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream stream(text);
    for (std::string line; std::getline(stream, line);) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        lines.push_back(line);
    }
    return lines;
}

bool is_executable_file(const fs::path& file) { return platform::is_executable(file); }

} // namespace

Expected<bool> manifest_depends_on(std::string_view manifest_text, std::string_view package_id) {
    auto document = json::parse(manifest_text);
    if (!document)
        return document.error();
    if (!document->IsObject())
        return Error("the manifest is not a JSON object");
    const rapidjson::Value* dependencies = dependencies_of(*document);
    return dependencies && dependencies->HasMember(std::string(package_id).c_str());
}

UloopDetection detect_uloop(const fs::path& project, const std::string& path_variable) {
    UloopDetection detection;
    std::error_code error;
    auto manifest = project / "Packages" / "manifest.json";
    if (fs::exists(manifest, error)) {
        auto text = files::read(manifest, max_manifest_bytes);
        auto depends = text ? manifest_depends_on(*text, uloop_package_id) : Expected<bool>(text.error());
        if (depends)
            detection.in_manifest = *depends;
        else
            detection.problems.push_back(utf8::from_path(manifest) + " could not be read (" + depends.error().message() +
                                         "); Unity cannot read it either, so fix it before installing packages");
    }
    if (fs::is_directory(project / "Packages", error))
        for (auto& entry : fs::directory_iterator(project / "Packages", error)) {
            auto package_file = entry.path() / "package.json";
            if (!fs::is_regular_file(package_file, error))
                continue;
            auto text = files::read(package_file, max_manifest_bytes);
            auto document = text ? json::parse(*text) : Expected<rapidjson::Document>(text.error());
            if (document && json::string_field(*document, "name").value_or("") == uloop_package_id)
                detection.embedded = true;
        }
    if (fs::is_directory(project / "Library" / "PackageCache", error))
        for (auto& entry : fs::directory_iterator(project / "Library" / "PackageCache", error))
            if (utf8::from_path(entry.path().filename()).rfind(std::string(uloop_package_id) + "@", 0) == 0)
                detection.in_package_cache = true;
    std::istringstream folders(path_variable);
    for (std::string folder; std::getline(folders, folder, ':');)
        if (!folder.empty() && is_executable_file(utf8::to_path(folder) / "uloop")) {
            detection.cli = utf8::to_path(folder) / "uloop";
            break;
        }
    return detection;
}

const std::vector<std::string>& uloop_preset_rules() {
    static const std::vector<std::string> rules = [] {
        std::vector<std::string> list;
        for (const char* command : {"compile", "get-logs", "list", "run-tests"}) {
            list.push_back(std::string("Bash(uloop ") + command + ")");
            list.push_back(std::string("Bash(uloop ") + command + " *)");
        }
        return list;
    }();
    return rules;
}

PresetChange apply_uloop_preset(const std::vector<std::string>& rules) {
    PresetChange change;
    const auto& preset = uloop_preset_rules();
    for (auto& rule : rules) {
        bool names_uloop = rule.rfind("Bash(uloop", 0) == 0;
        bool in_preset = std::find(preset.begin(), preset.end(), rule) != preset.end();
        if (names_uloop && !in_preset) {
            // Broad (Bash(uloop *), Bash(uloop:*), Bash(uloop)) or for a command that must ask:
            // either would approve execute-dynamic-code, update, sync or launch without a question.
            change.removed.push_back(rule);
            continue;
        }
        if (std::find(change.rules.begin(), change.rules.end(), rule) == change.rules.end())
            change.rules.push_back(rule);
    }
    for (auto& rule : preset)
        if (std::find(change.rules.begin(), change.rules.end(), rule) == change.rules.end()) {
            change.rules.push_back(rule);
            change.added.push_back(rule);
        }
    return change;
}

Expected<ManifestEdit> add_uloop_to_manifest(const std::string& manifest_text) {
    auto depends = manifest_depends_on(manifest_text, uloop_package_id);
    if (!depends)
        return depends.error().within("Packages/manifest.json");
    if (*depends)
        return Error(std::string("Packages/manifest.json already depends on ") + uloop_package_id + "; nothing to add");
    auto document = json::parse(manifest_text);
    if (!dependencies_of(*document))
        return Error("Packages/manifest.json has no \"dependencies\" object; Unity writes one in every project, so restore the file from "
                     "version control");
    rapidjson::StringStream stream(manifest_text.c_str());
    DependenciesLocator locator(stream);
    rapidjson::Reader reader;
    reader.Parse(stream, locator);
    if (locator.offset == std::string::npos)
        return Error("the \"dependencies\" object of Packages/manifest.json was not found");
    size_t open = locator.offset;
    const std::string line_end = manifest_text.find("\r\n") != std::string::npos ? "\r\n" : "\n";
    size_t next = manifest_text.find_first_not_of(" \t\r\n", open);
    std::string gap = manifest_text.substr(open, next - open);
    std::string indent = gap.find('\n') != std::string::npos ? gap.substr(gap.rfind('\n') + 1) : "    ";
    bool empty = next != std::string::npos && manifest_text[next] == '}';
    // The member as the pretty writer spells it ("id": "url"), taken out of a one-member object.
    rapidjson::Document member(rapidjson::kObjectType);
    member.AddMember(rapidjson::StringRef(uloop_package_id), rapidjson::StringRef(uloop_git_url), member.GetAllocator());
    std::string pretty = json::to_pretty_text(member);
    size_t first = pretty.find('"'), last = pretty.rfind('"');
    std::string insertion = line_end + indent + pretty.substr(first, last - first + 1);
    ManifestEdit edit;
    edit.before = manifest_text;
    edit.after = manifest_text;
    if (empty) {
        insertion += line_end;
        edit.after.erase(open, next - open); // The closing brace moves to its own line.
    } else {
        insertion.push_back(','); // The entries that follow stay as they were.
    }
    edit.after.insert(open, insertion);
    auto before_lines = split_lines(edit.before), after_lines = split_lines(edit.after);
    size_t prefix = 0;
    while (prefix < before_lines.size() && prefix < after_lines.size() && before_lines[prefix] == after_lines[prefix])
        ++prefix;
    size_t suffix = 0;
    while (suffix < before_lines.size() - prefix && suffix < after_lines.size() - prefix &&
           before_lines[before_lines.size() - 1 - suffix] == after_lines[after_lines.size() - 1 - suffix])
        ++suffix;
    for (size_t index = prefix; index < before_lines.size() - suffix; ++index)
        edit.diff.push_back("- " + before_lines[index]);
    for (size_t index = prefix; index < after_lines.size() - suffix; ++index)
        edit.diff.push_back("+ " + after_lines[index]);
    if (!json::parse(edit.after))
        return Error("internal error: the edited manifest would not be valid JSON; nothing was written");
    return edit;
}

Expected<fs::path> apply_manifest_edit(const fs::path& project, const ManifestEdit& edit) {
    auto manifest = project / "Packages" / "manifest.json";
    auto current = files::read(manifest, max_manifest_bytes, files::Links::Refuse);
    if (!current)
        return current.error();
    if (*current != edit.before)
        return Error(utf8::from_path(manifest) + " changed since the change was shown; nothing was written. Look at the new change and apply it again");
    auto backup = files::sibling_backup_name(manifest, "uap-backup");
    if (auto saved = files::write_atomically(backup, *current, files::Visibility::Default); !saved)
        return saved.error().within("the backup was not written, so the manifest was left alone");
    if (auto written = files::write_atomically(manifest, edit.after, files::Visibility::Default); !written)
        return written.error();
    return backup;
}

} // namespace uap::integrations
