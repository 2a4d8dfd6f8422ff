// Subcommands made of actions ("modules list", "profiles approve"): the group's help and the one way
// an action is chosen, its arguments parsed and its help answered.
#pragma once

#include "support/command_line.hpp"

#include <functional>
#include <string>
#include <vector>

namespace uap::cli {

struct Action {
    std::string name;
    command_line::Command command;
};

// The group's own help: the summary, then the first usage line of every action.
command_line::Command action_group(const std::string& summary, const std::vector<Action>& actions);

using ActionRunner = std::function<int(const Action& action, const command_line::Arguments& arguments)>;

// Answers `help`, an unknown action, arguments that do not parse and an action's --help; otherwise
// runs the chosen action. `words` start with the action's name.
int run_action(const std::vector<std::string>& words, const std::string& group_name, const command_line::Command& group,
               const std::vector<Action>& actions, const ActionRunner& run);

} // namespace uap::cli
