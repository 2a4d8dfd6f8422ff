// Link target checks for the Markdown tree: an allow-list of schemes and project path prefixes.
#include "markdown/link_targets.hpp"

#include <algorithm>
#include <cctype>

namespace uap::markdown {
namespace {

bool starts_with_ignoring_case(std::string_view text, std::string_view prefix) {
    if (text.size() < prefix.size())
        return false;
    return std::equal(prefix.begin(), prefix.end(), text.begin(), [](char wanted, char seen) {
        return std::tolower(static_cast<unsigned char>(seen)) == wanted;
    });
}

bool has_control_character(std::string_view text) {
    return std::any_of(text.begin(), text.end(), [](char character) {
        auto code = static_cast<unsigned char>(character);
        return code < 0x20 || code == 0x7f;
    });
}

bool is_project_path(std::string_view target) {
    if (!target.starts_with("Assets/") && !target.starts_with("Packages/"))
        return false;
    if (target.find("..") != std::string_view::npos || target.find('\\') != std::string_view::npos)
        return false;
    return target.find(':') == std::string_view::npos && target.find("//") == std::string_view::npos;
}

} // namespace

std::optional<LinkKind> classify_link_target(std::string_view target) {
    if (target.empty() || target.size() > max_link_target_bytes || has_control_character(target))
        return std::nullopt;
    if (starts_with_ignoring_case(target, "https://") || starts_with_ignoring_case(target, "http://"))
        return target.find_first_of(" <>\"") == std::string_view::npos ? std::optional(LinkKind::Web) : std::nullopt;
    if (starts_with_ignoring_case(target, "mailto:"))
        return target.size() > 7 ? std::optional(LinkKind::Mail) : std::nullopt;
    if (is_project_path(target))
        return LinkKind::Asset;
    return std::nullopt;
}

} // namespace uap::markdown
