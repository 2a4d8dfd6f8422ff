// Confirming an asset write by a separate read: whether the editor's asset.find lists a path in its
// folder, as the tools that write assets (prefabs, baked textures) check what they were told was made.
#pragma once

#include "editor_session.hpp"

#include <string_view>

namespace uap::core {

enum class AssetListing { Listed, NotListed, LookupFailed };

// Lists the path's folder with asset.find and looks for exactly that path.
AssetListing asset_listing(EditorSession& session, std::string_view path);

} // namespace uap::core
