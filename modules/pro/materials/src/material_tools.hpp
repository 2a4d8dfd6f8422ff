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
    std::string_view japanese_description() const override { return "マテリアルやシェーダーのプロパティ一覧（型・範囲・既定値・フラグ・現在の値）、キーワード、レンダーキューを表示"; }
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};

class MaterialSetTool final : public EditorTool {
public:
    MaterialSetTool();
    std::string_view japanese_description() const override { return "マテリアルのプロパティ（色・数値・範囲・ベクトル・テクスチャとタイリング/オフセット）、キーワード、レンダーキューを名前で設定し、書き込み後に読み直して確認"; }
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};

class MaterialCreateTool final : public EditorTool {
public:
    MaterialCreateTool();
    std::string_view japanese_description() const override { return "現在のレンダーパイプライン用（またはシェーダー指定）のマテリアルを作成し、初期のプロパティ値やキーワードを設定"; }
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};

} // namespace uap::materials
