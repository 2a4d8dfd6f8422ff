// The scripted fake of the Anthropic Messages API (tests/node/fake-anthropic/server.mjs) as a child
// process for real-CLI tests: it plays the given steps and records every request it receives.
#pragma once

#include "support/child_process.hpp"
#include "support/expected.hpp"

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace uap::agent_test {

struct FakeMessagesApi {
    std::unique_ptr<ChildProcess> process;
    int port = 0;
};

// Writes steps_json to <folder>/steps.json, starts the server with node from node_dir (tests/node)
// recording into <folder>/requests.jsonl, and waits up to 15 s for the port it announces.
Expected<FakeMessagesApi> start_fake_messages_api(const std::filesystem::path& node_dir, const std::filesystem::path& folder,
                                                  const std::string& steps_json);

// The environment of a real CLI run against the fake, but for ANTHROPIC_BASE_URL: an API key the fake
// accepts; no telemetry, updates, error reports or retries; and a HOME and TMPDIR of the test's own,
// so nothing of the user's is read or written.
std::vector<std::string> offline_cli_environment(const std::filesystem::path& home, const std::filesystem::path& temporary);

} // namespace uap::agent_test
