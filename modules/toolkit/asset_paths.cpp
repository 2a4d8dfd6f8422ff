// Asset path checks; see asset_paths.hpp. The file-system jail's splitter is the one place that
// decides what a relative path may contain, so the host and the jail agree on every path.
#include "asset_paths.hpp"

namespace uap::core {

sdk::JailResult<std::string> checked_asset_path(std::string_view path, AssetRoots roots, std::string_view argument) {
    auto components = sdk::split_beneath(path);
    if (!components)
        return sdk::JailError{components.error().problem, std::string(argument) + ": " + components.error().message};
    const std::string& top = components->front();
    bool allowed = top == "Assets" || (roots == AssetRoots::AssetsOrPackages && top == "Packages");
    if (!allowed || components->size() < 2)
        return sdk::JailError{sdk::JailProblem::Escape,
                              std::string(argument) + ": '" + std::string(path) + "' is not under " +
                                  (roots == AssetRoots::AssetsOnly ? "Assets/" : "Assets/ or Packages/") +
                                  "; give a path such as Assets/Materials/Red.mat"};
    return sdk::join_components(components.value(), components->size());
}

} // namespace uap::core
