// AgentSession: the sign-in check on its own thread, the sign-in mode, and a login the API refused
// during a turn.
#include "agent/agent_session.hpp"

#include "support/utf8_path.hpp"

namespace uap::agent {

void AgentSession::check_sign_in() {
    std::lock_guard lock(m_mutex);
    if (auto adopted = adopt_saved_settings_if_never_started_locked(); !adopted)
        publish_notice_locked("warning", notice("settings_unreadable_sign_in", {{"error", adopted.error().message()}}));
    // "Check again" also follows a cli_path the user has just set in the file, as the missing-CLI report suggests.
    if (auto saved = AgentSettings::load(m_options.project))
        m_settings.cli_path = saved->cli_path;
    check_sign_in_locked();
}

void AgentSession::check_sign_in_locked() {
    if (m_sign_in_running || m_shutting_down)
        return;
    // A previous check has ended: it cleared m_sign_in_running under this lock and only returns after that.
    if (m_sign_in_thread.joinable())
        m_sign_in_thread.join();
    m_sign_in_running = true;
    m_sign_in_checked = true;
    m_sign_in.state = SignInState::Checking;
    publish_status_locked();
    m_sign_in_thread = std::thread([this, cli_path = m_settings.cli_path, environment = child_environment(), project = m_options.project] {
        finish_sign_in_check(probe_sign_in(cli_path, environment, project));
    });
}

void AgentSession::finish_sign_in_check(SignInReport report) {
    std::lock_guard lock(m_mutex);
    m_sign_in_running = false;
    if (m_shutting_down)
        return;
    m_sign_in = std::move(report);
    // start() found no CLI and there is one now (the user installed it and pressed "Check again"):
    // the session starts as start() would have started it.
    if (m_cli_located == CliLocated::No && m_cli.empty() && !m_sign_in.cli_path.empty()) {
        m_cli = utf8::to_path(m_sign_in.cli_path);
        m_cli_located = CliLocated::Yes;
        m_errored = false;
        m_error.clear();
        report_if_failed_locked(begin_locked(std::nullopt), "the agent did not start");
    }
    publish_status_locked();
}

Expected<void> AgentSession::set_auth_mode(AuthMode mode) {
    std::lock_guard lock(m_mutex);
    if (auto adopted = adopt_saved_settings_if_never_started_locked(); !adopted)
        return adopted.error();
    if (m_settings.auth == mode)
        return {};
    auto previous = m_settings.auth;
    m_settings.auth = mode;
    if (auto saved = m_settings.save(m_options.project); !saved) {
        m_settings.auth = previous; // What runs and what is saved stay the same.
        return saved;
    }
    request_relaunch_locked(mode == AuthMode::SubscriptionOnly ? "without ANTHROPIC_API_KEY, to sign in with the Claude subscription only"
                                                               : "with ANTHROPIC_API_KEY passed on when it is set");
    check_sign_in_locked();
    return {};
}

void AgentSession::note_login_rejected_locked(const std::string& cli_text) {
    if (m_sign_in.state == SignInState::LoginRejected && cli_text.empty())
        return; // A retry's notice says nothing the CLI's own message did not.
    m_sign_in_checked = true;
    m_sign_in = rejected_login(std::move(m_sign_in), cli_text);
    publish_status_locked();
}

} // namespace uap::agent
