// The instructions the host appends to the agent's system prompt: which Unity tools to use, in
// which order, and the rules for scripts, destructive tools and batches.
#pragma once

#include "agent/instruction_sections.hpp"

#include <string>
#include <vector>

namespace uap::agent {

// ASCII only and short: it opens every conversation's appended system prompt.
const std::string& steering_text();

// The steering text, then each non-empty section under its heading, then the user's own addition
// (when there is one), separated by blank lines.
std::string appended_system_prompt(const std::vector<InstructionSection>& sections, const std::string& user_addition);

} // namespace uap::agent
