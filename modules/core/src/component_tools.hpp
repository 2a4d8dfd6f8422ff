// Component tools: add, remove and list the components of a scene object.
#pragma once

#include "editor_tool.hpp"

namespace uap::core {

class ComponentAddTool final : public EditorTool {
public:
    ComponentAddTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};

class ComponentRemoveTool final : public EditorTool {
public:
    ComponentRemoveTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};

class ComponentListTool final : public EditorTool {
public:
    ComponentListTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};

// Adds {"object": ref} for the "path" argument to params; the explanation when the path is unusable.
std::optional<std::string> add_object_argument(const rapidjson::Value& arguments, rapidjson::Document& params);

// The components of the object params["object"] names, as component.list reports them.
EditorReply list_components(EditorSession& session, const rapidjson::Document& params);

} // namespace uap::core
