// One chat with the claude CLI, owned by the host: spawning and respawning the process (resume
// after a crash, up to a death budget), the protocol (initialize, user messages, control requests),
// the turn state machine, the permission broker's pending requests, and every panel event.
#pragma once

#include "agent/agent_settings.hpp"
#include "agent/cli_process.hpp"
#include "agent/control_channel.hpp"
#include "agent/history.hpp"
#include "agent/instruction_sections.hpp"
#include "agent/launch_sources.hpp"
#include "agent/notice_text.hpp"
#include "agent/permission_broker.hpp"
#include "agent/permission_scopes.hpp"
#include "agent/sign_in.hpp"
#include "agent/turn_tracker.hpp"
#include "agent/wire.hpp"
#include "api/event_sink.hpp"
#include "api/turn_observer.hpp"

#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace uap::agent {

// What start() opens when it is given no session: a fresh one, or the project's newest transcript
// (so a host restart brings the user back to the chat they left).
enum class FirstSession { Fresh, ReopenLast };

struct AgentOptions {
    std::filesystem::path project;     // Also the CLI's working directory.
    std::filesystem::path host_binary; // uap-host itself, the script gate's hook command.
    std::string mcp_url;
    std::string mcp_token;
    std::vector<std::string> environment_overrides; // NAME=value, applied over the host's environment.
    MetadataLookup metadata;
    ToolLister tools; // Our tools now: for the fixed permission list of a CLI without the prompt tool, and to notice removed tools.
    // Told when turns start and end, and asked to revert one (the editor's turn Undo and refresh
    // hold); null: no editor side, and revert_turn is refused.
    api::TurnObserver* turn_observer = nullptr;
    std::vector<InstructionSource> instruction_sources; // Asked at every spawn, in order, under the session lock: never call back into the session.
    std::vector<ArgumentSource> argument_sources;       // Likewise; their arguments follow the host's own.
    std::vector<StatusSource> status_sources;           // Asked at every status event.
    std::vector<TurnContextSource> turn_context_sources; // Asked for each message (not slash commands) as it is first written.
    FirstSession first_session = FirstSession::Fresh;
    std::chrono::milliseconds control_timeout{60'000};
    std::chrono::milliseconds silence_backstop{10 * 60'000};
    size_t max_line_bytes = default_max_line_bytes;
    int max_deaths = 3;
    std::chrono::milliseconds death_window{60'000};
};

// A page of guidance; more belongs in a profile or a skill, which the agent reads only when relevant.
inline constexpr size_t max_custom_instructions_bytes = 16 * 1024;

enum class PermissionChoice { Allow, AllowAlways, Deny };

// bypassPermissions lets every tool run without a card; a front-end confirms it after showing a warning.
enum class BypassConfirmation { NotConfirmed, Confirmed };

struct PermissionAnswer {
    PermissionChoice choice = PermissionChoice::Deny;
    std::string message;                   // Deny: what the model is told (a default when empty).
    const rapidjson::Value* updated_input = nullptr; // Allow: the edited input; null echoes the original.
    std::string rule; // AllowAlways: one of the card's always_allow_scopes; empty: the card's narrowest.
    ToolWide tool_wide = ToolWide::NotConfirmed; // AllowAlways: a bare tool rule is meant everywhere.
};

enum class SessionState { Stopped, Starting, Ready, Running, WaitingPermission, Resuming, Errored };
std::string to_string(SessionState state);

class AgentSession {
public:
    AgentSession(AgentOptions options, api::EventSink& hub);
    ~AgentSession(); // shutdown().

    // Kills an orphan CLI recorded by a crashed host, loads the settings, locates the CLI and spawns it.
    Expected<void> start(std::optional<std::string> resume_session_id = std::nullopt);
    void shutdown();
    // The MCP URL is known only once the server listens; set it before start().
    void set_mcp_url(std::string url);

    // attached_context: what the user attached to this message (context chips), written ahead of it.
    Expected<void> send(const std::string& text, const std::vector<ImageAttachment>& images, std::string attached_context = {});
    Expected<void> interrupt();
    Expected<void> answer_permission(const std::string& permission_id, const PermissionAnswer& answer);
    Expected<void> new_session();
    Expected<void> resume(const std::string& session_id);
    std::vector<HistoryEntry> history(std::string_view query = {}) const;
    // Refuses the session this chat is running; a new session first frees it.
    Expected<void> delete_session(const std::string& session_id);
    Expected<void> set_model(const std::string& model);
    // bypassPermissions is refused unless confirmed: the host, not only the front-end, insists on it.
    Expected<void> set_permission_mode(const std::string& mode, BypassConfirmation confirmation);
    Expected<void> set_auto_approve(AutoApprove level);
    // The kinds of our tools that ask at every auto-approve level (the user's choice, saved).
    Expected<void> set_always_ask(std::vector<AlwaysAsk> kinds);
    // Removes a saved always-allow rule; later CLI starts no longer get it.
    Expected<void> remove_always_allow(const std::string& rule);
    // Replaces the saved always-allow rules with change(current rules) and saves them; later CLI
    // starts get the new list. change runs under the session lock: never call back into the session.
    Expected<void> change_always_allow(const std::function<std::vector<std::string>(const std::vector<std::string>&)>& change);
    // Adds or removes a saved always-deny rule ("Tool" or "Tool(content)"). The broker applies the
    // change at once; the CLI, which reads its deny list only when it starts, is restarted with
    // --resume between turns.
    Expected<void> add_always_deny(const std::string& rule);
    Expected<void> remove_always_deny(const std::string& rule);
    Expected<void> reconnect_mcp();
    // Reverts a finished turn's editor changes (one Undo step) while they are the newest; the
    // outcome arrives as a turn_reverted event. Refused for a running or unknown turn.
    Expected<void> revert_turn(uint64_t turn_id);
    // Takes the newest message the user typed back out of the conversation and sends `text` in its
    // place (the same words: a retry; others: an edit). The CLI is restarted on a fork of the
    // session that ends just before that message (--resume-session-at, --fork-session), so the
    // original conversation stays in history; the front-ends get the shortened transcript. Refused
    // while a turn runs or a message waits, and for a session with no message of the user's.
    Expected<void> retry_last_message(const std::string& text);
    // Sends continue_prompt as the user's message, for the newest turn only and only when it was
    // interrupted or cut short by the CLI's exit (its turn_finished said continuable); never automatic.
    Expected<void> continue_turn(uint64_t turn_id);
    // Restarts the CLI with --resume at the next moment no turn is running (never mid-turn), so it
    // reads the appended system prompt and the host's tools again. Requests made before that
    // moment are merged; without a running CLI it does nothing (the next spawn reads them anyway).
    // reason completes "the CLI was restarted ...", e.g. "because the extension profiles changed".
    void request_relaunch(const std::string& reason);

    // The user's own instructions for this project, added to the end of the appended system prompt
    // (at most max_custom_instructions_bytes); saved, and the CLI is restarted with --resume between
    // turns so the next request carries them. Empty removes them.
    Expected<void> set_custom_instructions(const std::string& text);
    // Checks on a thread of its own whether the agent can work (the CLI, its version, its login);
    // the report arrives in the status's sign_in. A check that is running is not started again.
    // When start() found no CLI and this check finds one, the session starts.
    void check_sign_in();
    // Saves the sign-in mode; the CLI is restarted with --resume between turns, so its environment
    // follows, and the login is checked again.
    Expected<void> set_auth_mode(AuthMode mode);

    // Publishes a status event now, e.g. after something its status sources read has changed.
    void republish_status();

    // The bytes held by the JSON documents the session keeps from turn to turn (the newest init,
    // the usage, the model list, the slash commands): a test checks they do not grow with turns.
    size_t kept_document_bytes() const;

    platform::ProcessId cli_pid() const;
    std::string session_id() const;
    SessionState state() const;
    std::filesystem::path claude_home() const;

private:
    // A user message waiting for a CLI: sent while none ran, or written to one that died before it
    // confirmed the message (its echo or its turn's result).
    enum class Delivery { First, Again };
    struct QueuedMessage {
        std::string text;
        std::vector<ImageAttachment> images;
        Delivery delivery = Delivery::First;
        std::string attached; // The context chips the user attached.
        // What the turn context sources said when the message was first written; kept, so a message
        // sent again after a CLI death carries the same context and later events wait for the next.
        std::optional<std::string> context;
    };
    // A message written to the running CLI and not yet confirmed; number counts this CLI's messages.
    struct UnconfirmedMessage {
        uint64_t number = 0;
        QueuedMessage message;
    };
    // A tool call the panels show as running: started, no result yet.
    struct RunningTool {
        std::string name;
        rapidjson::Document input; // Null beyond the remembered inputs' bound.
        bool subagent = false;
        // Set when the user denied the call on its card: the reason they gave (or the default one),
        // so its tool_finished says it was denied and why rather than looking like a failure.
        std::optional<std::string> denial;
    };

    struct PendingPermission {
        std::string permission_id;
        std::string request_id; // The CLI's can_use_tool id.
        std::string tool_use_id;
        std::string tool_name;
        rapidjson::Document input;
        rapidjson::Document suggestions;
        std::vector<ScopedRule> scopes; // What allow-always may add, narrowest first.
        uint64_t turn_id = 0;
    };

    // With m_cli set: reopens the newest session when asked to, starts the supervisor and the CLI.
    Expected<void> begin_locked(std::optional<std::string> resume_session_id);
    Expected<void> spawn_locked(std::optional<std::string> resume_session_id);
    // The always-allow rules the CLI gets (in the launch settings file, never on the command line).
    std::vector<std::string> allowed_rules_locked() const;
    // The rules the CLI gets as its deny list: the user's always-deny rules, then our tools that
    // are withdrawn from the running session.
    std::vector<std::string> denied_rules_locked() const;
    // A session never started holds default settings; a change to the saved file starts from the file.
    Expected<void> adopt_saved_settings_if_never_started_locked();
    // Removes rule from one of the saved rule lists (kind names it in the error) and follows the change.
    Expected<void> remove_saved_rule(std::vector<std::string> AgentSettings::*list, const std::string& rule, std::string_view kind);
    // Restarts the CLI with --resume (between turns, with a notice) when a rule it started with
    // is no longer allowed, or its deny list changed, so that it applies what the settings say now.
    void follow_allow_rules_locked();
    std::vector<std::string> launch_arguments_locked(const std::filesystem::path& mcp_config, const std::filesystem::path& launch_settings,
                                                     const std::filesystem::path& appended_prompt,
                                                     const std::optional<std::string>& resume_session_id) const;
    std::vector<std::string> child_environment() const;
    std::unique_ptr<CliProcess> take_process_locked();
    // Writes a user message to the CLI and starts (or queues) its turn; a message the CLI cannot
    // take goes back to the outbox, to be sent once the CLI has restarted.
    void deliver_locked(QueuedMessage message);
    void flush_outbox_locked();
    // The CLI echoed (--replay-user-messages) or finished a message: it is in the conversation.
    void confirm_echo_locked();
    void confirm_result_locked();
    // The CLI died: its unconfirmed messages go back to the front of the outbox, sent again after
    // the resume; when no resume follows, every queued message is refused with a notice instead.
    void requeue_unconfirmed_locked();
    void refuse_outbox_locked(const std::string& why);
    // Publishes tool_finished (an error, marked interrupted, with reason) for every running tool call.
    void close_open_tools_locked(const std::string& reason);
    void request_relaunch_locked(const std::string& reason);
    // Compares our tools the CLI listed at its last turn, and the tools withdrawn earlier, with the
    // tools the host serves now; updates m_withdrawn_tools. Returns why the CLI must restart to
    // follow (empty: it need not).
    std::string follow_served_tools_locked();

    void check_sign_in_locked();
    void finish_sign_in_check(SignInReport report);
    // The API refused the CLI's credentials (an expired login, a revoked key): the first-run card
    // comes back with the CLI's words, until a later turn succeeds or a check finds a login.
    void note_login_rejected_locked(const std::string& cli_text);

    void on_message(uint64_t generation, rapidjson::Document& message);
    void on_exit(uint64_t generation, int exit_code, const std::string& stderr_tail);
    // A turn still running when the CLI died: publishes its partial text (marked interrupted) and
    // a turn_finished with subtype "cli_exited". The interrupted message is never re-sent.
    void close_interrupted_turn_locked(int exit_code);
    void handle_control_request(const rapidjson::Value& message);
    void handle_can_use_tool(const std::string& request_id, const rapidjson::Value& request);
    void handle_system(const rapidjson::Value& message);
    void handle_stream_event(const rapidjson::Value& message);
    void handle_assistant(const rapidjson::Value& message);
    void handle_user(const rapidjson::Value& message);
    void handle_result(const rapidjson::Value& message);
    void withdraw_all_locked(const std::string& reason, bool answer_cli);
    // Denies the pending permission requests once they waited the unattended timeout with no
    // front-end connected, so the turn can end and the next message is taken.
    void expire_unattended_permissions_locked(std::chrono::steady_clock::time_point now);
    // The model's side of an unattended denial: what happened and what to do instead.
    std::string unattended_denial_text_locked() const;
    void send_control_locked(const std::string& subtype, const rapidjson::Value& fields, ControlCallback callback);

    // The newest transcript's id after publishing it as a transcript_reset; nullopt when there is none.
    std::optional<std::string> reopen_last_locked();
    void publish_transcript_locked(const std::vector<rapidjson::Document>& items, const std::string& session_id);
    void publish_status_locked();
    // A notice event: the English text, and the key and params front-ends translate it by.
    void publish_notice_locked(const std::string& level, const NoticeText& notice);
    // " (version X)" when the CLI's version is known, for notices that name it.
    std::string cli_version_phrase_locked() const;
    // A fallible step whose failure must not stop the session: on failure, a warning notice on
    // every panel and a log line say what did not happen and why.
    void report_if_failed_locked(const Expected<void>& result, const std::string& what);
    SessionState state_locked() const;
    void supervise();
    // The turn observer hears of each turn once: started, then ended (whichever way it ends).
    void observe_turn_start_locked(uint64_t turn);
    void observe_turn_end_locked(api::TurnEnd how);
    // Notes a tool call whose effects Undo cannot take back, and lists them on a turn_finished event.
    void note_tool_use_locked(const std::string& tool_use_id, const std::string& tool);
    void put_unrevertible_locked(rapidjson::Document& finished, uint64_t turn) const;

    AgentOptions m_options;
    api::EventSink& m_hub;
    mutable std::mutex m_mutex;
    AgentSettings m_settings;
    std::filesystem::path m_cli;
    CliLocated m_cli_located = CliLocated::NotLookedFor;
    std::unique_ptr<CliProcess> m_process;
    uint64_t m_generation = 0;
    bool m_initialized = false;
    bool m_errored = false;
    bool m_shutting_down = false;
    bool m_gate_active = false;
    std::string m_error;
    std::string m_session_id;
    std::string m_model;
    std::string m_cli_version;
    rapidjson::Document m_models{rapidjson::kArrayType};
    rapidjson::Document m_slash_commands{rapidjson::kArrayType}; // {name, description, argumentHint} from initialize.
    rapidjson::Document m_usage{rapidjson::kObjectType};
    rapidjson::Document m_last_init; // The running CLI's newest system/init; null until its first turn.
    double m_cost_usd = 0;
    int64_t m_context_tokens = 0;
    int64_t m_context_window = 0; // As the CLI reported it for the model; 0 until a turn ended.
    ControlChannel m_control;
    TurnTracker m_turns;
    uint64_t m_observed_turn = 0; // The turn the observer was told started and not yet ended.
    std::map<uint64_t, std::vector<api::UnrevertibleChange>> m_unrevertible; // By turn, the newest turns only.
    std::set<uint64_t> m_undoable_turns; // The newest turns that called one of our undoable tools.
    std::string m_partial_text; // Text streamed in the current turn since its last assistant message.
    std::string m_last_user_uuid; // The transcript uuid of the newest user message the CLI echoed.
    // The newest finished turn, when it was interrupted or cut short by the CLI's exit.
    std::optional<uint64_t> m_continuable_turn;
    // Why the CLI is to be restarted with --resume at the next moment no turn runs (mcp_reconnect
    // was rejected, the extension profiles changed); empty when no restart is due.
    std::optional<std::string> m_relaunch_reason;
    bool m_relaunch_underway = false; // The supervisor is stopping the old CLI for a restart.
    // Our tools (mcp__uap__<name>) this conversation's CLI listed that the host no longer serves:
    // each spawn denies them by a permission rule, since the CLI keeps a definition the model
    // already loaded (ToolSearch) for the rest of the conversation and only a rule withdraws it.
    std::set<std::string> m_withdrawn_tools;
    // The message a retried conversation is forked at, until the forked CLI reports its session.
    std::optional<std::string> m_fork_at;
    // The CLI rejected --permission-prompt-tool: later spawns go without it, with a fixed allow list.
    bool m_static_permissions = false;
    // The allow rules the running CLI started with: it reads them only at its start, so withdrawing
    // one from the settings takes a restart before the CLI asks again.
    std::vector<std::string> m_launched_allow_rules;
    std::vector<std::string> m_launched_deny_rules; // Likewise the user's deny rules (withdrawn tools have their own restart).
    std::deque<PendingPermission> m_pending;
    // Tool calls of the running turn by tool_use id (name, input), so a refusal by the script
    // gate's hook can be told apart from a tool error; cleared at every turn's end.
    std::map<std::string, RunningTool> m_running_tools;
    uint64_t m_permission_counter = 0;
    // Since when requests are pending with no front-end connected; empty while someone can see them.
    std::optional<std::chrono::steady_clock::time_point> m_unattended_since;
    // The turn whose request timed out unattended: its later requests are denied at once while
    // still nobody is connected, so the turn ends instead of waiting once more per tool call.
    uint64_t m_unattended_turn = 0;
    std::deque<QueuedMessage> m_outbox; // Waiting for a CLI (none runs, or a restart is due).
    std::deque<UnconfirmedMessage> m_unconfirmed;
    uint64_t m_messages_written = 0; // To the running CLI.
    uint64_t m_results_read = 0;     // From the running CLI.
    std::deque<std::chrono::steady_clock::time_point> m_deaths;
    std::optional<std::chrono::steady_clock::time_point> m_respawn_due;
    std::vector<std::unique_ptr<CliProcess>> m_dead_processes; // Destroyed by the supervisor, outside the lock.

    // The newest sign-in check's report; shown from the first check on (a host without the agent never checks).
    SignInReport m_sign_in;
    bool m_sign_in_checked = false;
    bool m_sign_in_running = false;
    std::thread m_sign_in_thread;

    std::condition_variable m_wake;
    bool m_stop_supervisor = false;
    std::thread m_supervisor;
};

} // namespace uap::agent
