// The simulated console store: the rows Unity's LogEntries exposes under the Console window's filters
// (type toggles, Collapse, search text), so a test can show console.read is not limited by them; and
// the Editor.log every console message is also written to.
#include "world.hpp"

#include <set>

namespace uap::editor_sim {

namespace {

bool shown_by_type(const ConsoleFilters& filters, ConsoleKind kind) {
    switch (kind) {
    case ConsoleKind::Log:
        return filters.show_logs;
    case ConsoleKind::Warning:
        return filters.show_warnings;
    case ConsoleKind::Error:
    case ConsoleKind::Exception:
    case ConsoleKind::Assert:
        return filters.show_errors;
    }
    return true;
}

} // namespace

std::vector<const ConsoleEntry*> Simulation::console_rows() const {
    std::vector<const ConsoleEntry*> rows;
    std::set<std::string_view> collapsed;
    for (const auto& entry : console) {
        if (!shown_by_type(console_filters, entry.kind))
            continue;
        if (!console_filters.search_text.empty() && entry.message.find(console_filters.search_text) == std::string::npos)
            continue;
        // Collapse keeps the first of identical messages, as the Console window lists one row with a count.
        if (console_filters.collapse && !collapsed.insert(entry.message).second)
            continue;
        rows.push_back(&entry);
    }
    return rows;
}

void Simulation::append_editor_log(std::string_view line) {
    constexpr std::size_t log_limit = 1024 * 1024;
    editor_log.append(line);
    editor_log.push_back('\n');
    if (editor_log.size() > log_limit) {
        std::size_t cut = editor_log.find('\n', editor_log.size() - log_limit);
        editor_log.erase(0, cut == std::string::npos ? editor_log.size() - log_limit : cut + 1);
    }
}

} // namespace uap::editor_sim
