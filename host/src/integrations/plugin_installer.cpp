// Runs the install steps as child processes and reads their output while waiting.
#include "integrations/plugin_installer.hpp"

#include "support/child_process.hpp"

#include <Poco/String.h>

#include <algorithm>
#include <cctype>

namespace uap::integrations {

namespace {

using Clock = std::chrono::steady_clock;
constexpr size_t max_tail_bytes = 8 * 1024;

bool has(const std::string& text, const char* part) { return text.find(part) != std::string::npos; }

struct StepRun {
    bool started = false;
    bool timed_out = false;
    bool cancelled = false;
    int exit_code = -1;
    std::string output;
    std::string start_error;
};

StepRun run_step(const InstallStep& step, int index, int count, const InstallOptions& options) {
    StepRun run;
    LaunchSpec spec{options.cli, step.arguments, options.working_directory, options.environment};
    auto child = ChildProcess::launch(spec);
    if (!child) {
        run.start_error = child.error().message();
        return run;
    }
    run.started = true;
    (*child)->close_stdin(); // Nothing to answer: a prompt would wait forever, so it reads EOF instead.
    auto started = Clock::now();
    auto last_report = started - std::chrono::seconds(1);
    bool open[2] = {true, true};
    const ChildStream streams[2] = {ChildStream::Output, ChildStream::Errors};
    int open_pipes = 2;
    while (true) {
        auto now = Clock::now();
        if (options.on_progress && now - last_report >= std::chrono::seconds(1)) {
            last_report = now;
            options.on_progress({step.name, index, count, static_cast<int>(std::chrono::duration_cast<std::chrono::seconds>(now - started).count())});
        }
        if (options.cancel && options.cancel->load()) {
            run.cancelled = true;
            (*child)->terminate_tree(std::chrono::milliseconds(1000));
            break;
        }
        if (now - started >= options.step_timeout) {
            run.timed_out = true;
            (*child)->terminate_tree(std::chrono::milliseconds(1000));
            break;
        }
        if (open_pipes == 0) {
            if (auto code = (*child)->wait_exit(std::chrono::milliseconds(200))) {
                run.exit_code = *code;
                break;
            }
            continue;
        }
        bool any_ready = false;
        for (int stream = 0; stream < 2; ++stream) {
            if (!open[stream] || !platform::wait_readable((*child)->stream(streams[stream]), std::chrono::milliseconds(100)))
                continue;
            any_ready = true;
            char buffer[4096];
            size_t count_read = (*child)->read(streams[stream], buffer, sizeof buffer);
            if (count_read == 0) {
                open[stream] = false;
                --open_pipes;
                continue;
            }
            run.output.append(buffer, count_read);
            if (run.output.size() > max_tail_bytes)
                run.output.erase(0, run.output.size() - max_tail_bytes);
        }
        // The CLI may have exited while a child of its own still holds the pipes open.
        if (!any_ready)
            if (auto code = (*child)->poll_exit()) {
                run.exit_code = *code;
                break;
            }
    }
    return run;
}

std::string last_lines(const std::string& output, size_t lines) {
    size_t position = output.size();
    while (position > 0 && (output[position - 1] == '\n' || output[position - 1] == ' '))
        --position;
    size_t end = position;
    for (size_t found = 0; position > 0; --position)
        if (output[position - 1] == '\n' && ++found == lines)
            break;
    return output.substr(position, end - position);
}

} // namespace

std::vector<InstallStep> install_steps(const PluginIdentity& plugin) {
    return {{"marketplace_add", {"plugin", "marketplace", "add", plugin.marketplace_source}},
            {"install", {"plugin", "install", plugin.qualified(), "--scope", "user", "--yes"}}};
}

std::string to_string(FailureKind kind) {
    switch (kind) {
    case FailureKind::None: return "none";
    case FailureKind::CouldNotStart: return "could_not_start";
    case FailureKind::TimedOut: return "timed_out";
    case FailureKind::Cancelled: return "cancelled";
    case FailureKind::GitMissing: return "git_missing";
    case FailureKind::Offline: return "offline";
    case FailureKind::ExitCode: return "exit_code";
    }
    return "exit_code";
}

FailureKind classify_failure(const std::string& output) {
    std::string text = Poco::toLower(output);
    bool mentions_git = has(text, "git ") || has(text, "git:") || has(text, "'git'") || has(text, "\"git\"") || has(text, "spawn git");
    if (mentions_git && (has(text, "not found") || has(text, "enoent") || has(text, "not installed") || has(text, "no such file")))
        return FailureKind::GitMissing;
    for (const char* sign : {"could not resolve host", "enotfound", "eai_again", "getaddrinfo", "network is unreachable", "econnrefused",
                             "etimedout", "unable to access", "failed to connect", "no internet", "offline"})
        if (has(text, sign))
            return FailureKind::Offline;
    return FailureKind::ExitCode;
}

bool rejects_yes_option(const std::string& output) {
    std::string text = Poco::toLower(output);
    return has(text, "--yes") && (has(text, "unknown option") || has(text, "unrecognized option") || has(text, "unknown argument"));
}

const std::string& installed_note() {
    static const std::string note =
        "Installed for your whole Claude Code (user scope: every project and terminal). It takes effect in the next chat; "
        "the current one keeps running without it.";
    return note;
}

InstallResult install_plugin(const PluginIdentity& plugin, const InstallOptions& options) {
    InstallResult result;
    auto steps = install_steps(plugin);
    int count = static_cast<int>(steps.size());
    for (int index = 0; index < count; ++index) {
        auto& step = steps[static_cast<size_t>(index)];
        StepRun run = run_step(step, index, count, options);
        if (run.started && !run.timed_out && run.exit_code != 0 && step.name == "install" && rejects_yes_option(run.output)) {
            // An older CLI without --yes: once more without it (stdin is closed, so it cannot hang on a question).
            auto without_yes = step;
            without_yes.arguments.erase(std::remove(without_yes.arguments.begin(), without_yes.arguments.end(), "--yes"), without_yes.arguments.end());
            result.retried_without_yes = true;
            run = run_step(without_yes, index, count, options);
        }
        result.output_tail = last_lines(run.output, 5);
        std::string command = "claude";
        for (auto& argument : step.arguments)
            command += " " + argument;
        if (!run.started) {
            result.failure = FailureKind::CouldNotStart;
            result.failed_step = step.name;
            result.message = "The claude CLI could not be started (" + run.start_error + "). Run `uap-host doctor` to see where it is looked for.";
            return result;
        }
        if (run.cancelled) {
            result.failure = FailureKind::Cancelled;
            result.failed_step = step.name;
            result.message = "The install was stopped because the host is stopping. Run it again from the panel; a step that already ran is harmless to repeat.";
            return result;
        }
        if (run.timed_out) {
            result.failure = FailureKind::TimedOut;
            result.failed_step = step.name;
            result.message = "`" + command + "` did not finish within " +
                             std::to_string(std::chrono::duration_cast<std::chrono::seconds>(options.step_timeout).count()) +
                             " s and was stopped. Check the network and run the same command in a terminal to see where it waits.";
            return result;
        }
        if (run.exit_code != 0) {
            result.failed_step = step.name;
            result.exit_code = run.exit_code;
            result.failure = classify_failure(run.output);
            if (result.failure == FailureKind::GitMissing)
                result.message = "Adding the marketplace needs git, which was not found. Install git (e.g. `sudo apt-get install git`, "
                                 "or from git-scm.com) and try again.";
            else if (result.failure == FailureKind::Offline)
                result.message = "The plugin could not be downloaded: the network looks unreachable. Connect to the internet and try "
                                 "again, or run `" + command + "` in a terminal later.";
            else
                result.message = "`" + command + "` failed with exit code " + std::to_string(run.exit_code) +
                                 ". Run it in a terminal to see the whole output.";
            return result;
        }
    }
    result.message = installed_note();
    return result;
}

} // namespace uap::integrations
