// The host CLI's catalogue for text meant for people (help and refusals), in English and Japanese.
// The language follows LC_ALL, then LC_MESSAGES, then LANG (Japanese for "ja..."). Machine-readable
// output (--json) and text sent to the agent never change with it.
#pragma once

#include <map>
#include <string>
#include <string_view>

namespace uap::cli {

enum class CliLanguage { English, Japanese };

// From the environment, as described above.
CliLanguage cli_language();
// Pure: the language a locale value names ("ja_JP.UTF-8" → Japanese; "", "C", "en_US" → English).
CliLanguage language_of_locale(std::string_view locale);

// The text for key in the current language; the key itself when no catalogue has it.
std::string cli_text(std::string_view key);

// Both catalogues, for the parity test.
const std::map<std::string, std::string>& cli_catalogue(CliLanguage language);

} // namespace uap::cli
