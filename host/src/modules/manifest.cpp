// Parses and validates module pack manifests.
#include "modules/manifest.hpp"

#include "support/files.hpp"
#include "support/json.hpp"
#include "support/platform/platform.hpp"
#include "support/utf8_path.hpp"

#include <uap/abi/uap_module.h>

#include <algorithm>
#include <set>

namespace uap::modules {

namespace fs = std::filesystem;

std::string this_platform_key() { return platform::operating_system_name() + "-" + platform::architecture_name(); }

bool is_valid_identifier(const std::string& text) {
    if (text.empty() || text.size() > 64 || !std::isalnum(static_cast<unsigned char>(text[0])))
        return false;
    return std::all_of(text.begin(), text.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
    });
}

namespace {

// A library or profiles path must be a plain relative path that stays inside the pack folder.
bool stays_inside_pack(const std::string& relative) {
    fs::path path = utf8::to_path(relative);
    if (relative.empty() || path.is_absolute() || path.has_root_name() || path.has_root_directory())
        return false;
    for (auto& part : path.lexically_normal())
        if (part == "..")
            return false;
    return true;
}

Expected<std::string> required_string(const rapidjson::Value& root, const char* field) {
    auto value = json::string_field(root, field);
    if (!value)
        return Error(std::string("field \"") + field + "\" is missing or not a string");
    if (value->empty())
        return Error(std::string("field \"") + field + "\" is empty");
    return *value;
}

// Optional descriptive text: at most 200 characters, no control characters.
Expected<std::string> optional_text(const rapidjson::Value& root, const char* field) {
    if (!root.HasMember(field))
        return std::string();
    auto value = json::string_field(root, field);
    if (!value)
        return Error(std::string("field \"") + field + "\" must be a string");
    if (value->size() > 200 || std::any_of(value->begin(), value->end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; }))
        return Error(std::string("field \"") + field + "\" must be at most 200 characters without control characters");
    return *value;
}

// "listedTools": which tools of an "always" pack tools/list carries. Read after "tools" and "listing",
// since each name must be one of the pack's tools and the member means nothing on a "search" pack.
std::optional<Error> parse_listed_tools(const rapidjson::Value& root, Manifest& manifest) {
    auto listed = root.FindMember("listedTools");
    if (listed == root.MemberEnd())
        return std::nullopt;
    if (manifest.listing != Listing::Always)
        return Error("field \"listedTools\" needs \"listing\": \"always\" (a \"search\" pack lists none of its tools)");
    if (!listed->value.IsArray() || listed->value.Empty())
        return Error("field \"listedTools\" must be a non-empty array of the pack's tool names (leave it out to list every tool)");
    std::set<std::string> seen;
    for (auto& tool : listed->value.GetArray()) {
        if (!tool.IsString())
            return Error("field \"listedTools\" holds an entry that is not a tool name");
        std::string name(tool.GetString(), tool.GetStringLength());
        if (std::find(manifest.tools.begin(), manifest.tools.end(), name) == manifest.tools.end())
            return Error("field \"listedTools\" names \"" + (is_valid_identifier(name) ? name : std::string("an invalid name")) +
                         "\", which is not in \"tools\"");
        if (!seen.insert(name).second)
            return Error("field \"listedTools\" names \"" + name + "\" twice");
        manifest.listed_tools.push_back(std::move(name));
    }
    return std::nullopt;
}

// "listing" and "keywords": how the discovery tools present the pack.
std::optional<Error> parse_discovery(const rapidjson::Value& root, Manifest& manifest) {
    if (root.HasMember("listing")) {
        auto listing = json::string_field(root, "listing");
        if (!listing || (*listing != "always" && *listing != "search"))
            return Error("field \"listing\" must be \"always\" (listed in tools/list) or \"search\" (found through uap_tool_search)");
        manifest.listing = *listing == "always" ? Listing::Always : Listing::Search;
    }
    if (auto problem = parse_listed_tools(root, manifest))
        return problem;
    auto keywords = root.FindMember("keywords");
    if (keywords == root.MemberEnd())
        return std::nullopt;
    constexpr size_t max_keywords = 64, max_keyword_bytes = 64;
    if (!keywords->value.IsArray() || keywords->value.Size() > max_keywords)
        return Error("field \"keywords\" must be an array of at most 64 words");
    for (auto& keyword : keywords->value.GetArray()) {
        if (!keyword.IsString() || keyword.GetStringLength() == 0 || keyword.GetStringLength() > max_keyword_bytes)
            return Error("field \"keywords\" holds an entry that is not a word of 1-64 bytes");
        manifest.keywords.emplace_back(keyword.GetString(), keyword.GetStringLength());
    }
    return std::nullopt;
}

} // namespace

Expected<void> check_host_revision(const Manifest& manifest, uint32_t host_revision) {
    if (manifest.min_host_revision <= host_revision)
        return {};
    return Error::unsupported_version("the pack needs host revision " + std::to_string(manifest.min_host_revision) +
                                      " (minHostRevision) but this uap-host is revision " + std::to_string(host_revision) +
                                      "; update uap-host (check with `uap-host --version`) or install an older release of the pack");
}

Listing Manifest::listing_of(std::string_view tool) const {
    if (listing != Listing::Always || listed_tools.empty())
        return listing;
    return std::find(listed_tools.begin(), listed_tools.end(), tool) != listed_tools.end() ? Listing::Always : Listing::Search;
}

Expected<fs::path> Manifest::library_for_this_platform() const {
    auto found = libraries.find(this_platform_key());
    if (found == libraries.end())
        return Error("the pack has no library for " + this_platform_key());
    return folder / utf8::to_path(found->second);
}

