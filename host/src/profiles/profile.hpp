// An extension profile: a small JSON knowledge pack for one SDK (id, detection rules, the lines
// the agent is given, their sources), parsed and checked against the limits in profiles/schema.json.
#pragma once

#include "support/expected.hpp"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace uap::profiles {

inline constexpr int schema_version = 1;
inline constexpr uint64_t max_profile_bytes = 64 * 1024;
inline constexpr size_t max_line_characters = 1000;

// Where a profile comes from; bundled and pack-provided profiles are trusted, project ones need approval.
enum class Origin { Bundled, Pack, Project };
std::string to_string(Origin origin);

inline constexpr size_t max_quick_actions = 20;
inline constexpr size_t max_asset_templates = 20;
inline constexpr size_t max_prompt_characters = 2000;

// A canned prompt the panel can offer for the SDK ("Set up cloth on the selected mesh").
struct QuickAction {
    std::string id;
    std::string label;    // English.
    std::string label_ja; // Japanese; empty when the file gives none.
    std::string prompt;   // Sent to the agent as the user's message.
};

// The type and default values of an asset the agent creates for the SDK (a preset for asset
// creation: a MagicaCloth2 collider profile, an SDK ScriptableObject).
struct AssetTemplate {
    std::string id;
    std::string label;
    std::string asset_type;      // A type name as the editor knows it (full name when it has a dot).
    std::string path;            // The default asset path, under Assets/.
    std::string properties_json; // Default values by serialized propertyPath: a JSON object ("{}" when none).
};

struct Profile {
    std::string id;
    std::string display_name; // The id when the file names none.
    std::vector<std::string> package_ids;
    std::vector<std::string> type_names;
    std::vector<std::string> instruction_lines;
    std::vector<std::string> sources; // http(s) URLs a reader can check the lines against.
    std::vector<QuickAction> quick_actions;
    std::vector<AssetTemplate> asset_templates;
};

struct ParsedProfile {
    Profile profile;
    std::vector<std::string> warnings; // Unknown fields, dropped empty strings, missing sources.
};

// Parses profile text. The error says what is wrong and how to fix it; problems that do not stop
// the profile (unknown fields) come back as warnings.
Expected<ParsedProfile> parse_profile(const std::string& text);

// Reads a file (refused past max_profile_bytes before parsing) and parses it.
Expected<ParsedProfile> read_profile(const std::filesystem::path& file, std::string* bytes_out = nullptr);

// Lower-case hex SHA-256 of bytes (Poco).
std::string sha256_hex(const std::string& bytes);

} // namespace uap::profiles
