// The host reads the editor's Editor.log when the Unity package cannot run: compile errors in Unity's
// form are found in the newest bytes only, malformed, huge and hostile logs cost a bounded read, and a
// simulated editor whose scripts do not compile is reported in not_connected refusals, in the bridge's
// state and to the panels.
#include "bridge_harness.hpp"
#include "fakes/json_at.hpp"

#include "app/editor_log_watch.hpp"
#include "bridge/editor_log.hpp"
#include "support/files.hpp"

#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <chrono>
#include <filesystem>
#include <mutex>
#include <vector>

namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using uap::bridge::EditorLogSearch;
using uap::bridge::EditorPlatform;
using uap::bridge::parse_editor_log;
using uap::bridge::read_editor_log;
using uap::testing::BridgeHarness;
using uap::testing::text_at;

// Each test's own folder under the system's temporary folder.
struct TemporaryFolder {
    fs::path path;
    explicit TemporaryFolder(const std::string& name) : path(fs::temp_directory_path() / ("uap-editor-log-" + name + "-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()))) {
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TemporaryFolder() {
        std::error_code ignored;
        fs::remove_all(path, ignored);
    }
};

void write_file(const fs::path& path, const std::string& content) {
    auto written = uap::files::write_atomically(path, content, uap::files::Visibility::Default);
    ASSERT_TRUE(written) << written.error().message();
}

// Panels as the watch sees them: every notice published.
class RecordingSink final : public uap::api::EventSink {
public:
    void publish(rapidjson::Document event) override {
        std::lock_guard lock(m_mutex);
        m_texts.emplace_back(event.HasMember("text") ? event["text"].GetString() : "");
    }
    size_t subscriber_count() const override { return 1; }
    std::vector<std::string> texts() const {
        std::lock_guard lock(m_mutex);
        return m_texts;
    }

private:
    mutable std::mutex m_mutex;
    std::vector<std::string> m_texts;
};

const char* const compile_request = "[ScriptCompilation] Requested script compilation because: Assetdatabase observed changes\n";

TEST(EditorLog, FindsTheLatestCompilesErrorsInUnitysForm) {
    std::string log = std::string("cut fragment of an earlier line): error CS0001: not trusted\n") +
                      "Assets/Old.cs(1,1): error CS0103: stale, before the compile request\n" + compile_request +
                      "Assets/Scripts/Player.cs(12,5): error CS1002: ; expected\r\n"
                      "Assets/Scripts/Player.cs(12,5): error CS1002: ; expected\n"
                      "Assets/Scripts/Enemy.cs(3,14): error CS0246: The type or namespace name 'Foo' could not be found (are you missing a using directive?)\n"
                      "Assets/Scripts/Enemy.cs(4,1): warning CS0168: The variable 'x' is declared but never used\n";
    auto report = parse_editor_log(log);
    ASSERT_EQ(report.error_count, 2u) << "duplicates once, warnings and stale errors not at all";
    EXPECT_EQ(report.errors[0].file, "Assets/Scripts/Player.cs");
    EXPECT_EQ(report.errors[0].line, 12);
    EXPECT_EQ(report.errors[0].column, 5);
    EXPECT_EQ(report.errors[0].code, "CS1002");
    EXPECT_EQ(report.errors[0].message, "; expected");
    EXPECT_EQ(report.errors[1].message, "The type or namespace name 'Foo' could not be found (are you missing a using directive?)");
    EXPECT_EQ(report.summary().rfind("editor cannot run the package: 2 compile errors", 0), 0u) << report.summary();
    EXPECT_NE(report.summary().find("uap_scripts_commit"), std::string::npos) << "says how to go on";
}

TEST(EditorLog, ErrorsOfAnotherProjectInASharedLogAreOnlyCounted) {
    TemporaryFolder folder("other-project");
    write_file(folder.path / "Assets" / "Mine.cs", "class Mine {}\n");
    std::string log = std::string("\n") + compile_request + "Assets/Mine.cs(1,12): error CS1513: } expected\n" +
                      "Assets/SomeoneElses.cs(2,3): error CS1002: ; expected\n" + (folder.path / "Assets" / "Mine.cs").string() +
                      "(4,1): error CS0103: an absolute name inside the project\n/elsewhere/Assets/Other.cs(1,1): error CS0103: outside\n";
    auto report = parse_editor_log(log, {}, folder.path);
    EXPECT_EQ(report.error_count, 2u);
    EXPECT_EQ(report.other_project_errors, 2u);
    EXPECT_EQ(report.errors[0].file, "Assets/Mine.cs");
}

TEST(EditorLog, MalformedLinesAreNotErrors) {
    std::string log = std::string("\n") +
                      "Assets/A.cs(1): error CS0001: no column\n"
                      "(1,2): error CS0001: no file\n"
                      "Assets/A.cs(x,2): error CS0001: not a number\n"
                      "Assets/A.cs(1,2): error cs0001: lower-case code\n"
                      "Assets/A.cs(1,2): error CS0001 no colon after the code\n"
                      "Assets/A.cs(99999999999,2): error CS0001: a line number too large\n"
                      "Assets/A.cs(1,2): error : empty code\n"
                      "): error \n"
                      "(,): error CS: \n";
    auto report = parse_editor_log(log);
    EXPECT_EQ(report.error_count, 0u);
    EXPECT_TRUE(report.summary().empty());
}

TEST(EditorLog, HostileBytesBecomeValidJsonAndLongLinesAreSkipped) {
    std::string hostile = std::string("\n") + compile_request + "Assets/\xff\xfe";
    hostile.push_back('\0');
    hostile += "Bad.cs(1,2): error CS0001: \x01\x1b[31mred\xc3\x28 \xe2\x82\xac ok\n";
    hostile.append(100000, 'A');
    hostile += "(1,2): error CS0002: a line of 100 kB is not one Unity writes\n";
    uap::bridge::EditorLogLimits limits;
    auto report = parse_editor_log(hostile, limits);
    ASSERT_EQ(report.error_count, 1u);
    EXPECT_EQ(report.errors[0].file, "Assets/???Bad.cs");
    EXPECT_EQ(report.errors[0].message, "??[31mred?( \xe2\x82\xac ok") << "control bytes and broken UTF-8 replaced, valid UTF-8 kept";
    uap::json::TextWriter writer;
    report.write(writer);
    rapidjson::Document parsed;
    parsed.Parse<rapidjson::kParseValidateEncodingFlag>(writer.text().c_str());
    EXPECT_FALSE(parsed.HasParseError()) << writer.text();
}

TEST(EditorLog, OnlyABoundedNumberOfErrorsIsKeptAndAllAreCounted) {
    std::string log = std::string("\n") + compile_request;
    for (int index = 0; index < 3000; ++index)
        log += "Assets/Many.cs(" + std::to_string(index + 1) + ",1): error CS1002: ; expected\n";
    auto report = parse_editor_log(log);
    EXPECT_EQ(report.error_count, 3000u);
    EXPECT_EQ(report.errors.size(), 50u);
    EXPECT_NE(report.summary().find("and 2995 more"), std::string::npos) << report.summary();
}

TEST(EditorLog, AHugeLogIsReadFromItsTailOnly) {
    TemporaryFolder folder("huge");
    fs::path log = folder.path / "Editor.log";
    std::string content;
    content.reserve(64u << 20);
    const std::string noise = "Assets/Old.cs(1,1): error CS0103: an error long before the last compile\n";
    while (content.size() < (64u << 20))
        content += noise;
    content += compile_request;
    content += "Assets/Scripts/Last.cs(7,3): error CS1513: } expected\n";
    write_file(log, content);
    EditorLogSearch search;
    search.configured = log;
    auto started = std::chrono::steady_clock::now();
    auto report = read_editor_log(search);
    auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    ASSERT_TRUE(report.problem.empty()) << report.problem;
    EXPECT_EQ(report.bytes_read, 256u * 1024u) << "the newest 256 KiB of 64 MiB";
    ASSERT_EQ(report.error_count, 1u);
    EXPECT_EQ(report.errors[0].file, "Assets/Scripts/Last.cs");
    EXPECT_LT(elapsed.count(), 1000) << "a read of a 64 MiB log took " << elapsed.count() << " ms";
    std::cout << "[ measure  ] reading and parsing the tail of a 64 MiB Editor.log: " << elapsed.count() << " ms\n";

    // One line of 8 MiB without a newline: read to the limit, nothing found, nothing kept.
    write_file(log, std::string(8u << 20, 'x'));
    auto single = read_editor_log(search);
    EXPECT_EQ(single.bytes_read, 256u * 1024u);
    EXPECT_EQ(single.error_count, 0u);
}

TEST(EditorLog, ALogThatIsNotARegularFileIsNotRead) {
    TemporaryFolder folder("hostile");
    EditorLogSearch search;
    search.configured = folder.path / "Editor.log";
    fs::create_directories(search.configured);
    auto folder_report = read_editor_log(search);
    EXPECT_NE(folder_report.problem.find("no editor log found"), std::string::npos) << folder_report.problem;
    fs::remove(search.configured);
    // A link to an endless device must not hang or fill memory (where the system has one).
    if (!fs::exists("/dev/zero"))
        return;
    fs::create_symlink("/dev/zero", search.configured);
    auto device_report = read_editor_log(search);
    EXPECT_NE(device_report.problem.find("no editor log found"), std::string::npos) << device_report.problem;
    EXPECT_EQ(device_report.bytes_read, 0u);
}

TEST(EditorLog, PlatformDefaultsAndTheConfiguredPath) {
    EditorLogSearch search;
    search.home = "/home/ada";
    search.local_app_data = "C:/Users/ada/AppData/Local";
    search.platform = EditorPlatform::Linux;
    EXPECT_EQ(uap::bridge::editor_log_candidates(search), std::vector<fs::path>{"/home/ada/.config/unity3d/Editor.log"});
    search.platform = EditorPlatform::MacOS;
    EXPECT_EQ(uap::bridge::editor_log_candidates(search), std::vector<fs::path>{"/home/ada/Library/Logs/Unity/Editor.log"});
    search.platform = EditorPlatform::Windows;
    EXPECT_EQ(uap::bridge::editor_log_candidates(search), std::vector<fs::path>{fs::path("C:/Users/ada/AppData/Local") / "Unity" / "Editor" / "Editor.log"});
    search.configured = "/elsewhere/Editor.log";
    EXPECT_EQ(uap::bridge::editor_log_candidates(search), std::vector<fs::path>{"/elsewhere/Editor.log"}) << "the configured path alone";

    // The project's own log and the global one: the one written last comes first.
    TemporaryFolder folder("candidates");
    EditorLogSearch both;
    both.project = folder.path / "Project";
    both.home = (folder.path / "home").string();
    both.platform = EditorPlatform::Linux;
    fs::path project_log = both.project / "Logs" / "Editor.log";
    fs::path global_log = folder.path / "home" / ".config" / "unity3d" / "Editor.log";
    write_file(global_log, "global");
    write_file(project_log, "project");
    fs::last_write_time(global_log, fs::last_write_time(project_log) - 1h);
    EXPECT_EQ(uap::bridge::editor_log_candidates(both).front(), project_log);
    fs::last_write_time(project_log, fs::last_write_time(global_log) - 1h);
    EXPECT_EQ(uap::bridge::editor_log_candidates(both).front(), global_log);
}

// The simulated editor's scripts do not compile, so (as with Unity in Safe Mode) the package never
// connects; its Editor.log is all the host has, and every way the host reports the editor says so.
TEST(EditorLog, CompileErrorsInTheSimulatedEditorsLogAreReportedWhileThePackageCannotLoad) {
    uap::bridge::BridgeOptions options;
    options.reconnect_wait = 300ms;
    BridgeHarness harness(options);
    uap::editor_sim::EditorSimulator simulator(harness.identity("cannot-load"));
    write_file(harness.project() / "Assets" / "Scripts" / "Broken.cs", "public class Broken {\n    void Start() {\n}\n");
    ASSERT_TRUE(simulator.call("asset.refresh", "{}").ok());
    ASSERT_TRUE(simulator.compile_scripts().failed);
    fs::path log = harness.project() / "Logs" / "Editor.log";
    write_file(log, simulator.editor_log_text());

    RecordingSink panels;
    EditorLogSearch search;
    search.configured = log;
    uap::app::EditorLogWatch watch(search, harness.bridge(), &panels, 50ms);
    watch.refresh();

    auto refused = harness.call("object.create", R"({"name":"Anything"})", 500);
    EXPECT_EQ(refused.status, UAP_STATUS_UNAVAILABLE) << refused.json;
    EXPECT_EQ(text_at(refused.json, "/code"), "not_connected") << refused.json;
    std::string message = text_at(refused.json, "/message");
    EXPECT_NE(message.find("editor cannot run the package: 1 compile error"), std::string::npos) << message;
    EXPECT_NE(message.find("Assets/Scripts/Broken.cs("), std::string::npos) << message;
    EXPECT_EQ(text_at(refused.json, "/data/editorLog/errors/0/file"), "Assets/Scripts/Broken.cs") << refused.json;

    std::string state = harness.bridge().state_json();
    EXPECT_EQ(text_at(state, "/editorLog/errorCount"), "1") << state;
    auto told = panels.texts();
    ASSERT_EQ(told.size(), 1u) << "the panels are told once";
    EXPECT_EQ(told[0].rfind("editor cannot run the package: 1 compile error", 0), 0u) << told[0];

    // Fixed on disk, compiled again: the log's newest compile has no errors, and the report says so.
    write_file(harness.project() / "Assets" / "Scripts" / "Broken.cs", "public class Broken {\n    void Start() {}\n}\n");
    ASSERT_TRUE(simulator.call("asset.refresh", "{}").ok());
    ASSERT_FALSE(simulator.compile_scripts().failed);
    write_file(log, simulator.editor_log_text());
    watch.refresh();
    EXPECT_EQ(text_at(harness.bridge().state_json(), "/editorLog/errorCount"), "0");
    EXPECT_EQ(watch.report().summary, "");
}

} // namespace
