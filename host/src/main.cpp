// uap-host: the Agent Panel for Unity host process. Dispatches to the subcommands.
#include "cli/cli_text.hpp"
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

// The command lines stay as they are in every language; the words around them come from the catalogue.
std::string usage_text() {
    using uap::cli::cli_text;
    // A command line with what it is for after it.
    auto noted = [](const char* command, const std::string& note) { return "  " + std::string(command) + "   (" + note + ")\n"; };
    return cli_text("main.title") +
           "\n\nusage:\n"
           "  uap-host --version\n"
           "  uap-host modules list [--json] [--project DIR] [--plugins DIR]...\n"
           "  uap-host modules enable|disable ID --project DIR\n"
           "  uap-host modules install PATH [--replace]\n"
           "  uap-host modules remove ID\n"
           "  uap-host tools call NAME [--args JSON] [--editor running|sim|none] [--project DIR] [--plugins DIR]...\n"
           "  uap-host tools list [--project DIR] [--plugins DIR]...\n"
           "  uap-host serve --project DIR [--port N] [--editor unity|sim] [--log-file FILE] [--agent] [--plugins DIR]...\n"
           "  uap-host mcp-config --project DIR [--client claude-code|claude-desktop|cursor|json] [--name NAME]\n"
           "  uap-host profiles list|show ID|validate FILE|approve ID --project DIR|enable|disable ID|all --project DIR\n"
           "  uap-host doctor [--project DIR]\n" +
           noted("uap-host integrations --project DIR [--json]", cli_text("main.integrations_note")) +
           noted("uap-host skills export [--project DIR] [--plugins DIR]...", cli_text("main.skills_note")) +
           noted("uap-host open --project DIR [--print-only]", cli_text("main.open_note")) +
           noted("uap-host hook pre-tool-use --project DIR", cli_text("main.hook_note")) + "\n" + cli_text("main.footer") + "\n";
}

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
    uap::cli::translate_parser();
    std::vector<std::string> words(arguments.begin() + (arguments.empty() ? 0 : 1), arguments.end());
    if (words.empty() || words[0] == "--help" || words[0] == "-h" || words[0] == "help") {
        std::cout << usage_text();
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
        return uap::cli::fail(uap::cli::Failure, uap::cli::cli_text("main.unexpected_error", {{"error", exception.what()}}));
    }
    return uap::cli::fail(uap::cli::UsageError, uap::cli::cli_text("main.unknown_command", {{"command", words[0]}}));
}
