// "Three objects are called Player: which one?" — when a tool's "path" names several scene objects,
// the question the host puts to the user, each candidate offered as "#<instanceId>".
#pragma once

#include "editor_session.hpp"

#include <optional>

namespace uap::core {

// The needs-a-choice result for a call whose "path" argument matches several scene objects: every
// match with its instance id and path. Nothing when the path is not a scene path, matches fewer than
// two objects, or more than a person can pick from (then the tool's own refusal stands).
std::optional<sdk::ToolResult> ambiguous_target_question(std::string_view tool, const rapidjson::Value& arguments, EditorSession& session);

} // namespace uap::core
