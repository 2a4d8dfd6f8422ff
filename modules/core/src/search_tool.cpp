// uap_search; see search_tool.hpp. The agent speaks of "asset" and "scene"; the editor's primitive
// takes Unity's provider ids (adb, scene), so the agent never learns them.
#include "search_tool.hpp"

#include <cctype>

namespace uap::core {

namespace {

constexpr sdk::ToolTraits read_only{sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive,
                                    sdk::Repeat::Idempotent, sdk::Duration::Quick};

enum class Engine { UnitySearch, NameScan };

struct Providers {
    bool asset = true;
    bool scene = true;
};

Providers chosen_providers(const rapidjson::Value& arguments) {
    const auto* listed = member(arguments, "providers");
    if (!listed)
        return {};
    Providers providers{false, false};
    for (const auto& provider : listed->GetArray()) {
        providers.asset = providers.asset || std::string_view(provider.GetString()) == "asset";
        providers.scene = providers.scene || std::string_view(provider.GetString()) == "scene";
    }
    return providers;
}

bool blank(std::string_view text) {
    for (char character : text)
        if (!std::isspace(static_cast<unsigned char>(character)))
            return false;
    return true;
}

// The file name without folder and extension, which is what Unity labels an asset with.
std::string asset_label(std::string_view path) {
    auto slash = path.rfind('/');
    std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
    return std::string(name.substr(0, name.rfind('.')));
}

// One item of search.unity's answer, in the tool's vocabulary.
rapidjson::Value unity_item(const rapidjson::Value& found, Allocator& allocator) {
    rapidjson::Value item(rapidjson::kObjectType);
    bool scene = string_member(found, "provider") == "scene";
    item.AddMember("provider", rapidjson::StringRef(scene ? "scene" : "asset"), allocator);
    item.AddMember("label", text(string_member(found, "label"), allocator), allocator);
    item.AddMember("description", text(string_member(found, "description"), allocator), allocator);
    item.AddMember("path", text(string_member(found, scene ? "scenePath" : "assetPath"), allocator), allocator);
    item.AddMember("type", text(string_member(found, "type"), allocator), allocator);
    if (const auto* instance = member(found, "instanceId"))
        item.AddMember("instanceId", rapidjson::Value(*instance, allocator), allocator);
    return item;
}

// One result of the older search.query, which the package and the simulator shape differently.
rapidjson::Value scanned_item(const rapidjson::Value& found, Allocator& allocator) {
    rapidjson::Value item(rapidjson::kObjectType);
    bool asset = string_member(found, "kind") == "asset";
    std::string_view path = string_member(found, "assetPath");
    if (path.empty())
        path = string_member(found, "path");
    std::string label(string_member(found, "name"));
    if (label.empty())
        label = asset ? asset_label(path) : std::string(path.substr(path.rfind('/') + 1));
    std::string_view type = string_member(found, asset ? "type" : "kind");
    if (asset && type.empty())
        type = string_member(found, "assetKind");
    item.AddMember("provider", rapidjson::StringRef(asset ? "asset" : "scene"), allocator);
    item.AddMember("label", text(label, allocator), allocator);
    item.AddMember("description", text(path, allocator), allocator);
    item.AddMember("path", text(path, allocator), allocator);
    item.AddMember("type", text(asset ? type : std::string_view("GameObject"), allocator), allocator);
    if (const auto* instance = member(found, "instanceId"))
        item.AddMember("instanceId", rapidjson::Value(*instance, allocator), allocator);
    return item;
}

using ItemReader = rapidjson::Value (*)(const rapidjson::Value& found, Allocator& allocator);

// The tool's result without totals: the query, the providers, the engine and the items read from found.
rapidjson::Document answer(const rapidjson::Value& arguments, Providers providers, Engine engine, const rapidjson::Value& found,
                           ItemReader read) {
    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    result.AddMember("query", rapidjson::Value(arguments["query"], allocator), allocator);
    rapidjson::Value names(rapidjson::kArrayType);
    if (providers.asset)
        names.PushBack("asset", allocator);
    if (providers.scene)
        names.PushBack("scene", allocator);
    result.AddMember("providers", names, allocator);
    result.AddMember("engine", rapidjson::StringRef(engine == Engine::UnitySearch ? "unity-search" : "name-and-type scan"), allocator);
    rapidjson::Value items(rapidjson::kArrayType);
    for (const auto& entry : found.GetArray())
        items.PushBack(read(entry, allocator), allocator);
    result.AddMember("items", items, allocator);
    return result;
}

// Unity Search is missing from an older package (no search.unity) or cannot run in this editor.
bool unity_search_unavailable(const EditorReply& reply) { return reply.code == "unknown_method" || reply.code == "unsupported"; }

sdk::ToolResult scan(const rapidjson::Value& arguments, Providers providers, int limit, const EditorReply& unavailable,
                     EditorSession& session) {
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    params.AddMember("query", rapidjson::Value(arguments["query"], allocator), allocator);
    params.AddMember("scope", rapidjson::StringRef(providers.scene && providers.asset ? "all" : providers.scene ? "scene" : "assets"), allocator);
    params.AddMember("limit", limit, allocator);
    EditorReply found = session.call("search.query", params);
    if (!found.ok())
        return failure("uap_search failed: Unity Search is unavailable (" + unavailable.message + "), and the name scan failed too", found);
    rapidjson::Document result = answer(arguments, providers, Engine::NameScan, found.result["results"], &scanned_item);
    auto& out = result.GetAllocator();
    if (const auto* total = member(found.result, "total"))
        result.AddMember("totalMatches", rapidjson::Value(*total, out), out);
    const auto* truncated = member(found.result, "truncated");
    result.AddMember("truncated", truncated && truncated->IsBool() && truncated->GetBool(), out);
    result.AddMember("fallback",
                     text("Unity Search is unavailable in this editor (" + unavailable.message +
                              "), so this is the older scan: plain words match names and t:Type matches component or asset types; "
                              "ref:, h:, is: and negation are not understood. Update the Agent Panel package for Unity Search",
                          out),
                     out);
    return sdk::ToolResult::success(std::move(result));
}

} // namespace

// maxResults is capped at 500: Unity's synchronous search cannot be interrupted, so the answer's size
// is the only bound, and beyond that the agent narrows the query rather than reading on.
SearchTool::SearchTool()
    : EditorTool({"uap_search",
                  "Unity Search (t:Type ref:Asset h: is:static -word) over assets and scenes.",
                  R"({"type":"object","required":["query"],"properties":{
"query":{"type":"string","minLength":1,"maxLength":2000},"providers":{"type":"array","minItems":1,"maxItems":2,"items":{"enum":["asset","scene"]}},
"maxResults":{"type":"integer","minimum":1,"maximum":500}}})",
                  read_only,
                  R"({"type":"object","required":["query","providers","engine","items","truncated"],"properties":{"query":{"type":"string"},"providers":{"type":"array"},"engine":{"type":"string"},"items":{"type":"array"},"totalMatches":{"type":"integer"},"truncated":{"type":"boolean"},"fallback":{"type":"string"}}})"}) {}

