// Whether the editor can run the Unity package at all, as the host reads it from the editor's log
// while no editor is connected: tools then answer at once with the compile errors instead of waiting.
#pragma once

#include <uap/sdk/tool.hpp>

#include <optional>
#include <string>

namespace uap::core {

// Why the editor cannot run the package (its log's compile errors), and the project the host serves.
struct PackageCannotLoad {
    std::string summary; // "editor cannot run the package: N compile errors ..." with the first errors.
    std::string project; // The project folder, for tools that can work on its files without the editor.
};

// Nothing while an editor is connected or reloading, or when its log shows no compile errors.
std::optional<PackageCannotLoad> package_cannot_load(const sdk::CallContext& context);

} // namespace uap::core
