// Prints the host's Markdown tree for each message of a fixture file, one JSON object a line
// ({"name":..., "tree":...}), so a person can check each tree by eye before it becomes expected.
#include "markdown/markdown_json.hpp"
#include "support/files.hpp"
#include "support/json.hpp"
#include "support/json_writer.hpp"

#include <iostream>

int main(int argument_count, char** arguments) {
    if (argument_count != 2) {
        std::cerr << "usage: markdown_dump FIXTURE.json (prints each message's tree)\n";
        return 2;
    }
    auto text = uap::files::read(arguments[1], 64 * 1024 * 1024);
    if (!text) {
        std::cerr << "cannot read " << arguments[1] << ": " << text.error().message() << "\n";
        return 1;
    }
    auto fixture = uap::json::parse(*text);
    if (!fixture) {
        std::cerr << arguments[1] << ": " << fixture.error().message() << "\n";
        return 1;
    }
    for (auto& message : (*fixture)["messages"].GetArray()) {
        auto name = uap::json::string_field(message, "name").value_or("");
        auto tree = uap::markdown::markdown_json(uap::json::string_field(message, "text").value_or(""));
        uap::json::TextWriter line;
        line.begin_object().field("name", name).raw_field("tree", tree).end_object();
        std::cout << line.text() << "\n";
    }
    return 0;
}
