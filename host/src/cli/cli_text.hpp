// The host CLI's catalogue for text meant for people (help and refusals), in English and Japanese.
// The language follows LC_ALL, then LC_MESSAGES, then LANG (Japanese for "ja..."). Machine-readable
// output (--json) and text sent to the agent never change with it.
#pragma once

#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <utility>

namespace uap::cli {

enum class CliLanguage { English, Japanese };

// From the environment, as described above.
CliLanguage cli_language();
// Pure: the language a locale value names ("ja_JP.UTF-8" → Japanese; "", "C", "en_US" → English).
CliLanguage language_of_locale(std::string_view locale);

// A value for a {name} placeholder: a path, a value the user gave, an error from below.
using TextParameter = std::pair<std::string_view, std::string>;

// The text for key in the current language, with each {name} replaced by its parameter's value
// (word order differs between the languages, so dynamic parts go in through placeholders rather
// than around the text). The key itself when no catalogue has it.
std::string cli_text(std::string_view key, std::initializer_list<TextParameter> parameters = {});

// Hands the command-line parser its help headings and refusals in the CLI's language; main calls
// it once, before any command parses its arguments.
void translate_parser();

// Pure: text with each {name} that parameters name replaced by its value; other braces are kept.
std::string fill_placeholders(std::string_view text, std::initializer_list<TextParameter> parameters);

// Both catalogues, for the parity test.
const std::map<std::string, std::string>& cli_catalogue(CliLanguage language);

} // namespace uap::cli
