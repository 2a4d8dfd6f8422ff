// uap-host tools call NAME [--args JSON]: load the enabled modules and call one tool in-process.
#include "cli/commands.hpp"
#include "cli/host_setup.hpp"

#include <iostream>

namespace uap::cli {

namespace {
constexpr const char* tools_usage = R"(usage:
  uap-host tools call NAME [--args JSON] [--project DIR] [--plugins DIR]...
  uap-host tools list [--project DIR] [--plugins DIR]...
)";
} // namespace

int run_tools_command(const std::vector<std::string>& words) {
    if (words.empty() || words[0] == "--help" || words[0] == "help") {
        std::cout << tools_usage;
        return words.empty() ? UsageError : Success;
    }
    ArgumentSpec spec{module_loading_options, {}};
    spec.options.insert("args");
    auto arguments = Arguments::parse(words, spec);
    if (!arguments)
        return fail(UsageError, arguments.error().message() + "\n" + tools_usage);
    const auto& positional = arguments->positional();
    if (positional[0] == "list" && positional.size() == 1) {
        auto host = load_host(*arguments);
        if (!host)
            return fail(Failure, host.error().message());
        for (auto* tool : host->modules->tools())
            std::cout << tool->description->name << "  (" << tool->pack->id() << ")\n";
        return Success;
    }
    if (positional[0] != "call" || positional.size() != 2)
        return fail(UsageError, std::string("expected `tools call NAME`\n") + tools_usage);
    if (auto project = arguments->value("project"))
        watch_for_module_crashes(std::filesystem::absolute(*project));
    auto host = load_host(*arguments);
    if (!host)
        return fail(Failure, host.error().message());
    auto outcome = host->modules->call_tool(positional[1], arguments->value("args").value_or("{}"));
    if (outcome.status != modules::CallStatus::Success)
        return fail(Failure, modules::to_string(outcome.status) + ": " + outcome.text);
    std::cout << outcome.text << "\n";
    return Success;
}

} // namespace uap::cli
