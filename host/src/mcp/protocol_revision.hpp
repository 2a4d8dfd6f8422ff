// The MCP protocol revisions this endpoint speaks, and what differs between them. Version
// handling is a table: adding a revision means adding a row and the features it switches.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace uap::mcp {

enum class StructuredOutput { Unsupported, Supported }; // outputSchema + structuredContent (2025-06-18+).

// Session: an initialize handshake opens an Mcp-Session-Id session (2025-11-25 and earlier).
// Stateless: every request declares its revision and client capabilities in _meta (2026-07-28).
enum class Era { Session, Stateless };

// Typed: every result carries resultType, and list results carry caching hints (2026-07-28).
enum class ResultShape { Untyped, Typed };

struct ProtocolRevision {
    std::string_view name;
    StructuredOutput structured_output;
    Era era;
    ResultShape result_shape;
};

// Newest first. 2025-03-26 is accepted for clients that still send it (same Streamable HTTP rules).
std::span<const ProtocolRevision> supported_revisions();

// "2026-07-28, 2025-11-25, ...": the names for a refusal's message.
std::string supported_revision_names();

// The revision with exactly this name, or null when it is not supported.
const ProtocolRevision* find_revision(std::string_view name);

// initialize: the requested revision when it is a supported session revision, otherwise our
// newest session revision (the client decides). A stateless revision is never negotiated this way.
const ProtocolRevision& negotiate_revision(std::string_view requested);

} // namespace uap::mcp
