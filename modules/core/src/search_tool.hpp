// uap_search: Unity Search queries (the syntax of the Search window) over the assets and the open
// scenes, with the older name and t:Type scan as the fallback where Unity Search cannot run.
#pragma once

#include "editor_tool.hpp"

namespace uap::core {

inline constexpr int search_default_results = 50;

class SearchTool final : public EditorTool {
public:
    SearchTool();
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};

} // namespace uap::core
