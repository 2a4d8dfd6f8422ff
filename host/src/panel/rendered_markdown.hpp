// Adds the Markdown tree to final assistant messages before the hub stores and sends them, so
// every front-end renders the same structure from one parse in the host.
#pragma once

#include <rapidjson/document.h>

namespace uap::panel {

// An assistant_message gets "markdown" (the tree of its "text"); a transcript_reset gets one on each
// of its assistant_message items. Other events, and streaming text deltas, are left as they are.
void attach_markdown(rapidjson::Document& event);

} // namespace uap::panel
