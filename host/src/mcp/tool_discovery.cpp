// uap_tool_search and uap_tool_call: their descriptions, the search's reply and the checks on a
// forwarded call; see tool_discovery.hpp.
#include "mcp/tool_discovery.hpp"

#include "mcp/tool_search.hpp"
#include "support/json.hpp"
#include "support/json_writer.hpp"

#include <map>

namespace uap::mcp {

namespace {

constexpr int default_match_limit = 8;
constexpr int max_match_limit = 20;

// output_schema: what a successful call returns (structuredContent), or empty when the result is the
// target tool's own (uap_tool_call forwards whatever its target returns, typed by the target).
modules::ToolDescription describe(std::string_view name, std::string description, std::string schema, std::string output_schema,
                                  modules::ToolMetadata metadata) {
    modules::ToolDescription tool;
    tool.name = std::string(name);
    tool.description = std::move(description);
    tool.input_schema_json = std::move(schema);
    tool.output_schema_json = std::move(output_schema);
    tool.metadata = metadata;
    return tool;
}

// The areas (packs) that hold enabled tools, with how many each holds.
void write_areas(json::TextWriter& writer, const std::vector<CatalogueEntry>& catalogue) {
    std::map<std::string, std::pair<std::string, int>> areas;
    for (const CatalogueEntry& entry : catalogue) {
        auto& area = areas[entry.module_id];
        area.first = entry.module_name;
        ++area.second;
    }
    writer.key("areas").begin_array();
    for (auto& [id, area] : areas)
        writer.begin_object().field("area", id).field("name", area.first).field("tools", area.second).end_object();
    writer.end_array();
}

void write_match(json::TextWriter& writer, const CatalogueEntry& entry) {
    const modules::ToolMetadata& traits = entry.tool->metadata;
    writer.begin_object().field("tool", entry.tool->name).field("area", entry.module_id);
    writer.field("listed", entry.listing == modules::Listing::Always).field("description", entry.tool->description);
    writer.raw_field("inputSchema", entry.tool->input_schema_json);
    // A hidden tool's result type is found where its input schema is; long-running tools answer with
    // text (or a job), never structuredContent, so theirs is not offered (as tools/list does not).
    if (!entry.tool->output_schema_json.empty() && !entry.tool->metadata.long_running)
        writer.raw_field("outputSchema", entry.tool->output_schema_json);
    writer.key("traits").begin_object().field("readOnly", traits.read_only).field("destructive", traits.destructive);
    writer.field("undoable", traits.undoable).field("idempotent", traits.idempotent).field("longRunning", traits.long_running);
    writer.end_object().end_object();
}

struct SearchRequest {
    std::string query;
    std::string area;
    int limit = default_match_limit;
};

Expected<SearchRequest> read_search_request(std::string_view arguments_json) {
    auto parsed = json::parse(arguments_json);
    if (!parsed || !parsed->IsObject())
        return Error("uap_tool_search takes an object of query (words such as prefab apply overrides), area and limit");
    SearchRequest request;
    for (auto& member : parsed->GetObject()) {
        std::string_view key(member.name.GetString(), member.name.GetStringLength());
        if (key == "limit" && member.value.IsInt() && member.value.GetInt() >= 1 && member.value.GetInt() <= max_match_limit)
            request.limit = member.value.GetInt();
        else if (key == "limit")
            return Error("uap_tool_search's limit must be an integer from 1 to 20");
        else if ((key == "query" || key == "area") && !member.value.IsString())
            return Error("uap_tool_search's " + std::string(key) + " must be a string");
        else if (key == "query" || key == "area")
            (key == "query" ? request.query : request.area).assign(member.value.GetString(), member.value.GetStringLength());
        else
            return Error("uap_tool_search takes query, area and limit; \"" + std::string(key) + "\" is not one of them");
    }
    if (request.query.size() > max_query_bytes)
        return Error("uap_tool_search's query is " + std::to_string(request.query.size()) + " bytes; at most " +
                     std::to_string(max_query_bytes) + ": search with a few words, such as the query material color");
    if (request.area.size() > 100)
        return Error("uap_tool_search's area is longer than 100 bytes; call it without arguments to list the areas");
    return request;
}

} // namespace

// Published schemas are lean, as every tool's (docs/tools.md): the checks below refuse what they leave out.
const modules::ToolDescription& search_tool_description() {
    static const modules::ToolDescription tool = describe(
        search_tool_name,
        "Finds tools not listed here (assets, scene open, UI anchors, type lookup, jobs; editor: screenshot, console, play mode, "
        "menus; markers; installed packs) by words (English or Japanese) or area, with their schemas. No arguments: the areas.",
        R"({"type":"object","properties":{"query":{"type":"string"},"area":{"type":"string"},"limit":{"type":"integer"}}})",
        R"({"type":"object","anyOf":[{"required":["areas"]},{"required":["matches","totalMatches"]}],"properties":{"areas":{"type":"array"},"matches":{"type":"array","items":{"type":"object","required":["tool","area","listed","inputSchema","traits"]}},"totalMatches":{"type":"integer"}}})",
        modules::ToolMetadata{true, false, false, true, false});
    return tool;
}

const modules::ToolDescription& call_tool_description() {
    static const modules::ToolDescription tool = describe(
        call_tool_name, "Runs a tool uap_tool_search found, as a direct call would.",
        R"({"type":"object","properties":{"tool":{"type":"string"},"arguments":{"type":"object"}},"required":["tool"]})", "",
        modules::ToolMetadata{false, false, true, false, false});
    return tool;
}

std::vector<const modules::ToolDescription*> listed_tools(const std::vector<CatalogueEntry>& catalogue, Discovery discovery) {
    std::vector<const modules::ToolDescription*> tools;
    for (const CatalogueEntry& entry : catalogue)
        if (entry.listing == modules::Listing::Always)
            tools.push_back(entry.tool);
    if (discovery == Discovery::Offered) {
        tools.push_back(&search_tool_description());
        tools.push_back(&call_tool_description());
    }
    return tools;
}

modules::ToolOutcome search_tools(std::string_view arguments_json, const std::vector<CatalogueEntry>& catalogue) {
    auto request = read_search_request(arguments_json);
    if (!request)
        return {modules::CallStatus::InvalidArguments, request.error().message()};
    json::TextWriter writer;
    writer.begin_object();
    if (request->query.empty() && request->area.empty()) {
        write_areas(writer, catalogue);
        writer.field("hint", "search with query (a few words), or list an area's tools with area (one of these)");
        return {modules::CallStatus::Success, writer.end_object().text()};
    }
    std::vector<const CatalogueEntry*> ranked = rank_tools(catalogue, query_terms(request->query), request->area);
    writer.key("matches").begin_array();
    for (size_t index = 0; index < ranked.size() && index < static_cast<size_t>(request->limit); ++index)
        write_match(writer, *ranked[index]);
    writer.end_array().field("totalMatches", ranked.size());
    if (ranked.empty()) {
        writer.field("hint", "nothing matched; try other words (English names such as prefab, material, light), or an area below");
        write_areas(writer, catalogue);
    } else {
        writer.field("howToCall", "uap_tool_call with tool (the match's name) and arguments (an object its inputSchema accepts); listed tools can also be called directly");
    }
    return {modules::CallStatus::Success, writer.end_object().text()};
}

Expected<ForwardedCall> forwarded_call(const rapidjson::Value& arguments) {
    const std::string usage = "uap_tool_call takes tool (a name uap_tool_search returned) and arguments (an object of that tool's arguments)";
    ForwardedCall call{{}, "{}"};
    for (auto& member : arguments.GetObject()) {
        std::string_view key(member.name.GetString(), member.name.GetStringLength());
        if (key == "tool" && member.value.IsString())
            call.tool.assign(member.value.GetString(), member.value.GetStringLength());
        else if (key == "arguments" && member.value.IsObject())
            call.arguments_json = json::to_text(member.value);
        else if (key == "tool" || key == "arguments")
            return Error("refused: \"" + std::string(key) + "\" must be " + (key == "tool" ? "a string" : "an object") + "; " + usage);
        else
            return Error("refused: \"" + std::string(key) + "\" is not an argument of uap_tool_call (the target's arguments go inside \"arguments\"); " + usage);
    }
    if (call.tool.empty())
        return Error("refused: no \"tool\" named; " + usage);
    if (call.tool == call_tool_name || call.tool == search_tool_name)
        return Error("refused: uap_tool_call does not call " + call.tool + " (no calls through itself); call " +
                     (call.tool == search_tool_name ? "uap_tool_search directly" : "the target tool once, with its own name in \"tool\""));
    if (call.arguments_json.size() > max_forwarded_argument_bytes)
        return Error("refused: the arguments for " + call.tool + " are " + std::to_string(call.arguments_json.size()) +
                     " bytes of JSON, more than uap_tool_call forwards (" + std::to_string(max_forwarded_argument_bytes) +
                     "); send less per call (page it or split it into several calls)");
    return call;
}

std::string unknown_target_advice() {
    return "; find the exact name with uap_tool_search (words in English or Japanese, or no arguments for the areas)";
}

} // namespace uap::mcp
