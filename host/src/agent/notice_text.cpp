// The English templates of the host's notices: see notice_text.hpp.
#include "agent/notice_text.hpp"

#include "support/json.hpp"

#include <algorithm>

namespace uap::agent {

const std::map<std::string, std::string>& notice_templates() {
    static const std::map<std::string, std::string> templates = {
        {"message_after_restart", "the message will be sent once the CLI has restarted {reason}"},
        {"message_when_back", "the message will be sent when the CLI is back"},
        {"interrupt_unacknowledged", "the interrupt was not acknowledged: {error}"},
        {"model_not_changed", "the model was not changed: {error}"},
        {"mode_not_changed", "the permission mode was not changed: {error}"},
        {"deny_list_after_turn", "the CLI reads its deny list only when it starts, so it is restarted with --resume when the current turn "
                                 "ends; until then the host's broker applies the new list to every call the CLI asks about"},
        {"deny_list_now", "the CLI reads its deny list only when it starts, so it is restarted with --resume now"},
        {"allow_list_after_turn", "the CLI reads its allow list only when it starts, so it is restarted with --resume when the current turn "
                                  "ends (until then it still applies {rules}) and asks again for what {rules} allowed"},
        {"allow_list_now", "the CLI reads its allow list only when it starts, so it is restarted with --resume now and asks again for what "
                           "{rules} allowed"},
        {"mcp_reconnected", "the MCP server was reconnected"},
        {"mcp_reconnect_rejected", "the CLI{version} rejected mcp_reconnect ({error}); instead, the CLI is restarted with --resume when the "
                                   "current turn ends, which reloads the host's tools"},
        {"mcp_not_reconnected", "the MCP server was not reconnected: {error}"},
        {"message_write_failed", "the message could not be written to the CLI ({error}); it is sent once the CLI has restarted"},
        {"message_resent", "1 message had not reached the conversation when the CLI stopped; sent again once the session has resumed"},
        {"messages_resent", "{count} messages had not reached the conversation when the CLI stopped; sent again once the session has resumed"},
        {"message_not_delivered", "the message \"{message}\" was not delivered: {reason}. Start a new session or resume this one, then send it again"},
        {"settings_unreadable", "the agent settings could not be read ({error}); defaults are used"},
        {"settings_unreadable_sign_in", "the agent settings could not be read ({error}); the login is checked with the defaults"},
        {"broad_allow_rule", "the saved always-allow rule \"{rule}\" allows every {rule} call anywhere, without asking (an older \"Always "
                             "allow\" button saved the whole tool for one file or command); if you meant less, delete it in the panel's "
                             "settings (remove_always_allow)"},
        {"reopen_failed", "the last session could not be reopened ({error}); a new one starts"},
        {"unattended_denied", "the permission request for {tools} was denied: no panel was open to answer it for {seconds} s. The model was "
                              "told so and the turn goes on without it; keep a panel open while a turn runs, or change "
                              "unattended_permission_timeout_seconds in UserSettings/AgentPanel/agent-settings.json (0 waits for an "
                              "answer however long it takes)"},
        {"rule_not_saved", "the always-allow rule could not be saved: {error}"},
        {"answer_not_sent", "the answer could not be sent: {error}"},
        {"gate_inactive", "the script gate is NOT active: the host binary for its hook is unknown"},
        {"bypass_mode", "the CLI runs in bypassPermissions mode (permission_mode in {file}): every tool runs without a permission card "
                        "and only the script gate's hook still holds; choose another permission mode in the panel to be asked again"},
        {"handshake_failed", "the CLI did not complete its handshake: {error}"},
        {"prompt_tool_rejected", "the claude CLI{version} rejected --permission-prompt-tool, so it cannot ask for permission on the panel. "
                                 "It is restarted with a fixed allow list: the always-allow rules and the tools the auto-approve level "
                                 "({level}) allows; it refuses every other tool, and the script gate still holds. Install the tested "
                                 "version to get permission cards back: {command}"},
        {"cli_option_rejected", "the claude CLI{version} rejected a command-line option this host relies on: {detail}. Install the tested "
                                "version: {command}"},
        {"restart_failed_because", "the CLI could not be restarted ({reason}): {error}"},
        {"restarted_resumed", "the CLI was restarted with --resume {reason}"},
        {"restarted", "the CLI was restarted {reason}"},
        {"restart_failed", "the CLI could not be restarted: {error}"},
        {"silence", "no output from the CLI for {seconds} s; the turn is treated as finished"},
        {"mcp_server_status", "the host's MCP server is {status} in the CLI; Unity tools are unavailable"},
        {"api_retry", "the API call failed and is retried (attempt {attempt})"},
        {"background_task_finished", "the agent goes on by itself: a background task it started (e.g. a subagent) has finished"},
        {"pack_disabled", "module pack {pack} is disabled for this run of the host: {reason}. Restart the host (`uap-host serve`) to try it "
                          "again, or turn it off with `uap-host modules disable {pack} --project {project}`"},
        {"project_tools_unserved", "Some of the project's C# tools are not served: {problems}"},
        // What happens in the editor (editor_event events).
        {"editor_compiling", "compiling scripts"},
        {"editor_compiled", "the scripts compiled"},
        {"editor_compile_failed", "the scripts do not compile: {count} error(s)"},
        {"editor_compile_failed_first", "the scripts do not compile: {count} error(s); first: {where}: {message}"},
        {"editor_play_mode", "play mode: {previous} -> {state}"},
        {"editor_modal_open", "modal dialog open: \"{title}\""},
        {"editor_modal_closed", "modal dialog closed: \"{title}\""},
        {"editor_prefab_open", "prefab mode: {path}"},
        {"editor_prefab_closed", "prefab mode closed: {path}"},
        {"editor_console_summary", "Console: {repeated} error(s) repeated ({entries} entries in all), {suppressed} more not shown one by "
                                   "one (rate limit)"},
    };
    return templates;
}

NoticeText notice(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> params) {
    NoticeText notice;
    notice.key = key;
    for (const auto& [name, value] : params)
        notice.params.emplace_back(name, value);
    auto found = notice_templates().find(notice.key);
    if (found == notice_templates().end()) {
        notice.text = "(notice " + notice.key + ")";
        return notice;
    }
    // One pass over the template, so a value that looks like a placeholder is never filled in turn.
    const std::string& pattern = found->second;
    std::size_t start = 0;
    for (std::size_t open = pattern.find('{'); open != std::string::npos; open = pattern.find('{', start)) {
        std::size_t close = pattern.find('}', open);
        if (close == std::string::npos)
            break;
        std::string_view name(pattern.data() + open + 1, close - open - 1);
        notice.text.append(pattern, start, open - start);
        auto value = std::find_if(notice.params.begin(), notice.params.end(), [&](const auto& param) { return param.first == name; });
        notice.text += value == notice.params.end() ? pattern.substr(open, close - open + 1) : value->second;
        start = close + 1;
    }
    notice.text.append(pattern, start);
    return notice;
}

NoticeText untranslated_notice(std::string text) { return NoticeText{{}, {}, std::move(text)}; }

void put_notice(rapidjson::Document& event, const NoticeText& notice) {
    auto& allocator = event.GetAllocator();
    event.AddMember("text", json::string_value(notice.text, allocator), allocator);
    if (notice.key.empty())
        return;
    event.AddMember("key", json::string_value(notice.key, allocator), allocator);
    rapidjson::Value params(rapidjson::kObjectType);
    for (const auto& [name, value] : notice.params)
        params.AddMember(json::string_value(name, allocator), json::string_value(value, allocator), allocator);
    event.AddMember("params", params, allocator);
}

rapidjson::Document notice_event(const char* level, const NoticeText& notice) {
    rapidjson::Document event(rapidjson::kObjectType);
    event.AddMember("type", "notice", event.GetAllocator());
    event.AddMember("level", rapidjson::Value(level, event.GetAllocator()), event.GetAllocator());
    put_notice(event, notice);
    return event;
}

} // namespace uap::agent
