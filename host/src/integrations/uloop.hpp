// uLoop (hatayama/unity-cli-loop, a `uloop` CLI for compile and test loops): whether the project has
// it, the narrow allow-list preset for its commands, and the manifest fallback of "Install uLoop".
// (A tool that uLoop covers says so in its pack manifest, "coveredBy"; see mcp/module_tools.)
#pragma once

#include "support/expected.hpp"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace uap::integrations {

inline constexpr const char* uloop_package_id = "io.github.hatayama.uloopmcp";
// The package lives under Packages/src of the repository.
inline constexpr const char* uloop_git_url = "https://github.com/hatayama/unity-cli-loop.git?path=/Packages/src";

// Pure: whether manifest.json text lists package_id as a key of "dependencies" (and only there:
// the id inside scopedRegistries[].scopes is not a dependency). Malformed text is an error.
Expected<bool> manifest_depends_on(std::string_view manifest_text, std::string_view package_id);

struct UloopDetection {
    bool in_manifest = false;       // Packages/manifest.json dependencies.
    bool embedded = false;          // A folder under Packages/ whose package.json names the id.
    bool in_package_cache = false;  // Library/PackageCache/<id>@... (Unity resolved it).
    std::optional<std::filesystem::path> cli; // `uloop` found on PATH.
    std::vector<std::string> problems;
    bool package_present() const { return in_manifest || embedded || in_package_cache; }
};

// path_variable: the PATH to search for the `uloop` executable (the CLI's environment).
UloopDetection detect_uloop(const std::filesystem::path& project, const std::string& path_variable);

// The allow-list preset: for compile, get-logs, list and run-tests, the bare command and the
// command with arguments ("Bash(uloop compile)", "Bash(uloop compile *)"), 8 rules in all.
const std::vector<std::string>& uloop_preset_rules();

struct PresetChange {
    std::vector<std::string> rules;   // The whole new list.
    std::vector<std::string> added;
    std::vector<std::string> removed; // Broad uloop rules and rules for commands that must ask.
};

// Pure: applies the preset to a list of always-allow rules. Removes every rule that would
// auto-approve more than the preset (Bash(uloop *), Bash(uloop:*), Bash(uloop), ...) and any
// rule naming update, sync, launch or execute-dynamic-code; keeps every unrelated rule.
PresetChange apply_uloop_preset(const std::vector<std::string>& rules);

struct ManifestEdit {
    std::string before;
    std::string after;
    std::vector<std::string> diff; // "- old line" / "+ new line" for each changed line, in order.
};

// Pure: the manifest with the uLoop git dependency added to "dependencies", written in the file's
// own style (indentation and line endings kept, nothing else touched). An error when the text is
// malformed or already depends on uLoop.
Expected<ManifestEdit> add_uloop_to_manifest(const std::string& manifest_text);

// Writes the edit after keeping a backup next to the manifest; refuses when the file changed since
// `edit.before` was read. Returns the backup's path.
Expected<std::filesystem::path> apply_manifest_edit(const std::filesystem::path& project, const ManifestEdit& edit);

} // namespace uap::integrations
