// uap-host hook pre-tool-use --project DIR: the script gate as a Claude Code PreToolUse hook. It
// reads the hook's JSON on stdin and, for a gated write, prints a "deny" decision with guidance.
// It fails open (prints nothing) on input it cannot read, and says why on stderr.
#include "agent/script_gate.hpp"
#include "cli/cli_text.hpp"
#include "cli/commands.hpp"
#include "cli/host_setup.hpp"
#include "support/json.hpp"
#include "support/utf8_path.hpp"

#include <iostream>
#include <iterator>

namespace uap::cli {

namespace {
constexpr size_t max_hook_input_bytes = 16 * 1024 * 1024;
const Command& hook_command() {
    static const Command command{{"uap-host hook pre-tool-use --project DIR"}, cli_text("hook.summary"), {project_option()}, ""};
    return command;
}
} // namespace

int run_hook_command(const std::vector<std::string>& words) {
    if (!words.empty() && (words[0] == "--help" || words[0] == "-h" || words[0] == "help")) {
        std::cout << command_line::help_text(hook_command());
        return Success;
    }
    if (words.empty() || words[0] != "pre-tool-use")
        return usage_error(cli_text("hook.unknown"), hook_command());
    auto arguments = Arguments::parse(std::vector<std::string>(words.begin() + 1, words.end()), hook_command());
    if (!arguments)
        return usage_error(arguments.error().message(), hook_command());
    if (arguments->help_requested()) {
        std::cout << command_line::help_text(hook_command());
        return Success;
    }
    if (!arguments->value("project"))
        return usage_error(cli_text("hook.project_required"), hook_command());
    std::filesystem::path project = std::filesystem::absolute(utf8::to_path(*arguments->value("project")));

    // From here on the hook speaks to Claude Code, not to a person at a terminal, and its deny reason
    // reaches the agent: this text stays English whatever the locale.
    std::string input;
    char buffer[65536];
    while (std::cin.read(buffer, sizeof(buffer)) || std::cin.gcount() > 0) {
        input.append(buffer, static_cast<size_t>(std::cin.gcount()));
        if (input.size() > max_hook_input_bytes) {
            std::cerr << "uap-host hook: the input is too large; the call is not gated\n";
            return Success;
        }
    }
    auto document = json::parse(input);
    if (!document || !document->IsObject()) {
        std::cerr << "uap-host hook: unreadable hook input; the call is not gated\n";
        return Success;
    }
    std::string tool_name = json::string_field(*document, "tool_name").value_or("");
    std::filesystem::path cwd = utf8::to_path(json::string_field(*document, "cwd").value_or(utf8::from_path(project)));
    auto tool_input = document->FindMember("tool_input");
    if (tool_input == document->MemberEnd())
        return Success;
    auto refusal = agent::check_tool_call(tool_name, tool_input->value, cwd, project);
    if (!refusal)
        return Success;
    rapidjson::Document output(rapidjson::kObjectType);
    auto& allocator = output.GetAllocator();
    rapidjson::Value specific(rapidjson::kObjectType);
    specific.AddMember("hookEventName", "PreToolUse", allocator);
    specific.AddMember("permissionDecision", "deny", allocator);
    specific.AddMember("permissionDecisionReason", json::string_value(refusal->guidance, allocator), allocator);
    output.AddMember("hookSpecificOutput", specific, allocator);
    std::cout << json::to_text(output) << std::endl;
    return Success;
}

} // namespace uap::cli
