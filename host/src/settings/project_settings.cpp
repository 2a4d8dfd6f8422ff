// Per-project host settings, read tolerantly and written atomically.
#include "settings/project_settings.hpp"

#include "support/files.hpp"
#include "support/json.hpp"
#include "support/paths.hpp"

namespace uap::settings {

namespace fs = std::filesystem;

namespace {
const char* const modules_key = "modules";
const char* const plugin_folders_key = "pluginFolders";
const char* const module_settings_key = "moduleSettings";
const char* const limits_key = "limits";
} // namespace

ProjectSettings::ProjectSettings() {
    m_document.SetObject();
    m_document.AddMember("settingsVersion", 1, m_document.GetAllocator());
}

fs::path ProjectSettings::file_for(const fs::path& project) { return paths::project_state_folder(project) / "host-settings.json"; }

Expected<void> ProjectSettings::validate(const rapidjson::Document& document) {
    if (!document.IsObject())
        return Error("the top level is not a JSON object");
    if (auto modules = document.FindMember(modules_key); modules != document.MemberEnd()) {
        if (!modules->value.IsObject())
            return Error("\"modules\" is not an object");
        for (auto& entry : modules->value.GetObject())
            if (!entry.value.IsObject() || !json::bool_field(entry.value, "enabled"))
                return Error(std::string("\"modules.") + entry.name.GetString() + "\" needs a boolean \"enabled\"");
    }
    if (auto folders = document.FindMember(plugin_folders_key); folders != document.MemberEnd()) {
        if (!folders->value.IsArray())
            return Error("\"pluginFolders\" is not an array");
        for (auto& folder : folders->value.GetArray())
            if (!folder.IsString())
                return Error("\"pluginFolders\" holds something that is not a string");
    }
    if (auto module_settings = document.FindMember(module_settings_key); module_settings != document.MemberEnd()) {
        if (!module_settings->value.IsObject())
            return Error("\"moduleSettings\" is not an object");
        for (auto& entry : module_settings->value.GetObject())
            if (!entry.value.IsObject())
                return Error(std::string("\"moduleSettings.") + entry.name.GetString() + "\" is not an object");
    }
    if (auto limits = document.FindMember(limits_key); limits != document.MemberEnd()) {
        if (!limits->value.IsObject())
            return Error("\"limits\" is not an object");
        if (limits->value.HasMember("maxToolResultBytes") && !limits->value["maxToolResultBytes"].IsUint64())
            return Error("\"limits.maxToolResultBytes\" is not a non-negative integer");
    }
    return {};
}

Expected<ProjectSettings> ProjectSettings::load(const fs::path& project) {
    ProjectSettings settings;
    settings.m_file = file_for(project);
    settings.m_project = project;
    std::error_code error;
    if (!fs::exists(settings.m_file, error))
        return settings;
    auto text = files::read(settings.m_file, settings_max_bytes);
    std::optional<Error> problem;
    if (!text) {
        problem = text.error();
    } else {
        auto parsed = json::parse(*text);
        if (!parsed) {
            problem = parsed.error();
        } else if (auto valid = validate(*parsed); !valid) {
            problem = valid.error();
        } else {
            settings.m_document = std::move(*parsed);
            return settings;
        }
    }
    fs::path backup = files::sibling_backup_name(settings.m_file, "corrupt");
    fs::rename(settings.m_file, backup, error);
    if (error)
        return Error("settings file " + settings.m_file.string() + " is corrupt (" + problem->message() +
                     ") and could not be moved aside: " + error.message());
    settings.m_recovery_note = "settings file " + settings.m_file.string() + " was corrupt (" + problem->message() +
                               "); it was kept as " + backup.string() + " and defaults are in use";
    return settings;
}

Toggle ProjectSettings::toggle(const std::string& toggle_id) const {
    auto modules = m_document.FindMember(modules_key);
    if (modules == m_document.MemberEnd())
        return Toggle::Enabled;
    auto entry = modules->value.FindMember(toggle_id.c_str());
    if (entry == modules->value.MemberEnd())
        return Toggle::Enabled;
    return json::bool_field(entry->value, "enabled").value_or(true) ? Toggle::Enabled : Toggle::Disabled;
}

void ProjectSettings::set_toggle(const std::string& toggle_id, Toggle state) {
    auto& allocator = m_document.GetAllocator();
    if (!m_document.HasMember(modules_key))
        m_document.AddMember(rapidjson::StringRef(modules_key), rapidjson::Value(rapidjson::kObjectType), allocator);
    auto& modules = m_document[modules_key];
    modules.RemoveMember(toggle_id.c_str());
    rapidjson::Value entry(rapidjson::kObjectType);
    entry.AddMember("enabled", state == Toggle::Enabled, allocator);
    modules.AddMember(json::string_value(toggle_id, allocator), entry, allocator);
}

std::vector<fs::path> ProjectSettings::plugin_folders() const {
    std::vector<fs::path> folders;
    if (auto found = m_document.FindMember(plugin_folders_key); found != m_document.MemberEnd())
        for (auto& folder : found->value.GetArray())
            folders.emplace_back(folder.GetString());
    return folders;
}

std::string ProjectSettings::module_settings_json(const std::string& module_id) const {
    auto all = m_document.FindMember(module_settings_key);
    if (all == m_document.MemberEnd())
        return "{}";
    auto entry = all->value.FindMember(module_id.c_str());
    return entry == all->value.MemberEnd() ? "{}" : json::to_text(entry->value);
}

uint64_t ProjectSettings::max_tool_result_bytes() const {
    auto limits = m_document.FindMember(limits_key);
    if (limits == m_document.MemberEnd() || !limits->value.HasMember("maxToolResultBytes"))
        return default_max_tool_result_bytes;
    return limits->value["maxToolResultBytes"].GetUint64();
}

std::string toggle_command(Toggle state, const std::string& toggle_id, const fs::path& project) {
    std::string folder = project.empty() ? std::string("DIR") : project.string();
    if (folder.find_first_of(" \t'\"$`\\") != std::string::npos)
        folder = "'" + folder + "'"; // Quoted so the command can be pasted into a shell as it is.
    return std::string("uap-host modules ") + (state == Toggle::Enabled ? "enable " : "disable ") + toggle_id + " --project " + folder;
}

Expected<void> ProjectSettings::save() const {
    if (m_file.empty())
        return Error("no project was given, so there is no settings file to write");
    return files::write_atomically(m_file, json::to_pretty_text(m_document) + "\n", files::Visibility::OwnerOnly);
}

} // namespace uap::settings
