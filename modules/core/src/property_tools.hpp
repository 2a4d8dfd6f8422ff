// Serialized property tools: inspect an object or asset, set typed values by propertyPath.
#pragma once

#include "editor_tool.hpp"

namespace uap::core {

class ObjectInspectTool final : public EditorTool {
public:
    ObjectInspectTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};

class PropertySetTool final : public EditorTool {
public:
    PropertySetTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
    std::optional<std::string> target_checks(const rapidjson::Value& arguments, std::vector<EditorCall>& checks) const override;
};

} // namespace uap::core
