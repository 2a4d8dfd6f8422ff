// The simulator's stand-in for a C# compiler, shared by scripts.validate and the compile after an
// asset refresh: unbalanced brackets and #error directives, with Unity-like error codes.
#pragma once

#include <functional>
#include <string>

namespace uap::editor_sim {

struct ScriptDiagnostic {
    int line = 0;
    int column = 0;
    std::string message;
};

// Calls report once per problem found in one source file, in line order.
void check_script(const std::string& text, const std::function<void(const ScriptDiagnostic&)>& report);

// What check_script does not find, said in results so nobody mistakes it for a compiler.
inline constexpr const char* script_checks_scope = "bracket balance and #error directives only; the simulator has no C# compiler";

} // namespace uap::editor_sim
