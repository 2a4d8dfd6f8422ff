// `uap-host integrations` as a user runs it: the real binary, CLAUDE_CONFIG_DIR pointing at a
// temporary folder, a fake `claude` found through UAP_CLAUDE_BIN (or none at all).
#include "support/child_process.hpp"
#include "cli/cli_text.hpp"
#include "support/json.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <poll.h>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

struct HostRun {
    int exit_code = -1;
    std::string out;
};

HostRun run_host(const std::vector<std::string>& arguments, const std::vector<std::string>& environment) {
    uap::LaunchSpec spec{UAP_HOST_BINARY, arguments, "/", environment};
    auto child = uap::ChildProcess::launch(spec);
    EXPECT_TRUE(child) << child.error().message();
    HostRun run;
    if (!child)
        return run;
    (*child)->close_stdin();
    char buffer[4096];
    ssize_t count;
    while ((count = ::read(static_cast<int>((*child)->stream(uap::ChildStream::Output)), buffer, sizeof buffer)) > 0)
        run.out.append(buffer, static_cast<size_t>(count));
    run.exit_code = (*child)->wait_exit(10s).value_or(-1);
    return run;
}

class IntegrationsCommand : public ::testing::Test {
protected:
    void SetUp() override {
        char pattern[] = "/tmp/uapi-XXXXXX";
        ASSERT_NE(::mkdtemp(pattern), nullptr);
        root = pattern;
        fs::create_directories(root / "project");
        fs::create_directories(root / "config" / "plugins");
        fs::create_directories(root / "bin");
        std::ofstream(root / "bin" / "claude") << "#!/bin/sh\necho 2.1.332\n";
        fs::permissions(root / "bin" / "claude", fs::perms::owner_all);
    }
    void TearDown() override { fs::remove_all(root); }

    std::vector<std::string> environment(bool with_cli) {
        std::vector<std::string> entries = {"PATH=/usr/bin:/bin", "HOME=" + (root / "home").string(),
                                            "CLAUDE_CONFIG_DIR=" + (root / "config").string()};
        if (with_cli)
            entries.push_back("UAP_CLAUDE_BIN=" + (root / "bin" / "claude").string());
        return entries;
    }
    rapidjson::Document plugin_entry(const HostRun& run) {
        auto document = uap::json::parse(run.out);
        EXPECT_TRUE(document) << run.out;
        rapidjson::Document entry;
        if (document && (*document)["integrations"].IsArray())
            entry.CopyFrom((*document)["integrations"][0], entry.GetAllocator());
        return entry;
    }
    fs::path root;
};

} // namespace

TEST_F(IntegrationsCommand, FollowsClaudeConfigDir) {
    auto run = run_host({"integrations", "--project", (root / "project").string(), "--json"}, environment(true));
    ASSERT_EQ(run.exit_code, 0) << run.out;
    EXPECT_EQ(uap::json::string_field(plugin_entry(run), "state").value_or(""), "not_installed");

    std::ofstream(root / "config" / "plugins" / "installed_plugins.json")
        << R"({"version":2,"plugins":{"unity@unity-agent-plugin":[{"scope":"user","installPath":"/c/unity/1.0.0","version":"1.0.0"}]}})";
    run = run_host({"integrations", "--project", (root / "project").string(), "--json"}, environment(true));
    EXPECT_EQ(uap::json::string_field(plugin_entry(run), "state").value_or(""), "disabled");
    EXPECT_EQ(uap::json::string_field(plugin_entry(run), "enable_command").value_or(""), "claude plugin enable unity@unity-agent-plugin");

    std::ofstream(root / "config" / "settings.json") << R"({"enabledPlugins":{"unity":true}})";
    run = run_host({"integrations", "--project", (root / "project").string(), "--json"}, environment(true));
    auto entry = plugin_entry(run);
    EXPECT_EQ(uap::json::string_field(entry, "state").value_or(""), "enabled_not_loaded");
    EXPECT_EQ(uap::json::string_field(entry, "version").value_or(""), "1.0.0");
    EXPECT_EQ(uap::json::string_field(entry, "source").value_or(""), "files");

    run = run_host({"integrations", "--project", (root / "project").string()}, environment(true));
    EXPECT_NE(run.out.find("enabled_not_loaded (version 1.0.0)"), std::string::npos) << run.out;
}

