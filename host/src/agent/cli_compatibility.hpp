// The claude CLI versions this host was tested with. The flags and control requests it relies on
// are undocumented and users' CLIs update themselves, so a version outside the range is reported
// (not refused), and a rejected control request or flag degrades visibly.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace uap::agent {

// The range covered by the test suite (tests/node pins the newest).
inline constexpr std::string_view oldest_tested_cli_version = "2.1.332";
inline constexpr std::string_view newest_tested_cli_version = "2.1.332";
inline constexpr std::string_view tested_cli_install_command = "npm install -g @anthropic-ai/claude-code@2.1.332";

// Compares dotted numeric versions ("2.1.332" < "2.1.1000"); a non-numeric part compares as 0.
int compare_versions(std::string_view left, std::string_view right);

// A warning for the panel when `version` lies outside the tested range; nullopt inside it.
std::optional<std::string> untested_version_warning(std::string_view version);

} // namespace uap::agent