sdk::ToolResult SearchTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    if (blank(string_member(arguments, "query")))
        return sdk::ToolResult::failure("uap_search refused: the query is only spaces; pass a Unity Search query such as "
                                        "\"t:Material\" or \"h: t:Light\"");
    Providers providers = chosen_providers(arguments);
    int limit = member(arguments, "maxResults") ? arguments["maxResults"].GetInt() : search_default_results;
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    params.AddMember("query", rapidjson::Value(arguments["query"], allocator), allocator);
    rapidjson::Value ids(rapidjson::kArrayType);
    if (providers.asset)
        ids.PushBack("adb", allocator); // The asset provider needs the search index, which misses new assets.
    if (providers.scene)
        ids.PushBack("scene", allocator);
    params.AddMember("providers", ids, allocator);
    params.AddMember("limit", limit, allocator);
    EditorReply found = session.call("search.unity", params);
    if (!found.ok() && unity_search_unavailable(found))
        return scan(arguments, providers, limit, found, session);
    if (!found.ok())
        return failure("uap_search failed", found);
    rapidjson::Document result = answer(arguments, providers, Engine::UnitySearch, found.result["items"], &unity_item);
    auto& out = result.GetAllocator();
    result.AddMember("totalMatches", rapidjson::Value(found.result["total"], out), out);
    result.AddMember("truncated", rapidjson::Value(found.result["truncated"], out), out);
    return sdk::ToolResult::success(std::move(result));
}

} // namespace uap::core
