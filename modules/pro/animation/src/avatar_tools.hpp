// Humanoid avatars of model assets: uap_avatar_configure sets a model up as a Humanoid through its
// ModelImporter (automatic or explicit bone mapping), reimports it and checks the imported Avatar with a
// separate read; uap_avatar_inspect reads a model's rig.
#pragma once

#include "editor_tool.hpp"

namespace uap::pro::animation {

using core::EditorSession;
using core::EditorTool;

class AvatarConfigureTool final : public EditorTool {
public:
    AvatarConfigureTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
    std::string_view japanese_description() const override;
};
class AvatarInspectTool final : public EditorTool {
public:
    AvatarInspectTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
    std::string_view japanese_description() const override;
};

} // namespace uap::pro::animation
