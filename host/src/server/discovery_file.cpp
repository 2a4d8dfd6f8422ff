// Writing, reading and removing the host's discovery file.
#include "server/discovery_file.hpp"

#include "support/files.hpp"
#include "support/json.hpp"
#include "support/paths.hpp"
#include "support/utf8_path.hpp"

#include <rapidjson/document.h>

#include <cerrno>

namespace uap::server {

namespace fs = std::filesystem;

namespace {
constexpr uint64_t discovery_max_bytes = 64 * 1024;
}

fs::path discovery_file_for(const fs::path& project) { return paths::project_state_folder(project) / "host.json"; }

Expected<void> write_discovery(const fs::path& project, const Discovery& discovery) {
    rapidjson::Document document(rapidjson::kObjectType);
    auto& allocator = document.GetAllocator();
    document.AddMember("discoveryVersion", 1, allocator);
    document.AddMember("pid", discovery.pid, allocator);
    document.AddMember("port", discovery.port, allocator);
    document.AddMember("mcpUrl", json::string_value(discovery.mcp_url(), allocator), allocator);
    document.AddMember("startedAt", json::string_value(discovery.started_at, allocator), allocator);
    document.AddMember("version", json::string_value(discovery.version, allocator), allocator);
    if (!discovery.editor_log.empty())
        document.AddMember("editorLog", json::string_value(utf8::from_path(discovery.editor_log), allocator), allocator);
    rapidjson::Value token_files(rapidjson::kObjectType);
    for (auto& [role, file] : discovery.token_files)
        token_files.AddMember(json::string_value(role, allocator), json::string_value(utf8::from_path(file), allocator), allocator);
    document.AddMember("tokenFiles", token_files, allocator);
    return files::write_atomically(discovery_file_for(project), json::to_pretty_text(document) + "\n", files::Visibility::OwnerOnly);
}

Expected<Discovery> read_discovery(const fs::path& project) {
    fs::path file = discovery_file_for(project);
    auto text = files::read(file, discovery_max_bytes, files::Links::Refuse);
    if (!text)
        return Error("no running host found for " + utf8::from_path(project) + " (" + text.error().message() + ")");
    auto document = json::parse(*text);
    if (!document || !document->IsObject())
        return Error("discovery file " + utf8::from_path(file) + " is not a JSON object");
    Discovery discovery;
    auto pid = json::integer_field(*document, "pid");
    auto port = json::integer_field(*document, "port");
    if (!pid || !port || *port <= 0 || *port > 65535)
        return Error("discovery file " + utf8::from_path(file) + " lacks a valid pid or port");
    discovery.pid = *pid;
    discovery.port = static_cast<uint16_t>(*port);
    discovery.started_at = json::string_field(*document, "startedAt").value_or("");
    discovery.version = json::string_field(*document, "version").value_or("");
    if (auto editor_log = json::string_field(*document, "editorLog"))
        discovery.editor_log = utf8::to_path(*editor_log);
    if (auto tokens = document->FindMember("tokenFiles"); tokens != document->MemberEnd() && tokens->value.IsObject())
        for (auto& entry : tokens->value.GetObject())
            if (entry.value.IsString())
                discovery.token_files[entry.name.GetString()] = utf8::to_path(entry.value.GetString());
    return discovery;
}

void remove_discovery(const fs::path& project, int64_t own_pid) {
    auto current = read_discovery(project);
    if (current && current->pid == own_pid)
        static_cast<void>(files::remove(discovery_file_for(project)));  // Best effort at exit: a stale file names a dead pid, which readers check.
}

} // namespace uap::server
