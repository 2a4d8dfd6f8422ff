// uap_lighting_bake: starts a lightmap bake in the editor, polls it without holding the editor's main
// thread, reports its progress, stops it on cancellation, and answers with what the editor observed.
#pragma once

#include "editor_tool.hpp"

namespace uap::lighting {

class LightingBakeTool final : public core::EditorTool {
public:
    LightingBakeTool();
    std::string_view japanese_description() const override {
        return "ライトマップをベイク（Unity 標準のライトマッパーまたは Bakery）。ジョブとして進捗を報告し、キャンセルでき、所要時間・ライトマップ数・警告を返す。reflectionProbes: true でベイクモードのリフレクションプローブもベイクし、各テクスチャ（読み戻して確認）またはスキップの理由を返す";
    }
    sdk::ToolResult run(const rapidjson::Value& arguments, core::EditorSession& session) override;
};

} // namespace uap::lighting
