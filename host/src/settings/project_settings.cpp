// Per-project host settings, read tolerantly and written atomically.
#include "settings/project_settings.hpp"

#include "support/files.hpp"
#include "support/json.hpp"
#include "support/paths.hpp"
#include "support/platform/platform.hpp"
#include "support/utf8_path.hpp"

#include <algorithm>

namespace uap::settings {

namespace fs = std::filesystem;

namespace {
const char* const modules_key = "modules";
const char* const plugin_folders_key = "pluginFolders";
const char* const module_settings_key = "moduleSettings";
const char* const limits_key = "limits";
const char* const isolation_key = "isolation";
const char* const isolated_word = "isolated";
const char* const in_process_word = "in-process";
const char* const generation_key = "defaultsGeneration";
} // namespace

uint32_t DefaultsTable::generation() const {
    uint32_t newest = 1;
    for (auto& change : changes)
        newest = std::max(newest, change.generation);
    return newest;
}

Toggle DefaultsTable::default_of(const std::string& toggle_id) const {
    Toggle state = Toggle::Enabled;
    for (auto& change : changes)
        if (change.toggle == toggle_id)
            state = change.state;
    return state;
}

const DefaultsTable& host_defaults() {
    // Generation 1: every bundled pack (core, markers) is on by default. No change yet.
    static const DefaultsTable table{};
    return table;
}

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
        for (auto& entry : limits->value.GetObject()) {
            std::string_view name = entry.name.GetString();
            if (name == "toolDeadlines") {
                if (!entry.value.IsObject())
                    return Error("\"limits.toolDeadlines\" is not an object");
                for (auto& deadline : entry.value.GetObject())
                    if (!deadline.value.IsUint())
                        return Error(std::string("\"limits.toolDeadlines.") + deadline.name.GetString() + "\" is not a number of seconds");
            } else if (!entry.value.IsUint64()) {
                return Error(std::string("\"limits.") + entry.name.GetString() + "\" is not a non-negative integer");
            } else if (name == "cancelGraceMilliseconds" && entry.value.GetUint64() > static_cast<uint64_t>(max_cancel_grace.count())) {
                return Error("\"limits.cancelGraceMilliseconds\" is " + std::to_string(entry.value.GetUint64()) + "; it must be 0 to " +
                             std::to_string(max_cancel_grace.count()) + " (milliseconds)");
            }
        }
    }
    if (auto isolation = document.FindMember(isolation_key); isolation != document.MemberEnd()) {
        if (!isolation->value.IsObject())
            return Error("\"isolation\" is not an object");
        for (auto& entry : isolation->value.GetObject()) {
            auto word = entry.value.IsString() ? std::string_view(entry.value.GetString()) : std::string_view();
            if (word != isolated_word && word != in_process_word)
                return Error(std::string("\"isolation.") + entry.name.GetString() + "\" must be \"isolated\" or \"in-process\"");
        }
    }
    if (document.HasMember(generation_key) && !document[generation_key].IsUint())
        return Error("\"defaultsGeneration\" is not a non-negative integer");
    return {};
}

Expected<ProjectSettings> ProjectSettings::load(const fs::path& project, const DefaultsTable& defaults) {
    ProjectSettings settings;
    settings.m_defaults = &defaults;
    settings.m_file = file_for(project);
    settings.m_project = project;
    // A project first seen now has seen every default so far.
    settings.m_document.AddMember(rapidjson::StringRef(generation_key), defaults.generation(), settings.m_document.GetAllocator());
    std::error_code error;
    bool link = fs::is_symlink(fs::symlink_status(settings.m_file, error));
    if (!link && !fs::exists(settings.m_file, error))
        return settings;
    auto text = files::read(settings.m_file, settings_max_bytes, files::Links::Refuse);
    if (!text && link)
        return text.error(); // Not a corrupt file to move aside: a link the host refuses to follow.
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
            settings.migrate(defaults);
            return settings;
        }
    }
    fs::path backup = files::sibling_backup_name(settings.m_file, "corrupt");
    if (auto moved = files::rename_in_folder(settings.m_file, backup); !moved)
        return Error("settings file " + utf8::from_path(settings.m_file) + " is corrupt (" + problem->message() +
                     ") and could not be moved aside: " + moved.error().message());
    settings.m_recovery_note = "settings file " + utf8::from_path(settings.m_file) + " was corrupt (" + problem->message() +
                               "); it was kept as " + utf8::from_path(backup) + " and defaults are in use";
    return settings;
}