Expected<Manifest> parse_manifest(const std::string& text, const fs::path& folder) {
    auto parsed = json::parse(text);
    if (!parsed)
        return parsed.error();
    const rapidjson::Value& root = *parsed;
    if (!root.IsObject())
        return Error("the manifest is not a JSON object");

    auto manifest_version = json::integer_field(root, "manifestVersion");
    if (!manifest_version)
        return Error("field \"manifestVersion\" is missing or not an integer");
    if (*manifest_version != 1)
        return Error("manifestVersion " + std::to_string(*manifest_version) + " is not supported (this host reads 1)");

    Manifest manifest;
    manifest.folder = folder;
    for (auto [field, target] : {std::pair{"id", &manifest.id}, {"name", &manifest.name}, {"version", &manifest.version}}) {
        auto value = required_string(root, field);
        if (!value)
            return value.error();
        *target = *value;
    }
    if (!is_valid_identifier(manifest.id))
        return Error("id \"" + manifest.id + "\" must be 1-64 characters of letters, digits, '.', '_' or '-'");
    manifest.toggle = json::string_field(root, "toggle").value_or(manifest.id);
    if (!is_valid_identifier(manifest.toggle))
        return Error("toggle \"" + manifest.toggle + "\" must be 1-64 characters of letters, digits, '.', '_' or '-'");

    auto abi = json::integer_field(root, "abiVersion");
    if (!abi || *abi <= 0 || *abi > UINT32_MAX)
        return Error("field \"abiVersion\" is missing or not a positive integer");
    manifest.abi_version = static_cast<uint32_t>(*abi);

    auto library = root.FindMember("library");
    if (library == root.MemberEnd() || !library->value.IsObject() || library->value.MemberCount() == 0)
        return Error("field \"library\" must be an object mapping platform keys to library file names");
    for (auto& entry : library->value.GetObject()) {
        std::string platform = entry.name.GetString();
        if (!entry.value.IsString() || !stays_inside_pack(entry.value.GetString()))
            return Error("library for \"" + platform + "\" must be a relative file name inside the pack folder");
        manifest.libraries[platform] = entry.value.GetString();
    }

    auto tools = root.FindMember("tools");
    if (tools == root.MemberEnd() || !tools->value.IsArray())
        return Error("field \"tools\" must be an array of tool names");
    std::set<std::string> seen;
    for (auto& tool : tools->value.GetArray()) {
        if (!tool.IsString() || !is_valid_identifier(tool.GetString()))
            return Error("field \"tools\" holds an entry that is not a valid tool name");
        if (!seen.insert(tool.GetString()).second)
            return Error(std::string("tool \"") + tool.GetString() + "\" is listed twice");
        manifest.tools.emplace_back(tool.GetString());
    }

    for (auto [field, target] : {std::pair{"author", &manifest.author}, {"license", &manifest.license}, {"homepage", &manifest.homepage}}) {
        auto value = optional_text(root, field);
        if (!value)
            return value.error();
        *target = *value;
    }
    if (!manifest.homepage.empty() && manifest.homepage.rfind("https://", 0) != 0 && manifest.homepage.rfind("http://", 0) != 0)
        return Error("field \"homepage\" must be an http:// or https:// URL");
    if (root.HasMember("minHostRevision")) {
        auto revision = json::integer_field(root, "minHostRevision");
        if (!revision || *revision < 1 || *revision > UINT32_MAX)
            return Error("field \"minHostRevision\" must be a positive integer");
        manifest.min_host_revision = static_cast<uint32_t>(*revision);
    }

    if (auto covered = root.FindMember("coveredBy"); covered != root.MemberEnd()) {
        if (!covered->value.IsObject())
            return Error("field \"coveredBy\" must be an object mapping tool names to \"<integration>:<command>\"");
        for (auto& entry : covered->value.GetObject()) {
            std::string tool = entry.name.GetString();
            if (!seen.count(tool))
                return Error("field \"coveredBy\" names \"" + tool + "\", which is not in \"tools\"");
            if (!entry.value.IsString() || !parse_coverage(entry.value.GetString()))
                return Error("field \"coveredBy\" for \"" + tool + "\" must be \"<integration>:<command>\" such as \"uloop:get-logs\"");
            manifest.covered_by[tool] = entry.value.GetString();
        }
    }

    if (auto problem = parse_discovery(root, manifest))
        return *problem;

    if (root.HasMember("profiles")) {
        auto profiles = json::string_field(root, "profiles");
        if (!profiles || !stays_inside_pack(*profiles))
            return Error("field \"profiles\" must be a relative folder inside the pack");
        manifest.profiles = folder / utf8::to_path(*profiles);
    }
    return manifest;
}

std::optional<Coverage> parse_coverage(const std::string& value) {
    auto is_word = [](std::string_view text) {
        return !text.empty() && text.size() <= 64 &&
               std::all_of(text.begin(), text.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
    };
    auto colon = value.find(':');
    if (colon == std::string::npos)
        return std::nullopt;
    Coverage coverage{value.substr(0, colon), value.substr(colon + 1)};
    if (!is_word(coverage.integration) || !is_word(coverage.command))
        return std::nullopt;
    return coverage;
}

Expected<Manifest> read_manifest(const fs::path& folder) {
    fs::path file = folder / manifest_file_name;
    std::error_code error;
    if (!fs::is_regular_file(file, error))
        return Error("no " + std::string(manifest_file_name) + " in " + utf8::from_path(folder));
    auto text = files::read(file, manifest_max_bytes);
    if (!text)
        return text.error();
    auto manifest = parse_manifest(*text, fs::absolute(folder).lexically_normal());
    if (!manifest)
        return manifest.error().within(utf8::from_path(file));
    return manifest;
}

} // namespace uap::modules
