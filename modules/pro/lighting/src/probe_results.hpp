// The reflection-probe part of uap_lighting_bake's answer: what the editor reports it baked and
// skipped, each baked texture confirmed by a separate asset.find read.
#pragma once

#include "editor_session.hpp"

namespace uap::lighting {

// Adds "reflectionProbes" (baked, skipped, a summary sentence) to a completed bake's result, or fails
// when the editor reports no probe outcome or a texture it reports is not found afterwards.
sdk::ToolResult with_reflection_probes(rapidjson::Document result, const rapidjson::Value& last_bake, core::EditorSession& session);

} // namespace uap::lighting
