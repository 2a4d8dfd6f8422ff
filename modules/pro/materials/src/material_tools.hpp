// The materials pack's tools: a shader's property table, typed writes to a material read back by a
// separate primitive, and a new material for the active render pipeline with initial values.
#pragma once

#include "editor_tool.hpp"

namespace uap::materials {

using core::EditorSession;
using core::EditorTool;

class MaterialShaderPropertiesTool final : public EditorTool {
public:
    MaterialShaderPropertiesTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};

class MaterialSetTool final : public EditorTool {
public:
    MaterialSetTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};

class MaterialCreateTool final : public EditorTool {
public:
    MaterialCreateTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};

} // namespace uap::materials
