// The simulator's script checks; see script_checks.hpp.
#include "script_checks.hpp"

#include <sstream>

namespace uap::editor_sim {

void check_script(const std::string& text, const std::function<void(const ScriptDiagnostic&)>& report) {
    std::istringstream lines{text};
    std::string line;
    int number = 0, braces = 0, parentheses = 0;
    std::size_t last_length = 0;
    while (std::getline(lines, line)) {
        ++number;
        last_length = line.size();
        auto directive = line.find("#error");
        if (directive != std::string::npos)
            report({number, static_cast<int>(directive) + 1, "error CS1029: #error: '" + line.substr(directive + 6) + "'"});
        for (std::size_t index = 0; index < line.size(); ++index) {
            char c = line[index];
            braces += c == '{' ? 1 : c == '}' ? -1 : 0;
            parentheses += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (braces < 0 || parentheses < 0) {
                report({number, static_cast<int>(index) + 1, "error CS1022: unexpected closing bracket"});
                braces = parentheses = 0;
            }
        }
    }
    int end_column = static_cast<int>(last_length) + 1;
    if (braces > 0)
        report({number, end_column, "error CS1513: } expected"});
    if (parentheses > 0)
        report({number, end_column, "error CS1026: ) expected"});
}

} // namespace uap::editor_sim
