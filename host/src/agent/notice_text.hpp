// The host's notices as message keys with parameters: the host writes the English text from its
// template, and front-ends show their own language's text for the key (notice and editor_event
// events carry key, params and text; a front-end without the key shows text).
#pragma once

#include <rapidjson/document.h>

#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace uap::agent {

struct NoticeText {
    std::string key;                                         // Empty for a text that has no key (the CLI's own words).
    std::vector<std::pair<std::string, std::string>> params; // Filled into {name} placeholders, in this order.
    std::string text;                                        // The English text.
};

// Every key with its English template; front-end catalogues keep the same keys as "notice.<key>",
// with the same placeholders (a test holds the browser's to it).
const std::map<std::string, std::string>& notice_templates();

// The notice for key with params filled into its template. An unknown key is a programming error:
// its text names the key, so it shows rather than vanishes.
NoticeText notice(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> params = {});

// A text with no key: words the host passes on rather than writes (the CLI's warnings).
NoticeText untranslated_notice(std::string text);

// Puts text into event, and key and params when the notice has a key.
void put_notice(rapidjson::Document& event, const NoticeText& notice);
// A notice event for the panels: level is info, warning or error.
rapidjson::Document notice_event(const char* level, const NoticeText& notice);

} // namespace uap::agent
