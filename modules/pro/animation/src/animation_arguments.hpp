// What the animation tools share: the asset path checks, refusals built from the editor's answer, and
// the comparison of a requested number with the 32-bit float Unity stores.
#pragma once

#include "editor_session.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace uap::pro::animation {

// The asset path under Assets/ with the extension (".anim", ".controller"), or why it is refused.
std::optional<std::string> check_asset_argument(std::string_view tool, const rapidjson::Value& arguments, std::string_view extension,
                                                std::string& path);

// The model file's path under Assets/ (.fbx, .obj, .dae, .blend ..., any case), or why it is refused.
std::optional<std::string> check_model_argument(std::string_view tool, const rapidjson::Value& arguments, std::string& path);

// The editor's answer to a write as the tool reports it: the primitives check the whole request before
// they change anything, so their refusals (invalid_params, not_found, conflict, type_mismatch) are
// refusals that changed nothing, with hint saying what fixes them; anything else is a failure.
sdk::ToolResult editor_refusal(std::string_view tool, const core::EditorReply& reply, std::string_view hint);

// The primitive's params: the tool's arguments with assetPath given as the checked path.
rapidjson::Document primitive_params(const rapidjson::Value& arguments, std::string_view path);

// One read primitive (animation.clip.read, animator.read) of the asset at path, with extra params when given.
core::EditorReply read_asset(core::EditorSession& session, const char* method, std::string_view path, std::optional<int> key_limit = std::nullopt);

// Whether a number read back equals the requested one once both are stored as Unity stores them.
bool same_float(double requested, double observed);

// "[3]", the index of an element in an argument path such as "curves[3].keys[0]".
std::string index_text(std::size_t index);

// Whether a number fits a 32-bit float (finite and within its range).
bool fits_float(double value);

} // namespace uap::pro::animation
