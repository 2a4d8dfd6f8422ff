// A tool's five explicit traits, as its module declared them: what the permission broker's
// auto-approve levels, the MCP annotations and the panel's cards are decided from.
#pragma once

namespace uap::modules {

struct ToolMetadata {
    // A description built without metadata claims no trait, rather than whatever the memory held.
    bool read_only = false;
    bool undoable = false;
    bool destructive = false;
    bool idempotent = false;
    bool long_running = false;
};

} // namespace uap::modules
