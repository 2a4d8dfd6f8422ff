// The action dispatch of grouped subcommands; see action_command.hpp.
#include "cli/action_command.hpp"
#include "cli/cli_text.hpp"
#include "cli/commands.hpp"

#include <algorithm>
#include <iostream>

namespace uap::cli {

command_line::Command action_group(const std::string& summary, const std::vector<Action>& actions) {
    command_line::Command group{{}, summary, {}, ""};
    for (const auto& action : actions)
        group.usage.push_back(action.command.usage[0]);
    return group;
}

int run_action(const std::vector<std::string>& words, const std::string& group_name, const command_line::Command& group,
               const std::vector<Action>& actions, const ActionRunner& run) {
    if (words.empty() || words[0] == "--help" || words[0] == "-h" || words[0] == "help") {
        std::cout << command_line::help_text(group);
        return words.empty() ? UsageError : Success;
    }
    auto action = std::find_if(actions.begin(), actions.end(), [&](const Action& known) { return known.name == words[0]; });
    if (action == actions.end())
        return usage_error(cli_text("action.unknown", {{"group", group_name}, {"action", words[0]}}), group);
    auto arguments = command_line::Arguments::parse(words, action->command);
    if (!arguments)
        return usage_error(arguments.error().message(), action->command);
    if (arguments->help_requested()) {
        std::cout << command_line::help_text(action->command);
        return Success;
    }
    return run(*action, *arguments);
}

} // namespace uap::cli
