// ServedHost, McpProbe, open_panel and Attack.
#include "served_host.hpp"

#include "server/access_tokens.hpp"
#include "server/discovery_file.hpp"
#include "support/random.hpp"

#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/NetException.h>
#include <Poco/StreamCopier.h>

#include <algorithm>
#include <fstream>
#include <stdexcept>

namespace uap::testing {

namespace fs = std::filesystem;

namespace {

std::string host_header(uint16_t port) { return "127.0.0.1:" + std::to_string(port); }

} // namespace

HostProcess::HostProcess(const fs::path& host_binary, const std::vector<std::string>& arguments) {
    LaunchSpec spec;
    spec.program = host_binary;
    spec.arguments = arguments;
    spec.working_directory = fs::temp_directory_path();
    spec.environment = current_environment_without({"UAP_LOG_LEVEL"});
    spec.environment.push_back("UAP_LOG_LEVEL=warn");
    auto child = ChildProcess::launch(spec);
    if (!child)
        throw std::runtime_error(child.error().message());
    m_child = std::move(*child);
    m_child->close_stdin();
    // One thread drains both pipes through the platform layer (pipes cannot be polled together on Windows).
    m_drain = std::thread([this] {
        const ChildStream streams[2] = {ChildStream::Output, ChildStream::Errors};
        bool open[2] = {true, true};
        char buffer[4096];
        while (open[0] || open[1]) {
            for (int index = 0; index < 2; ++index) {
                if (!open[index] || !platform::wait_readable(m_child->stream(streams[index]), std::chrono::milliseconds(100)))
                    continue;
                std::size_t got = m_child->read(streams[index], buffer, sizeof(buffer));
                if (got == 0) {
                    open[index] = false;
                    continue;
                }
                std::lock_guard lock(m_output_mutex);
                m_output.append(buffer, got);
            }
        }
        m_drained = true;
    });
}

HostProcess::~HostProcess() {
    // Windows has no polite stop for a windowless child (terminate_tree spends the grace period
    // waiting for an exit nobody asked for), so there the host is ended at once.
    bool polite_stop = platform::operating_system_name() != "windows";
    m_child->terminate_tree(polite_stop ? std::chrono::seconds(10) : std::chrono::seconds(0));
    if (m_drain.joinable())
        m_drain.join();
}

int HostProcess::pid() const { return m_child->pid(); }

std::string HostProcess::output() const {
    std::lock_guard lock(m_output_mutex);
    return m_output;
}

std::optional<int> HostProcess::exit_code() { return m_child->poll_exit(); }

bool HostProcess::wait_serving(std::chrono::milliseconds limit) {
    auto deadline = std::chrono::steady_clock::now() + limit;
    while (output().find("uap-host: serving") == std::string::npos) {
        if (std::chrono::steady_clock::now() > deadline || m_child->poll_exit())
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return true;
}

std::optional<int> HostProcess::wait_exit(std::chrono::milliseconds limit) {
    auto code = m_child->wait_exit(limit);
    // The exit can be seen before the drain thread read the last output; callers read it next.
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
    while (code && !m_drained && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    return code;
}

fs::path fresh_folder(const std::string& prefix) {
    fs::path folder = fs::temp_directory_path() / (prefix + "-" + random::unique_suffix());
    if (!fs::create_directories(folder))
        throw std::runtime_error("cannot create the fresh folder " + folder.string());
    return folder;
}

ServedHost::ServedHost(const fs::path& host_binary, const std::string& limits_json) {
    m_project = fresh_folder("uap-server-test");
    fs::create_directories(m_project / "UserSettings" / "AgentPanel");
    std::ofstream(m_project / "UserSettings" / "AgentPanel" / "host-settings.json")
        << R"({"settingsVersion":1,"limits":)" << limits_json << "}";
    m_process = std::make_unique<HostProcess>(host_binary, std::vector<std::string>{"serve", "--project", m_project.string()});
    if (!m_process->wait_serving(std::chrono::seconds(30)))
        throw std::runtime_error("uap-host serve did not start: " + m_process->output());
    auto discovery = server::read_discovery(m_project);
    if (!discovery)
        throw std::runtime_error(discovery.error().message());
    m_port = discovery->port;
    auto mcp_token = server::AccessTokens::read_file(discovery->token_files.at("mcp"));
    auto panel_token = server::AccessTokens::read_file(discovery->token_files.at("panel"));
    if (!mcp_token || !panel_token)
        throw std::runtime_error("the host's token files cannot be read");
    m_mcp_token = *mcp_token;
    m_panel_token = *panel_token;
}

ServedHost::~ServedHost() {
    m_process.reset();
    std::error_code ignored;
    fs::remove_all(m_project, ignored);
}

bool ServedHost::running() { return m_process && !m_process->exit_code(); }

std::string ServedHost::output() const { return m_process ? m_process->output() : std::string(); }

McpProbe::McpProbe(uint16_t port, std::string token) : m_port(port), m_token(std::move(token)) {}

int McpProbe::post(const std::string& payload) {
    if (!m_client) {
        Poco::Net::StreamSocket socket;
        socket.connect(Poco::Net::SocketAddress("127.0.0.1", m_port), Poco::Timespan(30, 0));
        socket.setNoDelay(true); // Poco writes head and body separately; Nagle would delay the body.
        m_client = std::make_unique<Poco::Net::HTTPClientSession>(socket);
        m_client->setKeepAlive(true);
        m_client->setTimeout(Poco::Timespan(30, 0));
    }
    Poco::Net::HTTPRequest request(Poco::Net::HTTPRequest::HTTP_POST, "/mcp", Poco::Net::HTTPMessage::HTTP_1_1);
    request.setKeepAlive(true);
    request.setHost("127.0.0.1", m_port);
    request.setContentType("application/json");
    request.set("Accept", "application/json, text/event-stream");
    request.set("Authorization", "Bearer " + m_token);
    if (!m_session.empty()) {
        request.set("Mcp-Session-Id", m_session);
        request.set("MCP-Protocol-Version", "2025-06-18");
    }
    request.setContentLength(static_cast<std::streamsize>(payload.size()));
    try {
        m_client->sendRequest(request) << payload;
        Poco::Net::HTTPResponse response;
        std::istream& stream = m_client->receiveResponse(response);
        m_body.clear();
        Poco::StreamCopier::copyToString(stream, m_body);
        if (response.has("Mcp-Session-Id"))
            m_session = response.get("Mcp-Session-Id");
        return response.getStatus();
    } catch (const Poco::Exception& exception) {
        m_body = exception.displayText();
        m_client.reset();
        return 0;
    }
}

std::optional<std::string> McpProbe::initialize() {
    int status = post(R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18",)"
                      R"("capabilities":{},"clientInfo":{"name":"capacity-probe","version":"1"}}})");
    if (status != 200 || m_session.empty())
        return "initialize answered " + std::to_string(status) + ": " + m_body;
    return std::nullopt;
}

std::optional<std::string> McpProbe::open() {
    if (auto refused = initialize())
        return refused;
    if (int accepted = post(R"({"jsonrpc":"2.0","method":"notifications/initialized"})"); accepted != 202)
        return "notifications/initialized answered " + std::to_string(accepted) + ": " + m_body;
    return std::nullopt;
}

bool McpProbe::call(const std::string& tool, const std::string& arguments_json) {
    std::string payload = R"({"jsonrpc":"2.0","id":)" + std::to_string(++m_next_id) + R"(,"method":"tools/call","params":{"name":")" +
                          tool + R"(","arguments":)" + arguments_json + "}}";
    return post(payload) == 200 && m_body.find("\"result\"") != std::string::npos && m_body.find("\"isError\":true") == std::string::npos;
}

