// The CLI search (POSIX and Windows rules on a fake tree, and by effect on this machine's files),
// the script gate's Windows path rules with hostile paths, PowerShell write targets, and the launch
// settings' exec-form hook. Portable: the same binary runs on Linux and, cross-built, under Wine.
#include "agent/cli_locator.hpp"
#include "agent/gate_paths.hpp"
#include "agent/launch_files.hpp"
#include "agent/script_gate.hpp"
#include "support/json.hpp"
#include "support/platform/platform.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <map>

namespace fs = std::filesystem;
using namespace uap::agent;

namespace {

// A file tree and environment as the CLI search sees them. Names compare as Windows does
// (either separator, any case) under the Windows rules.
class FakeMachine {
public:
    explicit FakeMachine(SearchRules rules) : m_rules(rules) {}

    void file(const std::string& path, std::string content, bool executable = true) { m_files[key(path)] = {std::move(content), executable}; }
    void variable(const std::string& name, const std::string& value) { m_variables[fold(name)] = value; }

    CliSearchContext context() const {
        CliSearchContext context;
        context.rules = m_rules;
        context.variable = [this](std::string_view name) -> std::optional<std::string> {
            auto found = m_variables.find(fold(std::string(name)));
            return found == m_variables.end() ? std::nullopt : std::optional<std::string>(found->second);
        };
        context.is_executable = [this](const fs::path& path) {
            auto found = m_files.find(key(path.string()));
            return found != m_files.end() && (m_rules == SearchRules::Windows || found->second.executable);
        };
        context.file_size = [this](const fs::path& path) -> std::optional<std::uintmax_t> {
            auto found = m_files.find(key(path.string()));
            return found == m_files.end() ? std::nullopt : std::optional<std::uintmax_t>(found->second.content.size());
        };
        context.read_text = [this](const fs::path& path, std::size_t max_bytes) -> std::optional<std::string> {
            auto found = m_files.find(key(path.string()));
            return found == m_files.end() ? std::nullopt : std::optional<std::string>(found->second.content.substr(0, max_bytes));
        };
        return context;
    }

    std::string key(std::string path) const {
        std::replace(path.begin(), path.end(), '\\', '/');
        return fold(path);
    }

private:
    struct File {
        std::string content;
        bool executable = true;
    };
    std::string fold(std::string text) const {
        if (m_rules == SearchRules::Windows)
            std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return text;
    }
    SearchRules m_rules;
    std::map<std::string, File> m_files;
    std::map<std::string, std::string> m_variables;
};

// What npm's cmd-shim writes for a bin without a shebang (the package's bin/claude.exe), CRLF lines.
std::string native_shim(const std::string& target) {
    return "@ECHO off\r\nGOTO start\r\n:find_dp0\r\nSET dp0=%~dp0\r\nEXIT /b\r\n:start\r\nSETLOCAL\r\nCALL :find_dp0\r\n\"%dp0%\\" + target +
           "\"   %*\r\n";
}

// What it writes for a bin with `#!/usr/bin/env node` (Claude Code before the native build).
std::string node_shim(const std::string& script) {
    return "@ECHO off\r\nGOTO start\r\n:find_dp0\r\nSET dp0=%~dp0\r\nEXIT /b\r\n:start\r\nSETLOCAL\r\nCALL :find_dp0\r\n\r\n"
           "IF EXIST \"%dp0%\\node.exe\" (\r\n  SET \"_prog=%dp0%\\node.exe\"\r\n) ELSE (\r\n  SET \"_prog=node\"\r\n"
           "  SET PATHEXT=%PATHEXT:;.JS;=;%\r\n)\r\n\r\nendLocal & goto #_undefined_# 2>NUL || title %COMSPEC% & \"%_prog%\"  \"%dp0%\\" +
           script + "\" %*\r\n";
}

const std::string native_binary(5000, 'x'); // Above the package's 4096-byte placeholder size.
const std::string package_exe = "node_modules\\@anthropic-ai\\claude-code\\bin\\claude.exe";
const std::string roaming = "C:\\Users\\Ada Lovelace\\AppData\\Roaming";

FakeMachine windows_user() {
    FakeMachine machine(SearchRules::Windows);
    machine.variable("APPDATA", roaming);
    machine.variable("USERPROFILE", "C:\\Users\\Ada Lovelace");
    machine.variable("PATH", "C:\\Windows\\system32;\"C:\\Program Files\\nodejs\"");
    machine.variable("PATHEXT", ".COM;.EXE;.BAT;.CMD;.VBS;.JS;.PS1");
    return machine;
}

std::string same_form(const FakeMachine& machine, const fs::path& path) { return machine.key(path.string()); }

} // namespace

