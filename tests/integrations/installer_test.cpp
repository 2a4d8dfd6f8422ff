// The install flow against a fake `claude` (tests/integrations/fake-bin) found first on PATH:
// the fake really shadows any real CLI, each step's arguments, progress, the time limit, the
// retry without --yes, git missing, offline, and re-running on an installed plugin. Results are
// counted by effect (the fake's call log and the files it writes), never by what a step says.
#include "support/child_process.hpp"
#include "agent/cli_locator.hpp"
#include "integrations/claude_plugin.hpp"
#include "integrations/plugin_installer.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <atomic>
#include <fstream>
#include <thread>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using namespace uap::integrations;

namespace {

std::vector<std::string> read_lines(const fs::path& file) {
    std::ifstream stream(file);
    std::vector<std::string> lines;
    for (std::string line; std::getline(stream, line);)
        lines.push_back(line);
    return lines;
}

class FakeClaude : public ::testing::Test {
protected:
    void SetUp() override {
        char pattern[] = "/tmp/uapi-XXXXXX";
        ASSERT_NE(::mkdtemp(pattern), nullptr);
        root = pattern;
        fs::create_directories(root / "config");
        saved_path = std::getenv("PATH") ? std::getenv("PATH") : "";
        const char* saved_bin = std::getenv("UAP_CLAUDE_BIN");
        had_claude_bin = saved_bin != nullptr;
        if (saved_bin)
            saved_claude_bin = saved_bin;
        ::unsetenv("UAP_CLAUDE_BIN");
        ::setenv("PATH", (std::string(UAP_FAKE_BIN) + ":" + saved_path).c_str(), 1);
    }
    void TearDown() override {
        ::setenv("PATH", saved_path.c_str(), 1);
        if (had_claude_bin)
            ::setenv("UAP_CLAUDE_BIN", saved_claude_bin.c_str(), 1);
        fs::remove_all(root);
    }
    InstallOptions options(const std::string& mode, std::chrono::milliseconds timeout = 10s) {
        auto environment = uap::current_environment_without({"FAKE_CLAUDE_MODE", "FAKE_CLAUDE_LOG", "CLAUDE_CONFIG_DIR"});
        environment.push_back("FAKE_CLAUDE_MODE=" + mode);
        environment.push_back("FAKE_CLAUDE_LOG=" + log().string());
        environment.push_back("CLAUDE_CONFIG_DIR=" + (root / "config").string());
        auto cli = uap::agent::locate_cli("");
        EXPECT_TRUE(cli);
        return InstallOptions{cli ? cli->path : fs::path(), environment, root, timeout, nullptr};
    }
    fs::path log() const { return root / "calls.log"; }
    fs::path root;
    std::string saved_path, saved_claude_bin;
    bool had_claude_bin = false;
};

} // namespace

TEST_F(FakeClaude, TheFakeOnPathShadowsAnyRealCli) {
    auto cli = uap::agent::locate_cli("");
    ASSERT_TRUE(cli) << cli.error().message();
    EXPECT_EQ(cli->found_by, "PATH");
    EXPECT_EQ(fs::canonical(cli->path), fs::canonical(fs::path(UAP_FAKE_BIN) / "claude"));
    // By effect: running what was found appends to the fake's log.
    auto result = install_plugin(unity_plugin(), options("ok"));
    auto calls = read_lines(log());
    ASSERT_EQ(calls.size(), 2u) << result.message;
}

TEST_F(FakeClaude, TwoStepsInOrderInstallForTheUserAndSayItAppliesToTheNextChat) {
    auto result = install_plugin(unity_plugin(), options("ok"));
    EXPECT_TRUE(result.installed()) << result.message;
    EXPECT_EQ(read_lines(log()), (std::vector<std::string>{"plugin marketplace add Unity-Technologies/unity-agent-plugin",
                                                           "plugin install unity@unity-agent-plugin --scope user --yes"}));
    EXPECT_NE(result.message.find("next chat"), std::string::npos);
    EXPECT_NE(result.message.find("whole Claude Code"), std::string::npos);
    auto findings = read_static_findings(root / "config", unity_plugin());
    EXPECT_TRUE(findings.installed && findings.enabled);
}

TEST_F(FakeClaude, RerunningOnAnInstalledPluginSucceeds) {
    ASSERT_TRUE(install_plugin(unity_plugin(), options("ok")).installed());
    auto again = install_plugin(unity_plugin(), options("ok"));
    EXPECT_TRUE(again.installed()) << again.message;
    EXPECT_EQ(read_lines(log()).size(), 4u);
    EXPECT_NE(again.output_tail.find("already installed"), std::string::npos);
}