PanelAttempt open_panel(uint16_t port, const std::string& token) {
    PanelAttempt attempt;
    Poco::Net::HTTPClientSession session("127.0.0.1", port);
    session.setTimeout(Poco::Timespan(30, 0));
    Poco::Net::HTTPRequest request(Poco::Net::HTTPRequest::HTTP_GET, "/panel", Poco::Net::HTTPMessage::HTTP_1_1);
    request.setHost("127.0.0.1", port);
    request.set("Authorization", "Bearer " + token);
    Poco::Net::HTTPResponse response;
    try {
        attempt.socket = std::make_unique<Poco::Net::WebSocket>(session, request, response);
        attempt.status = 101;
    } catch (const Poco::Exception& exception) {
        attempt.status = response.getStatus();
        attempt.body = exception.displayText();
        // Poco's WebSocket client keeps the refusal's body to itself: ask again as plain HTTP to read it.
        try {
            Poco::Net::HTTPClientSession plain("127.0.0.1", port);
            Poco::Net::HTTPRequest again(Poco::Net::HTTPRequest::HTTP_GET, "/panel", Poco::Net::HTTPMessage::HTTP_1_1);
            again.setHost("127.0.0.1", port);
            again.set("Authorization", "Bearer " + token);
            again.set("Upgrade", "websocket");
            again.set("Connection", "Upgrade");
            again.set("Sec-WebSocket-Version", "13");
            again.set("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==");
            plain.sendRequest(again);
            Poco::Net::HTTPResponse refusal;
            std::istream& stream = plain.receiveResponse(refusal);
            attempt.body += "\n";
            Poco::StreamCopier::copyToString(stream, attempt.body);
        } catch (const Poco::Exception&) {
        }
    }
    return attempt;
}

