// Transform and query tools: set or read a transform, walk the hierarchy, find component types.
#pragma once

#include "editor_tool.hpp"

namespace uap::core {

class TransformSetTool final : public EditorTool {
public:
    TransformSetTool();
    std::string_view output_schema() const override;
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};

class QueryHierarchyTool final : public EditorTool {
public:
    QueryHierarchyTool();
    std::string_view output_schema() const override;
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};

class QueryComponentTypesTool final : public EditorTool {
public:
    QueryComponentTypesTool();
    std::string_view output_schema() const override;
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};

} // namespace uap::core
