// Profile parsing: required fields, limits, and warnings for what the host does not read.
#include "profiles/profile.hpp"

#include "modules/manifest.hpp"
#include "support/files.hpp"
#include "support/json.hpp"

#include "profiles/sha256.hpp"

#include <set>

namespace uap::profiles {

std::string to_string(Origin origin) {
    switch (origin) {
    case Origin::Bundled: return "bundled";
    case Origin::Pack: return "pack";
    case Origin::Project: return "project";
    }
    return "unknown";
}

namespace {

// A list of non-empty strings; empty strings are dropped with a warning, anything else is an error.
Expected<std::vector<std::string>> string_list(const rapidjson::Value& object, const char* name, const std::string& where,
                                               std::vector<std::string>& warnings) {
    std::vector<std::string> items;
    auto member = object.FindMember(name);
    if (member == object.MemberEnd())
        return items;
    if (!member->value.IsArray())
        return Error("\"" + where + name + "\" must be an array of strings");
    for (auto& item : member->value.GetArray()) {
        if (!item.IsString())
            return Error("\"" + where + name + "\" must hold only strings");
        std::string text(item.GetString(), item.GetStringLength());
        if (text.empty()) {
            warnings.push_back("an empty string in \"" + where + name + "\" was dropped");
            continue;
        }
        items.push_back(std::move(text));
    }
    return items;
}

void warn_unknown(const rapidjson::Value& object, const std::set<std::string>& known, const std::string& where,
                  std::vector<std::string>& warnings) {
    for (auto& member : object.GetObject()) {
        std::string name(member.name.GetString(), member.name.GetStringLength());
        if (!known.count(name))
            warnings.push_back("unknown field \"" + where + name + "\" is ignored");
    }
}

bool is_web_url(const std::string& text) { return text.rfind("https://", 0) == 0 || text.rfind("http://", 0) == 0; }

bool has_line_break(const std::string& text) { return text.find_first_of("\r\n") != std::string::npos; }

enum class Presence { Required, Optional };
enum class Lines { One, Several };

// A string field of an array item, checked for presence, length and (for one-line fields) line breaks.
Expected<std::string> item_text(const rapidjson::Value& item, const char* name, const std::string& where, size_t max_characters,
                                Presence presence, Lines lines = Lines::One) {
    auto member = item.FindMember(name);
    if (member == item.MemberEnd() || (member->value.IsString() && member->value.GetStringLength() == 0)) {
        if (presence == Presence::Required)
            return Error("\"" + where + name + "\" is required and must be a non-empty string");
        return std::string();
    }
    if (!member->value.IsString())
        return Error("\"" + where + name + "\" must be a string");
    std::string text(member->value.GetString(), member->value.GetStringLength());
    if (text.size() > max_characters)
        return Error("\"" + where + name + "\" is longer than " + std::to_string(max_characters) + " characters");
    if (lines == Lines::One && has_line_break(text))
        return Error("\"" + where + name + "\" contains a line break");
    return text;
}

// The objects of the array `name` (at most max_items), each with a valid id unique in the list and a
// one-line label, unknown fields warned about; read_rest fills the entry's other fields.
template <typename Entry, typename ReadRest>
Expected<std::vector<Entry>> entries_of(const rapidjson::Value& root, const char* name, size_t max_items, const std::set<std::string>& known,
                                        std::vector<std::string>& warnings, ReadRest read_rest) {
    std::vector<Entry> entries;
    auto member = root.FindMember(name);
    if (member == root.MemberEnd())
        return entries;
    if (!member->value.IsArray())
        return Error(std::string("\"") + name + "\" must be an array of objects");
    if (member->value.Size() > max_items)
        return Error(std::string("\"") + name + "\" holds " + std::to_string(member->value.Size()) + " entries; at most " +
                     std::to_string(max_items) + " are read (keep the ones a user needs most)");
    std::set<std::string> ids;
    for (rapidjson::SizeType index = 0; index < member->value.Size(); ++index) {
        const rapidjson::Value& item = member->value[index];
        if (!item.IsObject())
            return Error(std::string("\"") + name + "\" must hold only objects");
        std::string where = std::string(name) + '[' + std::to_string(index) + "]."; // A field's place, for messages.
        warn_unknown(item, known, where, warnings);
        Entry entry;
        UAP_ASSIGN_OR_RETURN(entry.id, item_text(item, "id", where, 64, Presence::Required));
        if (!modules::is_valid_identifier(entry.id))
            return Error("\"" + where + "id\" must be 1-64 characters of A-Z a-z 0-9 . _ - starting with a letter or digit");
        if (!ids.insert(entry.id).second)
            return Error("\"" + where + "id\" repeats the id \"" + entry.id + "\"; give each entry of \"" + name + "\" its own id");
        UAP_ASSIGN_OR_RETURN(entry.label, item_text(item, "label", where, 80, Presence::Required));
        UAP_TRY(read_rest(item, where, entry));
        entries.push_back(std::move(entry));
    }
    return entries;
}

Expected<std::vector<QuickAction>> quick_actions(const rapidjson::Value& root, std::vector<std::string>& warnings) {
    return entries_of<QuickAction>(root, "quickActions", max_quick_actions, {"id", "label", "labelJa", "prompt"}, warnings,
                                    [](const rapidjson::Value& item, const std::string& where, QuickAction& action) -> Expected<void> {
                                        UAP_ASSIGN_OR_RETURN(action.label_ja, item_text(item, "labelJa", where, 80, Presence::Optional));
                                        UAP_ASSIGN_OR_RETURN(action.prompt, item_text(item, "prompt", where, max_prompt_characters,
                                                                                      Presence::Required, Lines::Several));
                                        return {};
                                    });
}

Expected<void> read_asset_template(const rapidjson::Value& item, const std::string& where, AssetTemplate& entry) {
    UAP_ASSIGN_OR_RETURN(entry.asset_type, item_text(item, "assetType", where, 200, Presence::Required));
    UAP_ASSIGN_OR_RETURN(entry.path, item_text(item, "path", where, 260, Presence::Required));
    // Where the agent may create assets (docs/file-jail.md): a relative path under Assets/, no "..".
    if (entry.path.rfind("Assets/", 0) != 0 || entry.path.find("..") != std::string::npos || entry.path.find('\\') != std::string::npos)
        return Error("\"" + where + "path\" must be a path under Assets/ without \"..\" or backslashes, not \"" + entry.path.substr(0, 120) + "\"");
    entry.properties_json = "{}";
    if (auto properties = item.FindMember("properties"); properties != item.MemberEnd()) {
        if (!properties->value.IsObject())
            return Error("\"" + where + "properties\" must be an object of serialized property paths and their default values");
        if (properties->value.MemberCount() > 50)
            return Error("\"" + where + "properties\" holds more than 50 values");
        entry.properties_json = json::to_text(properties->value);
    }
    return {};
}

Expected<std::vector<AssetTemplate>> asset_templates(const rapidjson::Value& root, std::vector<std::string>& warnings) {
    return entries_of<AssetTemplate>(root, "assetTemplates", max_asset_templates, {"id", "label", "assetType", "path", "properties"}, warnings,
                                      read_asset_template);
}

} // namespace

Expected<ParsedProfile> parse_profile(const std::string& text) {
    if (text.size() > max_profile_bytes)
        return Error("the profile is " + std::to_string(text.size()) + " bytes; at most " + std::to_string(max_profile_bytes) +
                     " are read (split it into several profiles)");
    auto document = json::parse(text);
    if (!document)
        return Error("not valid JSON: " + document.error().message());
    if (!document->IsObject())
        return Error("a profile must be a JSON object");
    ParsedProfile parsed;
    auto& warnings = parsed.warnings;
    auto& profile = parsed.profile;
    const rapidjson::Value& root = *document;
    warn_unknown(root, {"$schema", "schemaVersion", "id", "displayName", "detection", "instructionLines", "sources", "quickActions", "assetTemplates"},
                 "", warnings);
    if (auto version = root.FindMember("schemaVersion"); version != root.MemberEnd()) {
        if (!version->value.IsInt())
            return Error("\"schemaVersion\" must be an integer (" + std::to_string(schema_version) + ")");
        if (version->value.GetInt() > schema_version)
            warnings.push_back("schemaVersion " + std::to_string(version->value.GetInt()) + " is newer than this host's " +
                               std::to_string(schema_version) + "; fields it does not know are ignored");
    }
    auto id = json::string_field(root, "id");
    if (!id || id->empty())
        return Error("the required field \"id\" is missing (add \"id\": \"my-sdk\")");
    if (!modules::is_valid_identifier(*id))
        return Error("\"id\" must be 1-64 characters of A-Z a-z 0-9 . _ - starting with a letter or digit, not \"" +
                     id->substr(0, 80) + "\"");
    profile.id = *id;
    if (root.HasMember("displayName") && !root["displayName"].IsString())
        return Error("\"displayName\" must be a string");
    profile.display_name = json::string_field(root, "displayName").value_or("");
    if (profile.display_name.empty())
        profile.display_name = profile.id;
    if (profile.display_name.size() > 200)
        return Error("\"displayName\" is longer than 200 characters");
    if (auto detection = root.FindMember("detection"); detection != root.MemberEnd()) {
        if (!detection->value.IsObject())
            return Error("\"detection\" must be an object with \"packageIds\" and/or \"typeNames\"");
        warn_unknown(detection->value, {"packageIds", "typeNames"}, "detection.", warnings);
        auto packages = string_list(detection->value, "packageIds", "detection.", warnings);
        if (!packages)
            return packages.error();
        auto types = string_list(detection->value, "typeNames", "detection.", warnings);
        if (!types)
            return types.error();
        profile.package_ids = std::move(*packages);
        profile.type_names = std::move(*types);
    }
    auto lines = string_list(root, "instructionLines", "", warnings);
    if (!lines)
        return lines.error();
    if (lines->empty())
        return Error("\"instructionLines\" must hold at least one line (the rules the agent is given)");
    for (size_t index = 0; index < lines->size(); ++index) {
        const std::string& line = (*lines)[index];
        if (line.size() > max_line_characters)
            return Error("instruction line " + std::to_string(index + 1) + " is " + std::to_string(line.size()) +
                         " characters; at most " + std::to_string(max_line_characters) + " are allowed (split it)");
        if (line.find('\n') != std::string::npos || line.find('\r') != std::string::npos)
            return Error("instruction line " + std::to_string(index + 1) + " contains a line break; give each rule its own line");
    }
    profile.instruction_lines = std::move(*lines);
    auto sources = string_list(root, "sources", "", warnings);
    if (!sources)
        return sources.error();
    for (auto& source : *sources)
        if (!is_web_url(source))
            return Error("each entry of \"sources\" must be an http(s) URL, not \"" + source.substr(0, 120) + "\"");
    if (sources->empty())
        warnings.push_back("no \"sources\": add the URL of the documentation each rule comes from, so a reader can check it");
    profile.sources = std::move(*sources);
    UAP_ASSIGN_OR_RETURN(profile.quick_actions, quick_actions(root, warnings));
    UAP_ASSIGN_OR_RETURN(profile.asset_templates, asset_templates(root, warnings));
    return parsed;
}

Expected<ParsedProfile> read_profile(const std::filesystem::path& file, std::string* bytes_out) {
    auto text = files::read(file, max_profile_bytes, files::Links::Refuse);
    if (!text)
        return text.error();
    if (bytes_out)
        *bytes_out = *text;
    return parse_profile(*text);
}

std::string sha256_hex(const std::string& bytes) {
    Sha256Engine engine;
    engine.update(bytes);
    return Poco::DigestEngine::digestToHex(engine.digest());
}

} // namespace uap::profiles