Attack::Attack(uint16_t port, std::string panel_token, AttackPlan plan)
    : m_port(port), m_panel_token(std::move(panel_token)), m_plan(plan) {}

Attack::~Attack() { stop(); }

std::optional<Poco::Net::StreamSocket> Attack::connect_plain() {
    try {
        Poco::Net::StreamSocket socket;
        socket.connect(Poco::Net::SocketAddress("127.0.0.1", m_port), Poco::Timespan(5, 0));
        return socket;
    } catch (const Poco::Exception&) {
        return std::nullopt;
    }
}

void Attack::start() {
    for (int index = 0; index < m_plan.panels; ++index) {
        auto attempt = open_panel(m_port, m_panel_token);
        std::lock_guard lock(m_mutex);
        if (attempt.socket)
            m_panels.push_back(std::move(attempt.socket));
        else
            ++m_counts.panels_refused;
    }
    for (int index = 0; index < m_plan.idle; ++index)
        if (auto socket = connect_plain())
            m_idle.push_back(socket);
    auto now = std::chrono::steady_clock::now();
    for (int index = 0; index < m_plan.slowloris; ++index)
        if (auto socket = connect_plain())
            m_slow.push_back(Slow{socket, 0, now});
    m_thread = std::thread([this] { run(); });
}

void Attack::stop() {
    m_stopping = true;
    if (m_thread.joinable())
        m_thread.join();
    m_idle.clear();
    m_slow.clear();
    m_panels.clear();
}

Attack::Counts Attack::counts() const {
    std::lock_guard lock(m_mutex);
    return m_counts;
}

Attack::Counts Attack::counts_after_first_pass(std::chrono::milliseconds limit) const {
    auto deadline = std::chrono::steady_clock::now() + limit;
    while (counts().passes == 0 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    return counts();
}

bool Attack::closed_by_peer(Poco::Net::StreamSocket& socket) {
    try {
        if (!socket.poll(Poco::Timespan(0), Poco::Net::Socket::SELECT_READ | Poco::Net::Socket::SELECT_ERROR))
            return false;
        char buffer[1024];
        return socket.receiveBytes(buffer, sizeof(buffer)) <= 0;
    } catch (const Poco::Exception&) {
        return true;
    }
}

void Attack::run() {
    const std::string request_head = "POST /mcp HTTP/1.1\r\nHost: " + host_header(m_port) + "\r\nContent-Type: application/json\r\n";
    while (!m_stopping) {
        int closed = 0;
        for (auto& socket : m_idle)
            if (socket && closed_by_peer(*socket)) {
                ++closed;
                socket.reset();
                if (m_plan.reopen == Reopen::WhenClosed)
                    socket = connect_plain();
            }
        auto now = std::chrono::steady_clock::now();
        for (auto& slow : m_slow) {
            if (!slow.socket)
                continue;
            bool gone = closed_by_peer(*slow.socket);
            if (!gone && now >= slow.next) {
                try {
                    // Never finishes the head: one byte per interval, cycling through it.
                    slow.socket->sendBytes(&request_head[slow.sent % request_head.size()], 1);
                    ++slow.sent;
                    slow.next = now + m_plan.slowloris_interval;
                } catch (const Poco::Exception&) {
                    gone = true;
                }
            }
            if (gone) {
                ++closed;
                slow = Slow{m_plan.reopen == Reopen::WhenClosed ? connect_plain() : std::nullopt, 0, now};
            }
        }
        int panels_open = 0;
        for (auto& panel : m_panels) {
            if (!panel)
                continue;
            try {
                // Reads what the host sends (the snapshot) so only the host can end the socket.
                while (panel->poll(Poco::Timespan(0), Poco::Net::Socket::SELECT_READ)) {
                    Poco::Buffer<char> frame(0);
                    int flags = 0;
                    int length = panel->receiveFrame(frame, flags);
                    if (length <= 0 || (flags & Poco::Net::WebSocket::FRAME_OP_BITMASK) == Poco::Net::WebSocket::FRAME_OP_CLOSE)
                        throw Poco::Net::NetException("closed");
                }
                ++panels_open;
            } catch (const Poco::Exception&) {
                panel.reset();
            }
        }
        {
            std::lock_guard lock(m_mutex);
            ++m_counts.passes;
            m_counts.closed_by_server += closed;
            m_counts.panels_open = panels_open;
            m_counts.idle_open = static_cast<int>(std::count_if(m_idle.begin(), m_idle.end(), [](auto& socket) { return socket.has_value(); }));
            m_counts.slowloris_open = static_cast<int>(std::count_if(m_slow.begin(), m_slow.end(), [](auto& slow) { return slow.socket.has_value(); }));
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

} // namespace uap::testing
