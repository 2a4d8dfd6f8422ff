// Catalog evaluation: reading the three origins, duplicates, detection, trust and switches.
#include "profiles/catalog.hpp"

#include "support/files.hpp"
#include "support/paths.hpp"
#include "support/utf8_path.hpp"

#include <algorithm>
#include <set>

namespace uap::profiles {

namespace fs = std::filesystem;

std::string to_string(ProfileState state) {
    switch (state) {
    case ProfileState::Active: return "active";
    case ProfileState::NotDetected: return "not_detected";
    case ProfileState::PendingApproval: return "pending_approval";
    case ProfileState::SwitchedOff: return "switched_off";
    case ProfileState::Invalid: return "invalid";
    case ProfileState::Duplicate: return "duplicate";
    }
    return "unknown";
}

fs::path bundled_profiles_folder() { return (paths::executable_folder() / ".." / "share" / "uap" / "profiles").lexically_normal(); }

namespace {

constexpr size_t max_files_per_folder = 500;

std::vector<fs::path> json_files(const fs::path& folder) {
    std::vector<fs::path> found;
    std::error_code error;
    for (fs::directory_iterator it(folder, error), end; !error && it != end && found.size() < max_files_per_folder; it.increment(error))
        if (it->path().extension() == ".json" && utf8::from_path(it->path().filename()).front() != '.')
            found.push_back(it->path());
    std::sort(found.begin(), found.end()); // Ordinal file order: the same on every machine.
    return found;
}

bool is_approval_file(const fs::path& file) { return utf8::from_path(file.filename()).find("approval") != std::string::npos; }

ProfileEntry read_entry(const fs::path& file, Origin origin, const std::string& pack_id) {
    ProfileEntry entry;
    entry.file = file;
    entry.origin = origin;
    entry.pack_id = pack_id;
    entry.id = utf8::from_path(file.stem());
    auto parsed = read_profile(file, &entry.text);
    entry.sha256 = entry.text.empty() ? "" : sha256_hex(entry.text);
    if (!parsed) {
        entry.problem = parsed.error().message() + " (check it with `uap-host profiles validate " + utf8::from_path(file) + "`)";
        entry.state = ProfileState::Invalid;
        return entry;
    }
    entry.id = parsed->profile.id;
    entry.warnings = std::move(parsed->warnings);
    entry.profile = std::move(parsed->profile);
    return entry;
}

void detect(ProfileEntry& entry, const ProjectPackages& packages, const TypeAnswers& types, bool has_project) {
    const Profile& profile = *entry.profile;
    if (profile.package_ids.empty() && profile.type_names.empty()) {
        entry.detected = true;
        entry.detection = "always on (the profile names no packages or types)";
        return;
    }
    if (!has_project) {
        entry.detection = "no project given";
        return;
    }
    for (auto& id : profile.package_ids)
        if (auto found = find_package(id, packages)) {
            entry.detected = true;
            entry.detection = *found;
            return;
        }
    bool unanswered = false;
    for (auto& name : profile.type_names) {
        auto answer = types.found.find(name);
        if (answer == types.found.end()) {
            unanswered = true;
        } else if (answer->second) {
            entry.detected = true;
            entry.detection = "type " + name + " exists in the editor";
            return;
        }
    }
    std::string checked;
    if (!profile.package_ids.empty())
        checked = "none of its packages is installed";
    if (!profile.type_names.empty())
        checked += std::string(checked.empty() ? "" : "; ") +
                   (unanswered ? "its types are not checked yet: " + types.unanswered_reason : "none of its types exists in the editor");
    entry.detection = checked;
}

} // namespace

const ProfileEntry* Catalog::find(const std::string& id) const {
    for (auto& entry : entries)
        if (entry.id == id && entry.state != ProfileState::Duplicate)
            return &entry;
    return nullptr;
}

std::vector<const ProfileEntry*> Catalog::active() const {
    std::vector<const ProfileEntry*> list;
    for (auto& entry : entries)
        if (entry.state == ProfileState::Active)
            list.push_back(&entry);
    return list;
}

std::string Catalog::active_fingerprint() const {
    std::string text;
    for (auto* entry : active())
        text += entry->id + " " + entry->sha256 + "\n";
    return text;
}

std::vector<std::string> Catalog::type_names() const {
    std::set<std::string> names;
    for (auto& entry : entries)
        if (entry.profile)
            names.insert(entry.profile->type_names.begin(), entry.profile->type_names.end());
    return {names.begin(), names.end()};
}

Catalog evaluate(const CatalogInputs& inputs, const ApprovalStore& approvals, const TypeAnswers& types) {
    Catalog catalog;
    for (auto& file : json_files(inputs.bundled_folder))
        if (file.filename() != "schema.json")
            catalog.entries.push_back(read_entry(file, Origin::Bundled, ""));
    for (auto& pack : inputs.packs)
        for (auto& file : json_files(pack.folder))
            catalog.entries.push_back(read_entry(file, Origin::Pack, pack.pack_id));
    bool has_project = !inputs.project.empty();
    if (has_project) {
        fs::path folder = inputs.project / project_profiles_folder;
        for (auto& file : json_files(folder)) {
            if (is_approval_file(file)) {
                catalog.notes.push_back(utf8::from_path(file) + " is ignored: approvals are never read from a project (they live in " +
                                        utf8::from_path(approvals.approvals_file()) + "; approve with `uap-host profiles approve ID --project " +
                                        utf8::from_path(inputs.project) + "`)");
                continue;
            }
            catalog.entries.push_back(read_entry(file, Origin::Project, ""));
        }
    }
    // Duplicates: the first entry of an id wins, and origins are read bundled first.
    std::map<std::string, const ProfileEntry*> owners;
    for (auto& entry : catalog.entries) {
        if (!entry.profile)
            continue;
        auto [owner, inserted] = owners.emplace(entry.id, &entry);
        if (!inserted) {
            entry.state = ProfileState::Duplicate;
            entry.problem = "the id \"" + entry.id + "\" is already taken by the " + to_string(owner->second->origin) + " profile " +
                            utf8::from_path(owner->second->file) + ", which wins; give this profile another id";
        }
    }
    std::string switches_note;
    ProfileSwitches switches = has_project ? ProfileSwitches::load(inputs.project, &switches_note) : ProfileSwitches{};
    if (!switches_note.empty())
        catalog.notes.push_back(switches_note);
    catalog.all = switches.all;
    ProjectPackages packages = has_project ? read_project_packages(inputs.project) : ProjectPackages{};
    for (auto& note : packages.notes)
        catalog.notes.push_back(note);
    for (auto& entry : catalog.entries) {
        if (!entry.profile || entry.state == ProfileState::Duplicate)
            continue;
        detect(entry, packages, types, has_project);
        entry.trusted = entry.origin != Origin::Project || approvals.approved(entry.sha256);
        entry.switched_on = switches.all == Switch::On && switches.of(entry.id) == Switch::On;
        if (!entry.switched_on)
            entry.state = ProfileState::SwitchedOff;
        else if (!entry.detected)
            entry.state = ProfileState::NotDetected;
        else if (!entry.trusted)
            entry.state = ProfileState::PendingApproval;
        else
            entry.state = ProfileState::Active;
    }
    return catalog;
}

std::vector<ProfileSection> sections_of(const Catalog& catalog) {
    std::vector<ProfileSection> sections;
    for (auto* entry : catalog.active()) {
        ProfileSection section{"Profile: " + entry->profile->display_name, ""};
        for (auto& line : entry->profile->instruction_lines)
            section.body += (section.body.empty() ? "" : "\n") + line;
        sections.push_back(std::move(section));
    }
    return sections;
}

} // namespace uap::profiles
