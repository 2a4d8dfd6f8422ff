// Lists the scene objects an ambiguous path names and turns them into a question; see target_choice.hpp.
#include "target_choice.hpp"

#include <vector>

namespace uap::core {

namespace {

// A person picks from a short list; past this the refusal (use #instanceId) serves better.
constexpr size_t max_candidates = 20;

std::string_view without_leading_slash(std::string_view path) { return path.substr(path.rfind('/', 0) == 0 ? 1 : 0); }

bool is_scene_path(std::string_view path) {
    return !path.empty() && path.front() != '#' && path.rfind("Assets/", 0) != 0 && path.rfind("Packages/", 0) != 0;
}

} // namespace

std::optional<sdk::ToolResult> ambiguous_target_question(std::string_view tool, const rapidjson::Value& arguments, EditorSession& session) {
    std::string_view path = string_member(arguments, "path");
    if (!is_scene_path(path))
        return std::nullopt;
    std::string_view wanted = without_leading_slash(path);
    std::string_view name = wanted.substr(wanted.rfind('/') == std::string_view::npos ? 0 : wanted.rfind('/') + 1);
    rapidjson::Document params(rapidjson::kObjectType);
    params.AddMember("query", text(name, params.GetAllocator()), params.GetAllocator());
    params.AddMember("scope", "scene", params.GetAllocator());
    params.AddMember("limit", 1000, params.GetAllocator());
    EditorReply found = session.call("search.query", params);
    const rapidjson::Value* results = found.ok() ? member(found.result, "results") : nullptr;
    if (!results || !results->IsArray())
        return std::nullopt;
    // The name search matches parts of names too: only objects at exactly the path are candidates.
    std::vector<sdk::Choice> choices;
    for (const auto& result : results->GetArray()) {
        const rapidjson::Value* id = member(result, "instanceId");
        std::string_view at = string_member(result, "path");
        if (!id || !id->IsInt64() || without_leading_slash(at) != wanted)
            continue;
        std::string value = instance_path(id->GetInt64());
        std::string label = std::string(at) + " (" + value;
        if (std::string_view scene = string_member(result, "scene"); !scene.empty())
            label += ", scene " + std::string(scene);
        choices.push_back({value, label + ")"});
    }
    if (choices.size() < 2 || choices.size() > max_candidates)
        return std::nullopt;
    return sdk::ToolResult::needs_choice(tool, std::to_string(choices.size()) + " objects match the path '" + std::string(path) + "'. Which one is meant?",
                                         "path", choices);
}

} // namespace uap::core
