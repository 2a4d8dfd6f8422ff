// Elicitation: a tool's "needs a choice" outcome put to the user as a request on the call's stream
// (2025 sessions) or an input_required result (2026-07-28), and the answer checked and applied.
#pragma once

#include "api/call_options.hpp"
#include "api/tool_outcome.hpp"
#include "mcp/json_rpc.hpp"
#include "mcp/protocol_revision.hpp"
#include "api/choice_request.hpp"
#include "support/expected.hpp"

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace uap::mcp {

class ToolProvider;

// Refuse: the client cannot be asked; the call ends with the refusal, which lists the choices.
// InputRequired: a 2026-07-28 client that declared elicitation; the call ends with input_required.
// AskClient: a session client that declared elicitation, on a call answered with an event stream.
enum class ChoiceRoute { Refuse, InputRequired, AskClient };

enum class AnswerAction { Accept, Decline, Cancel };

// The user's answer: for Accept, the picked value of the question's argument.
struct ChoiceAnswer {
    AnswerAction action = AnswerAction::Cancel;
    std::string value;
};

// How one call asks: its route and, for AskClient, the function that sends the question on the
// call's stream and waits for the answer.
struct ChoiceAsking {
    ChoiceRoute route = ChoiceRoute::Refuse;
    std::function<Expected<ChoiceAnswer>(const modules::ChoiceRequest&)> ask;
};

struct ElicitationLimits {
    size_t max_pending_per_session = 4;        // Questions a session may leave unanswered at once.
    std::chrono::milliseconds answer_timeout{std::chrono::minutes(10)}; // Then the call ends with an error.
    int max_rounds = 3;                        // Questions one call may ask before it gives up.
};

// The user's answer in an ElicitResult ({"action","content"}): an unknown action, or an accepted
// content without the argument as a bounded string, is refused with what was wrong.
Expected<ChoiceAnswer> read_elicit_result(const rapidjson::Value& result, std::string_view argument);

// The arguments with the answer put into argument (replacing what the call named there).
Expected<std::string> arguments_with_answer(std::string_view arguments_json, std::string_view argument, std::string_view value);

// The 2026-07-28 retry: params.inputResponses, when present, answers one question, keyed by the
// argument it fills. Nothing when the call carries no responses; an error for a malformed map.
struct InputResponse {
    std::string argument;
    ChoiceAnswer answer;
};
Expected<std::optional<InputResponse>> read_input_responses(const rapidjson::Value& params);

// The tools/call result that ends a call the user declined or cancelled: nothing was changed.
modules::ToolOutcome unanswered_outcome(std::string_view tool, AnswerAction action);

// The 2026-07-28 result asking for the choice: resultType input_required, one elicitation/create
// request keyed by the argument the answer fills.
void write_input_required(JsonWriter& writer, const modules::ChoiceRequest& question, const ProtocolRevision& revision);

// The elicitation/create request a session client gets on the call's stream.
std::string elicitation_request_text(std::string_view id, const modules::ChoiceRequest& question, const ProtocolRevision& revision);

// Runs the call and, while the tool needs a choice and the route can ask, asks and runs it again
// with the answer: the outcome the client gets (a refusal or an error when asking fails).
modules::ToolOutcome call_settling_choices(const ToolProvider& tools, std::string_view tool, std::string arguments_json,
                                           const modules::CallOptions& options, const ChoiceAsking& asking, int max_rounds);

// The questions session clients have not answered yet, by session and server request id. A response
// is matched only within the session it was asked in, so another session or client cannot answer.
class PendingElicitations {
public:
    void set_limits(ElicitationLimits limits);
    ElicitationLimits limits() const;

    // Reserves a request id for a question in the session; refused past max_pending_per_session.
    Expected<std::string> open(const std::string& session);
    // Waits for the answer to the question id: until it comes, the call is cancelled, or the timeout.
    // The question is forgotten afterwards.
    Expected<ChoiceAnswer> wait(const std::string& session, const std::string& id, std::string_view argument,
                                const api::CallControl& control);
    // A client's response (result or error) to a question; false when no question of the session has that id.
    bool deliver(const std::string& session, const Message& response);
    size_t size() const;

private:
    struct Pending {
        std::optional<rapidjson::Document> response; // The response message, once it came.
    };
    using Key = std::pair<std::string, std::string>;

    mutable std::mutex m_mutex;
    std::condition_variable m_answered;
    std::map<Key, std::shared_ptr<Pending>> m_pending;
    ElicitationLimits m_limits;
    uint64_t m_next_id = 1;
};

} // namespace uap::mcp
