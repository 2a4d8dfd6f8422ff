// Turn memory benchmark (not a test): `uap-host serve --editor sim --agent` with the real Claude Code
// CLI on the scripted fake Messages API and one panel attached runs TURNS turns (each: one call of
// the echo test tool, then a streamed answer) and prints the host's VmRSS every EVERY turns.
// usage: turn_memory_bench [TURNS [EVERY]]   (needs `npm ci` in tests/node; UAP_BENCH_HOST_WRAPPER=heaptrack
// runs the host under a profiler)
#include "fake_messages_api.hpp"
#include "panel_client.hpp"
#include "served_host.hpp"

#include "agent/agent_settings.hpp"
#include "server/access_tokens.hpp"
#include "server/discovery_file.hpp"
#include "support/json.hpp"
#include "support/json_writer.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

// The host's resident set in kB, from /proc/PID/status; 0 when it cannot be read.
long resident_kilobytes(int pid) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmRSS:", 0) == 0)
            return std::strtol(line.c_str() + 6, nullptr, 10);
    return 0;
}

// Per turn: the model calls the echo tool, then answers with a few hundred characters.
std::string script(int turns) {
    rapidjson::Document steps(rapidjson::kArrayType);
    auto& allocator = steps.GetAllocator();
    std::string answer;
    for (int word = 0; word < 60; ++word)
        answer += "word" + std::to_string(word) + " ";
    for (int turn = 0; turn < turns; ++turn) {
        rapidjson::Value input(rapidjson::kObjectType);
        input.AddMember("text", uap::json::string_value("turn-" + std::to_string(turn), allocator), allocator);
        rapidjson::Value call(rapidjson::kObjectType);
        call.AddMember("name", "mcp__uap__echo", allocator);
        call.AddMember("input", input, allocator);
        rapidjson::Value tool_step(rapidjson::kObjectType);
        tool_step.AddMember("tool_use", call, allocator);
        steps.PushBack(tool_step, allocator);
        rapidjson::Value text_step(rapidjson::kObjectType);
        text_step.AddMember("text", uap::json::string_value("Turn " + std::to_string(turn) + ": " + answer, allocator), allocator);
        steps.PushBack(text_step, allocator);
    }
    return uap::json::to_text(steps);
}

