// Transform and query tools: set or read a transform, walk the hierarchy, find component types.
#pragma once

#include "editor_tool.hpp"

namespace uap::core {

class TransformSetTool final : public EditorTool {
public:
    TransformSetTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};

class QueryHierarchyTool final : public EditorTool {
public:
    QueryHierarchyTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};

class QueryComponentTypesTool final : public EditorTool {
public:
    QueryComponentTypesTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};

} // namespace uap::core
