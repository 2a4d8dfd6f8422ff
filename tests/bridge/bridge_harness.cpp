// The bridge test harness: loopback server, temporary project, in-process and child-process editors.
#include "bridge_harness.hpp"

#include "app/editor_connection.hpp"
#include "modules/status_codes.hpp"

#include <csignal>
#include <cstdlib>
#include <fstream>
#include <random>
#include <stdexcept>

#include <sys/wait.h>
#include <unistd.h>

namespace uap::testing {

namespace {

std::filesystem::path make_project() {
    std::random_device device;
    auto folder = std::filesystem::temp_directory_path() / ("uap-bridge-test-" + std::to_string(getpid()) + "-" + std::to_string(device()));
    std::filesystem::create_directories(folder / "UserSettings" / "AgentPanel" / "tokens");
    return folder;
}

} // namespace

BridgeHarness::BridgeHarness(bridge::BridgeOptions options, const Clock& clock) : m_project(make_project()) {
    if (options.project_path == "<harness>")
        options.project_path = m_project.string();
    m_bridge = std::make_unique<bridge::BridgeServer>(options, clock);
    // The production server and guard, so the tests exercise the checks the host really runs.
    m_tokens = std::make_unique<server::AccessTokens>("mcp-token-0123456789abcdef", editor_token, "panel-token-0123456789abcdef");
    m_guard = std::make_unique<server::RequestGuard>(*m_tokens, server::default_max_body_bytes);
    m_router = std::make_unique<server::Router>(*m_guard);
    m_server = std::make_unique<server::HostServer>(*m_guard, *m_router, server::ServerOptions{});
    m_server->add_upgrade_route(app::bridge_route(*m_bridge));
    auto bound = m_server->start();
    if (!bound)
        throw std::runtime_error("the bridge test server did not start: " + bound.error().message());
    m_port = *bound;
    auto folder = m_project / "UserSettings" / "AgentPanel";
    std::ofstream(folder / "host.json") << "{\"pid\":" << getpid() << ",\"port\":" << m_port << "}";
    std::ofstream(folder / "tokens" / "editor.token") << editor_token;
}

BridgeHarness::~BridgeHarness() {
    m_bridge->shutdown();
    m_server->stop();
    std::error_code ignored;
    std::filesystem::remove_all(m_project, ignored);
}

editor_sim::SimulatorIdentity BridgeHarness::identity(std::string session) const {
    editor_sim::SimulatorIdentity identity;
    identity.project_path = m_project.string();
    identity.editor_pid = getpid();
    identity.editor_session_id = std::move(session);
    return identity;
}

editor_sim::HostEndpoint BridgeHarness::endpoint() const {
    editor_sim::HostEndpoint endpoint;
    endpoint.port = m_port;
    endpoint.token = editor_token;
    return endpoint;
}

std::unique_ptr<editor_sim::SimulatedEditor> BridgeHarness::connect_in_process(editor_sim::EditorSimulator& simulator,
                                                                               const Clock& editor_clock) {
    auto editor =
        std::make_unique<editor_sim::SimulatedEditor>(simulator, endpoint(), editor_sim::SimulatedEditor::Reporter{}, editor_clock);
    editor->start();
    editor->wait_connected(std::chrono::seconds(10));
    return editor;
}

BridgeHarness::Answer BridgeHarness::call(std::string_view method, std::string_view params, uint32_t timeout_ms) {
    // As a module sees it: the ABI status and the result or the editor's error object.
    auto called = m_bridge->call(method, params, timeout_ms, nullptr);
    Answer answer;
    answer.status = called ? UAP_STATUS_OK : uap::modules::to_status(called.error().code());
    answer.json = called ? *called : called.error().detail();
    return answer;
}

EditorProcess::EditorProcess(const std::filesystem::path& project, std::vector<std::string> extra_arguments) {
    std::vector<std::string> arguments{"--project", project.string()};
    arguments.insert(arguments.end(), extra_arguments.begin(), extra_arguments.end());
    m_input = std::make_unique<Poco::Pipe>();
    m_output = std::make_unique<Poco::Pipe>();
    m_handle = std::make_unique<Poco::ProcessHandle>(Poco::Process::launch(UAP_EDITOR_SIM_PATH, arguments, m_input.get(), m_output.get(), nullptr));
    m_pid = m_handle->id();
    m_stdin = std::make_unique<Poco::PipeOutputStream>(*m_input);
    m_reader = std::thread([this] {
        Poco::PipeInputStream output(*m_output);
        std::string line;
        while (std::getline(output, line)) {
            std::lock_guard lock(m_mutex);
            m_lines.push_back(line);
            m_changed.notify_all();
        }
        std::lock_guard lock(m_mutex);
        m_closed = true;
        m_changed.notify_all();
    });
}

EditorProcess::~EditorProcess() {
    if (!m_exited) {
        kill(m_pid, SIGKILL);
        wait_exit(std::chrono::seconds(10));
    }
    m_stdin.reset();
    m_input->close();
    if (m_reader.joinable())
        m_reader.join();
}

void EditorProcess::command(const std::string& line) {
    *m_stdin << line << std::endl;
}

bool EditorProcess::wait_for_line(const std::string& prefix, std::chrono::milliseconds timeout, std::string* line) {
    std::unique_lock lock(m_mutex);
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (true) {
        for (auto it = m_lines.begin(); it != m_lines.end(); ++it)
            if (it->rfind(prefix, 0) == 0) {
                if (line)
                    *line = *it;
                m_lines.erase(it);
                return true;
            }
        if (m_closed || m_changed.wait_until(lock, deadline) == std::cv_status::timeout)
            if (m_closed || std::chrono::steady_clock::now() >= deadline)
                return false;
    }
}

bool EditorProcess::settle() {
    command("stats");
    return wait_for_line("stats", std::chrono::seconds(10));
}

bool EditorProcess::advance(std::chrono::milliseconds amount) {
    command("advance " + std::to_string(amount.count()));
    return wait_for_line("clock ", std::chrono::seconds(10));
}

long long EditorProcess::counter(const std::string& name) {
    command("stats");
    std::string line;
    if (!wait_for_line("stats", std::chrono::seconds(10), &line))
        return -1;
    std::size_t at = line.find(" " + name + "=");
    return at == std::string::npos ? -1 : std::atoll(line.c_str() + at + name.size() + 2);
}

int EditorProcess::wait_exit(std::chrono::milliseconds timeout) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        int status = 0;
        pid_t done = waitpid(m_pid, &status, WNOHANG);
        if (done == m_pid) {
            m_exited = true;
            return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return -1;
}

} // namespace uap::testing
