// `uap-host integrations` as a user runs it: the real binary, CLAUDE_CONFIG_DIR pointing at a
// temporary folder, a fake `claude` found through UAP_CLAUDE_BIN (or none at all). Also the CLI's
// catalogue: both languages alike, every key the sources use present, and commands run in both.
#include "support/child_process.hpp"
#include "cli/cli_text.hpp"
#include "support/json.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

struct HostRun {
    int exit_code = -1;
    std::string out;
    std::string err;
};

// Everything the child writes on one stream until it closes it.
void drain(uap::ChildProcess& child, uap::ChildStream which, std::string& text) {
    char buffer[4096];
    while (std::size_t count = child.read(which, buffer, sizeof buffer))
        text.append(buffer, count);
}

HostRun run_host(const std::vector<std::string>& arguments, const std::vector<std::string>& environment) {
    uap::LaunchSpec spec{UAP_HOST_BINARY, arguments, "/", environment};
    auto child = uap::ChildProcess::launch(spec);
    EXPECT_TRUE(child) << child.error().message();
    HostRun run;
    if (!child)
        return run;
    (*child)->close_stdin();
    // Both pipes at once, so a refusal with its help on stderr never blocks the child.
    std::thread error_reader([&] { drain(**child, uap::ChildStream::Errors, run.err); });
    drain(**child, uap::ChildStream::Output, run.out);
    error_reader.join();
    run.exit_code = (*child)->wait_exit(10s).value_or(-1);
    return run;
}

// The {name} placeholders of a catalogue text.
std::set<std::string> placeholders_in(const std::string& text) {
    static const std::regex placeholder(R"(\{([a-z_]+)\})");
    std::set<std::string> names;
    for (std::sregex_iterator match(text.begin(), text.end(), placeholder), end; match != end; ++match)
        names.insert((*match)[1].str());
    return names;
}

