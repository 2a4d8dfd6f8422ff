// The panel's side of the Markdown tree: which events carry one, and where.
#include "panel/rendered_markdown.hpp"

#include "markdown/markdown_json.hpp"
#include "support/json.hpp"

namespace uap::panel {
namespace {

void attach_to_message(rapidjson::Value& message, rapidjson::Document::AllocatorType& allocator) {
    if (!message.IsObject() || json::string_field(message, "type").value_or("") != "assistant_message")
        return;
    auto tree = json::parse(markdown::markdown_json(json::string_field(message, "text").value_or("")));
    // The writer only produces well-formed JSON within the parser's depth; should that ever fail,
    // the message goes without a tree and front-ends show its text as plain text.
    if (!tree)
        return;
    message.RemoveMember("markdown");
    message.AddMember("markdown", rapidjson::Value(*tree, allocator), allocator);
}

} // namespace

void attach_markdown(rapidjson::Document& event) {
    std::string type = json::string_field(event, "type").value_or("");
    if (type == "assistant_message") {
        attach_to_message(event, event.GetAllocator());
    } else if (type == "transcript_reset") {
        auto items = event.FindMember("items");
        if (items != event.MemberEnd() && items->value.IsArray())
            for (auto& item : items->value.GetArray())
                attach_to_message(item, event.GetAllocator());
    }
}

} // namespace uap::panel
