// uap_rect_transform_set: a UI RectTransform's anchors (or an anchor preset), pivot and size.
#pragma once

#include "editor_tool.hpp"

namespace uap::core {

class RectTransformSetTool final : public EditorTool {
public:
    RectTransformSetTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};

} // namespace uap::core
