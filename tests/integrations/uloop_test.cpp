// uLoop: detection (a dependency key only, never the id inside scopedRegistries scopes), the
// fake `uloop` on PATH shadowing any real one, the preset's exact rules and the removal of broad
// ones, the manifest fallback (diff, backup, line endings), and the steering lines for either state.
#include "support/child_process.hpp"
#include "integrations/uloop.hpp"
#include "integrations/uloop_steering.hpp"
#include "support/json.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using namespace uap::integrations;

namespace {

const char* scoped_only_manifest = R"({
  "dependencies": {
    "com.unity.ugui": "1.0.0"
  },
  "scopedRegistries": [
    {"name": "OpenUPM", "url": "https://package.openupm.com", "scopes": ["io.github.hatayama.uloopmcp"]}
  ]
})";

std::string read_text(const fs::path& file) {
    std::ifstream stream(file, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(stream)), std::istreambuf_iterator<char>());
}

class UloopProject : public ::testing::Test {
protected:
    void SetUp() override {
        char pattern[] = "/tmp/uapi-XXXXXX";
        ASSERT_NE(::mkdtemp(pattern), nullptr);
        project = pattern;
        fs::create_directories(project / "Packages");
    }
    void TearDown() override { fs::remove_all(project); }
    void manifest(const std::string& text) { std::ofstream(project / "Packages" / "manifest.json", std::ios::binary) << text; }
    fs::path project;
};

} // namespace

TEST(UloopManifest, OnlyADependencyKeyCounts) {
    EXPECT_FALSE(manifest_depends_on(scoped_only_manifest, uloop_package_id).value());
    EXPECT_TRUE(manifest_depends_on(R"({"dependencies":{"io.github.hatayama.uloopmcp":"1.2.1"}})", uloop_package_id).value());
    EXPECT_FALSE(manifest_depends_on(R"({"dependencies":{"io.github.hatayama.uloopmcp.extra":"1.0.0"}})", uloop_package_id).value());
    EXPECT_FALSE(manifest_depends_on(R"({"testables":["io.github.hatayama.uloopmcp"]})", uloop_package_id).value());
    EXPECT_FALSE(manifest_depends_on("{\"dependencies\": ", uloop_package_id));
}