TEST_F(IntegrationsCommand, MissingCliAndMalformedFilesAreReported) {
    std::ofstream(root / "config" / "plugins" / "installed_plugins.json") << "{oops";
    auto run = run_host({"integrations", "--project", (root / "project").string(), "--json"}, environment(false));
    ASSERT_EQ(run.exit_code, 0) << run.out;
    auto entry = plugin_entry(run);
    EXPECT_EQ(uap::json::string_field(entry, "state").value_or(""), "cli_unavailable");
    ASSERT_TRUE(entry["problems"].IsArray());
    EXPECT_EQ(entry["problems"].Size(), 1u);
}

TEST_F(IntegrationsCommand, PeopleTextFollowsTheLocaleAndJsonDoesNot) {
    auto japanese = environment(true);
    japanese.push_back("LANG=ja_JP.UTF-8");
    auto run = run_host({"integrations", "--project", (root / "project").string()}, japanese);
    ASSERT_EQ(run.exit_code, 0);
    EXPECT_NE(run.out.find("未導入です"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("not_installed"), std::string::npos) << "state names stay as they are";
    auto help = run_host({"integrations", "--help"}, japanese);
    EXPECT_NE(help.out.find("状態をテキストではなく JSON で出力します"), std::string::npos) << help.out;
    auto english_json = run_host({"integrations", "--project", (root / "project").string(), "--json"}, environment(true));
    auto japanese_json = run_host({"integrations", "--project", (root / "project").string(), "--json"}, japanese);
    EXPECT_EQ(english_json.out, japanese_json.out);
    auto forced_english = japanese;
    forced_english.push_back("LC_ALL=C");
    run = run_host({"integrations", "--project", (root / "project").string()}, forced_english);
    EXPECT_NE(run.out.find("Not installed."), std::string::npos) << "LC_ALL wins over LANG";
}

TEST(CliCatalogue, BothLanguagesHaveTheSameKeysAndNoEmptyText) {
    const auto& english = uap::cli::cli_catalogue(uap::cli::CliLanguage::English);
    const auto& japanese = uap::cli::cli_catalogue(uap::cli::CliLanguage::Japanese);
    for (auto& [key, text] : english) {
        EXPECT_TRUE(japanese.count(key)) << "missing in Japanese: " << key;
        EXPECT_FALSE(text.empty()) << key;
    }
    for (auto& [key, text] : japanese) {
        EXPECT_TRUE(english.count(key)) << "missing in English: " << key;
        EXPECT_FALSE(text.empty()) << key;
    }
    for (const char* state : {"cli_unavailable", "not_installed", "disabled", "enabled_not_loaded", "loaded", "load_error"})
        EXPECT_TRUE(english.count(std::string("plugin.") + state)) << state;
    EXPECT_EQ(uap::cli::language_of_locale("ja_JP.UTF-8"), uap::cli::CliLanguage::Japanese);
    EXPECT_EQ(uap::cli::language_of_locale("C.UTF-8"), uap::cli::CliLanguage::English);
    EXPECT_EQ(uap::cli::language_of_locale(""), uap::cli::CliLanguage::English);
}

TEST_F(IntegrationsCommand, UsageErrorsSayWhatToPass) {
    auto run = run_host({"integrations"}, environment(true));
    EXPECT_EQ(run.exit_code, 2);
    run = run_host({"integrations", "--project", (root / "nowhere").string()}, environment(true));
    EXPECT_EQ(run.exit_code, 1);
    run = run_host({"integrations", "--help"}, environment(true));
    EXPECT_EQ(run.exit_code, 0);
    EXPECT_NE(run.out.find("--json"), std::string::npos);
}