TEST(CliSearchWindows, NpmsShimLeadsToTheNativeExecutableItStarts) {
    FakeMachine machine = windows_user();
    machine.file(roaming + "\\npm\\claude.cmd", native_shim(package_exe));
    machine.file(roaming + "\\npm\\" + package_exe, native_binary);
    auto found = locate_cli("", machine.context());
    ASSERT_TRUE(found) << found.error().message();
    EXPECT_EQ(found->found_by, "npm (claude.cmd)");
    EXPECT_EQ(same_form(machine, found->path), machine.key(roaming + "\\npm\\" + package_exe));
}

TEST(CliSearchWindows, TheSettingComesFirstAndMayNameTheShimItself) {
    FakeMachine machine = windows_user();
    machine.file(roaming + "\\npm\\claude.cmd", native_shim(package_exe));
    machine.file(roaming + "\\npm\\" + package_exe, native_binary);
    machine.file("D:\\Tools\\claude.exe", native_binary);
    machine.variable("UAP_CLAUDE_BIN", roaming + "\\npm\\claude.cmd");
    auto configured = locate_cli("D:\\Tools\\claude.exe", machine.context());
    ASSERT_TRUE(configured) << configured.error().message();
    EXPECT_EQ(configured->found_by, "settings");
    EXPECT_EQ(same_form(machine, configured->path), "d:/tools/claude.exe");
    // The variable names the shim: the executable behind it is what runs.
    auto through_variable = locate_cli("", machine.context());
    ASSERT_TRUE(through_variable);
    EXPECT_EQ(through_variable->found_by, "UAP_CLAUDE_BIN (claude.cmd)");
    EXPECT_EQ(same_form(machine, through_variable->path), machine.key(roaming + "\\npm\\" + package_exe));
}

TEST(CliSearchWindows, PathIsSearchedFolderByFolderWithPathextAndQuotedEntries) {
    FakeMachine machine = windows_user();
    // The quoted folder holds a shim (a custom npm prefix); a later folder holds a claude.exe.
    machine.file("C:\\Program Files\\nodejs\\claude.cmd", native_shim(package_exe));
    machine.file("C:\\Program Files\\nodejs\\" + package_exe, native_binary);
    machine.file("C:\\Later\\claude.exe", native_binary);
    machine.variable("Path", "C:\\Windows\\system32;\"C:\\Program Files\\nodejs\";C:\\Later"); // Names are case-insensitive.
    auto found = locate_cli("", machine.context());
    ASSERT_TRUE(found) << found.error().message();
    EXPECT_EQ(found->found_by, "PATH (claude.cmd)");
    EXPECT_EQ(same_form(machine, found->path), machine.key("C:\\Program Files\\nodejs\\" + package_exe));
    // In one folder .EXE comes before .CMD (PATHEXT's order).
    machine.file("C:\\Program Files\\nodejs\\claude.exe", native_binary);
    found = locate_cli("", machine.context());
    ASSERT_TRUE(found);
    EXPECT_EQ(found->found_by, "PATH");
    EXPECT_EQ(same_form(machine, found->path), "c:/program files/nodejs/claude.exe");
}

TEST(CliSearchWindows, ScriptShimsAreNeverStartedAndTheNativeInstallerFolderIsLast) {
    FakeMachine machine = windows_user();
    machine.file("C:\\Windows\\system32\\claude.ps1", "& node cli.js $args");
    machine.file("C:\\Windows\\system32\\claude.js", "console.log(1)");
    machine.file("C:\\Windows\\system32\\claude", "#!/bin/sh\n");
    machine.file("C:\\Users\\Ada Lovelace\\.local\\bin\\claude.exe", native_binary);
    auto found = locate_cli("", machine.context());
    ASSERT_TRUE(found) << found.error().message();
    EXPECT_EQ(found->found_by, "%USERPROFILE%\\.local\\bin");
    // A setting naming a PowerShell shim does not serve; the search goes on to the later places.
    auto past_setting = locate_cli("C:\\Windows\\system32\\claude.ps1", machine.context());
    ASSERT_TRUE(past_setting);
    EXPECT_EQ(past_setting->found_by, "%USERPROFILE%\\.local\\bin");
    FakeMachine empty = windows_user();
    empty.file("C:\\Windows\\system32\\claude.ps1", "& node cli.js $args");
    auto missing = locate_cli("C:\\Windows\\system32\\claude.ps1", empty.context());
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().message().find("a PowerShell shim"), std::string::npos) << missing.error().message();
}

