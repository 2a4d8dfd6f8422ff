// uap-host: the Agent Panel for Unity host process. Dispatches to the subcommands.
#include "cli/commands.hpp"
#include "modules/manifest.hpp"
#include "support/platform/platform.hpp"
#include "version.hpp"

#include <uap/abi/uap_module.h>

#include <Poco/Net/Net.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <cstdlib>
#include <exception>
#include <iostream>

namespace {

constexpr const char* usage = R"(uap-host — Agent Panel for Unity host

usage:
  uap-host --version
  uap-host modules list [--json] [--project DIR] [--plugins DIR]...
  uap-host modules enable|disable ID --project DIR
  uap-host modules install PATH [--replace]
  uap-host modules remove ID
  uap-host tools call NAME [--args JSON] [--editor running|sim|none] [--project DIR] [--plugins DIR]...
  uap-host tools list [--project DIR] [--plugins DIR]...
  uap-host serve --project DIR [--port N] [--editor unity|sim] [--log-file FILE] [--agent] [--plugins DIR]...
  uap-host mcp-config --project DIR [--client claude-code|claude-desktop|cursor|json] [--name NAME]
  uap-host profiles list|show ID|validate FILE|approve ID --project DIR|enable|disable ID|all --project DIR
  uap-host doctor [--project DIR]
  uap-host integrations --project DIR [--json]   (Unity's Claude Code plugin: installed, enabled, loaded)
  uap-host skills export [--project DIR] [--plugins DIR]...   (Claude Code skills that call the tools without MCP)
  uap-host open --project DIR [--print-only]   (the browser panel: a one-time sign-in link)
  uap-host hook pre-tool-use --project DIR   (the script gate; Claude Code runs it)

Every command and subcommand takes --help, e.g. `uap-host serve --help`, `uap-host modules enable --help`.
Logs go to stderr (serve --log-file FILE: to a file); set UAP_LOG_LEVEL to debug, info, warn (default) or error.
Exit codes: 0 success, 1 failure, 2 usage error.
)";

} // namespace

namespace uap::cli {
void log_to_standard_error() {
    // A second call replaces the logger, whose sink held on to the stream stderr was then.
    spdlog::drop("uap");
    auto logger = spdlog::stderr_color_mt("uap");
    spdlog::set_default_logger(logger);
    spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%e %^%l%$ %v");
    auto level = uap::platform::environment_value("UAP_LOG_LEVEL");
    spdlog::set_level(level ? spdlog::level::from_str(*level) : spdlog::level::warn);
}

int fail(ExitCode code, const std::string& message) {
    std::cerr << "uap-host: " << message << "\n";
    return code;
}

int usage_error(const std::string& message, const command_line::Command& command) {
    return fail(UsageError, message + "\n" + command_line::help_text(command));
}
} // namespace uap::cli

int main(int argc, char** argv) {
    // Before anything is printed: Japanese messages and paths must not turn into mojibake in a
    // Windows console whose code page is 932 or 437.
    const uap::platform::Utf8Console console;
    uap::cli::log_to_standard_error();
    // The host serves each connection on its own thread; see the function for why this pays.
    uap::platform::keep_freed_memory_for_reuse(uap::platform::kept_freed_memory_bytes);
    // Windows sockets need starting (WSAStartup) when Poco is linked statically; elsewhere a no-op.
    Poco::Net::initializeNetwork();
    // UTF-8 whatever the ANSI code page: on Windows these come from the wide command line.
    const std::vector<std::string> arguments = uap::platform::utf8_arguments(argc, argv);
    std::vector<std::string> words(arguments.begin() + (arguments.empty() ? 0 : 1), arguments.end());
    if (words.empty() || words[0] == "--help" || words[0] == "-h" || words[0] == "help") {
        std::cout << usage;
        return words.empty() ? uap::cli::UsageError : uap::cli::Success;
    }
    if (words[0] == "--version") {
        std::cout << "uap-host " << uap::host_version << " (module ABI generation " << UAP_ABI_VERSION << ", host revision "
                  << uap::modules::host_api_revision << ")\n";
        return uap::cli::Success;
    }
    std::vector<std::string> rest(words.begin() + 1, words.end());
    try {
        if (words[0] == "modules")
            return uap::cli::run_modules_command(rest);
        if (words[0] == "profiles")
            return uap::cli::run_profiles_command(rest);
        if (words[0] == "tools")
            return uap::cli::run_tools_command(rest);
        if (words[0] == "serve")
            return uap::cli::run_serve_command(rest);
        if (words[0] == "mcp-config")
            return uap::cli::run_mcp_config_command(rest);
        if (words[0] == "doctor")
            return uap::cli::run_doctor_command(rest);
        if (words[0] == "open")
            return uap::cli::run_open_command(rest);
        if (words[0] == "integrations")
            return uap::cli::run_integrations_command(rest);
        if (words[0] == "skills")
            return uap::cli::run_skills_command(rest);
        if (words[0] == "hook")
            return uap::cli::run_hook_command(rest);
    } catch (const std::exception& exception) {
        return uap::cli::fail(uap::cli::Failure, std::string("unexpected error: ") + exception.what());
    }
    return uap::cli::fail(uap::cli::UsageError, "unknown command \"" + words[0] + "\" (try --help)");
}
