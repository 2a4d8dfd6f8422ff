// The scripted fake of the Anthropic Messages API (tests/node/fake-anthropic/server.mjs) as a child
// process for real-CLI tests: it plays the given steps and records every request it receives.
#pragma once

#include "support/child_process.hpp"
#include "support/expected.hpp"

#include <filesystem>
#include <memory>
#include <string>

namespace uap::agent_test {

struct FakeMessagesApi {
    std::unique_ptr<ChildProcess> process;
    int port = 0;
};

// Writes steps_json to <folder>/steps.json, starts the server with node from node_dir (tests/node)
// recording into <folder>/requests.jsonl, and waits up to 15 s for the port it announces.
Expected<FakeMessagesApi> start_fake_messages_api(const std::filesystem::path& node_dir, const std::filesystem::path& folder,
                                                  const std::string& steps_json);

} // namespace uap::agent_test