TEST(CliSearchWindows, EveryFailureSaysWhereItLookedAndWhatFixesIt) {
    FakeMachine machine = windows_user();
    auto missing = locate_cli("", machine.context());
    ASSERT_FALSE(missing);
    std::string message = missing.error().message();
    for (const char* expected : {"AppData\\Roaming", "claude.cmd (npm): not there", "C:\\Windows\\system32", "claude.exe (PATH)",
                                 ".local", "\"cli_path\"", "agent-settings.json", "UAP_CLAUDE_BIN", "npm install -g @anthropic-ai/claude-code"})
        EXPECT_NE(message.find(expected), std::string::npos) << expected << " missing from: " << message;
    for (const char* script : {"claude.js", "claude.vbs", "claude.ps1"})
        EXPECT_EQ(message.find(script), std::string::npos) << "script extensions are not candidates: " << message;
}

TEST(CliSearchWindows, APlaceholderOrANodeShimIsRefusedWithTheReason) {
    FakeMachine machine = windows_user();
    machine.file(roaming + "\\npm\\claude.cmd", native_shim(package_exe));
    machine.file(roaming + "\\npm\\" + package_exe, std::string(600, 'p')); // postinstall never ran
    auto placeholder = locate_cli("", machine.context());
    ASSERT_FALSE(placeholder);
    EXPECT_NE(placeholder.error().message().find("600-byte placeholder"), std::string::npos) << placeholder.error().message();
    EXPECT_NE(placeholder.error().message().find("@anthropic-ai/claude-code@2.1.332"), std::string::npos);

    machine.file(roaming + "\\npm\\claude.cmd", node_shim("node_modules\\@anthropic-ai\\claude-code\\cli.js"));
    auto node = locate_cli("", machine.context());
    ASSERT_FALSE(node);
    EXPECT_NE(node.error().message().find("starts node with a JavaScript file"), std::string::npos) << node.error().message();

    machine.file(roaming + "\\npm\\claude.cmd", "@echo off\r\nstart calc.exe\r\n");
    auto garbage = locate_cli("", machine.context());
    ASSERT_FALSE(garbage);
    EXPECT_NE(garbage.error().message().find("not an npm shim"), std::string::npos) << garbage.error().message();

    // The line that starts the program lies beyond the 64 KiB read: refused, not read without bound.
    machine.file(roaming + "\\npm\\claude.cmd", std::string(70 * 1024, ' ') + native_shim(package_exe));
    machine.file(roaming + "\\npm\\" + package_exe, native_binary);
    auto oversized = locate_cli("", machine.context());
    ASSERT_FALSE(oversized);
    EXPECT_NE(oversized.error().message().find("not an npm shim"), std::string::npos) << oversized.error().message();

    // A shim that names a script through %dp0% is no native executable either.
    machine.file(roaming + "\\npm\\claude.cmd", native_shim("node_modules\\x\\run.bat"));
    machine.file(roaming + "\\npm\\node_modules\\x\\run.bat", native_binary);
    auto script = locate_cli("", machine.context());
    ASSERT_FALSE(script);
    EXPECT_NE(script.error().message().find("not a native executable"), std::string::npos) << script.error().message();
}

