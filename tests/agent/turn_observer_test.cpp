// What the editor side hears of turns: every turn start and every kind of end exactly once (a scripted
// fake CLI answering or dying mid-turn), which tool uses a revert cannot take back, and the reasons
// EditorTurns gives when a turn cannot be reverted (no editor at its start, still running, unknown).
#include "agent/agent_session.hpp"
#include "agent/turn_changes.hpp"
#include "app/editor_turns.hpp"
#include "fake_cli_project.hpp"
#include "fakes/json_at.hpp"
#include "panel/panel_hub.hpp"
#include "recording_sink.hpp"
#include "support/json.hpp"

#include <gtest/gtest.h>

#include <mutex>
#include <thread>

namespace {

using namespace std::chrono_literals;
using uap::testing::text_at;

class RecordingObserver final : public uap::api::TurnObserver {
public:
    void turn_started(uint64_t turn) override { add("start " + std::to_string(turn)); }
    void turn_ended(uint64_t turn, uap::api::TurnEnd how) override {
        const char* names[] = {"result", "interrupted", "cli_exited", "abandoned"};
        add("end " + std::to_string(turn) + " " + names[static_cast<int>(how)]);
    }
    void revert_turn(uint64_t turn, std::vector<uap::api::UnrevertibleChange>) override { add("revert " + std::to_string(turn)); }
    std::vector<std::string> seen() {
        std::lock_guard lock(m_mutex);
        return m_seen;
    }
    bool wait_for(const std::string& entry, std::chrono::milliseconds limit) {
        auto deadline = std::chrono::steady_clock::now() + limit;
        while (std::chrono::steady_clock::now() < deadline) {
            for (auto& item : seen())
                if (item == entry)
                    return true;
            std::this_thread::sleep_for(20ms);
        }
        return false;
    }

private:
    void add(std::string entry) {
        std::lock_guard lock(m_mutex);
        m_seen.push_back(std::move(entry));
    }
    std::mutex m_mutex;
    std::vector<std::string> m_seen;
};

std::unique_ptr<uap::agent::AgentSession> start_session(const uap::agent_test::FakeCliProject& folder, const std::string& mode,
                                                        uap::panel::PanelHub& hub, RecordingObserver& observer) {
    uap::agent::AgentOptions options;
    options.project = folder.root() / "project";
    options.mcp_url = "http://127.0.0.1:9/mcp";
    options.mcp_token = "t";
    options.environment_overrides = {"FAKE_CLI_MODE=" + mode, "FAKE_CLI_LOG=" + (folder.root() / "starts.log").string()};
    options.control_timeout = 2s;
    options.turn_observer = &observer;
    auto session = std::make_unique<uap::agent::AgentSession>(options, hub);
    EXPECT_TRUE(session->start());
    return session;
}

TEST(TurnObserver, ATurnThatEndsWithAResultIsStartedAndEndedOnce) {
    uap::agent_test::FakeCliProject folder;
    uap::panel::PanelHub hub;
    RecordingObserver observer;
    auto session = start_session(folder, "talk", hub, observer);
    ASSERT_TRUE(session->send("ping", {}));
    ASSERT_TRUE(observer.wait_for("start 1", 10s));
    ASSERT_TRUE(observer.wait_for("end 1 result", 10s)) << ::testing::PrintToString(observer.seen());
    // A revert of a finished turn goes to the editor side; a running or unknown one is refused first.
    EXPECT_TRUE(session->revert_turn(1));
    auto unknown = session->revert_turn(7);
    ASSERT_FALSE(unknown);
    EXPECT_NE(unknown.error().message().find("there is no turn 7"), std::string::npos);
    session.reset();
    auto seen = observer.seen();
    EXPECT_EQ(std::count(seen.begin(), seen.end(), "start 1"), 1);
    EXPECT_EQ(std::count_if(seen.begin(), seen.end(), [](const std::string& entry) { return entry.rfind("end 1", 0) == 0; }), 1)
        << "shutting down does not end the finished turn again: " << ::testing::PrintToString(seen);
    EXPECT_EQ(std::count(seen.begin(), seen.end(), "revert 1"), 1);
}

TEST(TurnObserver, ATurnCutShortByTheCliDyingEndsAsCliExited) {
    uap::agent_test::FakeCliProject folder;
    uap::panel::PanelHub hub;
    RecordingObserver observer;
    auto session = start_session(folder, "die-mid-turn", hub, observer);
    for (int attempt = 0; attempt < 200 && session->cli_pid() == 0; ++attempt)
        std::this_thread::sleep_for(20ms);
    ASSERT_TRUE(session->send("first question", {}));
    ASSERT_TRUE(observer.wait_for("end 1 cli_exited", 10s)) << ::testing::PrintToString(observer.seen());
    auto running = session->revert_turn(1);
    EXPECT_TRUE(running) << "the cut turn has ended and may be reverted";
}

TEST(TurnChanges, WhatARevertCannotTakeBackIsNamed) {
    uap::agent::MetadataLookup metadata = [](std::string_view tool) -> std::optional<uap::modules::ToolMetadata> {
        uap::modules::ToolMetadata described{};
        if (tool == "uap_asset_create")
            return described; // Writes, not undoable.
        if (tool == "uap_transform_set") {
            described.undoable = true;
            return described;
        }
        if (tool == "uap_query_hierarchy") {
            described.read_only = true;
            return described;
        }
        return std::nullopt;
    };
    for (const char* tool : {"Write", "Edit", "MultiEdit", "NotebookEdit", "Bash", "PowerShell", "mcp__uap__uap_asset_create", "mcp__other__deploy",
                             "mcp__uap__uap_gone"})
        EXPECT_TRUE(uap::agent::unrevertible_reason(tool, metadata).has_value()) << tool;
    for (const char* tool : {"Read", "Grep", "Glob", "TodoWrite", "mcp__uap__uap_transform_set", "mcp__uap__uap_query_hierarchy"})
        EXPECT_FALSE(uap::agent::unrevertible_reason(tool, metadata).has_value()) << tool;
    EXPECT_NE(uap::agent::unrevertible_reason("mcp__uap__uap_asset_create", metadata)->reason.find("uap_asset_create is not undoable"),
              std::string::npos);
}


TEST(EditorTurns, RevertsThatCannotHappenSayWhy) {
    uap::api::NoEditor editor;
    uap::agent_test::RecordingSink sink(0);
    {
        uap::app::EditorTurns turns(editor, sink, "test");
        turns.turn_started(1);
        turns.revert_turn(1, {}); // Still running.
        turns.turn_ended(1, uap::api::TurnEnd::Result);
        turns.revert_turn(1, {uap::api::UnrevertibleChange{"toolu_1", "Write", "a file"}});
        turns.revert_turn(99, {});
        turns.stop(); // Runs what is queued first.
    }
    auto events = sink.events();
    ASSERT_EQ(events.size(), 3u);
    EXPECT_NE(events[0].find("has not ended yet"), std::string::npos) << events[0];
    EXPECT_NE(events[1].find("no Unity editor was connected when the turn began"), std::string::npos) << events[1];
    EXPECT_EQ(text_at(events[1], "/not_reverted/0/tool_use_id"), "toolu_1") << events[1];
    EXPECT_EQ(text_at(events[1], "/not_reverted/0/tool"), "Write") << events[1];
    EXPECT_NE(events[2].find("is not among the last"), std::string::npos) << events[2];
    for (const auto& event : events)
        EXPECT_EQ(text_at(event, "/ok"), "false") << event;
}

} // namespace
