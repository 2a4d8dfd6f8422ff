// The staged scripts of uap_scripts_commit: read from UapStaging/ and written into Assets/ through
// the project's file jail, shared by the validated commit and the commit made without the editor.
#pragma once

#include <uap/sdk/file_jail.hpp>

#include <rapidjson/document.h>

#include <optional>
#include <string>
#include <vector>

namespace uap::core {

struct StagedSource {
    sdk::JailFile staged;    // The file under UapStaging/, read once through the jail.
    std::string asset_path;  // Assets/<the same relative path>.
};

// Reads every staged .cs file and checks every target before anything is written; returns why the
// set cannot be committed, or an empty string.
std::string collect_staged(const sdk::FileJail& project, std::vector<StagedSource>& sources);

// Writes the sources' bytes into Assets/ and removes each staged copy it read (listing a kept copy's
// reason in kept); returns what failed, with how many were committed before it.
std::optional<std::string> write_staged(const sdk::FileJail& project, const std::vector<StagedSource>& sources, rapidjson::Value& committed,
                                        rapidjson::Value& kept, rapidjson::Document::AllocatorType& allocator);

} // namespace uap::core
