// AgentSession: process lifecycle, protocol handling and panel events.
#include "agent/agent_session.hpp"

#include "agent/cli_locator.hpp"
#include "agent/launch_files.hpp"
#include "support/json.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdlib>

namespace uap::agent {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

constexpr size_t max_tool_result_text = 4096;
const std::vector<std::string> permission_modes = {"default", "acceptEdits", "plan", "bypassPermissions", "dontAsk", "auto"};

rapidjson::Document event(const char* type) {
    rapidjson::Document document(rapidjson::kObjectType);
    document.AddMember("type", rapidjson::StringRef(type), document.GetAllocator());
    return document;
}

void put(rapidjson::Document& document, const char* name, const std::string& value) {
    document.AddMember(rapidjson::StringRef(name), json::string_value(value, document.GetAllocator()), document.GetAllocator());
}

void put_copy(rapidjson::Document& document, const char* name, const rapidjson::Value& value) {
    document.AddMember(rapidjson::StringRef(name), rapidjson::Value(value, document.GetAllocator()), document.GetAllocator());
}

const rapidjson::Value* member(const rapidjson::Value& object, const char* name) {
    if (!object.IsObject())
        return nullptr;
    auto found = object.FindMember(name);
    return found == object.MemberEnd() ? nullptr : &found->value;
}

std::string content_text(const rapidjson::Value& content) {
    if (content.IsString())
        return std::string(content.GetString(), content.GetStringLength());
    std::string text;
    if (content.IsArray())
        for (auto& block : content.GetArray())
            if (json::string_field(block, "type").value_or("") == "text")
                text += json::string_field(block, "text").value_or("");
    return text;
}

bool is_subagent(const rapidjson::Value& message) {
    const rapidjson::Value* parent = member(message, "parent_tool_use_id");
    return parent && parent->IsString();
}

} // namespace

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

AgentSession::AgentSession(AgentOptions options, panel::PanelHub& hub) : m_options(std::move(options)), m_hub(hub) {}

AgentSession::~AgentSession() { shutdown(); }

void AgentSession::set_mcp_url(std::string url) {
    std::lock_guard lock(m_mutex);
    m_options.mcp_url = std::move(url);
}

fs::path AgentSession::claude_home() const {
    for (auto& entry : m_options.environment_overrides)
        if (entry.rfind("HOME=", 0) == 0)
            return entry.substr(5);
    const char* home = std::getenv("HOME");
    return home ? fs::path(home) : fs::path("/");
}

Expected<void> AgentSession::start(std::optional<std::string> resume_session_id) {
    kill_recorded_orphan(m_options.project);
    std::lock_guard lock(m_mutex);
    auto settings = AgentSettings::load(m_options.project);
    if (settings)
        m_settings = std::move(*settings);
    else
        publish_notice_locked("warning", "the agent settings could not be read (" + settings.error().message() + "); defaults are used");
    auto cli = locate_cli(m_settings.cli_path);
    if (!cli) {
        m_errored = true;
        m_error = cli.error().message();
        publish_status_locked();
        return cli.error();
    }
    m_cli = cli->path;
    if (!m_supervisor.joinable())
        m_supervisor = std::thread([this] { supervise(); });
    return spawn_locked(std::move(resume_session_id));
}

std::vector<std::string> AgentSession::child_environment() const {
    std::vector<std::string> removed = {"CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT", "CLAUDE_CODE_SESSION_ID"};
    if (m_options.auth == AuthMode::SubscriptionOnly)
        removed.push_back("ANTHROPIC_API_KEY");
    for (auto& entry : m_options.environment_overrides)
        removed.push_back(entry.substr(0, entry.find('=')));
    auto environment = current_environment_without(removed);
    for (auto& entry : m_options.environment_overrides)
        if (m_options.auth != AuthMode::SubscriptionOnly || entry.rfind("ANTHROPIC_API_KEY=", 0) != 0)
            environment.push_back(entry);
    return environment;
}

