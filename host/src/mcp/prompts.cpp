// Prompts and completions of the MCP endpoint: each extension profile's quick actions as a prompt
// (optional extra details appended), one prompt that hands over a profile's rules, and completion
// of profile ids and open scene paths for prompt and resource-template arguments.
#include "mcp/http_replies.hpp"
#include "mcp/resources.hpp"
#include "mcp/tool_results.hpp"
#include "support/json.hpp"

#include <algorithm>
#include <cctype>

namespace uap::mcp {

using server::HttpResponse;

namespace {

constexpr std::string_view rules_prompt = "uap.profile-rules";
constexpr std::string_view profile_template = "uap://profiles/{id}";
constexpr std::string_view scene_template = "unity://scenes/roots{?scene}";
constexpr size_t max_argument_characters = 2000; // As long as a profile's own prompt may be.
constexpr size_t max_completion_values = 100;    // The specification's cap per response.

struct PromptArgument {
    std::string name;
    std::string description;
    bool required = false;
};

struct PromptEntry {
    std::string name;
    std::string title;
    std::string description;
    std::vector<PromptArgument> arguments;
    std::string text; // The user message (quick actions); rules prompts build theirs from the argument.
};

std::vector<PromptEntry> prompt_entries(const std::vector<ProfileView>& profiles) {
    std::vector<PromptEntry> entries;
    if (profiles.empty())
        return entries;
    entries.push_back({std::string(rules_prompt), "Extension profile rules",
                       "The rules an extension profile gives the agent for its SDK, as a message to follow.",
                       {{"profile", "The profile's id (completion lists them).", true}},
                       {}});
    for (const ProfileView& profile : profiles)
        for (const QuickActionView& action : profile.quick_actions)
            entries.push_back({profile.id + "." + action.id, action.label, "Quick action of the " + profile.display_name + " profile: " + action.label,
                               {{"details", "Anything to add to the request; appended after it.", false}},
                               action.prompt});
    return entries;
}

bool starts_with_ignoring_case(std::string_view text, std::string_view prefix) {
    return text.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), text.begin(), [](char left, char right) {
               return std::tolower(static_cast<unsigned char>(left)) == std::tolower(static_cast<unsigned char>(right));
           });
}

const ProfileView* find_profile(const std::vector<ProfileView>& profiles, std::string_view id) {
    auto found = std::find_if(profiles.begin(), profiles.end(), [&](const ProfileView& profile) { return profile.id == id; });
    return found == profiles.end() ? nullptr : &*found;
}

std::string rules_text(const ProfileView& profile) {
    std::string text = "In this Unity project, follow these rules for " + profile.display_name + ":\n";
    for (const std::string& line : profile.instruction_lines)
        text += "- " + line + "\n";
    if (!profile.sources.empty()) {
        text += "Sources:";
        for (const std::string& source : profile.sources)
            text += " " + source;
        text += "\n";
    }
    return text;
}

void write_prompt_messages(JsonWriter& writer, std::string_view text) {
    write_key(writer, "messages");
    writer.StartArray();
    writer.StartObject();
    write_key(writer, "role");
    write_string(writer, "user");
    write_key(writer, "content");
    writer.StartObject();
    write_key(writer, "type");
    write_string(writer, "text");
    write_key(writer, "text");
    write_string(writer, text);
    writer.EndObject();
    writer.EndObject();
    writer.EndArray();
}

} // namespace

