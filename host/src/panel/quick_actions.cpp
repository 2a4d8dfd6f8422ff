// The user's quick actions, read and replaced through the panel: see quick_actions.hpp.
#include "panel/quick_actions.hpp"

#include "support/files.hpp"
#include "support/json.hpp"
#include "support/paths.hpp"
#include "support/utf8_path.hpp"

#include <algorithm>

namespace uap::panel {

namespace {

bool has_control_character(const std::string& text, bool allow_line_breaks) {
    return std::any_of(text.begin(), text.end(), [&](char character) {
        auto byte = static_cast<unsigned char>(character);
        return byte < 0x20 && !(allow_line_breaks && (character == '\n' || character == '\t'));
    });
}

std::string example() { return R"(such as [{"label":"Tidy the hierarchy","prompt":"Group the loose root objects under folders"}])"; }

} // namespace

QuickActions::QuickActions(std::filesystem::path project, api::EventSink& sink) : m_project(std::move(project)), m_sink(sink) {}

std::filesystem::path QuickActions::file() const { return paths::project_state_folder(m_project) / "quick-actions.json"; }

Expected<std::vector<QuickAction>> QuickActions::parse(const rapidjson::Value& actions) {
    if (!actions.IsArray())
        return Error("the quick actions must be an array of {label, prompt}, " + example());
    if (actions.Size() > max_actions)
        return Error(std::to_string(actions.Size()) + " quick actions; at most " + std::to_string(max_actions) + " are kept");
    std::vector<QuickAction> parsed;
    for (rapidjson::SizeType index = 0; index < actions.Size(); ++index) {
        const auto& action = actions[index];
        std::string where = "quick action " + std::to_string(index + 1);
        if (!action.IsObject())
            return Error(where + " is not an object {label, prompt}, " + example());
        for (const auto& member : action.GetObject()) {
            std::string name(member.name.GetString(), member.name.GetStringLength());
            if (name != "label" && name != "prompt")
                return Error(where + " has an unknown field '" + name + "'; only label and prompt are kept");
        }
        auto label = json::string_field(action, "label");
        auto prompt = json::string_field(action, "prompt");
        if (!label || !prompt || label->empty() || prompt->empty())
            return Error(where + " needs a label and a prompt, both non-empty text");
        if (label->size() > max_label_bytes || has_control_character(*label, false))
            return Error(where + "'s label must be one line of at most " + std::to_string(max_label_bytes) + " bytes");
        if (prompt->size() > max_prompt_bytes || has_control_character(*prompt, true))
            return Error(where + "'s prompt must be at most " + std::to_string(max_prompt_bytes) +
                         " bytes, without control characters other than line breaks and tabs");
        parsed.push_back({std::move(*label), std::move(*prompt)});
    }
    return parsed;
}

Expected<std::vector<QuickAction>> QuickActions::load() const {
    std::error_code error;
    if (!std::filesystem::exists(file(), error))
        return std::vector<QuickAction>{};
    auto text = files::read(file(), max_file_bytes, files::Links::Refuse);
    if (!text)
        return text.error();
    auto document = json::parse(*text);
    if (!document)
        return Error("it is not JSON (" + document.error().message() + ")");
    if (!document->IsObject() || !document->HasMember("actions"))
        return Error("it is not an object with \"actions\", " + example());
    return parse((*document)["actions"]);
}

void QuickActions::write_actions(const std::vector<QuickAction>& actions, rapidjson::Value& into, rapidjson::Document::AllocatorType& allocator) const {
    rapidjson::Value list(rapidjson::kArrayType);
    for (const auto& action : actions) {
        rapidjson::Value entry(rapidjson::kObjectType);
        entry.AddMember("label", json::string_value(action.label, allocator), allocator);
        entry.AddMember("prompt", json::string_value(action.prompt, allocator), allocator);
        list.PushBack(entry, allocator);
    }
    into.AddMember("actions", list, allocator);
    into.AddMember("file", json::string_value(utf8::from_path(file()), allocator), allocator);
}

Expected<void> QuickActions::run(const std::string&, const rapidjson::Value& command, rapidjson::Document& reply) {
    MutexLock lock(m_mutex);
    // A file the user broke by hand is never overwritten: what it held is theirs until they fix it.
    auto kept = load();
    if (!kept)
        return Error("the quick actions in " + utf8::from_path(file()) + " cannot be read: " + kept.error().message() +
                     "; fix the file or delete it, then try again");
    auto actions = command.FindMember("actions");
    if (actions == command.MemberEnd()) {
        write_actions(*kept, reply, reply.GetAllocator());
        return {};
    }
    auto parsed = parse(actions->value);
    if (!parsed)
        return parsed.error().within("set_quick_actions refused, nothing changed");
    rapidjson::Document document(rapidjson::kObjectType);
    write_actions(*parsed, document, document.GetAllocator());
    document.RemoveMember("file");
    if (auto saved = files::write_atomically(file(), json::to_pretty_text(document) + "\n", files::Visibility::OwnerOnly); !saved)
        return saved.error().within("the quick actions were not saved");
    write_actions(*parsed, reply, reply.GetAllocator());
    rapidjson::Document event(rapidjson::kObjectType);
    event.AddMember("type", "quick_actions", event.GetAllocator());
    write_actions(*parsed, event, event.GetAllocator());
    m_sink.publish(std::move(event));
    return {};
}

} // namespace uap::panel
