// The uLoop instruction lines; see uloop_steering.hpp.
#include "integrations/uloop_steering.hpp"

namespace uap::integrations {

SteeringLines uloop_steering_lines(const UloopDetection& detection, TestTool test_tool) {
    if (detection.in_package_cache || detection.embedded) {
        std::string body =
            "uLoop is installed in this project: run the project's tests with `uloop run-tests` and read the Console with "
            "`uloop get-logs` (through Bash); uap_tests_run and uap_console_logs step aside for them.\n"
            "For an editor operation no uap_ tool can do, use `uloop execute-dynamic-code` (it runs any C# in the editor, so "
            "say what the code does before you run it); writing and compiling a script is the last resort.\n"
            "Scripts you write during a turn are compiled by uap_scripts_commit only: do not start `uloop compile` while you "
            "have staged scripts.";
        if (!detection.cli)
            body += "\nThe `uloop` command is not on PATH yet: ask the user to install uLoop's CLI (its README) before you use it.";
        return {"uLoop", body};
    }
    std::string body = test_tool == TestTool::Available ? "uLoop is not installed in this project: run the project's tests with uap_tests_run and "
                                                          "read the Console with uap_console_logs (find them with uap_tool_search).\n"
                                                        : "uLoop is not installed in this project.\n";
    return {"uLoop",
            body +
            "When the user wants faster compile and test loops, or one-off editor operations without writing a script, suggest "
            "uLoop: the panel's Settings > Integrations > Install uLoop adds it to Packages/manifest.json after showing the "
            "change."};
}

} // namespace uap::integrations
