// Writes the enabled packs' skills into a project's .claude/skills through the file jail, and removes
// those it wrote for packs that are gone; a folder it did not write is never touched.
#pragma once

#include "integrations/skill_document.hpp"
#include "support/expected.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace uap::integrations {

inline constexpr std::string_view skills_folder = ".claude/skills";

struct SkillExportRequest {
    std::filesystem::path project;
    CallTarget target;
    std::vector<SkillPack> packs; // The enabled, loaded packs.
};

enum class SkillChange { Written, Unchanged, Removed, Refused, Kept };

struct SkillReport {
    SkillChange change;
    std::string folder; // Relative to the project, '/' separators: ".claude/skills/uap-core".
    std::string note;   // Which pack, or why refused or kept, with what to do.
};

struct SkillExport {
    std::vector<SkillReport> skills;
    std::vector<std::string> warnings; // Tools left out of a skill, with why.
    bool refused_any() const;
};

// The whole export. An Error when the project or its .claude/skills cannot be used at all (a
// link, not a folder); a refusal of one skill is a Refused report and the others are still written.
Expected<SkillExport> export_skills(const SkillExportRequest& request);

// Whether the project holds a skill this export wrote, so pack changes know to export again.
bool has_exported_skills(const std::filesystem::path& project);

} // namespace uap::integrations
