// uap_scripts_commit: validates the C# sources staged under UapStaging/ and, only when they
// compile cleanly, writes exactly the validated bytes into Assets/ and refreshes once; while the
// editor cannot load the package at all, commits them unvalidated so the project can compile again.
#pragma once

#include "editor_tool.hpp"

namespace uap::core {

class ScriptsCommitTool final : public EditorTool {
public:
    ScriptsCommitTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
    // While the editor cannot load the package, its scripts cannot be validated by it, yet fixing them
    // is the only way out: the staged scripts are committed unvalidated, and the result says so
    // (scripts_offline_commit.cpp).
    std::optional<sdk::ToolResult> run_without_editor(const rapidjson::Value& arguments, const PackageCannotLoad& editor) override;
};

} // namespace uap::core
