// Starts the fake Messages API and reads the {"port": N} line it prints first.
#include "fake_messages_api.hpp"

#include "support/json.hpp"

#include <chrono>
#include <fstream>

#include <poll.h>
#include <unistd.h>

namespace uap::agent_test {

Expected<FakeMessagesApi> start_fake_messages_api(const std::filesystem::path& node_dir, const std::filesystem::path& folder,
                                                  const std::string& steps_json) {
    std::ofstream(folder / "steps.json") << steps_json;
    LaunchSpec spec{"/usr/bin/env",
                           {"node", (node_dir / "fake-anthropic" / "server.mjs").string(), "--script", (folder / "steps.json").string(),
                            "--record", (folder / "requests.jsonl").string()},
                           folder,
                           current_environment_without({})};
    auto launched = ChildProcess::launch(spec);
    if (!launched)
        return launched.error();
    FakeMessagesApi api{std::move(*launched), 0};
    api.process->close_stdin();
    std::string line;
    pollfd watch{static_cast<int>(api.process->stream(uap::ChildStream::Output)), POLLIN, 0};
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
    while (line.find('\n') == std::string::npos && std::chrono::steady_clock::now() < deadline)
        if (::poll(&watch, 1, 100) > 0) {
            char buffer[256];
            ssize_t count = ::read(watch.fd, buffer, sizeof(buffer));
            if (count <= 0)
                break;
            line.append(buffer, static_cast<size_t>(count));
        }
    auto announced = json::parse(line.substr(0, line.find('\n')));
    auto port = announced ? json::integer_field(*announced, "port") : std::nullopt;
    if (!port)
        return Error("the fake Messages API did not announce its port; it said: " + line);
    api.port = static_cast<int>(*port);
    return api;
}

std::vector<std::string> offline_cli_environment(const std::filesystem::path& home, const std::filesystem::path& temporary) {
    return {"ANTHROPIC_API_KEY=test-key", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
            "DISABLE_TELEMETRY=1",        "DISABLE_AUTOUPDATER=1",
            "DISABLE_ERROR_REPORTING=1",  "CLAUDE_CODE_MAX_RETRIES=0",
            "HOME=" + home.string(),      "TMPDIR=" + temporary.string()};
}

} // namespace uap::agent_test
