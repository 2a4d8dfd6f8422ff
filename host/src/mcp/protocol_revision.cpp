// The table of supported MCP protocol revisions.
#include "mcp/protocol_revision.hpp"

#include <array>

namespace uap::mcp {

namespace {
constexpr std::array<ProtocolRevision, 3> revisions = {{
    {"2025-11-25", StructuredOutput::Supported},
    {"2025-06-18", StructuredOutput::Supported},
    {"2025-03-26", StructuredOutput::Unsupported},
}};
} // namespace

std::span<const ProtocolRevision> supported_revisions() { return revisions; }

const ProtocolRevision& latest_revision() { return revisions.front(); }

const ProtocolRevision* find_revision(std::string_view name) {
    for (auto& revision : revisions)
        if (revision.name == name)
            return &revision;
    return nullptr;
}

const ProtocolRevision& negotiate_revision(std::string_view requested) {
    const ProtocolRevision* found = find_revision(requested);
    return found ? *found : latest_revision();
}

} // namespace uap::mcp
