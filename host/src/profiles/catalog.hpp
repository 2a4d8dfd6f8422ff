// Every profile the host knows for one project, from its three origins (bundled, module packs, the
// project's .uap-profiles/), each evaluated: valid or not, detected or not and why, trusted or
// pending approval, switched on or off. Active = valid, detected, trusted and switched on.
#pragma once

#include "profiles/approvals.hpp"
#include "profiles/detection.hpp"
#include "profiles/profile.hpp"
#include "profiles/switches.hpp"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace uap::profiles {

inline constexpr const char* project_profiles_folder = ".uap-profiles";

// The profiles folder a loaded module pack declares in its manifest.
struct PackProfiles {
    std::string pack_id;
    std::filesystem::path folder;
};

enum class ProfileState { Active, NotDetected, PendingApproval, SwitchedOff, Invalid, Duplicate };
std::string to_string(ProfileState state);

struct ProfileEntry {
    std::filesystem::path file;
    Origin origin = Origin::Bundled;
    std::string pack_id;               // Origin::Pack: the pack that provides it.
    std::string id;                    // The profile's id; the file name when it could not be read.
    std::string sha256;                // Of the file's bytes.
    std::string text;                  // The file's bytes (at most max_profile_bytes).
    std::optional<Profile> profile;    // Absent when invalid.
    std::string problem;               // Invalid or duplicate: why, and what fixes it.
    std::vector<std::string> warnings;
    bool detected = false;
    std::string detection;             // Why it is (or is not) detected.
    bool trusted = false;
    bool switched_on = true;
    ProfileState state = ProfileState::Invalid;
};

// The editor's answers for type names: true found, false absent; a name missing was not answered.
struct TypeAnswers {
    std::map<std::string, bool> found;
    std::string unanswered_reason = "no editor has answered yet";
};

struct CatalogInputs {
    std::filesystem::path project;         // Empty: no project (only validity is evaluated).
    std::filesystem::path bundled_folder;  // <prefix>/share/uap/profiles.
    std::vector<PackProfiles> packs;       // Loaded, enabled packs only.
};

struct Catalog {
    std::vector<ProfileEntry> entries;   // Bundled, then pack, then project; files in name order.
    std::vector<std::string> notes;      // Detection fallbacks, ignored approval files, unreadable switches.
    Switch all = Switch::On;

    const ProfileEntry* find(const std::string& id) const; // The entry that owns the id (not a duplicate).
    std::vector<const ProfileEntry*> active() const;
    // "id sha256" lines of the active entries, in order: changes whenever the injected text would.
    std::string active_fingerprint() const;
    // Every type name of every valid profile.
    std::vector<std::string> type_names() const;
};

Catalog evaluate(const CatalogInputs& inputs, const ApprovalStore& approvals, const TypeAnswers& types);

// One section of the appended system prompt per active profile, in catalog order.
struct ProfileSection {
    std::string heading; // "Profile: <displayName>"
    std::string body;    // The instruction lines, one per line.
};
std::vector<ProfileSection> sections_of(const Catalog& catalog);

// The bundled profiles next to the host: <prefix>/share/uap/profiles (the build tree mirrors it).
std::filesystem::path bundled_profiles_folder();

} // namespace uap::profiles
