// The one-click install of a Claude Code plugin: `claude plugin marketplace add ...` then
// `claude plugin install ... --scope user --yes`, each a child process (never a shell) with a time
// limit, progress every second, and the result decided by exit codes. It changes the user's
// whole Claude Code (user scope) and takes effect in the next chat.
#pragma once

#include "integrations/claude_plugin.hpp"

#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace uap::integrations {

struct InstallStep {
    std::string name;                    // "marketplace_add", "install".
    std::vector<std::string> arguments;  // After the CLI's path.
};

// The two steps, in order.
std::vector<InstallStep> install_steps(const PluginIdentity& plugin);

struct InstallProgress {
    std::string step;
    int step_index = 0; // 0-based.
    int step_count = 0;
    int elapsed_seconds = 0; // Since this step started.
};

// Why a failed install failed, so the panel can say what to do; None for an install that succeeded.
enum class FailureKind { None, CouldNotStart, TimedOut, Cancelled, GitMissing, Offline, ExitCode };
std::string to_string(FailureKind kind);

// A report in both cases (the CLI's output and the message matter when it worked too), so not an
// Expected: `failure` says whether and why it failed.
struct InstallResult {
    bool installed() const { return failure == FailureKind::None; }

    FailureKind failure = FailureKind::None;
    std::string failed_step;
    int exit_code = 0;
    bool retried_without_yes = false;
    std::string output_tail; // The last lines the CLI printed (stdout and stderr).
    std::string message;     // English, says what happened and what to do.
};

struct InstallOptions {
    std::filesystem::path cli;
    std::vector<std::string> environment; // Complete NAME=value list for the children.
    std::filesystem::path working_directory;
    std::chrono::milliseconds step_timeout{120'000};
    std::function<void(const InstallProgress&)> on_progress; // Called at each step's start and about every second.
    const std::atomic<bool>* cancel = nullptr; // When it turns true, the running step is stopped (the host is stopping).
};

// Blocks until both steps end (at most two step timeouts plus one retry).
InstallResult install_plugin(const PluginIdentity& plugin, const InstallOptions& options);

// Pure: what kind of failure this output shows (git missing, no network, else by exit code).
FailureKind classify_failure(const std::string& output);
// Pure: whether the CLI refused the --yes option itself (an older CLI), so a retry without it makes sense.
bool rejects_yes_option(const std::string& output);

// The sentence shown after a successful install.
const std::string& installed_note();

} // namespace uap::integrations
