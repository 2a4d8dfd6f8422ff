// Finds the claude CLI (settings path → UAP_CLAUDE_BIN → PATH → ~/.local/bin → npm global prefix)
// and probes its version. Windows shims (.cmd/.ps1) are never used: only real executables.
#pragma once

#include "support/expected.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace uap::agent {

struct CliLocation {
    std::filesystem::path path;
    std::string found_by; // "settings", "UAP_CLAUDE_BIN", "PATH", "~/.local/bin", "npm global prefix".
};

// explicit_path: the user's setting (empty when unset). Every place looked at is listed in the error.
Expected<CliLocation> locate_cli(const std::string& explicit_path);

// `claude --version` with a time limit; the first line of its output.
Expected<std::string> probe_cli_version(const std::filesystem::path& cli);

} // namespace uap::agent
