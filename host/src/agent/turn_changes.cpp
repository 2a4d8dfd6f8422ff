// Classifies a turn's tool calls for the turn revert's warning list.
#include "agent/turn_changes.hpp"

#include <array>

namespace uap::agent {

std::optional<UndoEscape> unrevertible_reason(std::string_view tool, const MetadataLookup& metadata) {
    constexpr std::array<std::string_view, 4> file_tools = {"Write", "Edit", "MultiEdit", "NotebookEdit"};
    for (std::string_view file_tool : file_tools)
        if (tool == file_tool)
            return UndoEscape{"the CLI's own file change; Unity's Undo does not cover files on disk"};
    if (tool == "Bash" || tool == "PowerShell") // PowerShell: the CLI's shell tool on Windows without Git Bash.
        return UndoEscape{"a shell command; its effects are outside Unity's Undo"};
    if (auto ours = our_tool_name(tool)) {
        auto described = metadata ? metadata(*ours) : std::nullopt;
        if (!described)
            return UndoEscape{"a tool the host no longer lists; whether Undo covers it is unknown"};
        if (described->read_only || described->undoable)
            return std::nullopt;
        return UndoEscape{*ours +
                          " is not undoable (asset create/delete, scene save or open, menu items, play mode and files are outside Undo)"};
    }
    if (tool.rfind("mcp__", 0) == 0)
        return UndoEscape{"a tool of another MCP server; Unity's Undo knows nothing of it"};
    return std::nullopt;
}

bool undoable_change(std::string_view tool, const MetadataLookup& metadata) {
    auto ours = our_tool_name(tool);
    auto described = ours && metadata ? metadata(*ours) : std::nullopt;
    return described && described->undoable && !described->read_only;
}

} // namespace uap::agent
