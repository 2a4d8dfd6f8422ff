// Sections the host adds to the agent's appended system prompt besides its own steering text
// (extension profiles, integration notes). Sources are asked at every spawn, so a change takes
// effect at the next launch of the CLI.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace uap::agent {

struct InstructionSection {
    std::string heading; // One line naming where the rules come from ("Profile: Universal Render Pipeline").
    std::string body;    // The rules, one per line.
};

using InstructionSource = std::function<std::vector<InstructionSection>()>;

} // namespace uap::agent
