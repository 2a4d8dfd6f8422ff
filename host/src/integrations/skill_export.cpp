// The export's file work: which uap- folders are its own (the generated marker), what to write,
// what to remove. Every path is relative to a jail on the project, so no link in .claude redirects it.
#include "integrations/skill_export.hpp"

#include "integrations/skill_front_matter.hpp"
#include "support/utf8_path.hpp"

#include <uap/sdk/file_jail.hpp>

#include <algorithm>
#include <map>
#include <set>

namespace uap::integrations {

namespace {

constexpr uint64_t skill_file_max_bytes = 4 * 1024 * 1024;
constexpr std::size_t listing_max_entries = 50000;

std::string folder_of(std::string_view skill_name) { return std::string(skills_folder) + "/" + std::string(skill_name); }
std::string file_of(std::string_view skill_name) { return folder_of(skill_name) + "/SKILL.md"; }

// The uap- folders now in .claude/skills: the SKILL.md of those the export wrote, and the names of the others.
struct Present {
    std::map<std::string, sdk::JailFile> generated;
    std::set<std::string> foreign;
};

Expected<Present> present_skills(const sdk::FileJail& jail) {
    Present present;
    auto kind = jail.kind(skills_folder);
    if (!kind)
        return Error("cannot use " + std::string(skills_folder) + " in " + utf8::from_path(jail.root()) + ": " + kind.error().message);
    if (kind.value() == sdk::EntryKind::Missing)
        return present;
    if (kind.value() != sdk::EntryKind::Folder)
        return Error(std::string(skills_folder) + " in " + utf8::from_path(jail.root()) +
                     " is not a folder (a link or a file), so no skill is written through it; remove it and export again");
    auto entries = jail.list(skills_folder, listing_max_entries);
    if (!entries)
        return Error("cannot list " + std::string(skills_folder) + ": " + entries.error().message);
    for (const sdk::JailEntry& entry : entries.value()) {
        if (entry.relative.find('/') != std::string::npos || entry.relative.rfind("uap-", 0) != 0)
            continue;
        if (entry.kind != sdk::EntryKind::Folder) {
            present.foreign.insert(entry.relative);
            continue;
        }
        auto file = jail.read(file_of(entry.relative), skill_file_max_bytes);
        if (file && is_generated_skill(file->content))
            present.generated.emplace(entry.relative, std::move(file.value()));
        else
            present.foreign.insert(entry.relative);
    }
    return present;
}

struct Planned {
    std::string skill_name;
    std::string document;
    std::string pack_note;
};

// Tools whose names the host would refuse are left out rather than written into a shell command.
SkillPack with_callable_tools(const SkillPack& pack, std::vector<std::string>& warnings) {
    SkillPack kept = pack;
    kept.tools.clear();
    for (const SkillTool& tool : pack.tools) {
        if (is_plain_tool_name(tool.name))
            kept.tools.push_back(tool);
        else
            warnings.push_back("pack " + one_line(pack.id, 100) + ": a tool named \"" + one_line(tool.name, 100) +
                               "\" is left out of its skill: tool names are 1-64 characters of A-Z, a-z, 0-9, '_', '.' and '-'; "
                               "the pack's author must rename it");
    }
    return kept;
}

std::vector<Planned> plan(const SkillExportRequest& request, SkillExport& result) {
    std::vector<const SkillPack*> packs;
    for (const SkillPack& pack : request.packs)
        packs.push_back(&pack);
    std::sort(packs.begin(), packs.end(), [](const SkillPack* left, const SkillPack* right) { return left->id < right->id; });

    bool search_available = false;
    for (const SkillPack* pack : packs)
        for (const SkillTool& tool : pack->tools)
            search_available = search_available || tool.name == "uap_search";
    SearchTool search = search_available ? SearchTool::Available : SearchTool::Unavailable;

    std::vector<Planned> planned;
    std::map<std::string, std::string> owners{{std::string(search_skill_name), "the tool search skill"}};
    std::vector<ExportedSkill> exported;
    for (const SkillPack* pack : packs) {
        auto name = skill_name_for_pack(pack->id);
        if (!name) {
            result.skills.push_back({SkillChange::Refused, std::string(skills_folder), name.error().message()});
            continue;
        }
        if (auto owner = owners.find(*name); owner != owners.end()) {
            result.skills.push_back({SkillChange::Refused, folder_of(*name),
                                     "pack " + pack->id + " gets no skill: its skill name " + *name + " is already " + owner->second +
                                         "'s; disable one of the two packs (`uap-host modules disable ID --project DIR`) and export "
                                         "again, or reach its tools through the uap-tool-search skill"});
            continue;
        }
        owners.emplace(*name, "pack " + pack->id);
        SkillPack callable = with_callable_tools(*pack, result.warnings);
        planned.push_back({*name, pack_skill_document(callable, *name, request.target, search),
                           "pack " + pack->id + ", " + std::to_string(callable.tools.size()) + " tools"});
        exported.push_back({*name, pack->id, pack->name});
    }
    planned.push_back({std::string(search_skill_name), search_skill_document(exported, request.target, search),
                       "finds any tool by words"});
    return planned;
}

void remove_stale(const sdk::FileJail& jail, const std::string& name, const sdk::JailFile& file, SkillExport& result) {
    if (auto removed = jail.remove_read(file); !removed) {
        result.skills.push_back({SkillChange::Kept, folder_of(name),
                                 "its pack is no longer enabled, but SKILL.md changed while the export read it, so it stays: " +
                                     removed.error().message});
        return;
    }
    auto rest = jail.list(folder_of(name), 1);
    if (rest && rest->empty() && jail.remove_entry(folder_of(name))) {
        result.skills.push_back({SkillChange::Removed, folder_of(name), "its pack is no longer enabled"});
        return;
    }
    result.skills.push_back({SkillChange::Kept, folder_of(name),
                             "its SKILL.md is removed (the pack is no longer enabled); the folder stays because it holds files "
                             "the export did not write"});
}

} // namespace

bool SkillExport::refused_any() const {
    return std::any_of(skills.begin(), skills.end(), [](const SkillReport& report) { return report.change == SkillChange::Refused; });
}

Expected<SkillExport> export_skills(const SkillExportRequest& request) {
    auto jail = sdk::FileJail::open(request.project);
    if (!jail)
        return Error("cannot export skills into " + utf8::from_path(request.project) + ": " + jail.error().message);
    auto present = present_skills(jail.value());
    if (!present)
        return present.error();
    SkillExport result;
    std::set<std::string> wanted;
    for (const Planned& skill : plan(request, result)) {
        wanted.insert(skill.skill_name);
        if (present->foreign.count(skill.skill_name)) {
            result.skills.push_back({SkillChange::Refused, folder_of(skill.skill_name),
                                     "a folder of that name is there and uap-host did not write it, so it is left alone (" +
                                         skill.pack_note + "); rename or remove it and export again"});
            continue;
        }
        auto existing = present->generated.find(skill.skill_name);
        if (existing != present->generated.end() && existing->second.content == skill.document) {
            result.skills.push_back({SkillChange::Unchanged, folder_of(skill.skill_name), skill.pack_note});
            continue;
        }
        if (auto written = jail->write(file_of(skill.skill_name), skill.document); !written) {
            result.skills.push_back({SkillChange::Refused, folder_of(skill.skill_name),
                                     "cannot write it: " + written.error().message});
            continue;
        }
        result.skills.push_back({SkillChange::Written, folder_of(skill.skill_name), skill.pack_note});
    }
    for (const auto& [name, file] : present->generated)
        if (!wanted.count(name))
            remove_stale(jail.value(), name, file, result);
    return result;
}

bool has_exported_skills(const std::filesystem::path& project) {
    auto jail = sdk::FileJail::open(project);
    if (!jail)
        return false;
    auto present = present_skills(jail.value());
    return present && !present->generated.empty();
}

} // namespace uap::integrations
