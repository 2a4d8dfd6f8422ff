// The table of supported MCP protocol revisions.
#include "mcp/protocol_revision.hpp"

#include <array>

namespace uap::mcp {

namespace {
constexpr std::array<ProtocolRevision, 4> revisions = {{
    {"2026-07-28", StructuredOutput::Supported, Era::Stateless, ResultShape::Typed},
    {"2025-11-25", StructuredOutput::Supported, Era::Session, ResultShape::Untyped},
    {"2025-06-18", StructuredOutput::Supported, Era::Session, ResultShape::Untyped},
    {"2025-03-26", StructuredOutput::Unsupported, Era::Session, ResultShape::Untyped},
}};

const ProtocolRevision& latest_session_revision() {
    for (auto& revision : revisions)
        if (revision.era == Era::Session)
            return revision;
    return revisions.back();
}
} // namespace

std::span<const ProtocolRevision> supported_revisions() { return revisions; }

std::string supported_revision_names() {
    std::string names;
    for (auto& revision : revisions)
        names += (names.empty() ? "" : ", ") + std::string(revision.name);
    return names;
}

const ProtocolRevision* find_revision(std::string_view name) {
    for (auto& revision : revisions)
        if (revision.name == name)
            return &revision;
    return nullptr;
}

const ProtocolRevision& negotiate_revision(std::string_view requested) {
    const ProtocolRevision* found = find_revision(requested);
    return found && found->era == Era::Session ? *found : latest_session_revision();
}

} // namespace uap::mcp
