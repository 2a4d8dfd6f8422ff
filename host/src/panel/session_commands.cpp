// The conversation commands of the panel protocol, each a small function in one table by type
// (docs/panel-protocol.md lists them with their fields).
#include "panel/session_commands.hpp"

#include "panel/image_attachments.hpp"
#include "support/json.hpp"

#include <map>
#include <optional>
#include <string_view>

namespace uap::panel {

namespace {

using Command = const rapidjson::Value&;
using Session = agent::AgentSession&;
using Reply = rapidjson::Document&;
using Handler = Expected<void> (*)(Command, Session, Reply);

// A positive turn number, as turn_finished events carry it.
std::optional<uint64_t> turn_number(Command command) {
    auto turn = json::integer_field(command, "turn_id");
    return turn && *turn > 0 ? std::optional<uint64_t>(static_cast<uint64_t>(*turn)) : std::nullopt;
}

Expected<void> send(Command command, Session session, Reply) {
    UAP_ASSIGN_OR_RETURN(auto images, parse_images(command));
    return session.send(json::string_field(command, "text").value_or(""), images);
}

Expected<void> list_history(Command command, Session session, Reply reply) {
    std::string query;
    if (auto found = command.FindMember("query"); found != command.MemberEnd()) {
        if (!found->value.IsString())
            return Error("list_history's query must be text to search for, such as the word prefab");
        query.assign(found->value.GetString(), found->value.GetStringLength());
        if (query.size() > agent::max_history_query_bytes)
            return Error("list_history's query is " + std::to_string(query.size()) + " bytes; search for a phrase of at most " +
                         std::to_string(agent::max_history_query_bytes));
    }
    rapidjson::Value sessions(rapidjson::kArrayType);
    auto& allocator = reply.GetAllocator();
    for (auto& entry : session.history(query)) {
        rapidjson::Value item(rapidjson::kObjectType);
        item.AddMember("session_id", json::string_value(entry.session_id, allocator), allocator);
        item.AddMember("title", json::string_value(entry.title, allocator), allocator);
        item.AddMember("modified_unix_ms", entry.modified_unix_ms, allocator);
        item.AddMember("size_bytes", entry.size_bytes, allocator);
        sessions.PushBack(item, allocator);
    }
    reply.AddMember("sessions", sessions, allocator);
    return {};
}

Expected<void> delete_history(Command command, Session session, Reply) {
    auto id = json::string_field(command, "session_id");
    if (!id)
        return Error("delete_history needs session_id (list_history names them)");
    return session.delete_session(*id);
}

Expected<void> resume(Command command, Session session, Reply) {
    auto id = json::string_field(command, "session_id");
    if (!id)
        return Error("resume needs session_id");
    return session.resume(*id);
}

Expected<void> set_model(Command command, Session session, Reply) {
    auto model = json::string_field(command, "model");
    if (!model)
        return Error("set_model needs model");
    return session.set_model(*model);
}

Expected<void> revert_turn(Command command, Session session, Reply) {
    auto turn = turn_number(command);
    if (!turn)
        return Error("revert_turn needs turn_id, the positive turn number of a finished turn (as in its turn_finished event)");
    return session.revert_turn(*turn);
}

Expected<void> continue_turn(Command command, Session session, Reply) {
    auto turn = turn_number(command);
    if (!turn)
        return Error("continue_turn needs turn_id, the positive turn number of the interrupted turn (its turn_finished says continuable)");
    return session.continue_turn(*turn);
}

Expected<void> set_custom_instructions(Command command, Session session, Reply) {
    auto text = json::string_field(command, "text");
    if (!text)
        return Error("set_custom_instructions needs text (an empty text removes the instructions)");
    return session.set_custom_instructions(*text);
}

Expected<void> retry_last_message(Command command, Session session, Reply) {
    auto text = json::string_field(command, "text");
    if (!text)
        return Error("retry_last_message needs text: the last message's own words to retry it, or new ones to edit it");
    return session.retry_last_message(*text);
}

Expected<void> set_auth_mode(Command command, Session session, Reply) {
    auto mode = json::string_field(command, "mode");
    auto parsed = mode ? agent::parse_auth_mode(*mode) : std::nullopt;
    if (!parsed)
        return Error("set_auth_mode needs mode: \"automatic\" (the CLI uses ANTHROPIC_API_KEY when it is set) or "
                     "\"subscription_only\" (the key is kept from the CLI, which signs in with the Claude subscription)");
    return session.set_auth_mode(*parsed);
}

const std::map<std::string_view, Handler>& handlers() {
    static const std::map<std::string_view, Handler> table = {
        {"send", send},
        {"interrupt", [](Command, Session session, Reply) { return session.interrupt(); }},
        {"new_session", [](Command, Session session, Reply) { return session.new_session(); }},
        {"list_history", list_history},
        {"delete_history", delete_history},
        {"resume", resume},
        {"set_model", set_model},
        {"reconnect_mcp", [](Command, Session session, Reply) { return session.reconnect_mcp(); }},
        {"revert_turn", revert_turn},
        {"continue_turn", continue_turn},
        {"set_custom_instructions", set_custom_instructions},
        {"retry_last_message", retry_last_message},
        {"check_sign_in",
         [](Command, Session session, Reply) -> Expected<void> {
             session.check_sign_in();
             return {};
         }},
        {"set_auth_mode", set_auth_mode},
    };
    return table;
}

} // namespace

Expected<void> run_session_command(const std::string& type, Command command, Session session, Reply reply) {
    auto found = handlers().find(type);
    if (found == handlers().end())
        return Error("unknown command type \"" + type + "\"");
    return found->second(command, session, reply);
}

} // namespace uap::panel
