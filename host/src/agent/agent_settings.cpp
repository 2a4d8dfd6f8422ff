// AgentSettings: JSON load and atomic owner-only save.
#include "agent/agent_settings.hpp"

#include "support/files.hpp"
#include "support/json.hpp"
#include "support/paths.hpp"
#include "support/utf8_path.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace uap::agent {

namespace {

template <typename Enum, size_t Count>
using NameTable = std::array<std::pair<Enum, const char*>, Count>;

constexpr NameTable<AutoApprove, 5> level_names = {{{AutoApprove::Ask, "ask"},
                                                  {AutoApprove::ReadOnly, "read_only"},
                                                  {AutoApprove::Undoable, "undoable"},
                                                  {AutoApprove::AllUnityTools, "all_unity_tools"},
                                                  {AutoApprove::AllTools, "all_tools"}}};
constexpr NameTable<AlwaysAsk, 2> always_ask_names = {{{AlwaysAsk::Destructive, "destructive"}, {AlwaysAsk::NotUndoable, "not_undoable"}}};
constexpr NameTable<AuthMode, 2> auth_mode_names = {{{AuthMode::Automatic, "automatic"}, {AuthMode::SubscriptionOnly, "subscription_only"}}};

// Every value has a name in its table, so the first entry is only a formality.
template <typename Enum, size_t Count>
std::string name_in(const NameTable<Enum, Count>& table, Enum value) {
    for (auto& [each, name] : table)
        if (each == value)
            return name;
    return table.front().second;
}

template <typename Enum, size_t Count>
std::optional<Enum> value_in(const NameTable<Enum, Count>& table, std::string_view text) {
    for (auto& [value, name] : table)
        if (text == name)
            return value;
    return std::nullopt;
}

} // namespace

std::string to_string(AutoApprove level) { return name_in(level_names, level); }
std::optional<AutoApprove> parse_auto_approve(std::string_view text) { return value_in(level_names, text); }
std::string to_string(AlwaysAsk kind) { return name_in(always_ask_names, kind); }
std::optional<AlwaysAsk> parse_always_ask(std::string_view text) { return value_in(always_ask_names, text); }

std::string to_string(AuthMode mode) { return name_in(auth_mode_names, mode); }
std::optional<AuthMode> parse_auth_mode(std::string_view text) { return value_in(auth_mode_names, text); }

std::vector<AlwaysAsk> default_always_ask() { return {AlwaysAsk::Destructive, AlwaysAsk::NotUndoable}; }

std::filesystem::path AgentSettings::file_for(const std::filesystem::path& project) {
    return paths::project_state_folder(project) / "agent-settings.json";
}

Expected<AgentSettings> AgentSettings::load(const std::filesystem::path& project) {
    AgentSettings settings;
    auto file = file_for(project);
    std::error_code error;
    if (!std::filesystem::exists(file, error))
        return settings;
    auto text = files::read(file, 1024 * 1024, files::Links::Refuse);
    if (!text)
        return text.error();
    auto document = json::parse(*text);
    if (!document)
        return document.error().within(utf8::from_path(file));
    if (!document->IsObject())
        return Error(utf8::from_path(file) + ": the settings must be a JSON object");
    if (auto level = json::string_field(*document, "auto_approve"))
        settings.auto_approve = parse_auto_approve(*level).value_or(AutoApprove::Ask);
    // Only a list the user saved replaces the defaults; a name this host does not know adds nothing.
    if (auto kinds = document->FindMember("always_ask"); kinds != document->MemberEnd() && kinds->value.IsArray()) {
        settings.always_ask.clear();
        for (auto& kind : kinds->value.GetArray())
            if (auto known = kind.IsString() ? parse_always_ask(kind.GetString()) : std::nullopt;
                known && std::find(settings.always_ask.begin(), settings.always_ask.end(), *known) == settings.always_ask.end())
                settings.always_ask.push_back(*known);
    }
    for (auto [name, list] : {std::pair{"always_allow", &settings.always_allow}, std::pair{"always_deny", &settings.always_deny}})
        if (auto rules = document->FindMember(name); rules != document->MemberEnd() && rules->value.IsArray())
            for (auto& rule : rules->value.GetArray())
                if (rule.IsString())
                    list->emplace_back(rule.GetString(), rule.GetStringLength());
    settings.model = json::string_field(*document, "model").value_or("");
    settings.permission_mode = json::string_field(*document, "permission_mode").value_or("default");
    settings.cli_path = json::string_field(*document, "cli_path").value_or("");
    if (auto mode = json::string_field(*document, "auth"))
        settings.auth = parse_auth_mode(*mode).value_or(AuthMode::Automatic);
    settings.append_system_prompt = json::string_field(*document, "append_system_prompt").value_or("");
    if (auto seconds = json::integer_field(*document, "unattended_permission_timeout_seconds"); seconds && *seconds >= 0)
        settings.unattended_permission_timeout = std::chrono::seconds(*seconds);
    return settings;
}

Expected<void> AgentSettings::save(const std::filesystem::path& project) const {
    rapidjson::Document document(rapidjson::kObjectType);
    auto& allocator = document.GetAllocator();
    document.AddMember("auto_approve", json::string_value(to_string(auto_approve), allocator), allocator);
    rapidjson::Value kinds(rapidjson::kArrayType);
    for (auto kind : always_ask)
        kinds.PushBack(json::string_value(to_string(kind), allocator), allocator);
    document.AddMember("always_ask", kinds, allocator);
    for (auto [name, list] : {std::pair{"always_allow", &always_allow}, std::pair{"always_deny", &always_deny}}) {
        rapidjson::Value rules(rapidjson::kArrayType);
        for (auto& rule : *list)
            rules.PushBack(json::string_value(rule, allocator), allocator);
        document.AddMember(rapidjson::StringRef(name), rules, allocator);
    }
    document.AddMember("model", json::string_value(model, allocator), allocator);
    document.AddMember("permission_mode", json::string_value(permission_mode, allocator), allocator);
    document.AddMember("cli_path", json::string_value(cli_path, allocator), allocator);
    document.AddMember("auth", json::string_value(to_string(auth), allocator), allocator);
    document.AddMember("append_system_prompt", json::string_value(append_system_prompt, allocator), allocator);
    document.AddMember("unattended_permission_timeout_seconds", static_cast<int64_t>(unattended_permission_timeout.count()), allocator);
    return files::write_atomically(file_for(project), json::to_pretty_text(document) + "\n", files::Visibility::OwnerOnly);
}

} // namespace uap::agent
