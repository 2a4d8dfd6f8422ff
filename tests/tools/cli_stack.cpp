// The real-CLI host stack for tool tests; see cli_stack.hpp.
#include "cli_stack.hpp"

#include "../agent/fake_messages_api.hpp"

#include "agent/agent_settings.hpp"
#include "support/json.hpp"
#include "support/json_writer.hpp"

#include <chrono>
#include <fstream>

namespace uap::testing {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

CliStack::CliStack(const CliStackOptions& options) {
    fs::path cli = fs::path(UAP_TOOLS_NODE_DIR) / "node_modules" / ".bin" / "claude";
    if (!fs::exists(cli)) {
        m_problem = cli.string() + " is missing: run `npm ci` in tests/node";
        return;
    }
    char pattern[] = "/tmp/uapc-XXXXXX";
    if (!::mkdtemp(pattern)) {
        m_problem = "no scratch folder under /tmp";
        return;
    }
    m_root = pattern;
    fs::create_directories(m_root / "home");
    fs::create_directories(m_root / "t");
    ToolStackOptions stack_options;
    int fake_port = 0;
    stack_options.start_agent = true;
    stack_options.hook_binary = UAP_TOOLS_HOST_BINARY;
    stack_options.plugin_folders = options.plugin_folders;
    stack_options.agent_environment = agent_test::offline_cli_environment(m_root / "home", m_root / "t");
    stack_options.prepare = [&](const fs::path& project) -> std::vector<std::string> {
        if (auto api = agent_test::start_fake_messages_api(UAP_TOOLS_NODE_DIR, m_root, options.steps(project))) {
            m_fake = std::move(api->process);
            fake_port = api->port;
        }
        fs::create_directories(project / "UserSettings" / "AgentPanel");
        json::TextWriter settings;
        settings.begin_object()
            .field("permission_mode", "acceptEdits")
            .field("auto_approve", options.auto_approve)
            .key("always_allow")
            .begin_array();
        for (const auto& rule : options.always_allow)
            settings.value(rule);
        settings.end_array().field("cli_path", cli.string()).end_object();
        std::ofstream(agent::AgentSettings::file_for(project)) << settings.text();
        return {"ANTHROPIC_BASE_URL=http://127.0.0.1:" + std::to_string(fake_port)};
    };
    m_stack = std::make_unique<ToolStack>(stack_options);
    if (fake_port <= 0) {
        m_problem = "the fake Messages API did not start";
        return;
    }
    m_client = std::make_unique<agent_test::PanelClient>(m_stack->port(), m_stack->token("panel"));
}

CliStack::~CliStack() {
    m_client.reset();
    m_stack.reset();
    if (m_fake)
        m_fake->terminate_tree(2000ms); // The fake API this stack started.
    if (!m_root.empty() && !m_keep) {
        std::error_code ignored;
        fs::remove_all(m_root, ignored);
    }
}

std::vector<rapidjson::Document> CliStack::main_requests() const {
    std::vector<rapidjson::Document> bodies;
    std::ifstream stream(requests_file());
    std::string line;
    while (std::getline(stream, line)) {
        auto parsed = json::parse(line);
        if (!parsed || !parsed->IsObject() || json::string_field(*parsed, "kind").value_or("") != "main")
            continue;
        rapidjson::Document body;
        body.CopyFrom((*parsed)["body"], body.GetAllocator());
        bodies.push_back(std::move(body));
    }
    return bodies;
}

} // namespace uap::testing
