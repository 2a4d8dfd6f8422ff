// Writing tools/list and tools/call results.
#include "mcp/tool_results.hpp"

#include "support/json.hpp"

#include <algorithm>
#include <array>
#include <chrono>

namespace uap::mcp {

namespace {

void write_raw_object(JsonWriter& writer, const std::string& json) {
    writer.RawValue(json.data(), json.size(), rapidjson::kObjectType);
}

void write_bool(JsonWriter& writer, std::string_view key, bool value) {
    write_key(writer, key);
    writer.Bool(value);
}

// Every hint is written, never left to the specification's defaults (destructive and open-world
// default to true). The tools act on one Unity project, a closed world, so openWorldHint is false.
void write_annotations(JsonWriter& writer, const modules::ToolMetadata& metadata) {
    write_key(writer, "annotations");
    writer.StartObject();
    write_bool(writer, "readOnlyHint", metadata.read_only);
    write_bool(writer, "destructiveHint", metadata.destructive);
    write_bool(writer, "idempotentHint", metadata.idempotent);
    write_bool(writer, "openWorldHint", false);
    writer.EndObject();
    // The two traits MCP has no hint for travel in _meta under our own prefix.
    write_key(writer, "_meta");
    writer.StartObject();
    write_bool(writer, "agentpanel.unity/undoable", metadata.undoable);
    write_bool(writer, "agentpanel.unity/longRunning", metadata.long_running);
    writer.EndObject();
}

void write_text_content(JsonWriter& writer, std::string_view text, const rapidjson::Value* images = nullptr) {
    write_key(writer, "content");
    writer.StartArray();
    writer.StartObject();
    write_key(writer, "type");
    write_string(writer, "text");
    write_key(writer, "text");
    write_string(writer, text);
    writer.EndObject();
    if (images)
        for (const auto& image : images->GetArray()) {
            writer.StartObject();
            write_key(writer, "type");
            write_string(writer, "image");
            write_key(writer, "data");
            write_string(writer, std::string_view(image["data"].GetString(), image["data"].GetStringLength()));
            write_key(writer, "mimeType");
            write_string(writer, std::string_view(image["mimeType"].GetString(), image["mimeType"].GetStringLength()));
            writer.EndObject();
        }
    writer.EndArray();
}

bool is_image_block(const rapidjson::Value& entry) {
    constexpr std::array<std::string_view, 4> types{"image/png", "image/jpeg", "image/gif", "image/webp"};
    if (!entry.IsObject() || entry.MemberCount() != 2 || !entry.HasMember("data") || !entry["data"].IsString() ||
        entry["data"].GetStringLength() == 0 || !entry.HasMember("mimeType") || !entry["mimeType"].IsString())
        return false;
    std::string_view type(entry["mimeType"].GetString(), entry["mimeType"].GetStringLength());
    return std::find(types.begin(), types.end(), type) != types.end();
}

// Moves well-formed "_images" entries out of a result object; returns the remaining text (empty
// when nothing moved, so the caller keeps the original).
std::string take_images(std::string_view result_json, rapidjson::Document& images) {
    images.SetArray();
    if (result_json.find("\"_images\"") == std::string_view::npos)
        return {};
    auto parsed = json::parse(result_json);
    if (!parsed || !parsed->IsObject())
        return {};
    auto found = parsed->FindMember("_images");
    if (found == parsed->MemberEnd() || !found->value.IsArray())
        return {};
    rapidjson::Value kept(rapidjson::kArrayType);
    for (auto& entry : found->value.GetArray()) {
        if (is_image_block(entry))
            images.PushBack(rapidjson::Value(entry, images.GetAllocator()), images.GetAllocator());
        else
            kept.PushBack(rapidjson::Value(entry, parsed->GetAllocator()), parsed->GetAllocator());
    }
    if (images.Empty())
        return {};
    if (kept.Empty())
        parsed->RemoveMember("_images");
    else
        found->value = kept;
    return json::to_text(*parsed);
}

// Whether results of the tool travel as structuredContent under a declared outputSchema. A
// long-running tool's reply may name a job instead of carrying its result, which no output schema
// describes, so its results are text only (uap_job_status returns the finished result in full).
bool structured(const modules::ToolDescription& tool, const ProtocolRevision& revision) {
    return !tool.output_schema_json.empty() && !tool.metadata.long_running && revision.structured_output == StructuredOutput::Supported;
}

} // namespace

// The 2026-07-28 revision types every result; a complete one is the only kind written here.
void write_result_type(JsonWriter& writer, const ProtocolRevision& revision) {
    if (revision.result_shape != ResultShape::Typed)
        return;
    write_key(writer, "resultType");
    write_string(writer, "complete");
}

namespace {

// tasks/result names the task its result belongs to, since the result itself does not.
void write_related_task(JsonWriter& writer, std::string_view task_id) {
    if (task_id.empty())
        return;
    write_key(writer, "_meta");
    writer.StartObject();
    write_key(writer, "io.modelcontextprotocol/related-task");
    writer.StartObject();
    write_key(writer, "taskId");
    write_string(writer, task_id);
    writer.EndObject();
    writer.EndObject();
}

} // namespace

void write_caching_hints(JsonWriter& writer, const ProtocolRevision& revision, std::chrono::milliseconds fresh_for) {
    if (revision.result_shape != ResultShape::Typed)
        return;
    write_key(writer, "ttlMs");
    writer.Int64(fresh_for.count());
    // The answers depend on this user's project and token, so no shared cache may keep them.
    write_key(writer, "cacheScope");
    write_string(writer, "private");
}

void write_tool_list(JsonWriter& writer, const std::vector<const modules::ToolDescription*>& tools, const ProtocolRevision& revision,
                     TaskSupport task_support) {
    writer.StartObject();
    write_result_type(writer, revision);
    // Immediately stale: the tool list changes whenever the module registry is rebuilt, and a
    // stateless client has no event stream here that would tell it so.
    write_caching_hints(writer, revision, std::chrono::milliseconds(0));
    write_key(writer, "tools");
    writer.StartArray();
    for (const modules::ToolDescription* tool : tools) {
        writer.StartObject();
        write_key(writer, "name");
        write_string(writer, tool->name);
        write_key(writer, "description");
        write_string(writer, tool->description);
        write_key(writer, "inputSchema");
        write_raw_object(writer, tool->input_schema_json);
        if (structured(*tool, revision)) {
            write_key(writer, "outputSchema");
            write_raw_object(writer, tool->output_schema_json);
        }
        write_annotations(writer, tool->metadata);
        if (task_support == TaskSupport::OptionalForLongRunning && tool->metadata.long_running) {
            // Optional: a client that does not ask for a task still gets today's call (and job).
            write_key(writer, "execution");
            writer.StartObject();
            write_key(writer, "taskSupport");
            write_string(writer, "optional");
            writer.EndObject();
        }
        writer.EndObject();
    }
    writer.EndArray();
    writer.EndObject();
}

void write_tool_success(JsonWriter& writer, const modules::ToolDescription& tool, std::string_view result_json,
                        const ProtocolRevision& revision, std::string_view related_task) {
    rapidjson::Document images;
    std::string remaining = take_images(result_json, images);
    if (!remaining.empty())
        result_json = remaining;
    writer.StartObject();
    write_result_type(writer, revision);
    write_text_content(writer, result_json, images.Empty() ? nullptr : &images);
    if (structured(tool, revision)) {
        write_key(writer, "structuredContent");
        writer.RawValue(result_json.data(), result_json.size(), rapidjson::kObjectType);
    }
    write_bool(writer, "isError", false);
    write_related_task(writer, related_task);
    writer.EndObject();
}

void write_tool_error(JsonWriter& writer, std::string_view message, const ProtocolRevision& revision, std::string_view related_task) {
    writer.StartObject();
    write_result_type(writer, revision);
    write_text_content(writer, message);
    write_bool(writer, "isError", true);
    write_related_task(writer, related_task);
    writer.EndObject();
}

} // namespace uap::mcp
