// AgentSession: construction, start and shutdown, the session state and the status and notice
// events every panel sees. The other parts of the class live in agent_session_*.cpp.
#include "agent/agent_session.hpp"

#include "agent/cli_locator.hpp"
#include "agent/event_json.hpp"
#include "agent/launch_files.hpp"
#include "support/platform/platform.hpp"
#include "support/utf8_path.hpp"
#include "support/log.hpp"

namespace uap::agent {

namespace fs = std::filesystem;

std::string to_string(SessionState state) {
    switch (state) {
    case SessionState::Stopped: return "stopped";
    case SessionState::Starting: return "starting";
    case SessionState::Ready: return "ready";
    case SessionState::Running: return "running";
    case SessionState::WaitingPermission: return "waiting_permission";
    case SessionState::Resuming: return "resuming";
    case SessionState::Errored: return "errored";
    }
    return "stopped";
}

AgentSession::AgentSession(AgentOptions options, api::EventSink& hub) : m_options(std::move(options)), m_hub(hub) {}

AgentSession::~AgentSession() { shutdown(); }

void AgentSession::set_mcp_url(std::string url) {
    std::lock_guard lock(m_mutex);
    m_options.mcp_url = std::move(url);
}

fs::path AgentSession::claude_home() const {
    for (auto& entry : m_options.environment_overrides)
        if (entry.rfind("HOME=", 0) == 0)
            return utf8::to_path(entry.substr(5));
    auto home = platform::environment_value("HOME");
    return home ? utf8::to_path(*home) : fs::path("/");
}

Expected<void> AgentSession::start(std::optional<std::string> resume_session_id) {
    kill_recorded_orphan(m_options.project);
    std::lock_guard lock(m_mutex);
    auto settings = AgentSettings::load(m_options.project);
    if (settings)
        m_settings = std::move(*settings);
    else
        publish_notice_locked("warning", notice("settings_unreadable", {{"error", settings.error().message()}}));
    for (auto& rule : m_settings.always_allow)
        if (offers_narrower_scopes(rule))
            publish_notice_locked("warning", notice("broad_allow_rule", {{"rule", rule}}));
    auto cli = locate_cli(m_settings.cli_path);
    m_cli_located = cli ? CliLocated::Yes : CliLocated::No;
    check_sign_in_locked(); // Also when the CLI is missing: the first-run card says how to install it.
    if (!cli) {
        m_errored = true;
        m_error = cli.error().message();
        publish_status_locked();
        return cli.error();
    }
    m_cli = cli->path;
    return begin_locked(std::move(resume_session_id));
}

Expected<void> AgentSession::begin_locked(std::optional<std::string> resume_session_id) {
    if (!resume_session_id && m_options.first_session == FirstSession::ReopenLast)
        resume_session_id = reopen_last_locked();
    if (!m_supervisor.joinable())
        m_supervisor = std::thread([this] { supervise(); });
    return spawn_locked(std::move(resume_session_id));
}

void AgentSession::shutdown() {
    std::unique_ptr<CliProcess> process;
    std::vector<std::unique_ptr<CliProcess>> dead;
    {
        std::lock_guard lock(m_mutex);
        m_shutting_down = true;
        m_stop_supervisor = true;
        process = take_process_locked();
        dead = std::move(m_dead_processes);
    }
    m_wake.notify_all();
    if (m_supervisor.joinable())
        m_supervisor.join();
    if (m_sign_in_thread.joinable())
        m_sign_in_thread.join(); // Its end sees m_shutting_down and changes nothing.
    if (process)
        process->stop(std::chrono::milliseconds(2000)); // stdin EOF lets the CLI flush its transcript.
    dead.clear();
}

void AgentSession::republish_status() {
    std::lock_guard lock(m_mutex);
    publish_status_locked();
}

size_t AgentSession::kept_document_bytes() const {
    std::lock_guard lock(m_mutex);
    return json::pool_bytes(m_last_init) + json::pool_bytes(m_usage) + json::pool_bytes(m_models) + json::pool_bytes(m_slash_commands);
}

platform::ProcessId AgentSession::cli_pid() const {
    std::lock_guard lock(m_mutex);
    return m_process ? m_process->pid() : 0;
}

std::string AgentSession::session_id() const {
    std::lock_guard lock(m_mutex);
    return m_session_id;
}

SessionState AgentSession::state() const {
    std::lock_guard lock(m_mutex);
    return state_locked();
}

SessionState AgentSession::state_locked() const {
    if (m_errored && !m_respawn_due)
        return SessionState::Errored;
    if (!m_process)
        return m_respawn_due ? SessionState::Resuming : SessionState::Stopped;
    if (!m_initialized)
        return SessionState::Starting;
    if (!m_pending.empty())
        return SessionState::WaitingPermission;
    if (m_turns.phase() != TurnPhase::Idle)
        return SessionState::Running;
    return SessionState::Ready;
}

void AgentSession::publish_status_locked() {
    auto status_event = event("status");
    auto& allocator = status_event.GetAllocator();
    rapidjson::Value status(rapidjson::kObjectType);
    auto text = [&](const char* name, const std::string& value) {
        status.AddMember(rapidjson::StringRef(name), json::string_value(value, allocator), allocator);
    };
    text("state", to_string(state_locked()));
    text("session_id", m_session_id);
    text("model", m_model.empty() ? m_settings.model : m_model);
    text("permission_mode", m_settings.permission_mode);
    text("auto_approve", to_string(m_settings.auto_approve));
    text("cli_version", m_cli_version);
    text("auth_mode", to_string(m_settings.auth));
    text("custom_instructions", m_settings.append_system_prompt);
    if (m_sign_in_checked)
        status.AddMember("sign_in", sign_in_json(m_sign_in, allocator), allocator);
    // The project folder, so a front-end that loses the host can print the exact command that brings it back.
    text("project", utf8::from_path(m_options.project));
    text("error", m_error);
    status.AddMember("cli_pid", m_process ? m_process->pid() : 0, allocator);
    status.AddMember("turn_id", m_turns.current_turn(), allocator);
    status.AddMember("queued_messages", static_cast<uint64_t>(m_turns.queued() + m_outbox.size()), allocator);
    status.AddMember("pending_permissions", static_cast<uint64_t>(m_pending.size()), allocator);
    status.AddMember("gate_active", m_gate_active, allocator);
    status.AddMember("context_tokens", m_context_tokens, allocator);
    status.AddMember("context_window", m_context_window, allocator);
    status.AddMember("total_cost_usd", m_cost_usd, allocator);
    status.AddMember("usage", rapidjson::Value(m_usage, allocator), allocator);
    status.AddMember("models", rapidjson::Value(m_models, allocator), allocator);
    status.AddMember("slash_commands", rapidjson::Value(m_slash_commands, allocator), allocator);
    rapidjson::Value rules(rapidjson::kArrayType);
    for (auto& rule : m_settings.always_allow)
        rules.PushBack(json::string_value(rule, allocator), allocator);
    status.AddMember("always_allow", rules, allocator);
    rapidjson::Value deny_rules(rapidjson::kArrayType);
    for (auto& rule : m_settings.always_deny)
        deny_rules.PushBack(json::string_value(rule, allocator), allocator);
    status.AddMember("always_deny", deny_rules, allocator);
    rapidjson::Value always_ask(rapidjson::kArrayType);
    for (auto kind : m_settings.always_ask)
        always_ask.PushBack(json::string_value(to_string(kind), allocator), allocator);
    status.AddMember("always_ask", always_ask, allocator);
    StatusContext context{m_last_init.IsObject() ? &m_last_init : nullptr, m_cli_located};
    for (const auto& source : m_options.status_sources)
        source(context, status, allocator);
    status_event.AddMember("status", status, allocator);
    m_hub.publish(std::move(status_event));
}

void AgentSession::report_if_failed_locked(const Expected<void>& result, const std::string& what) {
    if (result)
        return;
    log::agent.warn("{}: {}", what, result.error().message());
    publish_notice_locked("warning", untranslated_notice(what + ": " + result.error().message()));
}

std::optional<std::string> AgentSession::reopen_last_locked() {
    auto entries = list_history(claude_home(), m_options.project);
    if (entries.empty())
        return std::nullopt;
    auto items = load_history(claude_home(), m_options.project, entries.front().session_id);
    if (!items) {
        publish_notice_locked("warning", notice("reopen_failed", {{"error", items.error().message()}}));
        return std::nullopt;
    }
    publish_transcript_locked(*items, entries.front().session_id);
    return entries.front().session_id;
}

void AgentSession::publish_transcript_locked(const std::vector<rapidjson::Document>& items, const std::string& session_id) {
    m_continuable_turn.reset(); // Another conversation is shown; its last turn is not this one.
    auto reset = event("transcript_reset");
    rapidjson::Value list(rapidjson::kArrayType);
    for (auto& item : items)
        list.PushBack(rapidjson::Value(item, reset.GetAllocator()), reset.GetAllocator());
    reset.AddMember("items", list, reset.GetAllocator());
    put(reset, "session_id", session_id);
    m_hub.publish(std::move(reset));
}

void AgentSession::publish_notice_locked(const std::string& level, const NoticeText& notice) {
    m_hub.publish(notice_event(level.c_str(), notice));
}

std::string AgentSession::cli_version_phrase_locked() const {
    return m_cli_version.empty() ? std::string() : " (version " + m_cli_version + ")";
}

} // namespace uap::agent