TEST_F(UloopProject, DetectionFromManifestEmbeddedPackageCacheAndPath) {
    manifest(scoped_only_manifest);
    auto none = detect_uloop(project, "/usr/bin:/bin");
    EXPECT_FALSE(none.package_present());
    EXPECT_FALSE(none.cli);

    manifest(R"({"dependencies":{"io.github.hatayama.uloopmcp":"https://x"}})");
    auto listed = detect_uloop(project, "");
    EXPECT_TRUE(listed.in_manifest);
    EXPECT_FALSE(listed.in_package_cache);

    fs::create_directories(project / "Library" / "PackageCache" / "io.github.hatayama.uloopmcp@abc123");
    EXPECT_TRUE(detect_uloop(project, "").in_package_cache);

    fs::create_directories(project / "Packages" / "uloop-local");
    std::ofstream(project / "Packages" / "uloop-local" / "package.json") << R"({"name":"io.github.hatayama.uloopmcp","version":"1.0.0"})";
    EXPECT_TRUE(detect_uloop(project, "").embedded);

    auto with_cli = detect_uloop(project, std::string("/nonexistent:") + UAP_FAKE_BIN);
    ASSERT_TRUE(with_cli.cli);
    EXPECT_EQ(*with_cli.cli, fs::path(UAP_FAKE_BIN) / "uloop");

    manifest("{ broken");
    auto broken = detect_uloop(project, "");
    EXPECT_FALSE(broken.in_manifest);
    EXPECT_EQ(broken.problems.size(), 1u);
}

TEST_F(UloopProject, TheFakeUloopOnPathShadowsAnyRealOneCountedByEffect) {
    // The first `uloop` on PATH is what a Bash command runs; prove it is ours by what it writes.
    std::string path = std::string(UAP_FAKE_BIN) + ":" + (std::getenv("PATH") ? std::getenv("PATH") : "");
    auto found = detect_uloop(project, path);
    ASSERT_TRUE(found.cli);
    EXPECT_EQ(fs::canonical(*found.cli), fs::canonical(fs::path(UAP_FAKE_BIN) / "uloop"));
    auto log = project / "calls.log";
    uap::LaunchSpec spec{"/bin/sh", {"-c", "uloop compile"}, project, {"PATH=" + path, "FAKE_ULOOP_LOG=" + log.string()}};
    auto child = uap::ChildProcess::launch(spec);
    ASSERT_TRUE(child);
    (*child)->close_stdin();
    EXPECT_EQ((*child)->wait_exit(10s).value_or(-1), 0);
    EXPECT_EQ(read_text(log), "uloop compile\n");
}

TEST(UloopPreset, ExactlyTheNarrowRules) {
    EXPECT_EQ(uloop_preset_rules(), (std::vector<std::string>{"Bash(uloop compile)", "Bash(uloop compile *)", "Bash(uloop get-logs)",
                                                              "Bash(uloop get-logs *)", "Bash(uloop list)", "Bash(uloop list *)",
                                                              "Bash(uloop run-tests)", "Bash(uloop run-tests *)"}));
    for (auto& rule : uloop_preset_rules()) {
        for (const char* never : {"update", "sync", "launch", "execute-dynamic-code", "(uloop *)", "(uloop:*)"})
            EXPECT_EQ(rule.find(never), std::string::npos) << rule;
    }
}

TEST(UloopPreset, RemovesBroadAndDangerousRulesKeepsOthersAndIsIdempotent) {
    std::vector<std::string> before = {"Bash(ls:*)", "Bash(uloop *)", "mcp__uap__uap_asset_find", "Bash(uloop:*)", "Bash(uloop update *)",
                                       "Bash(uloop execute-dynamic-code *)", "Bash(uloop compile)", "Bash(uloop)"};
    auto change = apply_uloop_preset(before);
    EXPECT_EQ(change.removed, (std::vector<std::string>{"Bash(uloop *)", "Bash(uloop:*)", "Bash(uloop update *)",
                                                        "Bash(uloop execute-dynamic-code *)", "Bash(uloop)"}));
    EXPECT_EQ(change.added.size(), 7u); // Bash(uloop compile) was already there.
    std::vector<std::string> expected = {"Bash(ls:*)", "mcp__uap__uap_asset_find", "Bash(uloop compile)"};
    for (auto& rule : uloop_preset_rules())
        if (rule != "Bash(uloop compile)")
            expected.push_back(rule);
    EXPECT_EQ(change.rules, expected);
    auto again = apply_uloop_preset(change.rules);
    EXPECT_EQ(again.rules, change.rules);
    EXPECT_TRUE(again.added.empty());
    EXPECT_TRUE(again.removed.empty());
}

TEST(UloopManifestEdit, AddsOneLineKeepingStyleAndLineEndings) {
    std::string crlf = "{\r\n  \"dependencies\": {\r\n    \"com.unity.ugui\": \"1.0.0\"\r\n  },\r\n  \"scopedRegistries\": []\r\n}\r\n";
    auto edit = add_uloop_to_manifest(crlf);
    ASSERT_TRUE(edit) << edit.error().message();
    EXPECT_EQ(edit->after, "{\r\n  \"dependencies\": {\r\n    \"io.github.hatayama.uloopmcp\": "
                           "\"https://github.com/hatayama/unity-cli-loop.git?path=/Packages/src\",\r\n    \"com.unity.ugui\": \"1.0.0\"\r\n  },\r\n"
                           "  \"scopedRegistries\": []\r\n}\r\n");
    EXPECT_EQ(edit->diff, (std::vector<std::string>{
                              "+     \"io.github.hatayama.uloopmcp\": \"https://github.com/hatayama/unity-cli-loop.git?path=/Packages/src\","}));
    EXPECT_TRUE(manifest_depends_on(edit->after, uloop_package_id).value());

    auto empty = add_uloop_to_manifest("{\n\t\"dependencies\": {}\n}\n");
    ASSERT_TRUE(empty) << empty.error().message();
    EXPECT_TRUE(manifest_depends_on(empty->after, uloop_package_id).value());
    EXPECT_EQ(empty->after.find('\r'), std::string::npos);

    // A nested "dependencies" key elsewhere is not the one Unity reads.
    auto nested = add_uloop_to_manifest(R"({"x":{"dependencies":{}},"dependencies":{"a":"1"}})");
    ASSERT_TRUE(nested);
    auto document = uap::json::parse(nested->after);
    ASSERT_TRUE(document);
    EXPECT_TRUE((*document)["dependencies"].HasMember(uloop_package_id));
    EXPECT_FALSE((*document)["x"]["dependencies"].HasMember(uloop_package_id));

    EXPECT_FALSE(add_uloop_to_manifest(R"({"dependencies":{"io.github.hatayama.uloopmcp":"1"}})"));
    EXPECT_FALSE(add_uloop_to_manifest("{\"dependencies\":"));
    EXPECT_FALSE(add_uloop_to_manifest(R"({"scopedRegistries":[]})"));
}

TEST_F(UloopProject, ApplyKeepsABackupAndRefusesAChangedFile) {
    std::string original = "{\r\n  \"dependencies\": {\r\n    \"com.unity.ugui\": \"1.0.0\"\r\n  }\r\n}\r\n";
    manifest(original);
    auto edit = add_uloop_to_manifest(original);
    ASSERT_TRUE(edit);
    auto backup = apply_manifest_edit(project, *edit);
    ASSERT_TRUE(backup) << backup.error().message();
    EXPECT_EQ(read_text(*backup), original);
    EXPECT_EQ(read_text(project / "Packages" / "manifest.json"), edit->after);
    auto stale = apply_manifest_edit(project, *edit); // The file now differs from edit.before.
    ASSERT_FALSE(stale);
    EXPECT_NE(stale.error().message().find("changed since"), std::string::npos);
}

namespace {

UloopDetection installed_with_cli() {
    UloopDetection detection;
    detection.in_manifest = true;
    detection.in_package_cache = true;
    detection.cli = fs::path("/usr/local/bin/uloop");
    return detection;
}

bool says(const SteeringLines& lines, std::string_view text) { return lines.body.find(text) != std::string::npos; }

} // namespace

TEST(UloopSteering, InstalledSendsTestsAndLogsToUloopAndOneOffOperationsToDynamicCode) {
    auto lines = uloop_steering_lines(installed_with_cli(), TestTool::Unavailable);
    EXPECT_EQ(lines.heading, "uLoop");
    EXPECT_TRUE(says(lines, "`uloop run-tests`")) << lines.body;
    EXPECT_TRUE(says(lines, "`uloop get-logs`")) << lines.body;
    EXPECT_TRUE(says(lines, "`uloop execute-dynamic-code`")) << lines.body;
    EXPECT_TRUE(says(lines, "writing and compiling a script is the last resort")) << lines.body;
    EXPECT_TRUE(says(lines, "compiled by uap_scripts_commit only")) << "a compile mid-turn goes through the commit gate: " << lines.body;
    EXPECT_FALSE(says(lines, "not on PATH")) << lines.body;

    UloopDetection without_cli = installed_with_cli();
    without_cli.cli.reset();
    EXPECT_TRUE(says(uloop_steering_lines(without_cli, TestTool::Unavailable), "not on PATH"));
}

TEST(UloopSteering, NotInstalledNamesOurToolsWhileTheyAreThereAndHowToInstallUloop) {
    UloopDetection resolving;
    resolving.in_manifest = true; // Unity has not resolved it yet: its commands cannot answer.
    for (const UloopDetection& detection : {UloopDetection{}, resolving}) {
        auto lines = uloop_steering_lines(detection, TestTool::Available);
        EXPECT_TRUE(says(lines, "uLoop is not installed")) << lines.body;
        EXPECT_TRUE(says(lines, "uap_tests_run")) << lines.body;
        EXPECT_TRUE(says(lines, "Settings > Integrations > Install uLoop")) << lines.body;
        EXPECT_FALSE(says(lines, "`uloop run-tests`")) << lines.body;
    }
    auto without_tool = uloop_steering_lines(UloopDetection{}, TestTool::Unavailable);
    EXPECT_FALSE(says(without_tool, "uap_tests_run")) << "a disabled editor pack is not named: " << without_tool.body;
}
