// Completion for "@" mentions in the composer: the entries of one project folder that start with
// what was typed, like a shell's Tab, so it costs one folder listing however large the project.
// Only Assets/, Packages/ and ProjectSettings/ are offered; links are never followed.
#pragma once

#include "panel/command_extension.hpp"
#include "support/expected.hpp"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace uap::panel {

struct MentionCandidate {
    std::string path; // Project-relative with '/' separators; a folder ends with '/'.
    bool folder = false;
};

struct MentionCompletion {
    std::vector<MentionCandidate> candidates; // Sorted by path.
    bool truncated = false;                    // More entries matched (or the folder was too large to read whole).
};

inline constexpr size_t max_mention_prefix_bytes = 512;

// typed: what follows "@", e.g. "Assets/Scr". Refused: absolute paths, "..", "\", ":", NUL, and a
// folder outside the offered roots or reached through a link.
Expected<MentionCompletion> complete_mention(const std::filesystem::path& project, std::string_view typed, size_t limit = 50);

// The panel command complete_mention {prefix} → candidates[{path, folder}], truncated.
class MentionCommands : public CommandExtension {
public:
    explicit MentionCommands(std::filesystem::path project) : m_project(std::move(project)) {}
    bool handles(const std::string& type) const override { return type == "complete_mention"; }
    Expected<void> run(const std::string& type, const rapidjson::Value& command, rapidjson::Document& reply) override;

private:
    std::filesystem::path m_project;
};

} // namespace uap::panel