std::vector<std::string> AgentSession::launch_arguments_locked(const fs::path& mcp_config, const fs::path* gate_settings,
                                                               const std::optional<std::string>& resume_session_id) const {
    std::vector<std::string> arguments = {"-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose",
                                          "--include-partial-messages", "--replay-user-messages", "--permission-prompt-tool", "stdio",
                                          "--mcp-config", mcp_config.string(), "--strict-mcp-config"};
    if (gate_settings) {
        arguments.push_back("--settings");
        arguments.push_back(gate_settings->string());
    }
    if (!m_settings.permission_mode.empty() && m_settings.permission_mode != "default") {
        arguments.push_back("--permission-mode");
        arguments.push_back(m_settings.permission_mode);
    }
    if (!m_settings.model.empty())
        arguments.push_back("--model=" + m_settings.model);
    if (!m_settings.append_system_prompt.empty()) {
        arguments.push_back("--append-system-prompt");
        arguments.push_back(m_settings.append_system_prompt);
    }
    if (!m_settings.always_allow.empty()) {
        std::string rules;
        for (auto& rule : m_settings.always_allow)
            rules += (rules.empty() ? "" : ",") + rule;
        arguments.push_back("--allowedTools");
        arguments.push_back(rules);
    }
    if (resume_session_id)
        arguments.push_back("--resume=" + *resume_session_id); // The "=" form: an id can never become a flag.
    return arguments;
}

