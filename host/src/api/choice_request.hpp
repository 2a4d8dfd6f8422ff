// A tool's "needs a choice" answer (UAP_STATUS_NEEDS_CHOICE) read into a value: the question, the
// argument that carries the answer, the choices, and the refusal for callers that cannot ask.
#pragma once

#include "support/expected.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace uap::modules {

struct ChoiceOption {
    std::string value; // What the tool receives in the argument.
    std::string label; // What the user reads.
};

struct ChoiceRequest {
    std::string question;
    std::string argument;
    std::vector<ChoiceOption> choices;
    std::string refusal; // Lists the choices and names the argument; nothing was changed.
};

// The bounds a module's question must keep: a client shows every choice to a person.
inline constexpr size_t max_choices = 64;
inline constexpr size_t max_choice_text_bytes = 1024;

// Reads {"question","argument","choices":[{"value","label"}],"refusal"}; every member a non-empty
// string within the bounds, at least two and at most max_choices choices, no value twice.
Expected<ChoiceRequest> read_choice_request(std::string_view json_text);

} // namespace uap::modules
