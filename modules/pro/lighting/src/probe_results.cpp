// The reflection-probe read-back; see probe_results.hpp. The editor bakes the probes after the
// lightmaps and reports each texture it wrote; this side believes a texture only once asset.find
// lists it, and says in one sentence what was baked, so "no probe baked" is never silent.
#include "probe_results.hpp"

#include "asset_lookup.hpp"

#include <string>

namespace uap::lighting {

namespace {

using core::member;
using core::string_member;

constexpr std::string_view tool_name = "uap_lighting_bake";

std::string summary(rapidjson::SizeType baked, rapidjson::SizeType skipped) {
    if (baked > 0)
        return std::to_string(baked) + " reflection probe(s) baked, each texture found afterwards by asset.find; " + std::to_string(skipped) +
               " skipped (see skipped for each reason)";
    if (skipped > 0)
        return "no reflection probe was baked: all " + std::to_string(skipped) +
               " in the open scenes were skipped (see skipped for each reason; only active, enabled probes in Baked mode are baked)";
    return "no reflection probe was baked: the open scenes have no ReflectionProbe component (add one with uap_component_add "
           "UnityEngine.ReflectionProbe, whose m_Mode is Baked by default, and bake again)";
}

} // namespace

sdk::ToolResult with_reflection_probes(rapidjson::Document result, const rapidjson::Value& last_bake, core::EditorSession& session) {
    const auto* probes = member(last_bake, "reflectionProbes");
    if (!probes || !probes->IsObject())
        return sdk::ToolResult::failure(std::string(tool_name) +
                                        ": the lightmaps were baked, but the editor reports no reflection-probe outcome, so whether any probe "
                                        "was baked is unknown. Update the Core package (com.agentpanel.unity) to the version of this host, "
                                        "or call again without reflectionProbes.");
    const auto& baked = (*probes)["baked"];
    for (const auto& probe : baked.GetArray()) {
        std::string texture(string_member(probe, "texture"));
        if (core::asset_listing(session, texture) != core::AssetListing::Listed)
            return sdk::ToolResult::failure(std::string(tool_name) + ": the editor reports baking the reflection probe '" +
                                            std::string(string_member(probe, "object")) + "' into '" + texture +
                                            "', but a separate asset.find does not list that texture; the probe's bake is unknown. "
                                            "Read the console with uap_console_logs and bake again.");
    }
    auto& allocator = result.GetAllocator();
    rapidjson::Value report(rapidjson::kObjectType);
    report.AddMember("baked", rapidjson::Value(baked, allocator), allocator);
    report.AddMember("skipped", rapidjson::Value((*probes)["skipped"], allocator), allocator);
    report.AddMember("summary", core::text(summary(baked.Size(), (*probes)["skipped"].Size()), allocator), allocator);
    report.AddMember("verifiedBy", "asset.find", allocator);
    result.AddMember("reflectionProbes", report, allocator);
    return sdk::ToolResult::success(std::move(result));
}

} // namespace uap::lighting