HttpResponse McpResources::list_prompts(const Message& message, const ProtocolRevision& revision) const {
    auto offset = page_offset(message.params);
    if (!offset)
        return error_response(200, message.id, InvalidParams, offset.error().message());
    std::vector<PromptEntry> entries = prompt_entries(profiles());
    size_t end = std::min(entries.size(), *offset + m_limits.page_size);
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    begin_result(writer, message.id);
    writer.StartObject();
    write_result_type(writer, revision);
    // The profiles can change at any time (a project file, a pack toggled).
    write_caching_hints(writer, revision, std::chrono::milliseconds(0));
    write_key(writer, "prompts");
    writer.StartArray();
    for (size_t index = *offset; index < end; ++index) {
        const PromptEntry& entry = entries[index];
        writer.StartObject();
        write_key(writer, "name");
        write_string(writer, entry.name);
        write_key(writer, "title");
        write_string(writer, entry.title);
        write_key(writer, "description");
        write_string(writer, entry.description);
        write_key(writer, "arguments");
        writer.StartArray();
        for (const PromptArgument& argument : entry.arguments) {
            writer.StartObject();
            write_key(writer, "name");
            write_string(writer, argument.name);
            write_key(writer, "description");
            write_string(writer, argument.description);
            write_key(writer, "required");
            writer.Bool(argument.required);
            writer.EndObject();
        }
        writer.EndArray();
        writer.EndObject();
    }
    writer.EndArray();
    if (end < entries.size()) {
        write_key(writer, "nextCursor");
        write_string(writer, page_cursor(end));
    }
    writer.EndObject();
    finish_result(writer);
    return json_response(200, std::string(buffer.GetString(), buffer.GetSize()));
}

HttpResponse McpResources::get_prompt(const Message& message, const ProtocolRevision& revision) const {
    auto name = string_param(message.params, "name");
    if (!name)
        return error_response(200, message.id, InvalidParams, "Invalid params: prompts/get needs params.name (a string; prompts/list names them)");
    const rapidjson::Value* arguments = nullptr;
    if (auto given = message.params->FindMember("arguments"); given != message.params->MemberEnd()) {
        if (!given->value.IsObject())
            return error_response(200, message.id, InvalidParams, "Invalid params: params.arguments must be an object of strings");
        arguments = &given->value;
    }
    std::vector<ProfileView> known = profiles();
    std::vector<PromptEntry> entries = prompt_entries(known);
    auto entry = std::find_if(entries.begin(), entries.end(), [&](const PromptEntry& candidate) { return candidate.name == *name; });
    if (entry == entries.end())
        return error_response(200, message.id, InvalidParams, "Invalid params: no prompt " + loggable(*name) + " in this project; prompts/list names them");
    std::vector<std::string> values(entry->arguments.size());
    for (size_t index = 0; index < entry->arguments.size(); ++index) {
        const PromptArgument& argument = entry->arguments[index];
        auto value = string_param(arguments, argument.name.c_str());
        if (arguments && arguments->HasMember(argument.name.c_str()) && !value)
            return error_response(200, message.id, InvalidParams, "Invalid params: arguments." + argument.name + " must be a string");
        if (!value && argument.required)
            return error_response(200, message.id, InvalidParams,
                                  "Invalid params: prompt " + entry->name + " needs arguments." + argument.name + " (" + argument.description + ")");
        if (value && value->size() > max_argument_characters)
            return error_response(200, message.id, InvalidParams,
                                  "Invalid params: arguments." + argument.name + " has " + std::to_string(value->size()) + " characters; at most " +
                                      std::to_string(max_argument_characters) + " are taken");
        values[index] = value ? std::string(*value) : std::string();
    }
    std::string text = entry->text;
    if (entry->name == rules_prompt) {
        const ProfileView* profile = find_profile(known, values[0]);
        if (!profile)
            return error_response(200, message.id, InvalidParams,
                                  "Invalid params: no extension profile " + loggable(values[0]) + " in this project; complete the argument to list them");
        text = rules_text(*profile);
    } else if (!values[0].empty()) {
        text += "\n\n" + values[0];
    }
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    begin_result(writer, message.id);
    writer.StartObject();
    write_result_type(writer, revision);
    write_key(writer, "description");
    write_string(writer, entry->description);
    write_prompt_messages(writer, text);
    writer.EndObject();
    finish_result(writer);
    return json_response(200, std::string(buffer.GetString(), buffer.GetSize()));
}

