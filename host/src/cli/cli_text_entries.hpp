// The pieces of the CLI catalogue: one list per group of commands, each entry a key with its English
// and Japanese text side by side, so a translation is read (and kept) next to what it translates.
#pragma once

#include <vector>

namespace uap::cli {

struct CliTextEntry {
    const char* key;
    const char* english;
    const char* japanese;
};
using CliTextEntries = std::vector<CliTextEntry>;

// uap-host itself, the options and refusals several commands share, and `integrations` (cli_text.cpp).
const CliTextEntries& general_text();
// modules, profiles and skills (cli_text_modules.cpp).
const CliTextEntries& module_text();
// serve, open, mcp-config, hook, tools and doctor (cli_text_serve.cpp).
const CliTextEntries& serving_text();

} // namespace uap::cli
