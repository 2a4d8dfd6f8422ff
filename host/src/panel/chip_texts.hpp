// The words a context chip adds to a message, made from the editor's event data: one function per
// kind of chip, each bounded, so what the user sees on a chip is what the model reads.
#pragma once

#include "api/editor_link.hpp"
#include "panel/console_digest.hpp"
#include "support/expected.hpp"

#include <rapidjson/document.h>

#include <cstddef>
#include <string>
#include <vector>

namespace uap::panel::chips {

// A chip's text is cut to this many bytes (on a character boundary), whatever made it.
inline constexpr std::size_t max_text_bytes = 4096;
inline constexpr std::size_t max_listed_objects = 20;
inline constexpr std::size_t max_console_errors = 5;
inline constexpr std::size_t max_scene_roots = 40;

// A userPin event: "pin at (1.00, 0.00, 2.00) on /Player \"door\"".
std::string pin_text(const rapidjson::Value& data);
// A strokeFinished event (points must be a non-empty array).
std::string stroke_text(const rapidjson::Value& data);
// A selectionChanged event {objects[{instanceId, name, type, path | assetPath}], count}: one line
// per object, at most max_listed_objects; empty when nothing is selected.
std::string selection_text(const rapidjson::Value& data);
// The short label of a selection chip, e.g. "Player" or "3 selected".
std::string selection_label(const rapidjson::Value& data);
// The newest Console errors, newest first, with their repeat counts.
std::string console_text(const std::vector<ConsoleErrorEntry>& newest_first);
// The open scenes and the active scene's root objects, asked of the editor now.
Expected<std::string> scene_summary(api::EditorLink& editor);

// text cut to max_text_bytes with a note of how much was left out.
std::string bounded(std::string text);

} // namespace uap::panel::chips
