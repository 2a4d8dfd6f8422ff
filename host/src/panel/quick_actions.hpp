// The user's own quick actions for one project: canned prompts, each with a short label, shown
// beside the extension profiles' ones. Kept in UserSettings/AgentPanel/quick-actions.json, so they
// stay with the project and the user, and shared by every front-end (event quick_actions).
#pragma once

#include "api/event_sink.hpp"
#include "panel/command_extension.hpp"
#include "support/expected.hpp"
#include "support/mutex.hpp"

#include <rapidjson/document.h>

#include <filesystem>
#include <string>
#include <vector>

namespace uap::panel {

struct QuickAction {
    std::string label;  // What the button says: one line, at most max_label_bytes.
    std::string prompt; // What it puts into the message box, for the user to read and send.
};

class QuickActions final : public CommandExtension {
public:
    static constexpr std::size_t max_actions = 24;
    static constexpr std::size_t max_label_bytes = 60;
    static constexpr std::size_t max_prompt_bytes = 4096;
    static constexpr std::size_t max_file_bytes = 256 * 1024;

    QuickActions(std::filesystem::path project, api::EventSink& sink);

    // set_quick_actions {actions?}: without actions, reads them; with, replaces them all (an empty
    // array removes them). The reply carries actions and file either way.
    bool handles(const std::string& type) const override { return type == "set_quick_actions"; }
    Expected<void> run(const std::string& type, const rapidjson::Value& command, rapidjson::Document& reply) override;

    std::filesystem::path file() const;
    // The actions in the file: none when it does not exist, an error naming the fault when it is malformed.
    Expected<std::vector<QuickAction>> load() const;
    // Checks one list as the command and the file both give it.
    static Expected<std::vector<QuickAction>> parse(const rapidjson::Value& actions);

private:
    void write_actions(const std::vector<QuickAction>& actions, rapidjson::Value& into, rapidjson::Document::AllocatorType& allocator) const;

    std::filesystem::path m_project;
    api::EventSink& m_sink;
    Mutex m_mutex; // One change at a time: a read-check-write of the file.
};

} // namespace uap::panel