TEST(CliSearchPosix, KeepsItsOrderAndSkipsFilesThatCannotRun) {
    FakeMachine machine(SearchRules::Posix);
    machine.variable("PATH", "/opt/a:/opt/b");
    machine.variable("HOME", "/home/ada");
    machine.file("/opt/a/claude", "#!/bin/sh\n", false);
    machine.file("/home/ada/.local/bin/claude", native_binary);
    auto found = locate_cli("", machine.context());
    ASSERT_TRUE(found) << found.error().message();
    EXPECT_EQ(found->found_by, "~/.local/bin");
    machine.file("/opt/b/claude", "tiny", true); // No placeholder rule on POSIX: the npm bin is the native file itself.
    found = locate_cli("", machine.context());
    ASSERT_TRUE(found);
    EXPECT_EQ(found->found_by, "PATH");
    EXPECT_EQ(found->path, fs::path("/opt/b/claude"));
    FakeMachine empty(SearchRules::Posix);
    empty.variable("PATH", "/opt/a");
    empty.file("/opt/a/claude", "#!/bin/sh\n", false);
    auto missing = locate_cli("", empty.context());
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().message().find("/opt/a/claude (PATH): not executable"), std::string::npos) << missing.error().message();
    EXPECT_NE(missing.error().message().find("/usr/local/bin/claude"), std::string::npos);
}

namespace {
std::string read_all(const fs::path& file) {
    std::ifstream stream(file, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(stream)), std::istreambuf_iterator<char>());
}

// Removes a test folder however the test ends.
struct RemovedAtExit {
    fs::path folder;
    ~RemovedAtExit() {
        std::error_code ignored;
        fs::remove_all(folder, ignored);
    }
};
} // namespace