std::vector<std::string> McpResources::completion_values(std::string_view reference, std::string_view argument, std::string_view prefix) const {
    std::vector<std::string> candidates;
    if ((reference == rules_prompt && argument == "profile") || (reference == profile_template && argument == "id")) {
        for (const ProfileView& profile : profiles())
            candidates.push_back(profile.id);
    } else if (reference == scene_template && argument == "scene") {
        // Completion is a hint: with no editor there are simply no scene paths to offer.
        if (auto listed = editor_call("scene.list", "{}", scene_template))
            if (auto parsed = json::parse(*listed); parsed && parsed->IsObject() && parsed->HasMember("open") && (*parsed)["open"].IsArray())
                for (const auto& scene : (*parsed)["open"].GetArray())
                    if (scene.IsObject())
                        if (auto path = json::string_field(scene, "path"))
                            candidates.push_back(*path);
    }
    std::vector<std::string> values;
    for (std::string& candidate : candidates)
        if (starts_with_ignoring_case(candidate, prefix))
            values.push_back(std::move(candidate));
    return values;
}

HttpResponse McpResources::complete(const Message& message, const ProtocolRevision& revision) const {
    const rapidjson::Value* params = message.params;
    auto reference = params ? params->FindMember("ref") : rapidjson::Value::ConstMemberIterator();
    auto argument = params ? params->FindMember("argument") : rapidjson::Value::ConstMemberIterator();
    if (!params || reference == params->MemberEnd() || !reference->value.IsObject() || argument == params->MemberEnd() ||
        !argument->value.IsObject())
        return error_response(200, message.id, InvalidParams,
                              "Invalid params: completion/complete needs params.ref (an object: type ref/prompt with name, or type "
                              "ref/resource with uri) and params.argument (an object with name and value)");
    auto type = string_param(&reference->value, "type");
    auto target = string_param(&reference->value, type == "ref/resource" ? "uri" : "name");
    auto name = string_param(&argument->value, "name");
    auto value = string_param(&argument->value, "value");
    if (!type || (*type != "ref/prompt" && *type != "ref/resource") || !target || !name || !value)
        return error_response(200, message.id, InvalidParams,
                              "Invalid params: ref.type must be ref/prompt (with name) or ref/resource (with uri), and argument needs name and "
                              "value (strings)");
    if (value->size() > max_argument_characters)
        return error_response(200, message.id, InvalidParams,
                              "Invalid params: argument.value has " + std::to_string(value->size()) + " characters; at most " +
                                  std::to_string(max_argument_characters) + " are completed");
    if (*type == "ref/prompt") {
        auto entries = prompt_entries(profiles());
        if (std::none_of(entries.begin(), entries.end(), [&](const PromptEntry& entry) { return entry.name == *target; }))
            return error_response(200, message.id, InvalidParams,
                                  "Invalid params: no prompt " + loggable(*target) + " in this project; prompts/list names them");
    } else if (*target != profile_template && *target != scene_template && *target != "unity://scenes/hierarchy{?cursor}") {
        return error_response(200, message.id, InvalidParams,
                              "Invalid params: no resource template " + loggable(*target) + "; resources/templates/list names them");
    }
    std::vector<std::string> values = completion_values(*target, *name, *value);
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    begin_result(writer, message.id);
    writer.StartObject();
    write_result_type(writer, revision);
    write_key(writer, "completion");
    writer.StartObject();
    write_key(writer, "values");
    writer.StartArray();
    for (size_t index = 0; index < values.size() && index < max_completion_values; ++index)
        write_string(writer, values[index]);
    writer.EndArray();
    write_key(writer, "total");
    writer.Uint64(values.size());
    write_key(writer, "hasMore");
    writer.Bool(values.size() > max_completion_values);
    writer.EndObject();
    writer.EndObject();
    finish_result(writer);
    return json_response(200, std::string(buffer.GetString(), buffer.GetSize()));
}

} // namespace uap::mcp
