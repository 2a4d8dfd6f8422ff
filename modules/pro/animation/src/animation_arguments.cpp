// Shared argument checks and refusals of the animation tools (animation_arguments.hpp).
#include "animation_arguments.hpp"

#include "asset_paths.hpp"

#include <cctype>
#include <cfloat>
#include <cmath>

namespace uap::pro::animation {

namespace {

// The assetPath argument checked to lie under Assets/ with no "..", or why it is refused.
std::optional<std::string> checked_assets_path(std::string_view tool, const rapidjson::Value& arguments, std::string& path) {
    auto checked = core::checked_asset_path(core::string_member(arguments, "assetPath"), core::AssetRoots::AssetsOnly, "assetPath");
    if (!checked)
        return std::string(tool) + " refused: " + checked.error().message;
    path = checked.value();
    return std::nullopt;
}

std::string lower_case(std::string_view text) {
    std::string lower(text);
    for (char& character : lower)
        character = static_cast<char>(std::tolower(static_cast<unsigned char>(character)));
    return lower;
}

// The files Unity's ModelImporter imports: its own formats and those it converts through a modelling application.
constexpr std::string_view model_extensions[] = {".fbx", ".obj", ".dae", ".dxf", ".3ds", ".blend", ".max", ".ma", ".mb", ".c4d", ".lxo", ".jas"};

} // namespace

std::optional<std::string> check_asset_argument(std::string_view tool, const rapidjson::Value& arguments, std::string_view extension,
                                                std::string& path) {
    std::string value;
    if (auto problem = checked_assets_path(tool, arguments, value))
        return problem;
    if (value.size() <= extension.size() || value.compare(value.size() - extension.size(), std::string::npos, extension) != 0)
        return std::string(tool) + " refused: assetPath '" + value + "' must end in " + std::string(extension) + " (for example Assets/Animations/Run" +
               std::string(extension) + "); nothing was changed";
    path = value;
    return std::nullopt;
}

std::optional<std::string> check_model_argument(std::string_view tool, const rapidjson::Value& arguments, std::string& path) {
    std::string value;
    if (auto problem = checked_assets_path(tool, arguments, value))
        return problem;
    std::string lower = lower_case(value);
    std::string listed;
    for (std::string_view extension : model_extensions) {
        if (lower.size() > extension.size() && lower.compare(lower.size() - extension.size(), std::string::npos, extension) == 0) {
            path = value;
            return std::nullopt;
        }
        listed += (listed.empty() ? "" : ", ") + std::string(extension);
    }
    return std::string(tool) + " refused: assetPath '" + value + "' is not a model file; a ModelImporter imports " + listed +
           " (for example Assets/Characters/Hero.fbx; uap_asset_find with filter t:Model lists the project's models); nothing was changed";
}

sdk::ToolResult editor_refusal(std::string_view tool, const core::EditorReply& reply, std::string_view hint) {
    if (reply.code == "invalid_params" || reply.code == "not_found" || reply.code == "conflict" || reply.code == "type_mismatch")
        return sdk::ToolResult::failure(std::string(tool) + " refused: " + reply.message + " [" + reply.code + "]; nothing was changed. " +
                                        std::string(hint) + reply.compile_note);
    return core::failure(std::string(tool) + " failed", reply);
}

rapidjson::Document primitive_params(const rapidjson::Value& arguments, std::string_view path) {
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    for (const auto& argument : arguments.GetObject())
        if (std::string_view(argument.name.GetString()) != "assetPath")
            params.AddMember(rapidjson::Value(argument.name, allocator), rapidjson::Value(argument.value, allocator), allocator);
    params.AddMember("path", core::text(path, allocator), allocator);
    return params;
}

core::EditorReply read_asset(core::EditorSession& session, const char* method, std::string_view path, std::optional<int> key_limit) {
    rapidjson::Document params(rapidjson::kObjectType);
    params.AddMember("path", core::text(path, params.GetAllocator()), params.GetAllocator());
    if (key_limit)
        params.AddMember("keyLimit", *key_limit, params.GetAllocator());
    return session.call(method, params);
}

bool same_float(double requested, double observed) { return static_cast<float>(requested) == static_cast<float>(observed); }

std::string index_text(std::size_t index) { return '[' + std::to_string(index) + ']'; }

bool fits_float(double value) { return std::isfinite(value) && std::fabs(value) <= FLT_MAX; }

} // namespace uap::pro::animation
