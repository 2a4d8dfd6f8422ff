// Ranks the enabled tools against the words a Unity user would use, in English or Japanese: the
// scoring behind uap_tool_search, kept apart from its arguments and its reply.
#pragma once

#include "mcp/tool_provider.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace uap::mcp {

// The lower-case words of a query, English plurals folded ("materials" → "material"), plus the
// English words of every Japanese Unity term it contains ("プレハブ" → "prefab").
std::vector<std::string> query_terms(std::string_view query);

// Whether an entry belongs to an area: its pack's id or name, or one of its keywords, ignoring case.
bool in_area(const CatalogueEntry& entry, std::string_view area);

// How well an entry matches the terms: name words count most, then the pack's area words, then the
// description; a Japanese query also matches the tool's Japanese description piece by piece. 0 means
// no term matched.
int match_score(const CatalogueEntry& entry, const std::vector<std::string>& terms);

// Entries of the area (all when empty) that match the terms (all when none), best first, ties by name.
std::vector<const CatalogueEntry*> rank_tools(const std::vector<CatalogueEntry>& catalogue, const std::vector<std::string>& terms,
                                              std::string_view area);

} // namespace uap::mcp
