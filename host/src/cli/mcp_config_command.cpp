// uap-host mcp-config: prints what an MCP client needs to reach the running host of a project.
// Printing the token on stdout is this command's purpose; it is never logged.
#include "cli/commands.hpp"
#include "cli/host_setup.hpp"
#include "support/processes.hpp"
#include "server/access_tokens.hpp"
#include "server/discovery_file.hpp"
#include "support/json.hpp"
#include "support/utf8_path.hpp"

#include <rapidjson/document.h>

#include <iostream>

namespace uap::cli {

namespace {

const Command& config_command() {
    static const Command command{
        {"uap-host mcp-config --project DIR [--client claude-code|claude-desktop|cursor|json] [--name NAME]"},
        "Prints what an MCP client needs to reach the project's running host.",
        {project_option(),
         {"client", Takes::Value, "CLIENT",
          "claude-code: a `claude mcp add --transport http ...` line (default); json: the mcpServers object that other clients read; "
          "cursor: an entry for .cursor/mcp.json; claude-desktop: a claude_desktop_config.json entry through mcp-remote"},
         {"name", Takes::Value, "NAME", "the server's name in the client (default unity)"}},
        "The output contains the host's MCP token: treat it like a password."};
    return command;
}

enum class Client { ClaudeCode, ClaudeDesktop, Cursor, Json };

std::optional<Client> client_named(const std::string& name) {
    if (name == "claude-code") return Client::ClaudeCode;
    if (name == "claude-desktop") return Client::ClaudeDesktop;
    if (name == "cursor") return Client::Cursor;
    if (name == "json") return Client::Json;
    return std::nullopt;
}

std::string server_entry(Client client, const std::string& name, const std::string& url, const std::string& token) {
    rapidjson::Document document(rapidjson::kObjectType);
    auto& allocator = document.GetAllocator();
    rapidjson::Value entry(rapidjson::kObjectType);
    if (client == Client::ClaudeDesktop) {
        // Claude Desktop's config file launches local commands only; mcp-remote bridges to HTTP.
        // The header comes from an environment variable, so the token is not on a command line.
        entry.AddMember("command", "npx", allocator);
        rapidjson::Value arguments(rapidjson::kArrayType);
        for (std::string argument : {std::string("-y"), std::string("mcp-remote"), url, std::string("--header"),
                                     std::string("Authorization:${UAP_MCP_AUTHORIZATION}")})
            arguments.PushBack(json::string_value(argument, allocator), allocator);
        entry.AddMember("args", arguments, allocator);
        rapidjson::Value environment(rapidjson::kObjectType);
        environment.AddMember("UAP_MCP_AUTHORIZATION", json::string_value("Bearer " + token, allocator), allocator);
        entry.AddMember("env", environment, allocator);
    } else {
        if (client == Client::Json)
            entry.AddMember("type", "http", allocator);
        entry.AddMember("url", json::string_value(url, allocator), allocator);
        rapidjson::Value headers(rapidjson::kObjectType);
        headers.AddMember("Authorization", json::string_value("Bearer " + token, allocator), allocator);
        entry.AddMember("headers", headers, allocator);
    }
    rapidjson::Value servers(rapidjson::kObjectType);
    servers.AddMember(json::string_value(name, allocator), entry, allocator);
    document.AddMember("mcpServers", servers, allocator);
    return json::to_pretty_text(document);
}

} // namespace

int run_mcp_config_command(const std::vector<std::string>& words) {
    auto arguments = Arguments::parse(words, config_command());
    if (!arguments)
        return usage_error(arguments.error().message(), config_command());
    if (arguments->help_requested() || (!words.empty() && words[0] == "help")) {
        std::cout << command_line::help_text(config_command());
        return Success;
    }
    if (!arguments->positional().empty() || !arguments->value("project"))
        return usage_error("mcp-config needs --project DIR", config_command());
    auto client = client_named(arguments->value("client").value_or("claude-code"));
    if (!client)
        return usage_error("unknown --client (use claude-code, claude-desktop, cursor or json)", config_command());
    std::string name = arguments->value("name").value_or("unity");
    if (name.empty() || name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") != std::string::npos)
        return fail(UsageError, "--name may use letters, digits, '_' and '-' only");

    std::filesystem::path project = std::filesystem::absolute(utf8::to_path(*arguments->value("project")));
    auto discovery = server::read_discovery(project);
    if (!discovery)
        return fail(Failure, discovery.error().message() + "; start it with `uap-host serve --project " + utf8::from_path(project) + "`");
    if (!processes::may_be_running(discovery->pid))
        return fail(Failure, "the host recorded in " + utf8::from_path(server::discovery_file_for(project)) + " (pid " +
                                 std::to_string(discovery->pid) + ") is not running; start it with `uap-host serve`");
    auto token_file = discovery->token_files.find("mcp");
    if (token_file == discovery->token_files.end())
        return fail(Failure, "the discovery file names no MCP token file");
    auto token = server::AccessTokens::read_file(token_file->second);
    if (!token)
        return fail(Failure, token.error().message());

    if (*client == Client::ClaudeCode)
        std::cout << "claude mcp add --transport http " << name << " " << discovery->mcp_url() << " --header \"Authorization: Bearer "
                  << *token << "\"\n";
    else
        std::cout << server_entry(*client, name, discovery->mcp_url(), *token) << "\n";
    return Success;
}

} // namespace uap::cli
