// Asset paths from tool arguments, checked on the host's side before the editor sees them: beneath
// one of Unity's asset roots, with no `..` that could walk out of the project, normalised.
#pragma once

#include <uap/sdk/file_jail.hpp>

#include <string>
#include <string_view>

namespace uap::core {

// Which top folders a tool may address.
enum class AssetRoots { AssetsOnly, AssetsOrPackages };

// The path with '/' separators and no "." or empty components, or why it is refused (the message
// names the tool's argument and gives an example).
sdk::JailResult<std::string> checked_asset_path(std::string_view path, AssetRoots roots, std::string_view argument = "path");

} // namespace uap::core