void ProjectSettings::migrate(const DefaultsTable& defaults) {
    uint32_t seen = m_document.HasMember(generation_key) ? m_document[generation_key].GetUint() : 1;
    if (seen >= defaults.generation())
        return;
    auto modules = m_document.FindMember(modules_key);
    for (auto& change : defaults.changes) {
        if (change.generation <= seen)
            continue;
        bool chosen = modules != m_document.MemberEnd() && modules->value.HasMember(change.toggle.c_str());
        std::string state = change.state == Toggle::Enabled ? "on" : "off";
        if (chosen)
            m_migration_notes.push_back("\"" + change.toggle + "\" is now " + state + " by default; this project keeps its own choice (" +
                                        (toggle(change.toggle) == Toggle::Enabled ? "on" : "off") + ")");
        else
            m_migration_notes.push_back("\"" + change.toggle + "\" is now " + state + " by default and so in this project; change it with `" +
                                        toggle_command(change.state == Toggle::Enabled ? Toggle::Disabled : Toggle::Enabled,
                                                       change.toggle, m_project) +
                                        "`");
    }
    m_document.RemoveMember(generation_key);
    m_document.AddMember(rapidjson::StringRef(generation_key), defaults.generation(), m_document.GetAllocator());
    if (auto saved = save(); !saved)
        m_migration_notes.push_back("the settings file could not record the new defaults generation: " + saved.error().message());
}

Toggle ProjectSettings::toggle(const std::string& toggle_id) const {
    // The file holds only what a user chose; everything else follows the newest default.
    auto modules = m_document.FindMember(modules_key);
    if (modules == m_document.MemberEnd())
        return m_defaults->default_of(toggle_id);
    auto entry = modules->value.FindMember(toggle_id.c_str());
    if (entry == modules->value.MemberEnd())
        return m_defaults->default_of(toggle_id);
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

uint64_t ProjectSettings::max_tool_result_bytes() const { return limit("maxToolResultBytes", default_max_tool_result_bytes); }

uint64_t ProjectSettings::limit(const std::string& name, uint64_t fallback) const {
    auto limits = m_document.FindMember(limits_key);
    if (limits == m_document.MemberEnd() || !limits->value.IsObject())
        return fallback;
    auto entry = limits->value.FindMember(name.c_str());
    return entry != limits->value.MemberEnd() && entry->value.IsUint64() ? entry->value.GetUint64() : fallback;
}

std::chrono::seconds ProjectSettings::tool_deadline(const std::string& tool_name) const {
    auto limits = m_document.FindMember(limits_key);
    if (limits == m_document.MemberEnd())
        return default_tool_deadline;
    if (auto deadlines = limits->value.FindMember("toolDeadlines"); deadlines != limits->value.MemberEnd())
        if (auto entry = deadlines->value.FindMember(tool_name.c_str()); entry != deadlines->value.MemberEnd())
            return std::chrono::seconds(entry->value.GetUint());
    if (auto fallback = limits->value.FindMember("toolDeadlineSeconds"); fallback != limits->value.MemberEnd())
        return std::chrono::seconds(fallback->value.GetUint());
    return default_tool_deadline;
}

std::chrono::seconds ProjectSettings::job_deadline(const std::string& tool_name) const {
    auto limits = m_document.FindMember(limits_key);
    if (limits != m_document.MemberEnd())
        if (auto deadlines = limits->value.FindMember("toolDeadlines"); deadlines != limits->value.MemberEnd())
            if (auto entry = deadlines->value.FindMember(tool_name.c_str()); entry != deadlines->value.MemberEnd())
                return std::chrono::seconds(entry->value.GetUint());
    return std::chrono::seconds(limit("jobDeadlineSeconds", default_job_deadline.count()));
}

std::chrono::milliseconds ProjectSettings::job_wait() const {
    return std::chrono::milliseconds(limit("jobWaitMilliseconds", default_job_wait.count()));
}

std::chrono::milliseconds ProjectSettings::cancel_grace() const {
    return std::chrono::milliseconds(limit("cancelGraceMilliseconds", default_cancel_grace.count()));
}

std::optional<Isolation> ProjectSettings::isolation(const std::string& pack_id) const {
    auto all = m_document.FindMember(isolation_key);
    if (all == m_document.MemberEnd())
        return std::nullopt;
    auto entry = all->value.FindMember(pack_id.c_str());
    if (entry == all->value.MemberEnd())
        return std::nullopt;
    return std::string_view(entry->value.GetString()) == isolated_word ? Isolation::Isolated : Isolation::InProcess;
}

void ProjectSettings::set_isolation(const std::string& pack_id, Isolation isolation) {
    auto& allocator = m_document.GetAllocator();
    if (!m_document.HasMember(isolation_key))
        m_document.AddMember(rapidjson::StringRef(isolation_key), rapidjson::Value(rapidjson::kObjectType), allocator);
    auto& all = m_document[isolation_key];
    all.RemoveMember(pack_id.c_str());
    rapidjson::Value word(rapidjson::StringRef(isolation == Isolation::Isolated ? isolated_word : in_process_word));
    all.AddMember(json::string_value(pack_id, allocator), word, allocator);
}

std::string toggle_command(Toggle state, const std::string& toggle_id, const fs::path& project) {
    // Quoted when needed, so the command can be pasted into a shell as it is.
    std::string folder = project.empty() ? std::string("DIR") : platform::shell_word(utf8::from_path(project));
    return std::string("uap-host modules ") + (state == Toggle::Enabled ? "enable " : "disable ") + toggle_id + " --project " + folder;
}

Expected<void> ProjectSettings::save() const {
    if (m_file.empty())
        return Error("no project was given, so there is no settings file to write");
    return files::write_atomically(m_file, json::to_pretty_text(m_document) + "\n", files::Visibility::OwnerOnly);
}

} // namespace uap::settings
