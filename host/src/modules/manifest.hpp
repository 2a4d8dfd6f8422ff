// A module pack's manifest (uap-module.json): parsed and validated before any module code runs.
#pragma once

#include "api/tool_description.hpp"
#include "support/expected.hpp"

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace uap::modules {

inline constexpr const char* manifest_file_name = "uap-module.json";
inline constexpr uint64_t manifest_max_bytes = 64 * 1024;

// The revision of the host table within the current ABI generation: 1 is the first table, 2
// appended host_info, 3 appended subscribe_events, unsubscribe_events and monotonic_ms, 4 added the
// NEEDS_CHOICE status and the tool call's host_revision (the host table ends where 3 left it), 5
// appended editor_call_all. A manifest's minHostRevision is compared with it before loading.
inline constexpr uint32_t host_api_revision = 5; // UAP_ABI_REVISION; host_services.cpp checks that they agree.

struct Manifest {
    std::filesystem::path folder;         // The pack folder, absolute.
    std::string id;                       // Reverse-DNS style or simple: [a-z0-9._-], unique among packs.
    std::string name;
    std::string version;
    uint32_t abi_version = 0;
    std::string toggle;                   // The settings key that enables or disables the pack.
    std::map<std::string, std::string> libraries; // Platform key → file name inside the pack folder.
    std::vector<std::string> tools;       // Tool names the library must report, in any order.
    std::filesystem::path profiles;       // Optional bundled profiles folder (absolute), empty if none.
    std::string author;                   // Optional: who publishes the pack.
    std::string license;                  // Optional: an SPDX expression such as "MIT".
    std::string homepage;                 // Optional: an http(s) URL.
    uint32_t min_host_revision = 1;       // The oldest host table revision the pack works with.
    // Optional "coveredBy": tool name → "<integration>:<command>" (e.g. "uloop:get-logs"). When
    // that integration is present in the project, the tool steps aside for the command.
    std::map<std::string, std::string> covered_by;
    // Optional "listing": "always" lists the pack's tools in tools/list; "search" (the default) leaves
    // them to the discovery tools.
    Listing listing = Listing::Search;
    // Optional "listedTools", only beside "listing": "always": the pack's tools that tools/list carries;
    // the others are found and called through the discovery tools, as a "search" pack's are. Empty:
    // every tool of an "always" pack is listed.
    std::vector<std::string> listed_tools;
    // Optional "keywords": words a user would use for the pack's area, in any language ("prefab",
    // "プレハブ"); the discovery search matches them as well as the tools' names and descriptions.
    std::vector<std::string> keywords;

    // The listing of one of the pack's tools: "always" packs may list only the tools in listedTools.
    Listing listing_of(std::string_view tool) const;

    // The library for this platform, absolute; an Error when the pack has none for it.
    Expected<std::filesystem::path> library_for_this_platform() const;
};

// Whether this host can run the pack's declared revision; UnsupportedVersion, with what fixes it,
// when it cannot.
// host_revision: the revision of the host asking (this one's, or an earlier host's in the tests that
// show which hosts a pack loads into).
Expected<void> check_host_revision(const Manifest& manifest, uint32_t host_revision = host_api_revision);

struct Coverage {
    std::string integration; // "uloop".
    std::string command;     // "get-logs".
};
// Splits a "coveredBy" value; nullopt unless it is "<integration>:<command>", each [a-z0-9-]+.
std::optional<Coverage> parse_coverage(const std::string& value);

// The running host's platform key, e.g. "linux-x86_64".
std::string this_platform_key();

// Reads <folder>/uap-module.json and checks every field. The error names the file and the field.
Expected<Manifest> read_manifest(const std::filesystem::path& folder);

// Parses manifest text (exposed for tests and fuzzing). folder is used to resolve paths.
Expected<Manifest> parse_manifest(const std::string& text, const std::filesystem::path& folder);

// True for ids and tool names the host accepts: 1–64 chars of [A-Za-z0-9._-], starting alphanumeric.
bool is_valid_identifier(const std::string& text);

} // namespace uap::modules
