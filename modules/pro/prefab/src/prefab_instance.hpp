// What the prefab tools share: the instance a "path" argument names, its overrides as the editor lists
// them, and failures that say what to do (also for a Unity package too old to have the primitives).
#pragma once

#include "editor_session.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace uap::pro::prefab {

using core::EditorReply;
using core::EditorSession;

// The objectRef of the tool's "path" (and "scene") arguments, added to params as "object"; or why not.
std::optional<std::string> add_instance_reference(const rapidjson::Value& arguments, rapidjson::Document& params);

// prefab.overrides.get for the object params name.
EditorReply read_overrides(EditorSession& session, const rapidjson::Value& object_reference);

// A failure of tool's primitive call: the editor's reason and code, what to do next, and for
// unknown_method that the Unity package must be updated.
sdk::ToolResult editor_failure(std::string_view tool, std::string_view what, const EditorReply& reply);

// The members of a listed override that identify it, as prefab.overrides.apply/revert's "expect".
rapidjson::Value override_identity(const rapidjson::Value& listed, core::Allocator& allocator);

// Whether two listed overrides are the same override (the same identity members).
bool same_override(const rapidjson::Value& left, const rapidjson::Value& right);

} // namespace uap::pro::prefab
