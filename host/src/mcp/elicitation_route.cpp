// The endpoint's side of elicitation: which way a tool's question reaches the client, a 2026-07-28
// retry's answer, and a session client asked on the call's stream (docs/mcp-endpoint.md, "Elicitation").
#include "mcp/http_replies.hpp"
#include "mcp/mcp_endpoint.hpp"
#include "mcp/tool_results.hpp"
#include "support/log.hpp"

namespace uap::mcp {

std::optional<server::HttpResponse> McpEndpoint::apply_input_responses(const Message& message, RequestedCall& call,
                                                                       const modules::ToolDescription& tool, const ProtocolRevision& revision,
                                                                       Trace& trace) const {
    if (revision.era != Era::Stateless)
        return std::nullopt;
    auto response = read_input_responses(*message.params);
    if (!response) {
        trace.outcome = "malformed input responses";
        return error_response(200, message.id, InvalidParams, "Invalid params: " + response.error().message());
    }
    if (!*response)
        return std::nullopt;
    // Nothing is kept between the two requests: the answer is one argument of the call, which the
    // client could have sent itself, and the tool checks it as any argument (it asks again if the
    // value still names no single target).
    const InputResponse& answered = **response;
    if (answered.answer.action != AnswerAction::Accept) {
        trace.outcome = "choice declined";
        return tool_reply(message.id, tool, unanswered_outcome(call.tool, answered.answer.action), revision);
    }
    auto arguments = arguments_with_answer(call.arguments_json, answered.argument, answered.answer.value);
    if (!arguments) {
        trace.outcome = "malformed input responses";
        return error_response(200, message.id, InvalidParams, "Invalid params: " + arguments.error().message());
    }
    call.arguments_json = std::move(*arguments);
    return std::nullopt;
}

ChoiceRoute McpEndpoint::choice_route(const Origin& origin, const ProtocolRevision& revision, const modules::ToolDescription& tool) const {
    if (!origin.capabilities.elicitation)
        return ChoiceRoute::Refuse;
    if (revision.era == Era::Stateless)
        return ChoiceRoute::InputRequired;
    // The question travels on the call's own event stream, which a job outlives: a long-running
    // tool served as a job gets the refusal instead.
    const std::string* accept = origin.request.headers.find("Accept");
    if (!accept || !contains_ignoring_case(*accept, "text/event-stream") || (m_jobs && tool.metadata.long_running))
        return ChoiceRoute::Refuse;
    return ChoiceRoute::AskClient;
}

Expected<ChoiceAnswer> McpEndpoint::ask_on_stream(const modules::ChoiceRequest& question, const std::string& session,
                                                  const ProtocolRevision& revision, const api::CallControl& control,
                                                  const std::function<void(const std::string&)>& send) const {
    UAP_ASSIGN_OR_RETURN(std::string id, m_elicitations.open(session));
    send(elicitation_request_text(id, question, revision));
    log::mcp.info("asked the client to choose {} ({} choices)", loggable(question.argument), question.choices.size());
    return m_elicitations.wait(session, id, question.argument, control);
}

} // namespace uap::mcp
