// uap_scripts_commit while the editor cannot load the Unity package (its log shows compile errors and
// no editor connects): nothing can validate the staged scripts, and leaving them staged keeps the
// project broken, so they are written into Assets/ as they are and the result says they were not checked.
#include "scripts_commit_tool.hpp"
#include "staged_scripts.hpp"

#include <filesystem>

namespace uap::core {

std::optional<sdk::ToolResult> ScriptsCommitTool::run_without_editor(const rapidjson::Value&, const PackageCannotLoad& editor) {
    if (editor.project.empty())
        return std::nullopt;
    auto project = sdk::FileJail::open(std::filesystem::path(std::u8string(editor.project.begin(), editor.project.end())));
    if (!project)
        return sdk::ToolResult::failure("uap_scripts_commit cannot open the project folder " + editor.project + ": " + project.error().message);
    std::vector<StagedSource> sources;
    std::string problem = collect_staged(project.value(), sources);
    if (!problem.empty())
        return sdk::ToolResult::failure("uap_scripts_commit: " + problem + "; nothing was committed");
    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    rapidjson::Value committed(rapidjson::kArrayType);
    rapidjson::Value kept(rapidjson::kArrayType);
    if (auto failed = write_staged(project.value(), sources, committed, kept, allocator))
        return sdk::ToolResult::failure("uap_scripts_commit (without the editor): " + *failed);
    result.AddMember("committed", committed, allocator);
    if (!kept.Empty())
        result.AddMember("stagedCopiesKept", kept, allocator);
    std::string validation = "not validated: the editor is not connected and cannot load the package (" + editor.summary +
                             "). Unity compiles the committed scripts when it notices the change (focus the editor, or Assets > "
                             "Refresh); call uap_ping to see whether its log still shows compile errors";
    result.AddMember("validation", rapidjson::Value(validation.c_str(), allocator), allocator);
    return sdk::ToolResult::success(std::move(result));
}

} // namespace uap::core