// By effect on this machine: the search's real file system finds a program placed where npm puts
// it (Windows: behind a claude.cmd shim; POSIX: on PATH), and that program, started directly, answers.
TEST(CliSearchHere, TheProgramFoundIsStartedDirectlyAndAnswers) {
    fs::path root = fs::temp_directory_path() /
                    ("uap-cli-search-" + std::to_string(uap::platform::current_process_id()) + "-" +
                     std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    RemovedAtExit cleanup{root};
    CliSearchContext context = this_machine();
    std::map<std::string, std::string> variables;
    fs::path expected;
    if (context.rules == SearchRules::Windows) {
        fs::path npm = root / "Roaming dir" / "npm";
        expected = npm / "node_modules" / "@anthropic-ai" / "claude-code" / "bin" / "claude.exe";
        fs::create_directories(expected.parent_path());
        fs::copy_file(UAP_AGENT_VERSION_ONLY_CLI, expected);
        std::ofstream(npm / "claude.cmd", std::ios::binary) << native_shim(package_exe);
        variables["appdata"] = (root / "Roaming dir").string();
    } else {
        expected = root / "bin dir" / "claude";
        fs::create_directories(expected.parent_path());
        fs::copy_file(UAP_AGENT_VERSION_ONLY_CLI, expected);
        fs::permissions(expected, fs::perms::owner_exec, fs::perm_options::add);
        variables["PATH"] = (root / "nowhere").string() + ":" + expected.parent_path().string();
    }
    context.variable = [&](std::string_view name) -> std::optional<std::string> {
        std::string wanted(name);
        if (context.rules == SearchRules::Windows)
            std::transform(wanted.begin(), wanted.end(), wanted.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        auto found = variables.find(wanted);
        return found == variables.end() ? std::nullopt : std::optional<std::string>(found->second);
    };
    auto found = locate_cli("", context);
    ASSERT_TRUE(found) << found.error().message();
    EXPECT_EQ(fs::canonical(found->path), fs::canonical(expected));
    auto version = probe_cli_version(found->path);
    ASSERT_TRUE(version) << version.error().message();
    EXPECT_EQ(*version, "2.1.332 (Claude Code)");
}

// ---- The script gate with Windows paths. The project is C:\Users\Ada\My Game; decisions in
// docs/agent-sessions.md ("Script gate", "Windows paths").

namespace {
const fs::path windows_project = "C:\\Users\\Ada\\My Game";
GatedKind on_windows(const std::string& path, const fs::path& cwd = windows_project) { return classify_path(path, cwd, windows_project); }
} // namespace

TEST(ScriptGateWindows, BackslashesDrivesCaseAndPrefixesAreNormalised) {
    EXPECT_EQ(on_windows("C:\\Users\\Ada\\My Game\\Assets\\Scripts\\Foo.cs"), GatedKind::Script);
    EXPECT_EQ(on_windows("c:/users/ada/MY GAME/assets/foo.CS"), GatedKind::Script);
    EXPECT_EQ(on_windows("Assets\\Editor\\My.asmdef"), GatedKind::Script);
    EXPECT_EQ(on_windows("C:/Users\\Ada/My Game\\UserSettings/AgentPanel\\agent\\launch-settings.json"), GatedKind::HostFile);
    EXPECT_EQ(on_windows("c:\\USERS\\ada\\my game\\usersettings\\agentpanel\\mcp-token"), GatedKind::HostFile);
    EXPECT_EQ(on_windows("\\\\?\\C:\\Users\\Ada\\My Game\\UserSettings\\AgentPanel\\x.json"), GatedKind::HostFile);
    EXPECT_EQ(on_windows("\\\\.\\C:\\Users\\Ada\\My Game\\UserSettings\\AgentPanel\\x.json"), GatedKind::HostFile);
    EXPECT_EQ(on_windows("\\\\?\\C:\\Users\\Ada\\My Game\\Assets\\Foo.cs"), GatedKind::Script);
    // Another drive is another place.
    EXPECT_EQ(on_windows("D:\\Users\\Ada\\My Game\\UserSettings\\AgentPanel\\x.json"), GatedKind::None);
    EXPECT_EQ(on_windows("UapStaging\\Scripts\\Foo.cs"), GatedKind::None);
    EXPECT_EQ(on_windows("Assets\\Textures\\a.png"), GatedKind::None);
}

TEST(ScriptGateWindows, DotDotNeverClimbsAboveARootAndIsResolvedFirst) {
    EXPECT_EQ(on_windows("Assets\\..\\UapStaging\\Foo.cs"), GatedKind::None);
    EXPECT_EQ(on_windows("UapStaging\\..\\Assets\\Foo.cs"), GatedKind::Script);
    EXPECT_EQ(on_windows("C:\\..\\..\\Users\\Ada\\My Game\\UserSettings\\AgentPanel\\x.json"), GatedKind::HostFile);
    EXPECT_EQ(on_windows("..\\My Game\\UserSettings\\AgentPanel\\x.json"), GatedKind::HostFile);
    // Windows strips the trailing space before it sees "..": the file lands at the project root.
    EXPECT_EQ(on_windows("Assets\\.. \\Foo.cs"), GatedKind::None);
    EXPECT_EQ(on_windows("Foo\\.. \\UserSettings\\AgentPanel\\x.json"), GatedKind::HostFile);
    // "..." names nothing: dropped like ".", so the path stays under Assets.
    EXPECT_EQ(on_windows("Assets\\...\\Foo.cs"), GatedKind::Script);
}

TEST(ScriptGateWindows, DriveRelativePathsFollowTheCurrentFolderOfTheirDrive) {
    // C:Assets\Foo.cs with the CLI's cwd on C: is relative to that cwd.
    EXPECT_EQ(on_windows("C:Assets\\Foo.cs"), GatedKind::Script);
    EXPECT_EQ(on_windows("C:UserSettings\\AgentPanel\\x.json"), GatedKind::HostFile);
    // With the cwd on another drive, C:x is at C:'s root, not in the project.
    EXPECT_EQ(on_windows("C:UserSettings\\AgentPanel\\x.json", "D:\\Elsewhere"), GatedKind::None);
    // A rooted path without a drive stays on the cwd's drive.
    EXPECT_EQ(on_windows("\\Users\\Ada\\My Game\\UserSettings\\AgentPanel\\x.json"), GatedKind::HostFile);
    EXPECT_EQ(on_windows("\\Users\\Ada\\My Game\\UserSettings\\AgentPanel\\x.json", "D:\\Elsewhere"), GatedKind::None);
}

TEST(ScriptGateWindows, StreamsTrailingDotsAndSpacesAndShortNamesNameTheSameFile) {
    EXPECT_EQ(on_windows("Assets\\Foo.cs:payload"), GatedKind::Script);
    EXPECT_EQ(on_windows("Assets\\Foo.cs::$DATA"), GatedKind::Script);
    EXPECT_EQ(on_windows("Assets\\Foo.cs."), GatedKind::Script);
    EXPECT_EQ(on_windows("Assets\\Foo.cs . ."), GatedKind::Script);
    EXPECT_EQ(on_windows("Assets.\\Foo.cs"), GatedKind::Script);
    EXPECT_EQ(on_windows("UserSettings \\AgentPanel.\\x.json"), GatedKind::HostFile);
    EXPECT_EQ(on_windows("C:\\Users\\Ada\\MYGAME~1\\USERSE~1\\AGENTP~1\\mcp-config.json"), GatedKind::HostFile);
    EXPECT_EQ(on_windows("C:\\Users\\Ada\\MY8F2A~1\\USERSE~1\\AGENTP~1\\mcp-config.json"), GatedKind::HostFile);
    EXPECT_EQ(on_windows("Assets\\Editor\\MYASSE~1.ASM"), GatedKind::Script);
    EXPECT_EQ(on_windows("Assets\\Editor\\notes.asm"), GatedKind::None);
}

TEST(ScriptGateWindows, UncAndGitBashSpellings) {
    EXPECT_EQ(classify_path("\\\\server\\share\\Game\\UserSettings\\AgentPanel\\x.json", "\\\\server\\share\\Game", "\\\\SERVER\\Share\\Game"),
              GatedKind::HostFile);
    EXPECT_EQ(classify_path("\\\\?\\UNC\\server\\share\\Game\\UserSettings\\AgentPanel\\x", "\\\\server\\share\\Game", "\\\\server\\share\\Game"),
              GatedKind::HostFile);
    EXPECT_EQ(on_windows("\\\\server\\share\\Game\\Assets\\Foo.cs"), GatedKind::Script); // Any Assets segment.
    EXPECT_EQ(on_windows("/c/Users/Ada/My Game/UserSettings/AgentPanel/x.json"), GatedKind::HostFile);
    EXPECT_EQ(on_windows("/cygdrive/c/Users/Ada/My Game/UserSettings/AgentPanel/x.json"), GatedKind::HostFile);
    EXPECT_EQ(on_windows("/d/Users/Ada/My Game/UserSettings/AgentPanel/x.json"), GatedKind::None);
}

TEST(ScriptGatePosix, WindowsSpellingsAreNotWindowsPathsOnPosix) {
    fs::path project = "/work/Proj";
    // POSIX treats a doubled leading slash as the root, not a UNC server.
    EXPECT_EQ(classify_path("//work/Proj/UserSettings/AgentPanel/x.json", project, project), GatedKind::HostFile);
    // "C:Assets" is an ordinary folder name on POSIX, not drive C's Assets.
    EXPECT_EQ(classify_path("C:Assets/Foo.cs", project, project), GatedKind::None);
    // Streams and trailing dots are stripped everywhere: refusing Assets/Foo.cs. on Linux costs nothing.
    EXPECT_EQ(classify_path("Assets/Foo.cs.", project, project), GatedKind::Script);
    EXPECT_EQ(normalise_for_gate("a/../../../b", project), "/b");
}

TEST(ScriptGateWindows, PowerShellWriteTargets) {
    using Targets = std::vector<std::string>;
    EXPECT_EQ(powershell_write_targets("Set-Content -Path Assets\\Foo.cs -Value 'class Foo {}'"), Targets{"Assets\\Foo.cs"});
    EXPECT_EQ(powershell_write_targets("'x' | Out-File \"C:\\Game\\Assets\\Foo.cs\" -Encoding utf8"), Targets{"C:\\Game\\Assets\\Foo.cs"});
    EXPECT_EQ(powershell_write_targets("sc Assets/A.cs 'class A {}'"), Targets{"Assets/A.cs"});
    EXPECT_EQ(powershell_write_targets("ac -LiteralP:Assets\\B.cs -Va x"), Targets{"Assets\\B.cs"});
    EXPECT_EQ(powershell_write_targets("Copy-Item -LiteralPath tmp\\B.cs -Dest Assets\\Scripts -Force"),
              (Targets{"Assets\\Scripts", "Assets\\Scripts/B.cs"}));
    EXPECT_EQ(powershell_write_targets("mv tmp\\C.cs Assets\\C.cs"), (Targets{"Assets\\C.cs", "Assets\\C.cs/C.cs"}));
    EXPECT_EQ(powershell_write_targets("Rename-Item Assets\\D.txt D.cs"), Targets{"Assets\\D.cs"});
    EXPECT_EQ(powershell_write_targets("New-Item -ItemType File -Path Assets -Name E.cs"), (Targets{"Assets", "Assets/E.cs"}));
    EXPECT_EQ(powershell_write_targets("echo x > Assets\\F.cs; Get-Content y 2>&1 >> Assets\\G.cs"), (Targets{"Assets\\F.cs", "Assets\\G.cs"}));
    EXPECT_EQ(powershell_write_targets("Write-Output a *> log.txt"), Targets{"log.txt"});
    EXPECT_EQ(powershell_write_targets("Set-Content Assets\\My` Script.cs x"), Targets{"Assets\\My Script.cs"});
    EXPECT_EQ(powershell_write_targets("Set-Content 'Assets\\It''s.cs' x"), Targets{"Assets\\It's.cs"});
    EXPECT_TRUE(powershell_write_targets("Get-Content Assets\\A.cs; dir Assets; Test-Path Assets\\A.cs").empty());
    EXPECT_TRUE(powershell_write_targets("").empty());
    EXPECT_TRUE(powershell_write_targets("\"unterminated > Assets\\X.cs").empty()) << "inside a string, > is text";

    rapidjson::Document input;
    input.Parse(R"({"command":"Set-Content -Path Assets\\Scripts\\Foo.cs -Value x"})");
    EXPECT_TRUE(check_tool_call("PowerShell", input, windows_project, windows_project));
    input.Parse(R"({"command":"Set-Content -Path UapStaging\\Scripts\\Foo.cs -Value x"})");
    EXPECT_FALSE(check_tool_call("PowerShell", input, windows_project, windows_project));
}


TEST(LaunchSettings, TheHookIsAnExecFormCommandAndTheRulesAreAList) {
    fs::path project = fs::temp_directory_path() / ("uap launch settings " + std::to_string(uap::platform::current_process_id()));
    RemovedAtExit cleanup{project};
    fs::create_directories(project);
    fs::path binary = project / "Program Files" / "Agent Panel's \"host\" $x" / "uap-host.exe";
    auto written = write_launch_settings(project, binary, {"Bash(git status:*)", "mcp__uap__look"});
    ASSERT_TRUE(written) << written.error().message();
    std::string text = read_all(*written); // Closed again: Windows cannot replace a file open elsewhere.
    auto document = uap::json::parse(text);
    ASSERT_TRUE(document && document->IsObject()) << text;
    const auto& hook = (*document)["hooks"]["PreToolUse"][0];
    EXPECT_EQ(std::string(hook["matcher"].GetString()), "Write|Edit|MultiEdit|NotebookEdit|Bash|PowerShell");
    const auto& command = hook["hooks"][0];
    EXPECT_EQ(std::string(command["command"].GetString()), binary.string()) << "the path as it is, no quoting";
    std::vector<std::string> arguments;
    for (auto& argument : command["args"].GetArray())
        arguments.push_back(argument.GetString());
    EXPECT_EQ(arguments, (std::vector<std::string>{"hook", "pre-tool-use", "--project", project.string()}));
    ASSERT_EQ((*document)["permissions"]["allow"].Size(), 2u);
    EXPECT_EQ(std::string((*document)["permissions"]["allow"][1].GetString()), "mcp__uap__look");
    EXPECT_FALSE((*document)["permissions"].HasMember("deny"));

    // Tools withdrawn from a live conversation are denied, even without allow rules.
    auto withdrawn = write_launch_settings(project, binary, {}, {"mcp__uap__gone"});
    ASSERT_TRUE(withdrawn) << withdrawn.error().message();
    auto withdrawn_document = uap::json::parse(read_all(*withdrawn));
    ASSERT_TRUE(withdrawn_document && withdrawn_document->IsObject());
    EXPECT_FALSE((*withdrawn_document)["permissions"].HasMember("allow"));
    ASSERT_EQ((*withdrawn_document)["permissions"]["deny"].Size(), 1u);
    EXPECT_EQ(std::string((*withdrawn_document)["permissions"]["deny"][0].GetString()), "mcp__uap__gone");

    // Without a hook binary and without rules the file holds neither.
    auto bare = write_launch_settings(project, std::nullopt, {});
    ASSERT_TRUE(bare) << "rewriting it (every spawn does): " << bare.error().message();
    std::string bare_text = read_all(*bare);
    auto bare_document = uap::json::parse(bare_text);
    ASSERT_TRUE(bare_document && bare_document->IsObject());
    EXPECT_FALSE(bare_document->HasMember("hooks"));
    EXPECT_FALSE(bare_document->HasMember("permissions"));
}
