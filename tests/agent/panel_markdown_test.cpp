// The Markdown tree over the real /panel WebSocket: a final assistant message arrives with the
// host's tree (links checked, raw HTML literal), the snapshot of a later front-end carries the same
// tree, and a message past a limit arrives with the plain-text fallback and its reason.
#include "fake_cli_panel_host.hpp"
#include "panel_client.hpp"
#include "support/json.hpp"
#include "support/json_writer.hpp"

#include <gtest/gtest.h>

#include <fstream>

using namespace std::chrono_literals;
using uap::agent_test::PanelClient;

namespace {

const std::string panel_token = "panel-token-for-markdown-tests-0123";
const std::string hostile_message = "# Plan\n\n[run](javascript:alert(1)) `List<int>` <color=red>red</color> [docs](https://example.com)";
const std::string deep_message = std::string(100, '>') + " deep";

// The fake CLI's answer: one assistant message with both texts as blocks, then the turn's result.
std::string answer_lines() {
    uap::json::TextWriter assistant;
    assistant.begin_object().field("type", "assistant").key("message").begin_object().key("content").begin_array();
    for (const std::string& text : {hostile_message, deep_message})
        assistant.begin_object().field("type", "text").field("text", text).end_object();
    assistant.end_array().end_object().end_object();
    return assistant.text() + "\n" +
           R"({"type":"result","subtype":"success","is_error":false,"result":"done","session_id":"fake-answer","usage":{"input_tokens":1,"output_tokens":1}})" "\n";
}

class PanelMarkdown : public ::testing::Test, protected uap::agent_test::FakeCliPanelHost {
protected:
    PanelMarkdown() : FakeCliPanelHost(panel_token) {}
    void SetUp() override {
        std::ofstream(root / "answer.jsonl") << answer_lines();
        ASSERT_NO_FATAL_FAILURE(start_panel({"FAKE_CLI_MODE=answer-file", "FAKE_CLI_ANSWER_FILE=" + (root / "answer.jsonl").string()}, {}));
    }
};

std::string blocks_of(const rapidjson::Value& message) {
    auto markdown = message.FindMember("markdown");
    return markdown == message.MemberEnd() ? "(no markdown)" : uap::json::to_text(markdown->value);
}

TEST_F(PanelMarkdown, AFinalMessageCarriesTheTreeAndTheSnapshotKeepsIt) {
    PanelClient client(port, panel_token);
    ASSERT_GE(client.wait_for_type("snapshot", 5s), 0);
    client.send(R"({"type":"send","text":"show me","id":1})");
    int first = client.wait_for([](const rapidjson::Document& m) { return uap::json::string_field(m, "type") == "assistant_message"; }, 15s);
    ASSERT_GE(first, 0);
    auto message = client.message(static_cast<size_t>(first));
    EXPECT_EQ(uap::json::string_field(message, "text"), hostile_message);
    EXPECT_EQ(blocks_of(message),
              R"({"version":1,"blocks":[{"type":"heading","level":1,"inlines":[{"type":"text","text":"Plan"}]},{"type":"paragraph","inlines":[)"
              R"({"type":"text","text":"run "},{"type":"code","text":"List<int>"},{"type":"text","text":" <color=red>red</color> "},)"
              R"({"type":"link","target":"https://example.com","kind":"web","inlines":[{"type":"text","text":"docs"}]}]}]})");
    int second = client.wait_for([](const rapidjson::Document& m) { return uap::json::string_field(m, "type") == "assistant_message"; }, 15s,
                                 static_cast<size_t>(first) + 1);
    ASSERT_GE(second, 0);
    auto deep = client.message(static_cast<size_t>(second));
    EXPECT_EQ(blocks_of(deep), R"({"version":1,"blocks":[],"fallback":"plain_text","reason":"the Markdown nests deeper than 24 blocks and inline runs"})");

    PanelClient later(port, panel_token);
    int snapshot_index = later.wait_for_type("snapshot", 5s);
    ASSERT_GE(snapshot_index, 0);
    auto snapshot = later.message(static_cast<size_t>(snapshot_index));
    std::vector<std::string> trees;
    for (auto& item : snapshot["transcript"].GetArray())
        if (uap::json::string_field(item, "type") == "assistant_message")
            trees.push_back(blocks_of(item));
    ASSERT_EQ(trees.size(), 2u);
    EXPECT_EQ(trees[0], blocks_of(message));
    EXPECT_EQ(trees[1], blocks_of(deep));
}

} // namespace
