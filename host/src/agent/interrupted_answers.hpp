// The partial answers of turns the CLI's death cut short. The CLI writes an answer to its
// transcript only when it is complete, and on --resume puts a synthetic "No response requested."
// in its place, so the host keeps the partial text itself (owner-only, one file per session in the
// agent state folder) and history loading puts it back where it belongs.
#pragma once

#include "support/expected.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace uap::agent {

struct InterruptedAnswer {
    std::string after_user; // The transcript uuid of the user message the answer was for.
    std::string text;
};

// Adds one answer to the session's record (the newest 64 are kept; a text over 256 KiB is cut).
Expected<void> keep_interrupted_answer(const std::filesystem::path& project, const std::string& session_id, InterruptedAnswer answer);

// The session's kept answers, oldest first; none when there is no (readable) record.
std::vector<InterruptedAnswer> interrupted_answers(const std::filesystem::path& project, const std::string& session_id);

// The text the pinned CLI writes in place of the answer to a message it never answered.
inline constexpr const char* synthetic_no_response_text = "No response requested.";

} // namespace uap::agent