std::string read_text(const fs::path& file) {
    std::ifstream stream(file, std::ios::binary);
    std::ostringstream text;
    text << stream.rdbuf();
    return text.str();
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

TEST(CliCatalogue, BothLanguagesHaveTheSamePlaceholdersPerKey) {
    const auto& english = uap::cli::cli_catalogue(uap::cli::CliLanguage::English);
    const auto& japanese = uap::cli::cli_catalogue(uap::cli::CliLanguage::Japanese);
    for (auto& [key, text] : english) {
        auto translated = japanese.find(key);
        ASSERT_NE(translated, japanese.end()) << key;
        EXPECT_EQ(placeholders_in(text), placeholders_in(translated->second)) << key;
    }
}

TEST(CliCatalogue, PlaceholdersAreFilledOnceAndUnknownOnesKept) {
    EXPECT_EQ(uap::cli::fill_placeholders("{path}: {path} ({other}) {}", {{"path", "/a/{path}"}}), "/a/{path}: /a/{path} ({other}) {}");
    EXPECT_EQ(uap::cli::fill_placeholders("no {end", {{"end", "x"}}), "no {end");
}

// Every cli_text("key", ...) in the CLI's sources and main.cpp names a key of the catalogue (keys
// built at run time, from state names, are checked by the state lists above and below).
TEST(CliCatalogue, EveryKeyTheSourcesUseIsInTheCatalogue) {
    const auto& english = uap::cli::cli_catalogue(uap::cli::CliLanguage::English);
    const fs::path sources = UAP_HOST_SOURCE_DIR;
    std::vector<fs::path> files = {sources / "main.cpp"};
    for (auto& entry : fs::directory_iterator(sources / "cli"))
        if (entry.path().extension() == ".cpp")
            files.push_back(entry.path());
    static const std::regex use(R"re(cli_text\(\s*"([^"]+)"\s*[,)])re");
    std::set<std::string> used;
    for (auto& file : files) {
        std::string text = read_text(file);
        for (std::sregex_iterator match(text.begin(), text.end(), use), end; match != end; ++match) {
            std::string key = (*match)[1].str();
            used.insert(key);
            EXPECT_TRUE(english.count(key)) << file.filename().string() << " uses a key the catalogue lacks: " << key;
        }
    }
    EXPECT_GT(files.size(), 10u) << "the CLI's sources were not found under " << sources;
    EXPECT_GT(used.size(), 150u) << "the scan found too few keys; does the pattern still match how the sources call cli_text?";
    for (const char* state : {"not_installed", "resolving", "installed"})
        EXPECT_TRUE(english.count(std::string("uloop.") + state)) << state;
}

// Other commands than `integrations`, as a user runs them: help and refusals in the locale's
// language, machine-readable output the same in both.
using CliCatalogueInUse = IntegrationsCommand;

TEST_F(CliCatalogueInUse, HelpAndRefusalsFollowTheLocaleAndJsonDoesNot) {
    auto japanese = environment(true);
    japanese.push_back("LANG=ja_JP.UTF-8");
    auto english = environment(true);
    english.push_back("LANG=C");

    auto help_ja = run_host({"serve", "--help"}, japanese);
    auto help_en = run_host({"serve", "--help"}, english);
    EXPECT_EQ(help_ja.exit_code, 0);
    EXPECT_NE(help_ja.out.find("ループバックのポート"), std::string::npos) << help_ja.out;
    EXPECT_NE(help_en.out.find("the loopback port (default 0: one the system chooses)"), std::string::npos) << help_en.out;
    EXPECT_NE(help_ja.out.find("--port N"), std::string::npos) << "flags stay as they are";
    // The parser's own headings and refusals follow the locale too.
    EXPECT_EQ(help_ja.out.rfind("使い方:\n", 0), 0u) << help_ja.out;
    EXPECT_NE(help_ja.out.find("\nオプション:\n"), std::string::npos) << help_ja.out;
    EXPECT_NE(help_ja.out.find("このヘルプを表示します"), std::string::npos) << help_ja.out;
    EXPECT_EQ(help_en.out.rfind("usage:\n", 0), 0u) << help_en.out;
    EXPECT_NE(run_host({"serve", "--bogus"}, japanese).err.find("不明なオプションです: --bogus"), std::string::npos);
    EXPECT_NE(run_host({"serve", "--bogus"}, english).err.find("unknown option --bogus"), std::string::npos);
    EXPECT_NE(run_host({"serve", "--port"}, japanese).err.find("--port には値が必要です(N)"), std::string::npos);
    EXPECT_NE(run_host({"--help"}, japanese).out.find("終了コード"), std::string::npos);
    EXPECT_NE(run_host({"--help"}, english).out.find("Exit codes: 0 success"), std::string::npos);

    auto refusal_ja = run_host({"serve"}, japanese);
    auto refusal_en = run_host({"serve"}, english);
    EXPECT_EQ(refusal_ja.exit_code, 2);
    EXPECT_EQ(refusal_en.exit_code, 2);
    EXPECT_NE(refusal_ja.err.find("serve には --project DIR が必要です"), std::string::npos) << refusal_ja.err;
    EXPECT_NE(refusal_en.err.find("serve needs --project DIR"), std::string::npos) << refusal_en.err;
    // A refusal with a filled placeholder, in each language's word order.
    const std::string project = (root / "project").string();
    auto toggle_ja = run_host({"modules", "enable", "--project", project}, japanese);
    auto toggle_en = run_host({"modules", "enable", "--project", project}, english);
    EXPECT_EQ(toggle_ja.exit_code, 2);
    EXPECT_NE(toggle_ja.err.find("modules enable には ID を 1 つ指定してください"), std::string::npos) << toggle_ja.err;
    EXPECT_NE(toggle_en.err.find("modules enable needs one ID"), std::string::npos) << toggle_en.err;
    auto missing_ja = run_host({"modules", "list", "--project", (root / "nowhere").string()}, japanese);
    EXPECT_NE(missing_ja.err.find("プロジェクトフォルダ " + (root / "nowhere").string() + " がありません"), std::string::npos) << missing_ja.err;

    for (const char* command : {"modules", "profiles"}) {
        auto json_ja = run_host({command, "list", "--json", "--project", project}, japanese);
        auto json_en = run_host({command, "list", "--json", "--project", project}, english);
        EXPECT_EQ(json_ja.exit_code, 0) << json_ja.err;
        EXPECT_TRUE(uap::json::parse(json_en.out)) << json_en.out;
        EXPECT_EQ(json_ja.out, json_en.out) << command;
    }
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
