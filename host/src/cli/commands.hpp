// The uap-host subcommands. Each takes the words after its name and returns the process exit code.
#pragma once

#include "support/command_line.hpp"

#include <string>
#include <vector>

namespace uap::cli {

enum ExitCode : int { Success = 0, Failure = 1, UsageError = 2 };

int run_modules_command(const std::vector<std::string>& words);
int run_tools_command(const std::vector<std::string>& words);
int run_serve_command(const std::vector<std::string>& words);
int run_mcp_config_command(const std::vector<std::string>& words);
int run_doctor_command(const std::vector<std::string>& words);
int run_hook_command(const std::vector<std::string>& words);
int run_open_command(const std::vector<std::string>& words);
int run_profiles_command(const std::vector<std::string>& words);
int run_integrations_command(const std::vector<std::string>& words);
int run_skills_command(const std::vector<std::string>& words);

// The host's log lines go to stderr, at the level UAP_LOG_LEVEL names (default warn). Called again
// once stderr has moved (serve --log-file), since the logger keeps the stream it started with.
void log_to_standard_error();

// Prints "uap-host: <message>" on stderr and returns code.
int fail(ExitCode code, const std::string& message);

// A usage error: the message, then the command's help, on stderr; returns UsageError.
int usage_error(const std::string& message, const command_line::Command& command);

} // namespace uap::cli