// The offline CLI's environment, inherited by the host and passed on to the CLI it starts.
void prepare_environment(const fs::path& root, int fake_port) {
    ::unsetenv("CLAUDECODE");
    ::setenv("ANTHROPIC_BASE_URL", ("http://127.0.0.1:" + std::to_string(fake_port)).c_str(), 1);
    ::setenv("ANTHROPIC_API_KEY", "test-key", 1);
    for (const char* name : {"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "DISABLE_TELEMETRY", "DISABLE_AUTOUPDATER", "DISABLE_ERROR_REPORTING"})
        ::setenv(name, "1", 1);
    ::setenv("CLAUDE_CODE_MAX_RETRIES", "0", 1);
    ::setenv("HOME", (root / "home").c_str(), 1);
    ::setenv("TMPDIR", (root / "t").c_str(), 1);
}

void write_agent_settings(const fs::path& project) {
    rapidjson::Document settings(rapidjson::kObjectType);
    fs::path cli = fs::path(UAP_BENCH_NODE_DIR) / "node_modules" / ".bin" / "claude";
    settings.AddMember("cli_path", uap::json::string_value(cli.string(), settings.GetAllocator()), settings.GetAllocator());
    settings.AddMember("auto_approve", "read_only", settings.GetAllocator());
    fs::create_directories(project / "UserSettings" / "AgentPanel");
    std::ofstream(uap::agent::AgentSettings::file_for(project)) << uap::json::to_text(settings);
}

// The host's transcript as a front-end connecting now receives it: items and bytes.
void print_snapshot_size(uint16_t port, const std::string& token) {
    uap::agent_test::PanelClient late(port, token);
    if (late.wait_for_type("snapshot", 10s) != 0)
        return;
    auto snapshot = late.message(0);
    std::printf("snapshot for a front-end connecting now: %zu bytes, %u transcript items (%zu bytes)\n",
                uap::json::to_text(snapshot).size(), snapshot["transcript"].Size(), uap::json::to_text(snapshot["transcript"]).size());
}

// Runs the turns, printing the RSS before the first, after the first (when the one-time costs of
// the first MCP session and tool call are paid) and every `every` turns.
int run_turns(uap::testing::HostProcess& host, uap::agent_test::PanelClient& panel, int turns, int every) {
    std::printf("host pid %d, %d turns, RSS sampled every %d turns\n", host.pid(), turns, every);
    std::printf("%6s %10s %12s %14s\n", "turn", "RSS kB", "since start", "since turn 1");
    long start = resident_kilobytes(host.pid());
    long after_first = start;
    std::printf("%6d %10ld %12ld %14s\n", 0, start, 0L, "-");
    size_t from = 0;
    for (int turn = 1; turn <= turns; ++turn) {
        panel.send(uap::json::TextWriter().begin_object().field("type", "send").field("text", "turn " + std::to_string(turn)).end_object().text());
        int finished = panel.wait_for_type("turn_finished", 120s, from);
        if (finished < 0) {
            std::cerr << "turn " << turn << " did not finish; host output:\n" << host.output() << "\n";
            return 1;
        }
        if (panel.wait_for_type("tool_finished", 0ms, from) < 0) {
            std::cerr << "turn " << turn << " called no tool; the script and the turns are out of step\n";
            return 1;
        }
        from = static_cast<size_t>(finished) + 1;
        long now = resident_kilobytes(host.pid());
        if (turn == 1)
            after_first = now;
        if (turn == 1 || turn % every == 0) {
            std::printf("%6d %10ld %12ld %14ld\n", turn, now, now - start, now - after_first);
            std::fflush(stdout);
        }
    }
    return 0;
}

int run(const fs::path& root, int turns, int every) {
    fs::path project = root / "project";
    fs::create_directories(project / "Assets");
    fs::create_directories(root / "home");
    fs::create_directories(root / "t");
    auto api = uap::agent_test::start_fake_messages_api(UAP_BENCH_NODE_DIR, root, script(turns));
    if (!api) {
        std::cerr << api.error().message() << "\n";
        return 1;
    }
    prepare_environment(root, api->port);
    write_agent_settings(project);
    std::vector<std::string> arguments{"serve", "--project", project.string(), "--editor", "sim", "--agent", "--plugins", UAP_BENCH_TEST_PLUGINS};
    // A profiler such as heaptrack may run the host; the RSS figures are then the profiler's.
    fs::path program = UAP_HOST_BINARY;
    if (const char* wrapper = std::getenv("UAP_BENCH_HOST_WRAPPER"); wrapper && *wrapper) {
        arguments.insert(arguments.begin(), program.string());
        program = wrapper;
    }
    uap::testing::HostProcess host(program, arguments);
    if (!host.wait_serving(30s)) {
        std::cerr << "uap-host serve did not start:\n" << host.output() << "\n";
        return 1;
    }
    auto discovery = uap::server::read_discovery(project);
    auto token = discovery ? uap::server::AccessTokens::read_file(discovery->token_files.at("panel")) : uap::Expected<std::string>(discovery.error());
    if (!token) {
        std::cerr << "the panel token cannot be read: " << token.error().message() << "\n";
        return 1;
    }
    uap::agent_test::PanelClient panel(discovery->port, *token);
    int code = run_turns(host, panel, turns, every);
    print_snapshot_size(discovery->port, *token);
    return code;
}

} // namespace

int main(int argc, char** argv) {
    int turns = argc > 1 ? std::atoi(argv[1]) : 200;
    int every = argc > 2 ? std::atoi(argv[2]) : 10;
    if (turns <= 0 || every <= 0) {
        std::cerr << "usage: turn_memory_bench [TURNS [EVERY]] with positive numbers, e.g. turn_memory_bench 200 10\n";
        return 2;
    }
    fs::path root = uap::testing::fresh_folder("uap-turn-memory");
    int code = run(root, turns, every);
    std::error_code ignored;
    fs::remove_all(root, ignored);
    return code;
}
