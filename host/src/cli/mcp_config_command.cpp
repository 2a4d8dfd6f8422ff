// uap-host mcp-config: prints what an MCP client needs to reach the running host of a project.
// Printing the token on stdout is this command's purpose; it is never logged.
#include "cli/cli_text.hpp"
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
        cli_text("mcp_config.summary"),
        {project_option(),
         {"client", Takes::Value, "CLIENT", cli_text("mcp_config.client_help")},
         {"name", Takes::Value, "NAME", cli_text("mcp_config.name_help")}},
        cli_text("mcp_config.details")};
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
        return usage_error(cli_text("mcp_config.project_required"), config_command());
    auto client = client_named(arguments->value("client").value_or("claude-code"));
    if (!client)
        return usage_error(cli_text("mcp_config.unknown_client"), config_command());
    std::string name = arguments->value("name").value_or("unity");
    if (name.empty() || name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") != std::string::npos)
        return fail(UsageError, cli_text("mcp_config.bad_name"));

    std::filesystem::path project = std::filesystem::absolute(utf8::to_path(*arguments->value("project")));
    auto discovery = server::read_discovery(project);
    if (!discovery)
        return fail(Failure, cli_text("mcp_config.no_host", {{"error", discovery.error().message()}, {"path", utf8::from_path(project)}}));
    if (!processes::may_be_running(discovery->pid))
        return fail(Failure, cli_text("mcp_config.host_not_running",
                                      {{"file", utf8::from_path(server::discovery_file_for(project))}, {"pid", std::to_string(discovery->pid)}}));
    auto token_file = discovery->token_files.find("mcp");
    if (token_file == discovery->token_files.end())
        return fail(Failure, cli_text("mcp_config.no_token_file"));
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
