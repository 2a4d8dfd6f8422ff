// ProfileSwitches: load and save.
#include "profiles/switches.hpp"

#include "support/files.hpp"
#include "support/json.hpp"
#include "support/paths.hpp"
#include "support/utf8_path.hpp"

namespace uap::profiles {

namespace fs = std::filesystem;

Switch ProfileSwitches::of(const std::string& id) const {
    auto found = by_id.find(id);
    return found == by_id.end() ? Switch::On : found->second;
}

fs::path ProfileSwitches::file_for(const fs::path& project) { return paths::project_state_folder(project) / "profile-switches.json"; }

ProfileSwitches ProfileSwitches::load(const fs::path& project, std::string* note) {
    ProfileSwitches switches;
    std::error_code error;
    if (!fs::exists(file_for(project), error))
        return switches;
    auto text = files::read(file_for(project), 1024 * 1024, files::Links::Refuse);
    auto document = text ? json::parse(*text) : Expected<rapidjson::Document>(text.error());
    if (!document || !document->IsObject()) {
        if (note)
            *note = utf8::from_path(file_for(project)) + " was not read (" + (document ? "not an object" : document.error().message()) +
                    "); every profile switch counts as on until it is saved again";
        return switches;
    }
    if (json::bool_field(*document, "enabled") == false)
        switches.all = Switch::Off;
    if (auto profiles = document->FindMember("profiles"); profiles != document->MemberEnd() && profiles->value.IsObject())
        for (auto& member : profiles->value.GetObject())
            if (member.value.IsBool())
                switches.by_id[member.name.GetString()] = member.value.GetBool() ? Switch::On : Switch::Off;
    return switches;
}

Expected<void> ProfileSwitches::save(const fs::path& project) const {
    if (auto folder = paths::prepare_project_state_folder(project); !folder)
        return folder.error();
    rapidjson::Document document(rapidjson::kObjectType);
    auto& allocator = document.GetAllocator();
    document.AddMember("enabled", all == Switch::On, allocator);
    rapidjson::Value profiles(rapidjson::kObjectType);
    for (auto& [id, state] : by_id)
        profiles.AddMember(json::string_value(id, allocator), rapidjson::Value(state == Switch::On), allocator);
    document.AddMember("profiles", profiles, allocator);
    return files::write_atomically(file_for(project), json::to_pretty_text(document), files::Visibility::Default);
}

} // namespace uap::profiles
