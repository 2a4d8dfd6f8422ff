// Version comparison and the untested-version warning.
#include "agent/cli_compatibility.hpp"

#include <charconv>
#include <vector>

namespace uap::agent {

namespace {

std::vector<unsigned long> parts(std::string_view version) {
    std::vector<unsigned long> numbers;
    while (!version.empty()) {
        size_t dot = version.find('.');
        std::string_view piece = version.substr(0, dot);
        unsigned long number = 0;
        std::from_chars(piece.data(), piece.data() + piece.size(), number);
        numbers.push_back(number);
        if (dot == std::string_view::npos)
            break;
        version.remove_prefix(dot + 1);
    }
    return numbers;
}

} // namespace

int compare_versions(std::string_view left, std::string_view right) {
    auto a = parts(left);
    auto b = parts(right);
    for (size_t index = 0; index < std::max(a.size(), b.size()); ++index) {
        unsigned long x = index < a.size() ? a[index] : 0;
        unsigned long y = index < b.size() ? b[index] : 0;
        if (x != y)
            return x < y ? -1 : 1;
    }
    return 0;
}

std::optional<std::string> untested_version_warning(std::string_view version) {
    if (compare_versions(version, oldest_tested_cli_version) >= 0 && compare_versions(version, newest_tested_cli_version) <= 0)
        return std::nullopt;
    return "the claude CLI is version " + std::string(version) + "; this host was tested with " + std::string(oldest_tested_cli_version) +
           (oldest_tested_cli_version == newest_tested_cli_version ? std::string() : " to " + std::string(newest_tested_cli_version)) +
           ". The undocumented flags and control requests it relies on may differ: features the CLI rejects are reported and "
           "replaced where possible. To use the tested version: " + std::string(tested_cli_install_command) +
           " (or point cli_path in UserSettings/AgentPanel/agent-settings.json at it)";
}

} // namespace uap::agent
