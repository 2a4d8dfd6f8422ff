// uap_tests_run: runs the project's EditMode or PlayMode tests through Unity's Test Framework, reports
// progress while they run, stops them on cancellation, and answers with the counts, the failures and
// the results file as the editor observed them.
#pragma once

#include <editor_tool.hpp>

namespace uap::core {

class TestRunTool final : public EditorTool {
public:
    TestRunTool();
    std::string_view japanese_description() const override {
        return "Unity Test Framework のテスト（EditMode / PlayMode）を実行。名前・グループ（正規表現）・カテゴリ・アセンブリで絞り込める。ジョブとして進捗を報告し、キャンセルでき、成功・失敗・スキップの件数、失敗したテストのメッセージとスタックトレース、結果 XML のパスを返す";
    }
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;
};

} // namespace uap::core
