// The host's folding of editor events without sockets: Console errors counted and rate-limited per
// window (moved by a manual clock), long and hostile texts clipped to valid UTF-8, and the turn
// block bounded and emptied once taken.
#include "fakes/manual_clock.hpp"
#include "panel/console_digest.hpp"
#include "panel/editor_activity.hpp"
#include "support/json_writer.hpp"
#include "support/utf8_text.hpp"

#include <gtest/gtest.h>

#include <mutex>
#include <string>
#include <vector>

namespace {

using namespace std::chrono_literals;
using uap::panel::ConsoleDigest;
using uap::panel::EditorActivity;

class RecordingSink final : public uap::api::EventSink {
public:
    void publish(rapidjson::Document event) override {
        std::lock_guard lock(m_mutex);
        events.push_back(std::move(event));
    }
    size_t subscriber_count() const override { return 1; }
    size_t count_of(const std::string& kind) {
        std::lock_guard lock(m_mutex);
        size_t count = 0;
        for (const auto& event : events)
            count += event.HasMember("kind") && kind == event["kind"].GetString();
        return count;
    }
    std::vector<rapidjson::Document> events;

private:
    std::mutex m_mutex;
};

std::string console_error(const std::string& message, const char* type = "error") {
    return uap::json::TextWriter()
        .begin_object()
        .field("event", "consoleError")
        .key("data")
        .begin_object()
        .field("type", type)
        .field("message", message)
        .end_object()
        .end_object()
        .text();
}

TEST(ConsoleDigest, RepeatsAreFoldedAndTheWindowLimitsWhatThePanelsGetOneByOne) {
    uap::testing::ManualClock clock;
    RecordingSink sink;
    EditorActivity activity(nullptr, sink, clock);
    for (int index = 0; index < 500; ++index)
        activity.on_editor_event(console_error("NullReferenceException: Object reference not set"));
    for (int index = 0; index < 30; ++index)
        activity.on_editor_event(console_error("distinct " + std::to_string(index)));
    EXPECT_EQ(sink.count_of("console_error"), ConsoleDigest::published_per_window);
    activity.tick();
    EXPECT_EQ(sink.count_of("console_summary"), 0u) << "the window has not ended";

    clock.advance(std::chrono::milliseconds(ConsoleDigest::window_ms));
    activity.tick();
    ASSERT_EQ(sink.count_of("console_summary"), 1u);
    const auto& summary = sink.events.back();
    ASSERT_EQ(summary["repeated"].Size(), 1u);
    EXPECT_EQ(summary["repeated"][0]["count"].GetUint64(), 500u);
    EXPECT_EQ(summary["suppressed"].GetUint64(), 11u); // 1 + 19 distinct were published, 11 were not.
    EXPECT_EQ(summary["suppressed_distinct"].GetUint64(), 11u);

    // A new window publishes again.
    activity.on_editor_event(console_error("NullReferenceException: Object reference not set"));
    EXPECT_EQ(sink.count_of("console_error"), ConsoleDigest::published_per_window + 1);

    std::string turn = activity.take_turn_text();
    EXPECT_NE(turn.find("- Console: 531 error entries, 31 distinct"), std::string::npos) << turn;
    EXPECT_NE(turn.find("error x501: NullReferenceException"), std::string::npos) << turn;
    EXPECT_NE(turn.find("and 21 more distinct errors (21 entries)"), std::string::npos) << turn;
    EXPECT_EQ(activity.take_turn_text(), "") << "taken once";
}

TEST(ConsoleDigest, LongAndMultiLineMessagesAreClippedOnACharacterBoundary) {
    std::string accents;
    for (int index = 0; index < 400; ++index)
        accents += "\xC3\xA9"; // é, two bytes each.
    std::string clipped = ConsoleDigest::clip(accents, 301);
    EXPECT_EQ(clipped, accents.substr(0, 300) + "...");
    EXPECT_EQ(ConsoleDigest::clip("first line\nat Stack.Trace ()", 300), "first line");
    EXPECT_EQ(uap::utf8::clip("\xE2\x82\xAC\xE2\x82\xAC", 4), "\xE2\x82\xAC"); // Never half a euro sign.
    EXPECT_EQ(uap::utf8::clip("\xE2\x82\xAC", 2), ""); // A character that does not fit is left out whole.
    EXPECT_EQ(uap::utf8::clip("abc", 3), "abc");
}

TEST(EditorActivityUnit, TheTurnBlockIsBoundedWhateverTheEditorSends) {
    uap::testing::ManualClock clock;
    RecordingSink sink;
    EditorActivity activity(nullptr, sink, clock);
    EXPECT_EQ(activity.take_turn_text(), "");
    std::string huge(1 << 20, 'x');
    for (int index = 0; index < 50; ++index) {
        // Fifty modal dialogs with megabyte titles, a megabyte error, selections of unnamed objects.
        activity.on_editor_event(uap::json::TextWriter()
                                     .begin_object()
                                     .field("event", "modalDialog")
                                     .key("data")
                                     .begin_object()
                                     .field("title", std::to_string(index) + huge)
                                     .field("open", true)
                                     .end_object()
                                     .end_object()
                                     .text());
        activity.on_editor_event(console_error(std::to_string(index) + huge, "exception"));
    }
    activity.on_editor_event(R"({"event":"selectionChanged","data":{"objects":[{"instanceId":5},{},7],"count":900}})");
    activity.on_editor_event(R"({"event":"playModeChanged","data":{}})");
    activity.on_editor_event(R"({"event":"prefabStageChanged","data":"not an object"})");
    std::string turn = activity.take_turn_text();
    EXPECT_LE(turn.size(), EditorActivity::max_turn_text_bytes);
    // Fifty dialogs are one line: the newest, and how many there were.
    EXPECT_NE(turn.find("a modal dialog is open: \"49xxx"), std::string::npos) << turn.substr(0, 400);
    EXPECT_NE(turn.find("(50 dialogs opened since the previous message)"), std::string::npos) << turn.substr(0, 600);
    EXPECT_EQ(turn.find("\"48xxx"), std::string::npos);
    EXPECT_NE(turn.find("selection: 900 items: #5, ?"), std::string::npos) << turn;
    EXPECT_NE(turn.find("- Console: 50 error entries, 50 distinct"), std::string::npos) << turn;
    rapidjson::Document state(rapidjson::kObjectType);
    activity.write_state(state, state.GetAllocator());
    EXPECT_EQ(state["selection"]["count"].GetUint64(), 900u);
    EXPECT_EQ(state["console_errors"].GetUint64(), 50u);
}

} // namespace
