// Elicitation in both eras: the questions' JSON, the answers' checks, the ask-and-run-again loop and
// the table of questions session clients have not answered yet; see elicitation.hpp.
#include "mcp/elicitation.hpp"

#include "mcp/tool_provider.hpp"
#include "support/json.hpp"

namespace uap::mcp {

namespace {

constexpr std::string_view elicit_method = "elicitation/create";
constexpr size_t max_argument_name_bytes = 128;

std::string_view text_of(const rapidjson::Value& value) { return {value.GetString(), value.GetStringLength()}; }

// Revisions before 2025-11-25 know single-select enums only as enum + enumNames; from 2025-11-25 on
// a titled choice is oneOf [{const, title}], and the form mode is named.
bool has_titled_enums(const ProtocolRevision& revision) { return revision.name >= std::string_view("2025-11-25"); }

void write_choice_schema(JsonWriter& writer, const modules::ChoiceRequest& question, const ProtocolRevision& revision) {
    writer.StartObject();
    write_key(writer, "type");
    write_string(writer, "string");
    write_key(writer, "title");
    write_string(writer, question.argument);
    if (has_titled_enums(revision)) {
        write_key(writer, "oneOf");
        writer.StartArray();
        for (const modules::ChoiceOption& choice : question.choices) {
            writer.StartObject();
            write_key(writer, "const");
            write_string(writer, choice.value);
            write_key(writer, "title");
            write_string(writer, choice.label);
            writer.EndObject();
        }
        writer.EndArray();
    } else {
        write_key(writer, "enum");
        writer.StartArray();
        for (const modules::ChoiceOption& choice : question.choices)
            write_string(writer, choice.value);
        writer.EndArray();
        write_key(writer, "enumNames");
        writer.StartArray();
        for (const modules::ChoiceOption& choice : question.choices)
            write_string(writer, choice.label);
        writer.EndArray();
    }
    writer.EndObject();
}

// ElicitRequest params: the question, and a form of one required single-select field named after
// the argument the answer fills.
void write_elicitation_params(JsonWriter& writer, const modules::ChoiceRequest& question, const ProtocolRevision& revision) {
    writer.StartObject();
    if (has_titled_enums(revision)) {
        write_key(writer, "mode");
        write_string(writer, "form");
    }
    write_key(writer, "message");
    write_string(writer, question.question);
    write_key(writer, "requestedSchema");
    writer.StartObject();
    write_key(writer, "type");
    write_string(writer, "object");
    write_key(writer, "properties");
    writer.StartObject();
    write_key(writer, question.argument);
    write_choice_schema(writer, question, revision);
    writer.EndObject();
    write_key(writer, "required");
    writer.StartArray();
    write_string(writer, question.argument);
    writer.EndArray();
    writer.EndObject();
    writer.EndObject();
}

} // namespace

Expected<ChoiceAnswer> read_elicit_result(const rapidjson::Value& result, std::string_view argument) {
    if (!result.IsObject())
        return Error::invalid_argument("the elicitation result must be an object {\"action\",\"content\"}");
    auto action = result.FindMember("action");
    if (action == result.MemberEnd() || !action->value.IsString())
        return Error::invalid_argument("the elicitation result needs \"action\": \"accept\", \"decline\" or \"cancel\"");
    std::string_view name = text_of(action->value);
    if (name == "decline")
        return ChoiceAnswer{AnswerAction::Decline, {}};
    if (name == "cancel")
        return ChoiceAnswer{AnswerAction::Cancel, {}};
    if (name != "accept")
        return Error::invalid_argument("the elicitation result's action \"" + std::string(name.substr(0, 40)) +
                                       "\" is none of \"accept\", \"decline\" and \"cancel\"");
    auto content = result.FindMember("content");
    if (content == result.MemberEnd() || !content->value.IsObject())
        return Error::invalid_argument("an accepted elicitation result needs \"content\", an object holding \"" + std::string(argument) + "\"");
    auto value = content->value.FindMember(rapidjson::StringRef(argument.data(), static_cast<rapidjson::SizeType>(argument.size())));
    if (value == content->value.MemberEnd() || !value->value.IsString() || value->value.GetStringLength() == 0)
        return Error::invalid_argument("an accepted elicitation result needs content." + std::string(argument) + ", the picked choice (a string)");
    if (value->value.GetStringLength() > modules::max_choice_text_bytes)
        return Error::too_large("content." + std::string(argument) + " is longer than " + std::to_string(modules::max_choice_text_bytes) +
                                " bytes; no choice is that long");
    return ChoiceAnswer{AnswerAction::Accept, std::string(text_of(value->value))};
}

Expected<std::string> arguments_with_answer(std::string_view arguments_json, std::string_view argument, std::string_view value) {
    UAP_ASSIGN_OR_RETURN(rapidjson::Document arguments, json::parse(arguments_json.empty() ? std::string_view("{}") : arguments_json));
    if (!arguments.IsObject())
        return Error::invalid_argument("the call's arguments are not an object");
    auto& allocator = arguments.GetAllocator();
    rapidjson::Value answer(value.data(), static_cast<rapidjson::SizeType>(value.size()), allocator);
    if (auto existing = arguments.FindMember(rapidjson::StringRef(argument.data(), static_cast<rapidjson::SizeType>(argument.size())));
        existing != arguments.MemberEnd())
        existing->value = answer;
    else
        arguments.AddMember(rapidjson::Value(argument.data(), static_cast<rapidjson::SizeType>(argument.size()), allocator), answer, allocator);
    return json::to_text(arguments);
}

Expected<std::optional<InputResponse>> read_input_responses(const rapidjson::Value& params) {
    auto responses = params.FindMember("inputResponses");
    if (responses == params.MemberEnd())
        return std::optional<InputResponse>();
    if (!responses->value.IsObject())
        return Error::invalid_argument("params.inputResponses must be an object keyed like the inputRequests it answers");
    if (responses->value.MemberCount() != 1)
        return Error::invalid_argument("params.inputResponses must answer exactly the one question this server asked (keyed by the "
                                       "argument it fills); it has " +
                                       std::to_string(responses->value.MemberCount()) + " entries");
    const auto& entry = *responses->value.MemberBegin();
    std::string_view argument = text_of(entry.name);
    if (argument.empty() || argument.size() > max_argument_name_bytes)
        return Error::invalid_argument("params.inputResponses has a key that names no argument (empty, or over " +
                                       std::to_string(max_argument_name_bytes) + " bytes)");
    UAP_ASSIGN_OR_RETURN(ChoiceAnswer answer, read_elicit_result(entry.value, argument));
    return std::optional<InputResponse>(InputResponse{std::string(argument), std::move(answer)});
}

modules::ToolOutcome unanswered_outcome(std::string_view tool, AnswerAction action) {
    std::string how = action == AnswerAction::Decline ? "declined to choose" : "cancelled the question";
    return {modules::CallStatus::ToolError, std::string(tool) + " did not run: the user " + how +
                                                ", so nothing was changed. Ask the user what to do, or call it again naming one target exactly."};
}

void write_input_required(JsonWriter& writer, const modules::ChoiceRequest& question, const ProtocolRevision& revision) {
    writer.StartObject();
    write_key(writer, "resultType");
    write_string(writer, "input_required");
    write_key(writer, "inputRequests");
    writer.StartObject();
    // Keyed by the argument: the retried call names what its answer fills, so no state is kept here.
    write_key(writer, question.argument);
    writer.StartObject();
    write_key(writer, "method");
    write_string(writer, elicit_method);
    write_key(writer, "params");
    write_elicitation_params(writer, question, revision);
    writer.EndObject();
    writer.EndObject();
    writer.EndObject();
}

std::string elicitation_request_text(std::string_view id, const modules::ChoiceRequest& question, const ProtocolRevision& revision) {
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    writer.StartObject();
    write_key(writer, "jsonrpc");
    write_string(writer, "2.0");
    write_key(writer, "id");
    write_string(writer, id);
    write_key(writer, "method");
    write_string(writer, elicit_method);
    write_key(writer, "params");
    write_elicitation_params(writer, question, revision);
    writer.EndObject();
    return std::string(buffer.GetString(), buffer.GetSize());
}

modules::ToolOutcome call_settling_choices(const ToolProvider& tools, std::string_view tool, std::string arguments_json,
                                           const modules::CallOptions& options, const ChoiceAsking& asking, int max_rounds) {
    modules::ToolOutcome outcome = tools.call(tool, arguments_json, options);
    for (int round = 0; outcome.status == modules::CallStatus::NeedsChoice && asking.route == ChoiceRoute::AskClient && round < max_rounds;
         ++round) {
        auto question = modules::read_choice_request(outcome.choice_json);
        if (!question)
            return {modules::CallStatus::InternalError, std::string(tool) + " asked a malformed question: " + question.error().message()};
        auto answer = asking.ask(*question);
        if (!answer && answer.error().code() == uap::ErrorCode::Cancelled)
            return {modules::CallStatus::Cancelled, answer.error().message()};
        if (!answer)
            return {modules::CallStatus::ToolError, "The question could not be answered (" + answer.error().message() + "). " + outcome.text};
        if (answer->action != AnswerAction::Accept)
            return unanswered_outcome(tool, answer->action);
        auto answered = arguments_with_answer(arguments_json, question->argument, answer->value);
        if (!answered)
            return {modules::CallStatus::InvalidArguments, answered.error().message()};
        arguments_json = std::move(*answered);
        outcome = tools.call(tool, arguments_json, options);
    }
    return outcome;
}

void PendingElicitations::set_limits(ElicitationLimits limits) {
    std::lock_guard lock(m_mutex);
    m_limits = limits;
}

ElicitationLimits PendingElicitations::limits() const {
    std::lock_guard lock(m_mutex);
    return m_limits;
}

Expected<std::string> PendingElicitations::open(const std::string& session) {
    std::lock_guard lock(m_mutex);
    size_t open_in_session = 0;
    for (auto it = m_pending.lower_bound({session, {}}); it != m_pending.end() && it->first.first == session; ++it)
        ++open_in_session;
    if (open_in_session >= m_limits.max_pending_per_session)
        return Error::unavailable("this session already has " + std::to_string(open_in_session) +
                                  " questions waiting for the user; answer or cancel them first");
    // Ids of server requests are the server's own; a response is matched only within its session.
    std::string id = "uap-elicit-" + std::to_string(m_next_id++);
    m_pending.emplace(Key{session, id}, std::make_shared<Pending>());
    return id;
}

Expected<ChoiceAnswer> PendingElicitations::wait(const std::string& session, const std::string& id, std::string_view argument,
                                                 const api::CallControl& control) {
    std::unique_lock lock(m_mutex);
    Key key{session, id};
    auto deadline = std::chrono::steady_clock::now() + m_limits.answer_timeout;
    std::shared_ptr<Pending> pending = m_pending.at(key);
    // Cancellation (notifications/cancelled, DELETE, a closed connection) sets a flag without a
    // notification here, so the wait looks at it as often as the connection watcher does.
    while (!pending->response && !control.cancelled.load() && std::chrono::steady_clock::now() < deadline)
        m_answered.wait_for(lock, std::chrono::milliseconds(20));
    m_pending.erase(key);
    if (control.cancelled.load())
        return Error::cancelled("the call was cancelled while it waited for the user's choice");
    if (!pending->response)
        return Error::timeout("the user did not answer within " + std::to_string(m_limits.answer_timeout.count()) + " ms");
    const rapidjson::Document& response = *pending->response;
    if (auto error = response.FindMember("error"); error != response.MemberEnd()) {
        std::string reason = "the client answered the question with an error";
        if (error->value.IsObject())
            if (auto message = error->value.FindMember("message"); message != error->value.MemberEnd() && message->value.IsString())
                reason += ": " + std::string(text_of(message->value).substr(0, 200));
        return Error::unavailable(reason);
    }
    auto result = response.FindMember("result");
    if (result == response.MemberEnd())
        return Error::invalid_argument("the client's response has neither result nor error");
    return read_elicit_result(result->value, argument);
}

bool PendingElicitations::deliver(const std::string& session, const Message& response) {
    if (!response.id || !response.id->IsString())
        return false;
    std::lock_guard lock(m_mutex);
    auto found = m_pending.find(Key{session, std::string(text_of(*response.id))});
    if (found == m_pending.end() || found->second->response)
        return false;
    found->second->response.emplace();
    found->second->response->CopyFrom(response.parsed.document(), found->second->response->GetAllocator());
    m_answered.notify_all();
    return true;
}

size_t PendingElicitations::size() const {
    std::lock_guard lock(m_mutex);
    return m_pending.size();
}

} // namespace uap::mcp
