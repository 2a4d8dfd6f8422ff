// Launch files and the CLI process record.
#include "agent/launch_files.hpp"
#include "support/processes.hpp"

#include "support/files.hpp"
#include "support/json.hpp"
#include "support/paths.hpp"
#include "support/utf8_path.hpp"
#include "support/log.hpp"

namespace uap::agent {

namespace fs = std::filesystem;

fs::path agent_state_folder(const fs::path& project) { return paths::project_state_folder(project) / "agent"; }

Expected<fs::path> write_mcp_config(const fs::path& project, const std::string& mcp_url, const std::string& mcp_token) {
    rapidjson::Document document(rapidjson::kObjectType);
    auto& allocator = document.GetAllocator();
    rapidjson::Value headers(rapidjson::kObjectType);
    headers.AddMember("Authorization", json::string_value("Bearer " + mcp_token, allocator), allocator);
    rapidjson::Value server(rapidjson::kObjectType);
    server.AddMember("type", "http", allocator);
    server.AddMember("url", json::string_value(mcp_url, allocator), allocator);
    server.AddMember("headers", headers, allocator);
    rapidjson::Value servers(rapidjson::kObjectType);
    servers.AddMember(rapidjson::StringRef(mcp_server_name), server, allocator);
    document.AddMember("mcpServers", servers, allocator);
    fs::path file = agent_state_folder(project) / "mcp-config.json";
    if (auto written = files::write_atomically(file, json::to_text(document), files::Visibility::OwnerOnly); !written)
        return written.error();
    return file;
}

Expected<fs::path> write_appended_prompt(const fs::path& project, const std::string& text) {
    fs::path file = agent_state_folder(project) / "appended-system-prompt.md";
    if (auto written = files::write_atomically(file, text, files::Visibility::OwnerOnly); !written)
        return written.error();
    return file;
}

Expected<fs::path> write_launch_settings(const fs::path& project, const std::optional<fs::path>& hook_binary, const std::vector<std::string>& allowed,
                                         const std::vector<std::string>& denied) {
    rapidjson::Document document(rapidjson::kObjectType);
    auto& allocator = document.GetAllocator();
    if (hook_binary) {
        // Exec form ("args" present): the CLI starts the program itself, with no shell between, so a
        // path with spaces, quotes, '$' or backslashes needs no quoting, and Windows needs no Git Bash.
        rapidjson::Value arguments(rapidjson::kArrayType);
        for (const std::string& word : {std::string("hook"), std::string("pre-tool-use"), std::string("--project"), utf8::from_path(project)})
            arguments.PushBack(json::string_value(word, allocator), allocator);
        rapidjson::Value hook(rapidjson::kObjectType);
        hook.AddMember("type", "command", allocator);
        hook.AddMember("command", json::string_value(utf8::from_path(*hook_binary), allocator), allocator);
        hook.AddMember("args", arguments, allocator);
        hook.AddMember("timeout", 30, allocator);
        rapidjson::Value hooks(rapidjson::kArrayType);
        hooks.PushBack(hook, allocator);
        rapidjson::Value matcher(rapidjson::kObjectType);
        matcher.AddMember("matcher", rapidjson::StringRef(gated_tools_matcher), allocator);
        matcher.AddMember("hooks", hooks, allocator);
        rapidjson::Value pre_tool_use(rapidjson::kArrayType);
        pre_tool_use.PushBack(matcher, allocator);
        rapidjson::Value events(rapidjson::kObjectType);
        events.AddMember("PreToolUse", pre_tool_use, allocator);
        document.AddMember("hooks", events, allocator);
    }
    auto rule_list = [&](const std::vector<std::string>& rules) {
        rapidjson::Value list(rapidjson::kArrayType);
        for (auto& rule : rules)
            list.PushBack(json::string_value(rule, allocator), allocator);
        return list;
    };
    if (!allowed.empty() || !denied.empty()) {
        rapidjson::Value permissions(rapidjson::kObjectType);
        if (!allowed.empty())
            permissions.AddMember("allow", rule_list(allowed), allocator);
        if (!denied.empty())
            permissions.AddMember("deny", rule_list(denied), allocator);
        document.AddMember("permissions", permissions, allocator);
    }
    fs::path file = agent_state_folder(project) / "launch-settings.json";
    if (auto written = files::write_atomically(file, json::to_pretty_text(document), files::Visibility::OwnerOnly); !written)
        return written.error();
    return file;
}

namespace {
fs::path record_file(const fs::path& project) { return agent_state_folder(project) / "cli-process.json"; }
} // namespace

Expected<void> write_process_record(const fs::path& project, const ProcessRecord& record) {
    rapidjson::Document document(rapidjson::kObjectType);
    document.AddMember("pid", record.pid, document.GetAllocator());
    document.AddMember("start_time", record.start_time, document.GetAllocator());
    return files::write_atomically(record_file(project), json::to_text(document), files::Visibility::OwnerOnly);
}

std::optional<ProcessRecord> read_process_record(const fs::path& project) {
    auto text = files::read(record_file(project), 4096, files::Links::Refuse);
    if (!text)
        return std::nullopt;
    auto document = json::parse(*text);
    if (!document || !document->IsObject())
        return std::nullopt;
    auto pid = json::integer_field(*document, "pid");
    auto start = document->FindMember("start_time");
    if (!pid || start == document->MemberEnd() || !start->value.IsUint64())
        return std::nullopt;
    return ProcessRecord{*pid, start->value.GetUint64()};
}

void remove_process_record(const fs::path& project) {
    // Best effort: a record left behind names a process whose start time no longer matches.
    static_cast<void>(files::remove(record_file(project)));
}

bool kill_recorded_orphan(const fs::path& project) {
    auto record = read_process_record(project);
    remove_process_record(project);
    if (!record || record->pid <= 1)
        return false;
    auto start = processes::start_time(record->pid);
    if (!start || *start != record->start_time)
        return false;
    log::agent.warn("killing the CLI (pid {}) left behind by an earlier host", record->pid);
    processes::kill_tree(record->pid);
    return true;
}

} // namespace uap::agent
