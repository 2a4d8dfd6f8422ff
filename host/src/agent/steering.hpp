// The instructions the host appends to the agent's system prompt: which Unity tools to use, in
// which order, and the rules for scripts, destructive tools and batches.
#pragma once

#include <string>

namespace uap::agent {

// ASCII only and short: it travels on the CLI's command line (Windows caps that at 32,000 characters).
const std::string& steering_text();

// The steering text followed by the user's own addition (when there is one).
std::string appended_system_prompt(const std::string& user_addition);

} // namespace uap::agent
