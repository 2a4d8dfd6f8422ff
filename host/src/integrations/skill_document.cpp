// The text of the exported skills. Markdown is built with streams; every piece of a pack's own text
// goes through one_line, so no description can open a heading, a fence or a new front matter.
#include "integrations/skill_document.hpp"

#include "integrations/skill_front_matter.hpp"
#include "support/json.hpp"
#include "support/json_writer.hpp"

#include <algorithm>
#include <sstream>

namespace uap::integrations {

namespace {

constexpr std::size_t tool_description_max_bytes = 2000;
constexpr std::size_t argument_text_max_bytes = 400;
constexpr std::size_t listed_enum_values = 12;

// Inline code that stays inline code: a backtick inside would close it.
std::string code(std::string_view text) {
    std::string inside = one_line(text, argument_text_max_bytes);
    std::replace(inside.begin(), inside.end(), '`', '\'');
    return "`" + inside + "`";
}

std::string type_words(const rapidjson::Value& schema) {
    std::string words;
    if (auto type = schema.FindMember("type"); type != schema.MemberEnd()) {
        if (type->value.IsString())
            words = type->value.GetString();
        else if (type->value.IsArray())
            for (auto& each : type->value.GetArray())
                if (each.IsString())
                    words += (words.empty() ? "" : " or ") + std::string(each.GetString());
    }
    if (words == "array")
        if (auto items = schema.FindMember("items"); items != schema.MemberEnd() && items->value.IsObject()) {
            std::string item_words = type_words(items->value);
            if (!item_words.empty())
                words += " of " + item_words;
        }
    if (words.empty() && (schema.HasMember("anyOf") || schema.HasMember("oneOf")))
        words = "one of several shapes";
    return words;
}

std::string argument_line(const std::string& name, const rapidjson::Value& schema, bool required) {
    std::ostringstream line;
    line << "- " << code(name) << " (";
    std::string words = schema.IsObject() ? type_words(schema) : "";
    line << (words.empty() ? "type not stated" : one_line(words, argument_text_max_bytes)) << ", " << (required ? "required" : "optional") << ")";
    if (!schema.IsObject())
        return line.str();
    if (auto values = schema.FindMember("enum"); values != schema.MemberEnd() && values->value.IsArray()) {
        line << ": one of ";
        std::size_t shown = 0;
        for (auto& value : values->value.GetArray()) {
            if (shown == listed_enum_values) {
                line << ", ...";
                break;
            }
            line << (shown++ == 0 ? "" : ", ") << code(json::to_text(value));
        }
    }
    if (auto fallback = schema.FindMember("default"); fallback != schema.MemberEnd())
        line << "; default " << code(json::to_text(fallback->value));
    if (auto description = json::string_field(schema, "description"))
        line << ". " << one_line(*description, argument_text_max_bytes);
    return line.str();
}

// The arguments section of one tool; the schema is the module's, so any shape is survived.
std::string arguments_section(std::string_view input_schema_json) {
    auto schema = json::parse(input_schema_json);
    if (!schema || !schema->IsObject())
        return "Arguments: see the full input schema (below).\n";
    std::vector<std::string> required;
    if (auto names = schema->FindMember("required"); names != schema->MemberEnd() && names->value.IsArray())
        for (auto& name : names->value.GetArray())
            if (name.IsString())
                required.emplace_back(name.GetString(), name.GetStringLength());
    auto properties = schema->FindMember("properties");
    if (properties == schema->MemberEnd() || !properties->value.IsObject() || properties->value.MemberCount() == 0)
        return "Arguments: none.\n";
    std::ostringstream section;
    section << "Arguments:\n";
    for (auto& property : properties->value.GetObject()) {
        std::string name(property.name.GetString(), property.name.GetStringLength());
        bool is_required = std::find(required.begin(), required.end(), name) != required.end();
        section << argument_line(name, property.value, is_required) << "\n";
    }
    return section.str();
}

void write_example_value(json::TextWriter& writer, const std::string& name, const rapidjson::Value& schema) {
    if (schema.IsObject()) {
        if (auto examples = schema.FindMember("examples");
            examples != schema.MemberEnd() && examples->value.IsArray() && !examples->value.Empty()) {
            writer.raw(json::to_text(examples->value[0]));
            return;
        }
        for (const char* key : {"default", "const"})
            if (auto found = schema.FindMember(key); found != schema.MemberEnd()) {
                writer.raw(json::to_text(found->value));
                return;
            }
        if (auto values = schema.FindMember("enum"); values != schema.MemberEnd() && values->value.IsArray() && !values->value.Empty()) {
            writer.raw(json::to_text(values->value[0]));
            return;
        }
    }
    std::string words = schema.IsObject() ? type_words(schema) : "";
    std::string first = words.substr(0, words.find(' '));
    if (first == "integer" || first == "number")
        writer.value(0);
    else if (first == "boolean")
        writer.value(false);
    else if (first == "array")
        writer.begin_array().end_array();
    else if (first == "object")
        writer.begin_object().end_object();
    else
        writer.value("<" + name + ">");
}

void steering_section(std::ostringstream& text, SearchTool search) {
    SteeringLines lines = skill_steering_lines(search);
    text << "## When to use these commands\n\n"
         << "Use them to look at or change the open Unity project when this session has no mcp__uap__ tools (no MCP "
            "connection to the Agent Panel host). When the mcp__uap__ tools are there, call those instead: they are the same "
            "tools, without a shell in between.\n\n"
         << "### " << lines.heading << "\n\n";
    std::istringstream rules(lines.body);
    for (std::string rule; std::getline(rules, rule);)
        text << "- " << rule << "\n";
    text << "\n";
}

void calling_section(std::ostringstream& text, const CallTarget& target) {
    text << "## How a call works\n\n"
         << "- Each tool is one shell command against this project's running Agent Panel host. It prints the tool's result, a "
            "JSON object, on stdout; stderr says who answered. Exit code 0 is a result; 1 is a refusal or a tool error, with "
            "what went wrong and what to do on stderr; 2 is a usage error or no host serving the project.\n"
         << "- The host runs while Unity has this project open with the Agent Panel package. Without Unity, one can be started "
            "on an in-memory editor simulator with a sample scene:\n\n"
         << "  ```bash\n  " << shell_quoted(target.host_binary) << " serve --project " << shell_quoted(target.project) << " --editor sim\n  ```\n\n"
         << "- `--args` takes one JSON object in single quotes; write a single quote inside it as `'\\''`.\n"
         << "- The command reads the host's access token from the project's owner-only token file by itself: never put a "
            "token on a command line.\n"
         << "- A tool's full input schema is in what uap_tool_search answers for its name:\n\n"
         << "  ```bash\n  "
         << call_command_line(target, "uap_tool_search", json::TextWriter().begin_object().field("query", "TOOL_NAME").end_object().text())
         << "\n  ```\n\n";
}

} // namespace

bool is_generated_skill(std::string_view skill_text) {
    if (skill_text.substr(0, 4) != "---\n")
        return false;
    std::size_t closing = skill_text.find("\n---\n", 3);
    if (closing == std::string_view::npos)
        return false;
    std::string_view body = skill_text.substr(closing + 5);
    while (!body.empty() && body.front() == '\n')
        body.remove_prefix(1);
    return body.substr(0, generated_marker.size()) == generated_marker;
}

bool is_plain_tool_name(std::string_view name) {
    return !name.empty() && name.size() <= 64 && std::all_of(name.begin(), name.end(), [](char character) {
        return (character >= 'a' && character <= 'z') || (character >= 'A' && character <= 'Z') || (character >= '0' && character <= '9') ||
               character == '_' || character == '.' || character == '-';
    });
}

std::string shell_quoted(std::string_view text) {
    std::string quoted = "'";
    for (char character : text)
        quoted += character == '\'' ? std::string("'\\''") : std::string(1, character);
    return quoted + "'";
}

std::string call_command_line(const CallTarget& target, std::string_view tool, std::string_view arguments_json) {
    // Tool names the host accepts need no quotes; anything else is quoted rather than trusted.
    std::string line = shell_quoted(target.host_binary) + " tools call " + (is_plain_tool_name(tool) ? std::string(tool) : shell_quoted(tool)) +
                       " --editor running --project " +
                       shell_quoted(target.project);
    if (arguments_json != "{}")
        line += " --args " + shell_quoted(arguments_json);
    return line;
}

std::string example_arguments(std::string_view input_schema_json) {
    json::TextWriter writer;
    writer.begin_object();
    auto schema = json::parse(input_schema_json);
    if (schema && schema->IsObject()) {
        auto properties = schema->FindMember("properties");
        auto required = schema->FindMember("required");
        if (required != schema->MemberEnd() && required->value.IsArray())
            for (auto& name : required->value.GetArray()) {
                if (!name.IsString())
                    continue;
                std::string key(name.GetString(), name.GetStringLength());
                static const rapidjson::Value no_schema;
                const rapidjson::Value* property = &no_schema;
                if (properties != schema->MemberEnd() && properties->value.IsObject())
                    if (auto found = properties->value.FindMember(name); found != properties->value.MemberEnd())
                        property = &found->value;
                writer.key(key);
                write_example_value(writer, key, *property);
            }
    }
    return writer.end_object().text();
}

std::string pack_skill_document(const SkillPack& pack, std::string_view skill_name, const CallTarget& target, SearchTool search) {
    std::string pack_name = one_line(pack.name.empty() ? pack.id : pack.name, 200);
    std::ostringstream description;
    description << "Unity editor tools of the Agent Panel pack " << pack_name << " (" << pack.id
                << "), run as uap-host tools call commands against this project's running host. Use to look at or change the open "
                   "Unity project when the mcp__uap__ tools are not connected.";
    if (!pack.keywords.empty()) {
        description << " Areas:";
        for (std::size_t index = 0; index < pack.keywords.size(); ++index)
            description << (index == 0 ? " " : ", ") << pack.keywords[index];
        description << ".";
    }
    description << " Tools:";
    for (std::size_t index = 0; index < pack.tools.size(); ++index)
        description << (index == 0 ? " " : ", ") << pack.tools[index].name;
    description << ".";

    std::ostringstream text;
    text << skill_front_matter(skill_name, description.str()) << "\n"
         << generated_marker << " from pack " << one_line(pack.id, 100) << " " << one_line(pack.version, 100)
         << ". Do not edit: the next export rewrites this file, and removes it when the pack is no longer enabled.\n\n"
         << "# " << pack_name << " (" << one_line(pack.id, 100) << ")\n\n";
    steering_section(text, search);
    calling_section(text, target);
    text << "## Tools\n\n";
    for (const SkillTool& tool : pack.tools) {
        std::string arguments = example_arguments(tool.input_schema_json);
        text << "### " << code(tool.name) << "\n\n"
             << one_line(tool.description, tool_description_max_bytes) << "\n\n"
             << "Traits: " << one_line(tool.traits, argument_text_max_bytes) << ".\n\n"
             << arguments_section(tool.input_schema_json) << "\n"
             << "Example" << (arguments.find("\"<") != std::string::npos ? " (replace each <...> with a real value)" : "") << ":\n\n"
             << "```bash\n" << call_command_line(target, tool.name, arguments) << "\n```\n\n";
    }
    return text.str();
}

std::string search_skill_document(const std::vector<ExportedSkill>& skills, const CallTarget& target, SearchTool search) {
    std::ostringstream text;
    text << skill_front_matter(search_skill_name,
                               "Find the Agent Panel host's Unity editor tool for a task by words, English or Japanese, and run it with "
                               "uap-host tools call, including tools of packs installed after the skills were exported. Use when no other "
                               "uap- skill names a tool for what you need in the open Unity project and the mcp__uap__ tools are not "
                               "connected.")
         << "\n"
         << generated_marker
         << ". Do not edit: the next export rewrites this file.\n\n"
         << "# Find a Unity editor tool by words\n\n";
    steering_section(text, search);
    calling_section(text, target);
    text << "## Search, then call\n\n"
         << "`uap_tool_search` takes `query` (words a Unity user would use, English or Japanese), optionally `area` (a pack id, "
            "its last part or one of its keywords) and `limit` (1-20, default 8). Each match has the tool's name, description, "
            "full inputSchema and traits; with no match it lists the areas. Then call the match by its name with the same "
            "command and `--args` its inputSchema accepts.\n\n"
         << "```bash\n"
         << call_command_line(target, "uap_tool_search", json::TextWriter().begin_object().field("query", "screenshot").end_object().text())
         << "\n"
         << call_command_line(target, "TOOL_NAME", json::TextWriter().begin_object().field("argument", "value").end_object().text())
         << "\n```\n\n";
    if (!skills.empty()) {
        text << "## The pack skills of this export\n\n";
        for (const ExportedSkill& skill : skills)
            text << "- " << skill.skill_name << ": pack " << one_line(skill.pack_name, 200) << " (" << one_line(skill.pack_id, 100) << ")\n";
        text << "\n";
    }
    return text.str();
}

} // namespace uap::integrations
