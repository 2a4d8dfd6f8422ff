// Close-name suggestions for refusals (close_names.hpp).
#include "close_names.hpp"

#include <algorithm>
#include <cctype>
#include <utility>

namespace uap::pro::animation {

namespace {

std::string folded(std::string_view text) {
    std::string lower;
    for (char character : text)
        lower.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(character))));
    return lower;
}

// Levenshtein distance over bytes, two rows at a time.
std::size_t edit_distance(const std::string& first, const std::string& second) {
    std::vector<std::size_t> previous(second.size() + 1), current(second.size() + 1);
    for (std::size_t column = 0; column <= second.size(); ++column)
        previous[column] = column;
    for (std::size_t row = 1; row <= first.size(); ++row) {
        current[0] = row;
        for (std::size_t column = 1; column <= second.size(); ++column) {
            std::size_t substitution = previous[column - 1] + (first[row - 1] == second[column - 1] ? 0 : 1);
            current[column] = std::min({previous[column] + 1, current[column - 1] + 1, substitution});
        }
        std::swap(previous, current);
    }
    return previous[second.size()];
}

} // namespace

std::vector<std::string> close_names(std::string_view wanted, const std::vector<std::string>& candidates, std::size_t limit) {
    // Names longer than this are compared by containment only, which bounds the work a hostile name can cause.
    constexpr std::size_t compared_length = 256;
    const std::string key = folded(wanted);
    const std::size_t allowed = std::max<std::size_t>(2, key.size() / 3);
    std::vector<std::pair<std::size_t, std::string>> ranked;
    for (const auto& candidate : candidates) {
        const std::string other = folded(candidate);
        if (key.empty() || other.empty())
            continue;
        if (other.find(key) != std::string::npos || key.find(other) != std::string::npos) {
            ranked.emplace_back(0, candidate);
            continue;
        }
        if (key.size() > compared_length || other.size() > compared_length)
            continue;
        std::size_t distance = edit_distance(key, other);
        if (distance <= allowed)
            ranked.emplace_back(distance, candidate);
    }
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto& left, const auto& right) { return left.first < right.first; });
    std::vector<std::string> names;
    for (std::size_t index = 0; index < ranked.size() && index < limit; ++index)
        names.push_back(ranked[index].second);
    return names;
}

std::string quoted_choices(const std::vector<std::string>& names) {
    std::string text;
    for (std::size_t index = 0; index < names.size(); ++index)
        text += (index == 0 ? "" : index + 1 == names.size() ? " or " : ", ") + ("'" + names[index] + "'");
    return text;
}

} // namespace uap::pro::animation