Expected<void> AgentSession::spawn_locked(std::optional<std::string> resume_session_id) {
    if (resume_session_id && !valid_session_id(*resume_session_id))
        return Error("not a session id: " + *resume_session_id);
    auto mcp_config = write_mcp_config(m_options.project, m_options.mcp_url, m_options.mcp_token);
    if (!mcp_config)
        return mcp_config.error();
    std::optional<fs::path> gate_settings;
    std::error_code error;
    if (!m_options.host_binary.empty() && fs::is_regular_file(m_options.host_binary, error)) {
        auto written = write_gate_settings(m_options.project, m_options.host_binary);
        if (written)
            gate_settings = *written;
        else
            publish_notice_locked("warning", "the script gate is NOT active: " + written.error().message());
    } else {
        publish_notice_locked("warning", "the script gate is NOT active: the host binary for its hook is unknown");
    }
    m_gate_active = gate_settings.has_value();

    LaunchSpec spec{m_cli, launch_arguments_locked(*mcp_config, gate_settings ? &*gate_settings : nullptr, resume_session_id),
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
    if (auto start = process_start_time(m_process->pid()))
        (void)write_process_record(m_options.project, ProcessRecord{m_process->pid(), *start});
    m_initialized = false;
    m_errored = false;
    m_error.clear();
    m_respawn_due.reset();
    if (resume_session_id)
        m_session_id = *resume_session_id;
    spdlog::info("agent: started the CLI (pid {}){}", m_process->pid(), resume_session_id ? " resuming " + *resume_session_id : "");

    send_control_locked("initialize", rapidjson::Value(rapidjson::kObjectType), [this, generation](ControlReply reply) {
        if (generation != m_generation)
            return;
        if (reply.outcome != ControlOutcome::Success) {
            publish_notice_locked("error", "the CLI did not complete its handshake: " + reply.error);
            return;
        }
        m_initialized = true;
        if (auto version = json::string_field(reply.payload, "claude_code_version"))
            m_cli_version = *version;
        if (const rapidjson::Value* models = member(reply.payload, "models"); models && models->IsArray()) {
            m_models.SetArray();
            for (auto& model : models->GetArray()) {
                rapidjson::Value entry(rapidjson::kObjectType);
                for (const char* name : {"value", "displayName", "description"})
                    if (auto text = json::string_field(model, name))
                        entry.AddMember(rapidjson::StringRef(name), json::string_value(*text, m_models.GetAllocator()), m_models.GetAllocator());
                m_models.PushBack(entry, m_models.GetAllocator());
            }
        }
        publish_status_locked();
    });
    while (!m_outbox.empty()) {
        auto [text, images] = std::move(m_outbox.front());
        m_outbox.pop_front();
        deliver_locked(text, images);
    }
    publish_status_locked();
    return {};
}

std::unique_ptr<CliProcess> AgentSession::take_process_locked() {
    ++m_generation; // Late callbacks of the old process are ignored from now on.
    m_control.fail_all("the CLI process was replaced");
    withdraw_all_locked("the CLI session ended", false);
    m_turns.reset();
    m_initialized = false;
    remove_process_record(m_options.project);
    return std::move(m_process);
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
    if (process)
        process->stop(std::chrono::milliseconds(2000)); // stdin EOF lets the CLI flush its transcript.
    dead.clear();
}

void AgentSession::deliver_locked(const std::string& text, const std::vector<ImageAttachment>& images) {
    auto sent = m_process->send(wire::user_message(text, images));
    if (!sent) {
        publish_notice_locked("error", "the message could not be sent: " + sent.error().message());
        return;
    }
    auto turn = m_turns.message_sent(Clock::now());
    auto message = event("user_message");
    put(message, "text", text);
    message.AddMember("image_count", static_cast<uint64_t>(images.size()), message.GetAllocator());
    message.AddMember("turn_id", turn.value_or(m_turns.last_turn() + m_turns.queued()), message.GetAllocator());
    message.AddMember("queued", !turn.has_value(), message.GetAllocator());
    m_hub.publish(std::move(message));
    publish_status_locked();
}

Expected<void> AgentSession::send(const std::string& text, const std::vector<ImageAttachment>& images) {
    std::lock_guard lock(m_mutex);
    if (text.empty() && images.empty())
        return Error("the message is empty");
    if (m_shutting_down)
        return Error("the host is shutting down");
    if (!m_process) {
        if (m_cli.empty())
            return Error("the agent session is not started (the host runs without --agent, or the CLI was not found)");
        if (m_errored && !m_respawn_due)
            return Error("the agent is stopped: " + m_error + " (start a new session or resume one)");
        m_outbox.emplace_back(text, images);
        publish_notice_locked("info", "the message will be sent when the CLI is back");
        publish_status_locked();
        return {};
    }
    deliver_locked(text, images);
    return {};
}

void AgentSession::send_control_locked(const std::string& subtype, const rapidjson::Value& fields, ControlCallback callback) {
    std::string id = m_control.open(subtype, m_options.control_timeout, std::move(callback));
    if (!m_process || !m_process->send(wire::control_request(id, subtype, fields)))
        m_control.fail_all("the CLI is not running");
}

Expected<void> AgentSession::interrupt() {
    std::lock_guard lock(m_mutex);
    if (!m_process)
        return Error("no CLI is running");
    if (m_turns.phase() == TurnPhase::Idle)
        return Error("no turn is running");
    m_turns.interrupt_requested();
    send_control_locked("interrupt", rapidjson::Value(rapidjson::kObjectType), [this](ControlReply reply) {
        if (reply.outcome != ControlOutcome::Success)
            publish_notice_locked("warning", "the interrupt was not acknowledged: " + reply.error);
    });
    withdraw_all_locked("the turn was interrupted", true);
    publish_status_locked();
    return {};
}

void AgentSession::withdraw_all_locked(const std::string& reason, bool answer_cli) {
    while (!m_pending.empty()) {
        PendingPermission pending = std::move(m_pending.front());
        m_pending.pop_front();
        if (answer_cli && m_process) {
            // Answer as denied, so the CLI never waits for a card nobody can see; after its own
            // control_cancel_request a late answer is ignored.
            rapidjson::Document payload(rapidjson::kObjectType);
            payload.AddMember("behavior", "deny", payload.GetAllocator());
            payload.AddMember("message", json::string_value(reason, payload.GetAllocator()), payload.GetAllocator());
            (void)m_process->send(wire::control_success(pending.request_id, payload));
        }
        auto withdrawn = event("permission_withdrawn");
        put(withdrawn, "permission_id", pending.permission_id);
        put(withdrawn, "reason", reason);
        m_hub.publish(std::move(withdrawn));
    }
}

Expected<void> AgentSession::answer_permission(const std::string& permission_id, const PermissionAnswer& answer) {
    std::lock_guard lock(m_mutex);
    auto found = std::find_if(m_pending.begin(), m_pending.end(), [&](auto& pending) { return pending.permission_id == permission_id; });
    if (found == m_pending.end())
        return Error("permission request " + permission_id + " is no longer pending");
    PendingPermission pending = std::move(*found);
    m_pending.erase(found);
    rapidjson::Document payload(rapidjson::kObjectType);
    auto& allocator = payload.GetAllocator();
    std::vector<std::string> new_rules;
    if (answer.choice == PermissionChoice::Deny) {
        payload.AddMember("behavior", "deny", allocator);
        payload.AddMember("message", json::string_value(answer.message.empty() ? "The user denied this tool use." : answer.message, allocator),
                          allocator);
    } else {
        payload.AddMember("behavior", "allow", allocator);
        const rapidjson::Value& input = answer.updated_input && answer.updated_input->IsObject() ? *answer.updated_input : pending.input;
        payload.AddMember("updatedInput", rapidjson::Value(input, allocator), allocator);
        if (answer.choice == PermissionChoice::AllowAlways) {
            // Written only now, when the answer went to a request that was still pending.
            new_rules = allow_rules_from_suggestions(pending.suggestions, pending.tool_name);
            for (auto& rule : new_rules)
                if (std::find(m_settings.always_allow.begin(), m_settings.always_allow.end(), rule) == m_settings.always_allow.end())
                    m_settings.always_allow.push_back(rule);
            if (auto saved = m_settings.save(m_options.project); !saved)
                publish_notice_locked("error", "the always-allow rule could not be saved: " + saved.error().message());
        }
    }
    if (m_process)
        if (auto sent = m_process->send(wire::control_success(pending.request_id, payload)); !sent)
            publish_notice_locked("error", "the answer could not be sent: " + sent.error().message());
    auto answered = event("permission_answered");
    put(answered, "permission_id", permission_id);
    put(answered, "decision", answer.choice == PermissionChoice::Deny ? "deny" : answer.choice == PermissionChoice::Allow ? "allow" : "allow_always");
    put(answered, "message", answer.message);
    rapidjson::Value rules(rapidjson::kArrayType);
    for (auto& rule : new_rules)
        rules.PushBack(json::string_value(rule, answered.GetAllocator()), answered.GetAllocator());
    answered.AddMember("rules", rules, answered.GetAllocator());
    m_hub.publish(std::move(answered));
    publish_status_locked();
    return {};
}

Expected<void> AgentSession::new_session() {
    std::unique_ptr<CliProcess> old;
    {
        std::lock_guard lock(m_mutex);
        old = take_process_locked();
        m_session_id.clear();
        m_outbox.clear();
        m_deaths.clear();
        m_hub.publish(event("transcript_reset"));
    }
    if (old)
        old->stop(std::chrono::milliseconds(1000));
    std::lock_guard lock(m_mutex);
    if (m_cli.empty())
        return Error("the CLI was not located");
    return spawn_locked(std::nullopt);
}

Expected<void> AgentSession::resume(const std::string& session_id) {
    auto items = load_history(claude_home(), m_options.project, session_id);
    if (!items)
        return items.error();
    std::unique_ptr<CliProcess> old;
    {
        std::lock_guard lock(m_mutex);
        old = take_process_locked();
        m_outbox.clear();
        m_deaths.clear();
        auto reset = event("transcript_reset");
        rapidjson::Value list(rapidjson::kArrayType);
        for (auto& item : *items)
            list.PushBack(rapidjson::Value(item, reset.GetAllocator()), reset.GetAllocator());
        reset.AddMember("items", list, reset.GetAllocator());
        put(reset, "session_id", session_id);
        m_hub.publish(std::move(reset));
    }
    if (old)
        old->stop(std::chrono::milliseconds(1000));
    std::lock_guard lock(m_mutex);
    if (m_cli.empty())
        return Error("the CLI was not located");
    return spawn_locked(session_id);
}

std::vector<HistoryEntry> AgentSession::history() const { return list_history(claude_home(), m_options.project); }

Expected<void> AgentSession::set_model(const std::string& model) {
    std::lock_guard lock(m_mutex);
    if (!m_process) {
        m_settings.model = model == "default" ? "" : model;
        (void)m_settings.save(m_options.project);
        publish_status_locked();
        return {};
    }
    rapidjson::Document fields(rapidjson::kObjectType);
    fields.AddMember("model", json::string_value(model.empty() ? "default" : model, fields.GetAllocator()), fields.GetAllocator());
    send_control_locked("set_model", fields, [this, model](ControlReply reply) {
        if (reply.outcome != ControlOutcome::Success) {
            publish_notice_locked("error", "the model was not changed: " + reply.error);
            return;
        }
        m_settings.model = model == "default" ? "" : model;
        (void)m_settings.save(m_options.project);
        m_model = json::string_field(reply.payload, "model").value_or(model);
        publish_status_locked();
    });
    return {};
}

Expected<void> AgentSession::set_permission_mode(const std::string& mode) {
    if (std::find(permission_modes.begin(), permission_modes.end(), mode) == permission_modes.end())
        return Error("unknown permission mode \"" + mode + "\"");
    std::lock_guard lock(m_mutex);
    if (!m_process) {
        m_settings.permission_mode = mode;
        (void)m_settings.save(m_options.project);
        publish_status_locked();
        return {};
    }
    rapidjson::Document fields(rapidjson::kObjectType);
    fields.AddMember("mode", json::string_value(mode, fields.GetAllocator()), fields.GetAllocator());
    send_control_locked("set_permission_mode", fields, [this, mode](ControlReply reply) {
        if (reply.outcome != ControlOutcome::Success) {
            publish_notice_locked("error", "the permission mode was not changed: " + reply.error);
            return;
        }
        m_settings.permission_mode = mode;
        (void)m_settings.save(m_options.project);
        publish_status_locked();
    });
    return {};
}

Expected<void> AgentSession::set_auto_approve(AutoApprove level) {
    std::lock_guard lock(m_mutex);
    m_settings.auto_approve = level;
    auto saved = m_settings.save(m_options.project);
    publish_status_locked();
    return saved;
}

Expected<void> AgentSession::reconnect_mcp() {
    std::lock_guard lock(m_mutex);
    if (!m_process)
        return Error("no CLI is running");
    rapidjson::Document fields(rapidjson::kObjectType);
    fields.AddMember("serverName", rapidjson::StringRef(mcp_server_name), fields.GetAllocator());
    send_control_locked("mcp_reconnect", fields, [this](ControlReply reply) {
        publish_notice_locked(reply.outcome == ControlOutcome::Success ? "info" : "error",
                              reply.outcome == ControlOutcome::Success ? "the MCP server was reconnected"
                                                                       : "the MCP server was not reconnected: " + reply.error);
    });
    return {};
}

int AgentSession::cli_pid() const {
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
    text("error", m_error);
    status.AddMember("cli_pid", m_process ? m_process->pid() : 0, allocator);
    status.AddMember("turn_id", m_turns.current_turn(), allocator);
    status.AddMember("queued_messages", static_cast<uint64_t>(m_turns.queued() + m_outbox.size()), allocator);
    status.AddMember("pending_permissions", static_cast<uint64_t>(m_pending.size()), allocator);
    status.AddMember("gate_active", m_gate_active, allocator);
    status.AddMember("context_tokens", m_context_tokens, allocator);
    status.AddMember("total_cost_usd", m_cost_usd, allocator);
    status.AddMember("usage", rapidjson::Value(m_usage, allocator), allocator);
    status.AddMember("models", rapidjson::Value(m_models, allocator), allocator);
    rapidjson::Value rules(rapidjson::kArrayType);
    for (auto& rule : m_settings.always_allow)
        rules.PushBack(json::string_value(rule, allocator), allocator);
    status.AddMember("always_allow", rules, allocator);
    status_event.AddMember("status", status, allocator);
    m_hub.publish(std::move(status_event));
}

void AgentSession::publish_notice_locked(const std::string& level, const std::string& text) {
    auto notice = event("notice");
    put(notice, "level", level);
    put(notice, "text", text);
    m_hub.publish(std::move(notice));
}

void AgentSession::on_message(uint64_t generation, rapidjson::Document& message) {
    std::lock_guard lock(m_mutex);
    if (generation != m_generation)
        return;
    m_turns.activity(Clock::now());
    std::string type = json::string_field(message, "type").value_or("");
    if (type == "control_response") {
        if (const rapidjson::Value* response = member(message, "response"))
            m_control.resolve(*response); // Echoes of our own answers match no id and are ignored.
    } else if (type == "control_request") {
        handle_control_request(message);
    } else if (type == "control_cancel_request") {
        std::string id = json::string_field(message, "request_id").value_or("");
        auto found = std::find_if(m_pending.begin(), m_pending.end(), [&](auto& pending) { return pending.request_id == id; });
        if (found != m_pending.end()) {
            auto withdrawn = event("permission_withdrawn");
            put(withdrawn, "permission_id", found->permission_id);
            put(withdrawn, "reason", "the CLI cancelled the request");
            m_pending.erase(found);
            m_hub.publish(std::move(withdrawn));
            publish_status_locked();
        }
    } else if (type == "system") {
        handle_system(message);
    } else if (type == "stream_event") {
        handle_stream_event(message);
    } else if (type == "assistant") {
        handle_assistant(message);
    } else if (type == "user") {
        handle_user(message);
    } else if (type == "result") {
        handle_result(message);
    }
    // Anything else (keep_alive, rate_limit_event, new types) is ignored on purpose.
}

void AgentSession::handle_control_request(const rapidjson::Value& message) {
    std::string id = json::string_field(message, "request_id").value_or("");
    const rapidjson::Value* request = member(message, "request");
    std::string subtype = request ? json::string_field(*request, "subtype").value_or("") : "";
    if (subtype == "can_use_tool" && request) {
        handle_can_use_tool(id, *request);
        return;
    }
    if (m_process)
        (void)m_process->send(wire::control_error(id, "Unsupported control request subtype: " + subtype));
}

void AgentSession::handle_can_use_tool(const std::string& request_id, const rapidjson::Value& request) {
    std::string tool_name = json::string_field(request, "tool_name").value_or("");
    rapidjson::Document input(rapidjson::kObjectType);
    if (const rapidjson::Value* given = member(request, "input"); given && given->IsObject())
        input.CopyFrom(*given, input.GetAllocator());
    BrokerContext context{m_options.project, m_options.project, m_settings.auto_approve, &m_settings.always_allow, m_options.metadata};
    BrokerDecision decision = decide_permission(tool_name, input, context);
    if (decision.verdict != Verdict::Ask) {
        rapidjson::Document payload(rapidjson::kObjectType);
        if (decision.verdict == Verdict::Allow) {
            payload.AddMember("behavior", "allow", payload.GetAllocator());
            payload.AddMember("updatedInput", rapidjson::Value(input, payload.GetAllocator()), payload.GetAllocator());
        } else {
            payload.AddMember("behavior", "deny", payload.GetAllocator());
            payload.AddMember("message", json::string_value(decision.message, payload.GetAllocator()), payload.GetAllocator());
        }
        if (m_process)
            (void)m_process->send(wire::control_success(request_id, payload));
        auto decided = event("permission_decided");
        put(decided, "tool_name", tool_name);
        put(decided, "decision", decision.verdict == Verdict::Allow ? "allow" : "deny");
        put(decided, "basis", decision.basis);
        put(decided, "tool_use_id", json::string_field(request, "tool_use_id").value_or(""));
        m_hub.publish(std::move(decided));
        return;
    }
    PendingPermission pending;
    pending.permission_id = "perm_" + std::to_string(++m_permission_counter);
    pending.request_id = request_id;
    pending.tool_name = tool_name;
    pending.input.CopyFrom(input, pending.input.GetAllocator());
    if (const rapidjson::Value* suggestions = member(request, "permission_suggestions"))
        pending.suggestions.CopyFrom(*suggestions, pending.suggestions.GetAllocator());
    pending.turn_id = m_turns.current_turn();

    auto requested = event("permission_requested");
    auto& allocator = requested.GetAllocator();
    rapidjson::Value card(rapidjson::kObjectType);
    card.AddMember("permission_id", json::string_value(pending.permission_id, allocator), allocator);
    card.AddMember("tool_name", json::string_value(tool_name, allocator), allocator);
    card.AddMember("display_name", json::string_value(json::string_field(request, "display_name").value_or(tool_name), allocator), allocator);
    card.AddMember("description", json::string_value(json::string_field(request, "description").value_or(""), allocator), allocator);
    card.AddMember("tool_use_id", json::string_value(json::string_field(request, "tool_use_id").value_or(""), allocator), allocator);
    card.AddMember("input", rapidjson::Value(input, allocator), allocator);
    rapidjson::Value offered(rapidjson::kArrayType);
    for (auto& rule : allow_rules_from_suggestions(pending.suggestions, tool_name))
        offered.PushBack(json::string_value(rule, allocator), allocator);
    card.AddMember("always_allow_rules", offered, allocator);
    card.AddMember("turn_id", pending.turn_id, allocator);
    if (auto ours = our_tool_name(tool_name); ours && m_options.metadata)
        if (auto metadata = m_options.metadata(*ours)) {
            rapidjson::Value facts(rapidjson::kObjectType);
            facts.AddMember("read_only", metadata->read_only, allocator);
            facts.AddMember("undoable", metadata->undoable, allocator);
            facts.AddMember("destructive", metadata->destructive, allocator);
            card.AddMember("metadata", facts, allocator);
        }
    requested.AddMember("permission", card, allocator);
    m_pending.push_back(std::move(pending));
    m_hub.publish(std::move(requested));
    publish_status_locked();
}

void AgentSession::handle_system(const rapidjson::Value& message) {
    std::string subtype = json::string_field(message, "subtype").value_or("");
    if (subtype == "init") {
        if (auto id = json::string_field(message, "session_id"))
            m_session_id = *id;
        if (auto model = json::string_field(message, "model"))
            m_model = *model;
        if (auto mode = json::string_field(message, "permissionMode"))
            m_settings.permission_mode = *mode;
        m_initialized = true;
        if (const rapidjson::Value* servers = member(message, "mcp_servers"); servers && servers->IsArray())
            for (auto& server : servers->GetArray())
                if (json::string_field(server, "name").value_or("") == mcp_server_name &&
                    json::string_field(server, "status").value_or("") != "connected")
                    publish_notice_locked("warning", "the host's MCP server is " + json::string_field(server, "status").value_or("unknown") +
                                                         " in the CLI; Unity tools are unavailable");
        publish_status_locked();
    } else if (subtype == "compact_boundary") {
        m_hub.publish(event("compaction"));
    } else if (subtype == "api_retry") {
        publish_notice_locked("warning", "the API call failed and is retried (attempt " +
                                             std::to_string(json::integer_field(message, "attempt").value_or(0)) + ")");
    }
}

void AgentSession::handle_stream_event(const rapidjson::Value& message) {
    if (!m_turns.accepts_stream_events() || is_subagent(message))
        return; // The turn fence: late events of an interrupted turn are dropped.
    const rapidjson::Value* raw = member(message, "event");
    if (!raw)
        return;
    std::string type = json::string_field(*raw, "type").value_or("");
    if (type == "content_block_delta") {
        const rapidjson::Value* delta = member(*raw, "delta");
        if (!delta || json::string_field(*delta, "type").value_or("") != "text_delta")
            return;
        auto text_delta = event("text_delta");
        text_delta.AddMember("turn_id", m_turns.current_turn(), text_delta.GetAllocator());
        text_delta.AddMember("index", json::integer_field(*raw, "index").value_or(0), text_delta.GetAllocator());
        put(text_delta, "text", json::string_field(*delta, "text").value_or(""));
        m_hub.publish(std::move(text_delta));
    } else if (type == "message_start") {
        const rapidjson::Value* start = member(*raw, "message");
        const rapidjson::Value* usage = start ? member(*start, "usage") : nullptr;
        if (usage) {
            m_context_tokens = json::integer_field(*usage, "input_tokens").value_or(0) +
                               json::integer_field(*usage, "cache_read_input_tokens").value_or(0) +
                               json::integer_field(*usage, "cache_creation_input_tokens").value_or(0);
        }
    }
}

void AgentSession::handle_assistant(const rapidjson::Value& message) {
    const rapidjson::Value* body = member(message, "message");
    const rapidjson::Value* content = body ? member(*body, "content") : nullptr;
    if (!content || !content->IsArray())
        return;
    bool subagent = is_subagent(message);
    for (auto& block : content->GetArray()) {
        std::string type = json::string_field(block, "type").value_or("");
        rapidjson::Document item;
        if (type == "text") {
            item = event("assistant_message");
            put(item, "text", json::string_field(block, "text").value_or(""));
            item.AddMember("aborted", json::bool_field(message, "aborted").value_or(false), item.GetAllocator());
        } else if (type == "tool_use") {
            item = event("tool_started");
            put(item, "tool_use_id", json::string_field(block, "id").value_or(""));
            put(item, "name", json::string_field(block, "name").value_or(""));
            if (const rapidjson::Value* input = member(block, "input"))
                put_copy(item, "input", *input);
        } else {
            continue;
        }
        item.AddMember("turn_id", m_turns.last_turn(), item.GetAllocator());
        if (subagent)
            item.AddMember("subagent", true, item.GetAllocator());
        m_hub.publish(std::move(item));
    }
}

void AgentSession::handle_user(const rapidjson::Value& message) {
    if (json::bool_field(message, "isReplay").value_or(false))
        return; // The echo of our own message: delivery confirmed; the panel already shows it.
    const rapidjson::Value* body = member(message, "message");
    const rapidjson::Value* content = body ? member(*body, "content") : nullptr;
    if (!content || !content->IsArray())
        return;
    for (auto& block : content->GetArray()) {
        if (json::string_field(block, "type").value_or("") != "tool_result")
            continue;
        auto finished = event("tool_finished");
        put(finished, "tool_use_id", json::string_field(block, "tool_use_id").value_or(""));
        finished.AddMember("is_error", json::bool_field(block, "is_error").value_or(false), finished.GetAllocator());
        const rapidjson::Value* inner = member(block, "content");
        std::string text = inner ? content_text(*inner) : "";
        put(finished, "content", text.substr(0, max_tool_result_text));
        finished.AddMember("truncated", text.size() > max_tool_result_text, finished.GetAllocator());
        finished.AddMember("turn_id", m_turns.last_turn(), finished.GetAllocator());
        if (is_subagent(message))
            finished.AddMember("subagent", true, finished.GetAllocator());
        m_hub.publish(std::move(finished));
    }
}

void AgentSession::handle_result(const rapidjson::Value& message) {
    uint64_t ended = m_turns.result_received(Clock::now());
    if (auto id = json::string_field(message, "session_id"))
        m_session_id = *id;
    auto finished = event("turn_finished");
    auto& allocator = finished.GetAllocator();
    finished.AddMember("turn_id", ended, allocator);
    std::string subtype = json::string_field(message, "subtype").value_or("");
    bool is_error = json::bool_field(message, "is_error").value_or(subtype != "success");
    put(finished, "subtype", subtype);
    // An API failure arrives as subtype "success" with is_error true.
    finished.AddMember("is_error", is_error, allocator);
    put(finished, "terminal_reason", json::string_field(message, "terminal_reason").value_or(""));
    put(finished, "result", json::string_field(message, "result").value_or(""));
    finished.AddMember("num_turns", json::integer_field(message, "num_turns").value_or(0), allocator);
    if (const rapidjson::Value* usage = member(message, "usage"); usage && usage->IsObject()) {
        put_copy(finished, "usage", *usage);
        m_usage.CopyFrom(*usage, m_usage.GetAllocator());
    }
    if (const rapidjson::Value* cost = member(message, "total_cost_usd"); cost && cost->IsNumber()) {
        finished.AddMember("total_cost_usd", cost->GetDouble(), allocator);
        m_cost_usd = cost->GetDouble();
    }
    if (const rapidjson::Value* status = member(message, "api_error_status"); status && !status->IsNull())
        put_copy(finished, "api_error_status", *status);
    if (const rapidjson::Value* denials = member(message, "permission_denials"); denials && denials->IsArray())
        finished.AddMember("permission_denials", static_cast<uint64_t>(denials->Size()), allocator);
    m_hub.publish(std::move(finished));
    // Requests of the ended turn can no longer be answered usefully.
    if (m_turns.phase() == TurnPhase::Idle && !m_pending.empty())
        withdraw_all_locked("the turn ended", true);
    publish_status_locked();
}

void AgentSession::on_exit(uint64_t generation, int exit_code, const std::string& stderr_tail) {
    std::lock_guard lock(m_mutex);
    if (generation != m_generation || m_shutting_down)
        return;
    auto now = Clock::now();
    std::unique_ptr<CliProcess> dead = take_process_locked();
    if (dead)
        m_dead_processes.push_back(std::move(dead));
    m_deaths.push_back(now);
    while (!m_deaths.empty() && now - m_deaths.front() > m_options.death_window)
        m_deaths.pop_front();
    std::string tail = stderr_tail.substr(stderr_tail.size() > 600 ? stderr_tail.size() - 600 : 0);
    spdlog::warn("agent: the CLI exited with code {}; stderr: {}", exit_code, tail);
    if (static_cast<int>(m_deaths.size()) >= m_options.max_deaths) {
        m_errored = true;
        m_respawn_due.reset();
        m_error = "the CLI stopped " + std::to_string(m_deaths.size()) + " times within " +
                  std::to_string(m_options.death_window.count() / 1000) + " s (last exit code " + std::to_string(exit_code) +
                  "); not restarting it. Last output on stderr: " + tail;
        publish_notice_locked("error", m_error);
    } else {
        m_errored = true;
        m_error = "the CLI exited with code " + std::to_string(exit_code);
        m_respawn_due = now + std::chrono::milliseconds(300);
        publish_notice_locked("warning", m_error + "; resuming the session");
    }
    publish_status_locked();
    m_wake.notify_all();
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
        if (m_turns.silent_for(now, m_options.silence_backstop)) {
            m_turns.reset();
            publish_notice_locked("warning", "no output from the CLI for " + std::to_string(m_options.silence_backstop.count() / 1000) +
                                                 " s; the turn is treated as finished");
            publish_status_locked();
        }
        if (m_respawn_due && now >= *m_respawn_due && !m_process && !m_shutting_down) {
            std::optional<std::string> resume;
            if (!m_session_id.empty())
                resume = m_session_id;
            if (auto spawned = spawn_locked(resume); !spawned)
                publish_notice_locked("error", "the CLI could not be restarted: " + spawned.error().message());
        }
    }
}

} // namespace uap::agent
