// Command-line arguments: positional words, "--name value" / "--name=value" options (repeatable),
// and "--name" switches. Each command declares which options it takes; anything else is an error.
#pragma once

#include "support/expected.hpp"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace uap::cli {

struct ArgumentSpec {
    std::set<std::string> options;  // Take a value.
    std::set<std::string> switches; // Take none.
};

class Arguments {
public:
    static Expected<Arguments> parse(const std::vector<std::string>& words, const ArgumentSpec& spec);

    const std::vector<std::string>& positional() const { return m_positional; }
    std::optional<std::string> value(const std::string& option) const;
    std::vector<std::string> values(const std::string& option) const;
    bool has(const std::string& name) const;

private:
    std::vector<std::string> m_positional;
    std::multimap<std::string, std::string> m_options;
    std::set<std::string> m_switches;
};

} // namespace uap::cli
