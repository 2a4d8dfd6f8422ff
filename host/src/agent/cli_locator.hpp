// Finds the claude CLI and probes its version. POSIX: settings path → UAP_CLAUDE_BIN → PATH →
// ~/.local/bin → npm global prefix. Windows: settings path → UAP_CLAUDE_BIN → npm's shim folder
// (%APPDATA%\npm\claude.cmd, read to find the claude.exe it runs) → PATH with PATHEXT →
// %USERPROFILE%\.local\bin\claude.exe. Only real executables are started, never a .cmd/.ps1 shim.
#pragma once

#include "support/expected.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace uap::agent {

struct CliLocation {
    std::filesystem::path path;
    std::string found_by; // "settings", "UAP_CLAUDE_BIN", "npm (claude.cmd)", "PATH", "~/.local/bin", ...
};

enum class SearchRules { Posix, Windows };

// What the search sees of the machine. The real one is this_machine(); tests give a fake tree,
// so the Windows rules are tested on Linux too.
struct CliSearchContext {
    SearchRules rules = SearchRules::Posix;
    // An environment variable (case-insensitive names under the Windows rules); nullopt when unset.
    std::function<std::optional<std::string>(std::string_view name)> variable;
    // A file this user may run: POSIX, a regular file with an execute permission; Windows, a regular file.
    std::function<bool(const std::filesystem::path&)> is_executable;
    // A file's size; nullopt when there is no regular file.
    std::function<std::optional<std::uintmax_t>(const std::filesystem::path&)> file_size;
    // A text file's first max_bytes; nullopt when unreadable.
    std::function<std::optional<std::string>(const std::filesystem::path&, std::size_t max_bytes)> read_text;
};

CliSearchContext this_machine();

// explicit_path: the user's setting (empty when unset). Every place looked at, and why it did not
// serve, is listed in the error, with the setting that fixes it.
Expected<CliLocation> locate_cli(const std::string& explicit_path, const CliSearchContext& context);
Expected<CliLocation> locate_cli(const std::string& explicit_path);

// The program an npm cmd-shim (claude.cmd) starts, when it starts a native executable directly:
// npm writes `"%dp0%\node_modules\@anthropic-ai\claude-code\bin\claude.exe" %*` for a package
// whose bin has no shebang, as @anthropic-ai/claude-code 2.x does. A shim that starts node with a
// script, or the package's install placeholder (postinstall did not run), is an error saying so.
Expected<std::filesystem::path> program_behind_npm_shim(const std::filesystem::path& shim, const CliSearchContext& context);

// `claude --version` with a time limit; the first line of its output.
Expected<std::string> probe_cli_version(const std::filesystem::path& cli);

} // namespace uap::agent
