// Reads and bounds a tool's "needs a choice" answer; see choice_request.hpp.
#include "api/choice_request.hpp"

#include "support/json.hpp"

#include <algorithm>

namespace uap::modules {

namespace {

Expected<std::string> bounded_text(const rapidjson::Value& object, const char* key, size_t max_bytes) {
    auto found = object.FindMember(key);
    if (found == object.MemberEnd() || !found->value.IsString() || found->value.GetStringLength() == 0)
        return Error(ErrorCode::InvalidArgument, std::string("\"") + key + "\" must be a non-empty string");
    if (found->value.GetStringLength() > max_bytes)
        return Error(ErrorCode::InvalidArgument,
                     std::string("\"") + key + "\" is longer than " + std::to_string(max_bytes) + " bytes");
    return std::string(found->value.GetString(), found->value.GetStringLength());
}

} // namespace

Expected<ChoiceRequest> read_choice_request(std::string_view json_text) {
    UAP_ASSIGN_OR_RETURN(rapidjson::Document document, json::parse(json_text));
    if (!document.IsObject())
        return Error(ErrorCode::InvalidArgument, "the question is not a JSON object");
    ChoiceRequest request;
    UAP_ASSIGN_OR_RETURN(request.question, bounded_text(document, "question", max_choice_text_bytes));
    UAP_ASSIGN_OR_RETURN(request.argument, bounded_text(document, "argument", 128));
    // The refusal repeats every choice, so it may be as long as all of them together.
    UAP_ASSIGN_OR_RETURN(request.refusal, bounded_text(document, "refusal", (max_choices + 1) * 2 * max_choice_text_bytes));
    auto choices = document.FindMember("choices");
    if (choices == document.MemberEnd() || !choices->value.IsArray() || choices->value.Size() < 2 || choices->value.Size() > max_choices)
        return Error(ErrorCode::InvalidArgument, "\"choices\" must be an array of 2 to " + std::to_string(max_choices) + " choices");
    for (const auto& entry : choices->value.GetArray()) {
        if (!entry.IsObject())
            return Error(ErrorCode::InvalidArgument, "every choice must be an object {\"value\",\"label\"}");
        ChoiceOption option;
        UAP_ASSIGN_OR_RETURN(option.value, bounded_text(entry, "value", max_choice_text_bytes));
        UAP_ASSIGN_OR_RETURN(option.label, bounded_text(entry, "label", max_choice_text_bytes));
        bool repeated = std::any_of(request.choices.begin(), request.choices.end(),
                                    [&](const ChoiceOption& earlier) { return earlier.value == option.value; });
        if (repeated)
            return Error(ErrorCode::InvalidArgument, "the choice \"" + option.value + "\" is offered twice");
        request.choices.push_back(std::move(option));
    }
    return request;
}

} // namespace uap::modules
