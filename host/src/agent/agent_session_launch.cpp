// AgentSession: spawning the CLI (arguments, environment, the initialize handshake), replacing it,
// and the supervisor that restarts it after an unexpected exit, within the death budget.
#include "agent/agent_session.hpp"
#include "support/processes.hpp"

#include "agent/cli_compatibility.hpp"
#include "agent/event_json.hpp"
#include "agent/interrupted_answers.hpp"
#include "agent/launch_files.hpp"
#include "agent/steering.hpp"
#include "support/utf8_path.hpp"
#include "support/log.hpp"

namespace uap::agent {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

std::vector<std::string> AgentSession::child_environment() const {
    std::vector<std::string> removed = {"CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT", "CLAUDE_CODE_SESSION_ID"};
    if (m_settings.auth == AuthMode::SubscriptionOnly)
        removed.push_back("ANTHROPIC_API_KEY");
    for (auto& entry : m_options.environment_overrides)
        removed.push_back(entry.substr(0, entry.find('=')));
    auto environment = current_environment_without(removed);
    for (auto& entry : m_options.environment_overrides)
        if (m_settings.auth != AuthMode::SubscriptionOnly || entry.rfind("ANTHROPIC_API_KEY=", 0) != 0)
            environment.push_back(entry);
    return environment;
}

std::vector<std::string> AgentSession::allowed_rules_locked() const {
    if (!m_static_permissions)
        return m_settings.always_allow;
    return static_allow_rules(m_settings, m_options.tools ? m_options.tools() : std::vector<std::string>{}, m_options.metadata);
}

std::vector<std::string> AgentSession::denied_rules_locked() const {
    std::vector<std::string> rules = m_settings.always_deny;
    for (const auto& tool : m_withdrawn_tools)
        if (std::find(rules.begin(), rules.end(), tool) == rules.end())
            rules.push_back(tool);
    return rules;
}

std::vector<std::string> AgentSession::launch_arguments_locked(const fs::path& mcp_config, const fs::path& launch_settings, const fs::path& appended_prompt,
                                                               const std::optional<std::string>& resume_session_id) const {
    std::vector<std::string> arguments = {"-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose",
                                          "--include-partial-messages", "--replay-user-messages"};
    if (!m_static_permissions) {
        arguments.push_back("--permission-prompt-tool");
        arguments.push_back("stdio");
    }
    arguments.insert(arguments.end(), {"--mcp-config", utf8::from_path(mcp_config), "--strict-mcp-config"});
    arguments.push_back("--settings");
    arguments.push_back(utf8::from_path(launch_settings));
    if (!m_settings.permission_mode.empty() && m_settings.permission_mode != "default") {
        arguments.push_back("--permission-mode");
        arguments.push_back(m_settings.permission_mode);
    }
    if (!m_settings.model.empty())
        arguments.push_back("--model=" + m_settings.model);
    arguments.push_back("--append-system-prompt-file");
    arguments.push_back(utf8::from_path(appended_prompt));
    // By default the CLI records a conversation's system prompt once and replays that record on
    // every resume, so a changed appended text (a profile approved, a pack disabled) would never
    // reach the model; "off" renders it afresh at every request.
    arguments.push_back("--system-prompt-snapshot");
    arguments.push_back("off");
    for (const auto& source : m_options.argument_sources)
        for (auto& argument : source())
            arguments.push_back(std::move(argument));
    if (resume_session_id)
        arguments.push_back("--resume=" + *resume_session_id); // The "=" form: an id can never become a flag.
    if (resume_session_id && m_fork_at) {
        // A new session holding the conversation up to that message: the original stays in history.
        arguments.push_back("--resume-session-at=" + *m_fork_at);
        arguments.push_back("--fork-session");
    }
    return arguments;
}

Expected<void> AgentSession::spawn_locked(std::optional<std::string> resume_session_id) {
    if (resume_session_id && !valid_session_id(*resume_session_id))
        return Error("not a session id: " + *resume_session_id);
    auto mcp_config = write_mcp_config(m_options.project, m_options.mcp_url, m_options.mcp_token);
    if (!mcp_config)
        return mcp_config.error();
    std::optional<fs::path> hook_binary;
    std::error_code error;
    if (!m_options.host_binary.empty() && fs::is_regular_file(m_options.host_binary, error))
        hook_binary = m_options.host_binary;
    else
        publish_notice_locked("warning", notice("gate_inactive"));
    auto allowed = allowed_rules_locked();
    auto denied = denied_rules_locked();
    auto launch_settings = write_launch_settings(m_options.project, hook_binary, allowed, denied);
    if (!launch_settings)
        return launch_settings.error().within("the CLI was not started");
    m_launched_allow_rules = std::move(allowed);
    m_launched_deny_rules = m_settings.always_deny;
    m_gate_active = hook_binary.has_value();
    if (m_settings.permission_mode == "bypassPermissions")
        publish_notice_locked("warning", notice("bypass_mode", {{"file", utf8::from_path(AgentSettings::file_for(m_options.project))}}));
    std::vector<InstructionSection> sections;
    for (const auto& source : m_options.instruction_sources)
        for (auto& section : source())
            sections.push_back(std::move(section));
    auto appended_prompt = write_appended_prompt(m_options.project, appended_system_prompt(sections, m_settings.append_system_prompt));
    if (!appended_prompt)
        return appended_prompt.error().within("the CLI was not started");

    LaunchSpec spec{m_cli, launch_arguments_locked(*mcp_config, *launch_settings, *appended_prompt, resume_session_id),
                    m_options.project, child_environment()};
    uint64_t generation = ++m_generation;
    auto process = CliProcess::start(
        spec, [this, generation](rapidjson::Document& message) { on_message(generation, message); },
        [this, generation](int code, const std::string& tail) { on_exit(generation, code, tail); }, m_options.max_line_bytes);
    if (!process) {
        m_errored = true;
        m_error = process.error().message();
        publish_status_locked();
        return process.error();
    }
    m_process = std::move(*process);
    m_last_init.SetNull(); // What the previous CLI loaded says nothing about this one.
    if (auto start = processes::start_time(m_process->pid()))
        report_if_failed_locked(write_process_record(m_options.project, ProcessRecord{m_process->pid(), *start}),
                                "the CLI's process record was not written, so a later host cannot end this CLI if this host crashes");
    m_initialized = false;
    m_errored = false;
    m_error.clear();
    m_respawn_due.reset();
    if (resume_session_id)
        m_session_id = *resume_session_id;
    log::agent.info("started the CLI (pid {}){}", m_process->pid(), resume_session_id ? " resuming " + *resume_session_id : "");

    send_control_locked("initialize", rapidjson::Value(rapidjson::kObjectType), [this, generation](ControlReply reply) {
        if (generation != m_generation)
            return;
        if (!reply) {
            publish_notice_locked("error", notice("handshake_failed", {{"error", reply.error().message()}}));
            return;
        }
        m_initialized = true;
        if (auto version = json::string_field(*reply, "claude_code_version")) {
            m_cli_version = *version;
            if (auto warning = untested_version_warning(*version)) {
                log::agent.warn("{}", *warning);
                publish_notice_locked("warning", untranslated_notice(*warning));
            }
        }
        if (const rapidjson::Value* models = member(*reply, "models"); models && models->IsArray()) {
            m_models = rapidjson::Document(rapidjson::kArrayType); // Refilled in place, the old list would stay in the pool.
            for (auto& model : models->GetArray()) {
                rapidjson::Value entry(rapidjson::kObjectType);
                for (const char* name : {"value", "displayName", "description"})
                    if (auto text = json::string_field(model, name))
                        entry.AddMember(rapidjson::StringRef(name), json::string_value(*text, m_models.GetAllocator()), m_models.GetAllocator());
                m_models.PushBack(entry, m_models.GetAllocator());
            }
        }
        if (const rapidjson::Value* commands = member(*reply, "commands"); commands && commands->IsArray()) {
            m_slash_commands = rapidjson::Document(rapidjson::kArrayType); // Likewise.
            for (auto& command : commands->GetArray()) {
                rapidjson::Value entry(rapidjson::kObjectType);
                for (const char* name : {"name", "description", "argumentHint"})
                    if (auto text = json::string_field(command, name))
                        entry.AddMember(rapidjson::StringRef(name), json::string_value(*text, m_slash_commands.GetAllocator()),
                                        m_slash_commands.GetAllocator());
                if (entry.HasMember("name"))
                    m_slash_commands.PushBack(entry, m_slash_commands.GetAllocator());
            }
        }
        publish_status_locked();
    });
    flush_outbox_locked();
    publish_status_locked();
    return {};
}

std::unique_ptr<CliProcess> AgentSession::take_process_locked() {
    ++m_generation; // Late callbacks of the old process are ignored from now on.
    m_control.fail_all("the CLI process was replaced");
    withdraw_all_locked("the CLI session ended", false);
    observe_turn_end_locked(api::TurnEnd::Abandoned);
    close_open_tools_locked("the CLI session ended (a new or resumed session, or the host stopping) before this tool call finished");
    m_turns.reset();
    m_unconfirmed.clear(); // on_exit sends them again first; a replaced session does not.
    m_messages_written = 0;
    m_results_read = 0;
    m_initialized = false;
    remove_process_record(m_options.project);
    return std::move(m_process);
}

void AgentSession::on_exit(uint64_t generation, int exit_code, const std::string& stderr_tail) {
    std::lock_guard lock(m_mutex);
    if (generation != m_generation || m_shutting_down)
        return;
    auto now = Clock::now();
    close_interrupted_turn_locked(exit_code);
    requeue_unconfirmed_locked();
    std::unique_ptr<CliProcess> dead = take_process_locked();
    if (dead)
        m_dead_processes.push_back(std::move(dead));
    m_deaths.push_back(now);
    while (!m_deaths.empty() && now - m_deaths.front() > m_options.death_window)
        m_deaths.pop_front();
    std::string tail = stderr_tail.substr(stderr_tail.size() > 600 ? stderr_tail.size() - 600 : 0);
    log::agent.warn("the CLI exited with code {}; stderr: {}", exit_code, tail);
    bool rejected_prompt_tool = tail.find("unknown option") != std::string::npos && tail.find("--permission-prompt-tool") != std::string::npos;
    if (rejected_prompt_tool && !m_static_permissions) {
        // Degrade visibly: without the prompt tool nobody can be asked, so a fixed list decides.
        m_static_permissions = true;
        publish_notice_locked("warning", notice("prompt_tool_rejected", {{"version", cli_version_phrase_locked()},
                                                                         {"level", to_string(m_settings.auto_approve)},
                                                                         {"command", std::string(tested_cli_install_command)}}));
    } else if (tail.find("unknown option") != std::string::npos) {
        publish_notice_locked("error", notice("cli_option_rejected", {{"version", cli_version_phrase_locked()}, {"detail", tail},
                                                                      {"command", std::string(tested_cli_install_command)}}));
    }
    if (static_cast<int>(m_deaths.size()) >= m_options.max_deaths) {
        m_errored = true;
        m_respawn_due.reset();
        m_error = "the CLI stopped " + std::to_string(m_deaths.size()) + " times within " +
                  std::to_string(m_options.death_window.count() / 1000) + " s (last exit code " + std::to_string(exit_code) +
                  "); not restarting it. Last output on stderr: " + tail;
        publish_notice_locked("error", untranslated_notice(m_error));
        refuse_outbox_locked("the CLI stopped " + std::to_string(m_deaths.size()) + " times in a row and is not restarted");
    } else {
        m_errored = true;
        m_error = "the CLI exited with code " + std::to_string(exit_code);
        m_respawn_due = now + std::chrono::milliseconds(300);
        publish_notice_locked("warning", untranslated_notice(m_error + "; resuming the session"));
    }
    publish_status_locked();
    m_wake.notify_all();
}

void AgentSession::close_interrupted_turn_locked(int exit_code) {
    if (m_turns.phase() == TurnPhase::Idle) {
        m_partial_text.clear();
        return;
    }
    uint64_t turn = m_turns.current_turn();
    observe_turn_end_locked(api::TurnEnd::CliExited);
    close_open_tools_locked("the CLI exited with code " + std::to_string(exit_code) +
                            " before this tool call finished, so whether it ran is unknown; check its effect before asking for it again");
    if (!m_partial_text.empty()) {
        // The partial answer stays in the transcript, marked as cut short.
        auto partial = event("assistant_message");
        put(partial, "text", m_partial_text);
        partial.AddMember("aborted", false, partial.GetAllocator());
        partial.AddMember("interrupted", true, partial.GetAllocator());
        partial.AddMember("turn_id", turn, partial.GetAllocator());
        m_hub.publish(std::move(partial));
        // The CLI never writes a cut answer to its transcript; history gets it from this record.
        if (!m_session_id.empty() && !m_last_user_uuid.empty())
            report_if_failed_locked(keep_interrupted_answer(m_options.project, m_session_id, InterruptedAnswer{m_last_user_uuid, m_partial_text}),
                                    "the interrupted answer was not kept for history, so a reopened session shows the CLI's placeholder instead");
        m_partial_text.clear();
    }
    auto finished = event("turn_finished");
    auto& allocator = finished.GetAllocator();
    finished.AddMember("turn_id", turn, allocator);
    put(finished, "subtype", "cli_exited");
    finished.AddMember("is_error", true, allocator);
    put(finished, "terminal_reason", "cli_exited");
    put(finished, "result", "the CLI exited with code " + std::to_string(exit_code) +
                                " in the middle of this turn; the partial answer is kept, and the session is resumed: send a message to continue");
    finished.AddMember("exit_code", exit_code, allocator);
    finished.AddMember("continuable", true, allocator);
    m_continuable_turn = turn;
    put_unrevertible_locked(finished, turn);
    m_hub.publish(std::move(finished));
}

void AgentSession::supervise() {
    std::unique_lock lock(m_mutex);
    while (!m_stop_supervisor) {
        m_wake.wait_for(lock, std::chrono::milliseconds(100));
        if (m_stop_supervisor)
            break;
        auto now = Clock::now();
        if (!m_dead_processes.empty()) {
            auto dead = std::move(m_dead_processes);
            lock.unlock();
            dead.clear(); // Joins the reader threads, which may be waiting for this lock.
            lock.lock();
            continue;
        }
        m_control.expire(now);
        if (m_relaunch_reason && m_process && m_turns.phase() == TurnPhase::Idle && !m_shutting_down) {
            // Between turns only: a restart with --resume makes the CLI read the host's tools and
            // the appended system prompt again, and never cuts a turn short.
            auto old = take_process_locked();
            m_relaunch_underway = true; // Requests made while the old CLI stops join this restart.
            lock.unlock();
            if (old)
                old->stop(std::chrono::milliseconds(1000));
            lock.lock();
            m_relaunch_underway = false;
            std::string reason = m_relaunch_reason.value_or("");
            m_relaunch_reason.reset();
            if (m_process || m_shutting_down) {
                // A new or resumed session started meanwhile and read everything afresh; messages
                // that waited for this restart go to it.
                if (m_process)
                    flush_outbox_locked();
                continue;
            }
            std::optional<std::string> resume;
            if (!m_session_id.empty())
                resume = m_session_id;
            if (auto spawned = spawn_locked(resume); !spawned)
                publish_notice_locked("error", notice("restart_failed_because", {{"reason", reason}, {"error", spawned.error().message()}}));
            else
                publish_notice_locked("info", notice(resume ? "restarted_resumed" : "restarted", {{"reason", reason}}));
            continue;
        }
        expire_unattended_permissions_locked(now);
        if (!m_pending.empty())
            m_turns.activity(now); // Waiting for the user is not the CLI's silence.
        if (m_turns.silent_for(now, m_options.silence_backstop)) {
            observe_turn_end_locked(api::TurnEnd::Abandoned);
            m_turns.reset();
            publish_notice_locked("warning", notice("silence", {{"seconds", std::to_string(m_options.silence_backstop.count() / 1000)}}));
            publish_status_locked();
        }
        if (m_respawn_due && now >= *m_respawn_due && !m_process && !m_shutting_down) {
            std::optional<std::string> resume;
            if (!m_session_id.empty())
                resume = m_session_id;
            if (auto spawned = spawn_locked(resume); !spawned)
                publish_notice_locked("error", notice("restart_failed", {{"error", spawned.error().message()}}));
        }
    }
}

} // namespace uap::agent
