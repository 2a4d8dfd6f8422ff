// The profile switches of one project: a master switch and one per profile (a bundled rule can be
// wrong for a project), in <project>/UserSettings/AgentPanel/profile-switches.json.
#pragma once

#include "support/expected.hpp"

#include <filesystem>
#include <map>
#include <string>

namespace uap::profiles {

enum class Switch { On, Off };

struct ProfileSwitches {
    Switch all = Switch::On;
    std::map<std::string, Switch> by_id; // Absent: on.

    Switch of(const std::string& id) const;
    static std::filesystem::path file_for(const std::filesystem::path& project);
    // A missing or unreadable file means every switch is on; the note says why when it was unreadable.
    static ProfileSwitches load(const std::filesystem::path& project, std::string* note = nullptr);
    Expected<void> save(const std::filesystem::path& project) const;
};

} // namespace uap::profiles
