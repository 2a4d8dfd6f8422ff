// AgentSession against a scripted fake CLI (tests/agent/fake-cli/scripted-cli.sh): garbage,
// partial and huge lines are survived; an unknown control request gets an error response; a
// sudden exit is resumed with the same session id; repeated deaths stop the retries with a reason.
#include "agent/agent_session.hpp"
#include "panel/panel_hub.hpp"
#include "support/json.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <thread>

namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

std::string read_text(const fs::path& file) {
    std::ifstream stream(file);
    return std::string((std::istreambuf_iterator<char>(stream)), std::istreambuf_iterator<char>());
}

template <typename Predicate>
bool eventually(Predicate predicate, std::chrono::milliseconds limit) {
    auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        if (predicate())
            return true;
        std::this_thread::sleep_for(20ms);
    }
    return predicate();
}

class FakeCli : public ::testing::Test {
protected:
    void SetUp() override {
        char pattern[] = "/tmp/uapf-XXXXXX";
        ASSERT_NE(::mkdtemp(pattern), nullptr);
        root = pattern;
        fs::create_directories(root / "project" / "UserSettings" / "AgentPanel");
        std::ofstream(root / "project" / "UserSettings" / "AgentPanel" / "agent-settings.json")
            << R"({"cli_path":")" << UAP_AGENT_FAKE_CLI_DIR << R"(/scripted-cli.sh"})";
    }
    void TearDown() override {
        session.reset();
        std::error_code error;
        fs::remove_all(root, error);
    }
    void start(const std::string& mode) {
        uap::agent::AgentOptions options;
        options.project = root / "project";
        options.mcp_url = "http://127.0.0.1:9/mcp";
        options.mcp_token = "t";
        options.environment_overrides = {"FAKE_CLI_MODE=" + mode, "FAKE_CLI_LOG=" + (root / "starts.log").string()};
        options.max_line_bytes = 1024 * 1024;
        options.control_timeout = 2s;
        session = std::make_unique<uap::agent::AgentSession>(options, hub);
        hub.subscribe([this](const std::string& text) {
            std::lock_guard lock(mutex);
            events.push_back(text);
            return true;
        });
        ASSERT_TRUE(session->start());
    }
    bool saw(const std::string& fragment) {
        std::lock_guard lock(mutex);
        for (auto& text : events)
            if (text.find(fragment) != std::string::npos)
                return true;
        return false;
    }

    fs::path root;
    uap::panel::PanelHub hub;
    std::unique_ptr<uap::agent::AgentSession> session;
    std::mutex mutex;
    std::vector<std::string> events;
};

} // namespace

TEST_F(FakeCli, SurvivesGarbageAndResumesAfterASuddenExit) {
    start("talk");
    ASSERT_TRUE(eventually([&] { return session->session_id() == "fake-session-1"; }, 10s)) << "the init line after the garbage was lost";
    ASSERT_TRUE(session->send("ping", {}));
    // An API failure arrives as subtype success with is_error true: reported as an error.
    ASSERT_TRUE(eventually([&] { return saw(R"("type":"turn_finished")"); }, 10s));
    EXPECT_TRUE(saw(R"("subtype":"success","is_error":true)"));
    EXPECT_TRUE(saw(R"("type":"text_delta")"));
    // The unknown control request was answered with an error, after which the fake exits with 3.
    ASSERT_TRUE(eventually([&] { return fs::exists(root / "starts.log.reply"); }, 10s));
    EXPECT_NE(read_text(root / "starts.log.reply").find("Unsupported control request subtype: elicitation"), std::string::npos);
    ASSERT_TRUE(eventually([&] { return read_text(root / "starts.log").find("--resume=fake-session-1") != std::string::npos; }, 10s));
    EXPECT_TRUE(saw("exited with code 3"));
    EXPECT_TRUE(eventually([&] { return session->state() != uap::agent::SessionState::Resuming && session->cli_pid() > 0; }, 10s));
}

TEST_F(FakeCli, RepeatedDeathsStopTheRetriesWithAReason) {
    start("crash");
    ASSERT_TRUE(eventually([&] { return session->state() == uap::agent::SessionState::Errored; }, 15s));
    EXPECT_TRUE(saw("stopped 3 times"));
    EXPECT_FALSE(session->send("hello", {}));
    std::string starts = read_text(root / "starts.log");
    EXPECT_EQ(std::count(starts.begin(), starts.end(), '\n'), 3);
    EXPECT_NE(starts.find("--resume=crashy"), std::string::npos);
}
