// The state the host keeps across turns stays bounded however many turns a session runs: the
// panel hub's transcript (by items and bytes, stored compactly), its merged status, and the
// session's per-turn documents. Checked by what the containers hold, never by RSS or time.
#include "fake_cli_session.hpp"

#include "fakes/json_at.hpp"
#include "panel/panel_hub.hpp"
#include "panel/transcript_buffer.hpp"
#include "support/json.hpp"
#include "support/json_writer.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace std::chrono_literals;

namespace {

rapidjson::Document parse(const std::string& text) {
    rapidjson::Document document;
    document.Parse(text.c_str());
    return document;
}

// The events of one turn, as the agent session publishes them, with values that differ per turn.
void publish_turn(uap::panel::PanelHub& hub, int turn) {
    auto text = [](auto build) {
        uap::json::TextWriter writer;
        writer.begin_object();
        build(writer);
        return writer.end_object().text();
    };
    std::string id = "toolu_" + std::to_string(turn);
    hub.publish(parse(text([&](auto& w) {
        w.field("type", "status").key("status").begin_object().field("state", "running").field("turn_id", turn);
        w.key("usage").begin_object().field("input_tokens", turn).field("output_tokens", turn * 3).end_object().end_object();
    })));
    hub.publish(parse(text([&](auto& w) { w.field("type", "user_message").field("text", "question " + std::to_string(turn)).field("turn_id", turn); })));
    hub.publish(parse(text([&](auto& w) { w.field("type", "text_delta").field("turn_id", turn).field("text", std::string(300, 'x')); })));
    hub.publish(parse(text([&](auto& w) { w.field("type", "tool_started").field("tool_use_id", id).field("name", "mcp__uap__echo").field("turn_id", turn); })));
    hub.publish(parse(text([&](auto& w) { w.field("type", "tool_finished").field("tool_use_id", id).field("content", "echo").field("turn_id", turn); })));
    hub.publish(parse(text([&](auto& w) { w.field("type", "assistant_message").field("text", std::string(300, 'x')).field("turn_id", turn); })));
    hub.publish(parse(text([&](auto& w) { w.field("type", "turn_finished").field("turn_id", turn).field("subtype", "success"); })));
    hub.publish(parse(text([&](auto& w) { w.field("type", "status").key("status").begin_object().field("state", "ready").end_object(); })));
}

} // namespace

TEST(KeptState, ThePanelHubHoldsTheSameAfterThousandsOfTurnsAsAtItsTranscriptBound) {
    uap::panel::PanelHub hub;
    const size_t bound = uap::panel::TranscriptBounds{}.max_items;
    int turn = 1;
    for (; turn <= static_cast<int>(bound / 5); ++turn) // Five transcript items per turn.
        publish_turn(hub, turn);
    auto at_bound = hub.holdings();
    ASSERT_EQ(at_bound.transcript_items, bound);
    for (; turn <= 3000; ++turn)
        publish_turn(hub, turn);
    auto later = hub.holdings();
    EXPECT_EQ(later.transcript_items, bound);
    // Items are kept as their text: about the snapshot's transcript bytes, nothing per item beyond.
    auto snapshot = parse(hub.snapshot_text());
    size_t transcript_text = uap::json::to_text(snapshot["transcript"]).size();
    EXPECT_LE(later.transcript_bytes, transcript_text) << "each kept item should cost its text, not a document pool";
    EXPECT_LE(later.transcript_bytes, at_bound.transcript_bytes + bound * 4) << "only the digits of turn and sequence numbers may grow";
    EXPECT_LE(later.status_pool_bytes, at_bound.status_pool_bytes + 64) << "the merged status kept every replaced value";
    EXPECT_LE(later.streaming_text_bytes, std::string().capacity()) << "a finished answer's streamed text is still held";
    EXPECT_EQ(snapshot["status"]["turn_id"].GetInt(), 3000);
    EXPECT_STREQ(snapshot["status"]["state"].GetString(), "ready");
    EXPECT_STREQ(snapshot["transcript"][bound - 1]["type"].GetString(), "turn_finished");
}

TEST(KeptState, TheTranscriptIsBoundedByBytesAndKeepsTheNewestItemEvenWhenLarger) {
    uap::panel::PanelHub hub(uap::panel::TranscriptBounds{2000, 64 * 1024});
    for (int item = 0; item < 100; ++item)
        hub.publish(parse(uap::json::TextWriter().begin_object().field("type", "notice").field("text", std::string(10'000, 'n')).end_object().text()));
    auto held = hub.holdings();
    EXPECT_LE(held.transcript_bytes, 64u * 1024);
    EXPECT_EQ(held.transcript_items, 6u) << "six items of about 10 kB fit in 64 KiB";

    hub.publish(parse(uap::json::TextWriter().begin_object().field("type", "notice").field("text", std::string(200'000, 'b')).end_object().text()));
    auto snapshot = parse(hub.snapshot_text());
    ASSERT_EQ(snapshot["transcript"].Size(), 1u);
    EXPECT_EQ(snapshot["transcript"][0]["text"].GetStringLength(), 200'000u);

    hub.publish(parse(R"({"type":"transcript_reset","items":[{"type":"user_message","text":"from history"}],"session_id":"s"})"));
    snapshot = parse(hub.snapshot_text());
    ASSERT_EQ(snapshot["transcript"].Size(), 1u) << "a reset replaces the kept items";
    EXPECT_STREQ(snapshot["transcript"][0]["text"].GetString(), "from history");
}

TEST(KeptState, ReplacingAKeptDocumentLeavesOneCopyInItsPool) {
    rapidjson::Document kept;
    auto usage = parse(R"({"input_tokens":1234,"output_tokens":56,"cache_read_input_tokens":7890,"service_tier":"standard"})");
    uap::json::replace_with_copy(kept, usage);
    size_t once = uap::json::pool_bytes(kept);
    for (int turn = 0; turn < 1000; ++turn)
        uap::json::replace_with_copy(kept, usage);
    EXPECT_EQ(uap::json::pool_bytes(kept), once);
    EXPECT_EQ(uap::json::to_text(kept), uap::json::to_text(usage));
}

namespace uap::agent_test {

TEST_F(FakeCli, TheDocumentsTheSessionKeepsDoNotGrowWithTurns) {
    // Each turn of this CLI opens with a 1 kB init and ends with its own usage, as the real CLI's do.
    start("init-every-turn");
    auto run_turns = [&](int count) {
        for (int turn = 0; turn < count; ++turn) {
            size_t before = 0;
            {
                std::lock_guard lock(mutex);
                before = events.size();
            }
            ASSERT_TRUE(session->send("question", {}));
            ASSERT_TRUE(eventually([&] {
                std::lock_guard lock(mutex);
                for (size_t index = before; index < events.size(); ++index)
                    if (uap::testing::text_at(events[index], "/type") == "turn_finished")
                        return true;
                return false;
            }, 10s)) << "turn " << turn << " did not finish";
        }
    };
    run_turns(5);
    size_t after_five = session->kept_document_bytes();
    run_turns(200);
    EXPECT_LE(session->kept_document_bytes(), after_five + 256) << "the newest init or usage was added to a pool that never frees";
    EXPECT_TRUE(saw(R"("output_tokens":205)")) << "the turns ran and their usage reached the panel";
}

} // namespace uap::agent_test
