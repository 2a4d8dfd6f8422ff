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
    warn_unknown(root, {"$schema", "schemaVersion", "id", "displayName", "detection", "instructionLines", "sources"}, "", warnings);
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