TEST_F(FakeClaude, ProgressReportsEachStepWithElapsedSeconds) {
    auto install = options("slow");
    std::vector<InstallProgress> reports;
    install.on_progress = [&](const InstallProgress& progress) { reports.push_back(progress); };
    auto result = install_plugin(unity_plugin(), install);
    ASSERT_TRUE(result.installed()) << result.message;
    int max_elapsed[2] = {-1, -1};
    for (auto& report : reports) {
        ASSERT_EQ(report.step_count, 2);
        max_elapsed[report.step_index] = std::max(max_elapsed[report.step_index], report.elapsed_seconds);
    }
    EXPECT_GE(max_elapsed[0], 1); // Each step sleeps 2 s.
    EXPECT_GE(max_elapsed[1], 1);
    EXPECT_EQ(reports.front().step, "marketplace_add");
    EXPECT_EQ(reports.front().elapsed_seconds, 0);
    EXPECT_EQ(reports.back().step, "install");
}

TEST_F(FakeClaude, AStepOverItsTimeLimitIsStoppedAndReported) {
    auto started = std::chrono::steady_clock::now();
    auto result = install_plugin(unity_plugin(), options("hang", 1s));
    auto took = std::chrono::steady_clock::now() - started;
    EXPECT_FALSE(result.installed());
    EXPECT_EQ(result.failure, FailureKind::TimedOut);
    EXPECT_EQ(result.failed_step, "marketplace_add");
    EXPECT_LT(took, 8s);
    std::this_thread::sleep_for(500ms);
    // By effect: the stopped step never reached its end, and the second step never ran.
    EXPECT_EQ(read_lines(log()), (std::vector<std::string>{"plugin marketplace add Unity-Technologies/unity-agent-plugin"}));
    EXPECT_NE(result.message.find("did not finish within 1 s"), std::string::npos);
}

TEST_F(FakeClaude, ACancelledInstallStopsItsStepAtOnce) {
    std::atomic<bool> cancel{false};
    auto install = options("hang");
    install.cancel = &cancel;
    auto started = std::chrono::steady_clock::now();
    std::thread canceller([&] {
        std::this_thread::sleep_for(500ms);
        cancel = true;
    });
    auto result = install_plugin(unity_plugin(), install);
    canceller.join();
    EXPECT_EQ(result.failure, FailureKind::Cancelled);
    EXPECT_LT(std::chrono::steady_clock::now() - started, 5s);
    std::this_thread::sleep_for(300ms);
    EXPECT_EQ(read_lines(log()).size(), 1u) << "the stopped step never finished";
}

TEST_F(FakeClaude, ACliThatRejectsYesIsAskedOnceMoreWithoutIt) {
    auto result = install_plugin(unity_plugin(), options("reject-yes"));
    EXPECT_TRUE(result.installed()) << result.message;
    EXPECT_TRUE(result.retried_without_yes);
    auto calls = read_lines(log());
    ASSERT_EQ(calls.size(), 3u);
    EXPECT_EQ(calls[1], "plugin install unity@unity-agent-plugin --scope user --yes");
    EXPECT_EQ(calls[2], "plugin install unity@unity-agent-plugin --scope user");
}

TEST_F(FakeClaude, GitMissingAndOfflineGetTheirOwnMessages) {
    auto git = install_plugin(unity_plugin(), options("git-missing"));
    EXPECT_EQ(git.failure, FailureKind::GitMissing);
    EXPECT_NE(git.message.find("git"), std::string::npos);
    EXPECT_FALSE(git.retried_without_yes);
    auto offline = install_plugin(unity_plugin(), options("offline"));
    EXPECT_EQ(offline.failure, FailureKind::Offline);
    EXPECT_NE(offline.message.find("network"), std::string::npos);
    EXPECT_EQ(offline.exit_code, 1);
    EXPECT_EQ(read_lines(log()).size(), 2u); // Each stopped after its first step.
}

TEST(FailureClassification, OutputDecidesTheKind) {
    EXPECT_EQ(classify_failure("error: git: command not found"), FailureKind::GitMissing);
    EXPECT_EQ(classify_failure("getaddrinfo ENOTFOUND github.com"), FailureKind::Offline);
    EXPECT_EQ(classify_failure("Plugin not found in marketplace"), FailureKind::ExitCode);
    EXPECT_TRUE(rejects_yes_option("error: unknown option '--yes'"));
    EXPECT_FALSE(rejects_yes_option("error: unknown option '--scope'"));
    EXPECT_FALSE(rejects_yes_option("installed with --yes"));
}

TEST(InstallSteps, NeverAShellAndUserScope) {
    auto steps = install_steps(unity_plugin());
    ASSERT_EQ(steps.size(), 2u);
    for (auto& step : steps)
        for (auto& argument : step.arguments)
            EXPECT_EQ(argument.find_first_of(";|&$`"), std::string::npos) << argument;
}
