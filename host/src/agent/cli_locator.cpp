// CLI location and version probe (POSIX search order; the Windows order is documented in docs/).
#include "agent/cli_locator.hpp"

#include "support/child_process.hpp"
#include "support/platform/platform.hpp"
#include "support/utf8_path.hpp"

namespace uap::agent {

namespace fs = std::filesystem;

namespace {

bool is_executable_file(const fs::path& path) { return platform::is_executable(path); }

std::optional<fs::path> npm_global_bin() {
    if (auto prefix = platform::environment_value("npm_config_prefix"))
        return utf8::to_path(*prefix) / "bin" / "claude";
    if (auto home = platform::environment_value("HOME"))
        for (const char* folder : {".npm-global/bin", ".local/share/npm/bin"})
            if (is_executable_file(utf8::to_path(*home) / folder / "claude"))
                return utf8::to_path(*home) / folder / "claude";
    return fs::path("/usr/local/bin/claude");
}

} // namespace

Expected<CliLocation> locate_cli(const std::string& explicit_path) {
    std::vector<std::string> tried;
    auto accept = [&](const fs::path& path, const char* how) -> std::optional<CliLocation> {
        tried.push_back(utf8::from_path(path) + " (" + how + ")");
        if (is_executable_file(path))
            return CliLocation{fs::absolute(path), how};
        return std::nullopt;
    };
    if (!explicit_path.empty())
        if (auto found = accept(utf8::to_path(explicit_path), "settings"))
            return *found;
    if (auto variable = platform::environment_value("UAP_CLAUDE_BIN"))
        if (auto found = accept(utf8::to_path(*variable), "UAP_CLAUDE_BIN"))
            return *found;
    if (auto path = platform::environment_value("PATH")) {
        std::string_view rest(*path);
        while (!rest.empty()) {
            auto colon = rest.find(':');
            std::string folder(rest.substr(0, colon));
            if (!folder.empty())
                if (auto found = accept(utf8::to_path(folder) / "claude", "PATH"))
                    return *found;
            if (colon == std::string_view::npos)
                break;
            rest.remove_prefix(colon + 1);
        }
    }
    if (auto home = platform::environment_value("HOME"))
        if (auto found = accept(utf8::to_path(*home) / ".local/bin/claude", "~/.local/bin"))
            return *found;
    if (auto npm = npm_global_bin())
        if (auto found = accept(*npm, "npm global prefix"))
            return *found;
    std::string list;
    for (auto& entry : tried)
        list += "\n  " + entry;
    return Error("the Claude Code CLI (claude) was not found; looked at:" + list +
                 "\nInstall it (npm install -g @anthropic-ai/claude-code) or set its path in the agent settings or UAP_CLAUDE_BIN.");
}

Expected<std::string> probe_cli_version(const fs::path& cli) {
    LaunchSpec spec{cli, {"--version"}, fs::current_path(), current_environment_without({"CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT"})};
    auto child = ChildProcess::launch(spec);
    if (!child)
        return child.error();
    (*child)->close_stdin();
    std::string output;
    char buffer[4096];
    auto watched = (*child)->stream(ChildStream::Output);
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (std::chrono::steady_clock::now() < deadline && output.size() < 65536) {
        if (!platform::wait_readable(watched, std::chrono::milliseconds(100)))
            continue;
        std::size_t count = (*child)->read(ChildStream::Output, buffer, sizeof(buffer));
        if (count == 0)
            break;
        output.append(buffer, count);
    }
    auto code = (*child)->wait_exit(std::chrono::seconds(2));
    if (!code) {
        (*child)->terminate_tree(std::chrono::milliseconds(0));
        return Error(utf8::from_path(cli) + " --version did not finish within 10 s");
    }
    if (*code != 0)
        return Error(utf8::from_path(cli) + " --version exited with code " + std::to_string(*code));
    auto line = output.substr(0, output.find('\n'));
    if (line.empty())
        return Error(utf8::from_path(cli) + " --version printed nothing");
    return line;
}

} // namespace uap::agent
