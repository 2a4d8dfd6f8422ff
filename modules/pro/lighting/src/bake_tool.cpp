// The bake tool; see bake_tool.hpp. The editor's lighting.bake.start answers at once and the bake runs
// in the editor; this call polls lighting.bake.status (a separate primitive) for progress and for the
// finished bake's outcome, lightmaps and warnings as the editor observed them.
#include "bake_tool.hpp"

#include "probe_results.hpp"

#include <editor_polling.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <thread>

namespace uap::lighting {

using core::CallBinding;
using core::EditorReply;
using core::EditorSession;
using core::failure;
using core::member;
using core::string_member;
using core::text;
using core::wait_or_cancelled;

namespace {

using namespace std::chrono_literals;

constexpr std::string_view tool_name = "uap_lighting_bake";
constexpr auto poll_interval = 200ms;
// The refusal of engine bakery without Bakery: the reason and the call that works instead.
constexpr const char* bakery_absent =
    R"( refused: Bakery is not installed in this project (the editor has no ftRenderLightmap type, Bakery's main class). Bake with {"engine": "unity"} (Unity's own lightmapper), or install Bakery and call again. Nothing was baked.)";
// How long a cancelled bake may take to stop before the call gives up waiting and says so.
constexpr auto stop_bound = 30s;

// Whether the editor bakes the scene's reflection probes after the lightmaps (argument reflectionProbes).
enum class ProbeBake { NotRequested, Requested };

std::string seconds_text(int64_t milliseconds) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f s", static_cast<double>(milliseconds) / 1000.0);
    return buffer;
}

EditorReply status(EditorSession& session, CallBinding binding = CallBinding::ThisCall) {
    rapidjson::Document none(rapidjson::kObjectType);
    return session.call("lighting.bake.status", none, EditorSession::default_timeout_ms, binding);
}

// The finished bake of this call in a status answer, or nullptr while it is not there.
const rapidjson::Value* finished_bake(const rapidjson::Value& answer, int bake_id) {
    const auto* last = member(answer, "lastBake");
    if (!last || !member(*last, "bakeId") || (*last)["bakeId"].GetInt() != bake_id)
        return nullptr;
    return last;
}

sdk::ToolResult stop_after_cancel(EditorSession& session, int bake_id) {
    rapidjson::Document none(rapidjson::kObjectType);
    // Detached: this call is cancelled, and its own primitives would be withdrawn before they ran.
    EditorReply cancelled = session.call("lighting.bake.cancel", none, EditorSession::default_timeout_ms, CallBinding::Detached);
    if (!cancelled.ok())
        return sdk::ToolResult::cancelled(std::string(tool_name) + " was cancelled, but the editor refused to stop bake " + std::to_string(bake_id) +
                                          ": " + cancelled.message + " [" + cancelled.code + "]; it may still be running (lighting shows it)");
    auto deadline = std::chrono::steady_clock::now() + stop_bound;
    while (std::chrono::steady_clock::now() < deadline) {
        EditorReply answer = status(session, CallBinding::Detached);
        if (answer.ok() && !answer.result["running"].GetBool()) {
            const rapidjson::Value* last = finished_bake(answer.result, bake_id);
            std::string outcome = last ? std::string(string_member(*last, "outcome")) : "unknown";
            return sdk::ToolResult::cancelled(std::string(tool_name) + " was cancelled: the editor stopped bake " + std::to_string(bake_id) +
                                              " (outcome " + outcome + "); the scene has " +
                                              std::to_string(answer.result["lightmapCount"].GetInt()) + " lightmap(s) now");
        }
        std::this_thread::sleep_for(poll_interval);
    }
    return sdk::ToolResult::cancelled(std::string(tool_name) + " was cancelled and asked the editor to stop bake " + std::to_string(bake_id) +
                                      ", but it was still running after 30 s; check again with the same tool later");
}

} // namespace

LightingBakeTool::LightingBakeTool()
    : EditorTool({"uap_lighting_bake",
                  "Bake lightmaps (Unity's lightmapper or Bakery) as a job with progress; reports time, lightmaps and warnings. reflectionProbes: true then bakes the Baked-mode reflection probes and reports each texture (read back) or why a probe was skipped.",
                  R"({"type":"object","properties":{"engine":{"type":"string","enum":["unity","bakery"]},"reflectionProbes":{"type":"boolean"}}})",
                  {sdk::Access::Writes, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent,
                   sdk::Duration::LongRunning},
                  R"({"type":"object","required":["bakeId","engine","outcome","elapsedMs","lightmapCount","warnings","verifiedBy","undoable"],"properties":{
"bakeId":{"type":"integer"},"engine":{"enum":["unity","bakery"]},"outcome":{"enum":["completed"]},"elapsedMs":{"type":"integer"},"lightmapCount":{"type":"integer"},
"warnings":{"type":"array","items":{"type":"string"}},"verifiedBy":{"type":"string"},"undoable":{"enum":[false]},
"reflectionProbes":{"type":"object","required":["baked","skipped","summary","verifiedBy"],"properties":{
"baked":{"type":"array","items":{"type":"object","required":["object","mode","texture"]}},"skipped":{"type":"array","items":{"type":"object","required":["object","mode","reason"]}},
"summary":{"type":"string"},"verifiedBy":{"type":"string"}}}}})"}) {}

sdk::ToolResult LightingBakeTool::run(const rapidjson::Value& arguments, EditorSession& session) {
    std::string engine = member(arguments, "engine") ? std::string(string_member(arguments, "engine")) : "unity";
    EditorReply before = status(session);
    if (!before.ok())
        return failure(std::string(tool_name) + " failed to read the editor's lighting state", before);
    if (engine == "bakery" && !before.result["engines"]["bakery"].GetBool())
        return sdk::ToolResult::failure(std::string(tool_name) + bakery_absent);
    if (before.result["running"].GetBool())
        return sdk::ToolResult::failure(std::string(tool_name) + " refused: a bake is already running in the editor (" +
                                        std::to_string(std::lround(before.result["progress"].GetDouble() * 100)) +
                                        "% done); wait for it or cancel it from the Lighting window, then call again");

    rapidjson::Document params(rapidjson::kObjectType);
    params.AddMember("engine", text(engine, params.GetAllocator()), params.GetAllocator());
    const auto* probes_argument = member(arguments, "reflectionProbes");
    const ProbeBake probes = probes_argument && probes_argument->GetBool() ? ProbeBake::Requested : ProbeBake::NotRequested;
    params.AddMember("reflectionProbes", probes == ProbeBake::Requested, params.GetAllocator());
    EditorReply started = session.call("lighting.bake.start", params);
    if (!started.ok())
        return failure(std::string(tool_name) + " failed to start the bake", started);
    const int bake_id = started.result.HasMember("bakeId") ? started.result["bakeId"].GetInt() : 0;
    sdk::CallContext& context = session.context();
    context.progress(0, 100, "bake " + std::to_string(bake_id) + " started (" + engine + ")");

    for (;;) {
        if (wait_or_cancelled(context, poll_interval))
            return stop_after_cancel(session, bake_id);
        EditorReply answer = status(session);
        // A cancel that lands while the progress read waits withdraws that read: the bake is still
        // to be stopped, not an unknown outcome.
        if (!answer.ok() && context.cancelled())
            return stop_after_cancel(session, bake_id);
        if (!answer.ok())
            return failure(std::string(tool_name) + ": bake " + std::to_string(bake_id) +
                                      " was started, but reading its progress failed; its outcome is unknown (call again to see the lighting state)",
                                  answer);
        if (answer.result["running"].GetBool()) {
            double percent = std::clamp(answer.result["progress"].GetDouble() * 100.0, 0.0, 100.0);
            context.progress(percent, 100, "baking lightmaps: " + std::to_string(std::lround(percent)) + "%");
            continue;
        }
        const rapidjson::Value* last = finished_bake(answer.result, bake_id);
        if (!last)
            return sdk::ToolResult::failure(std::string(tool_name) + ": the editor no longer bakes, but it reports no outcome for bake " +
                                            std::to_string(bake_id) + "; whether lightmaps were made is unknown (the scene has " +
                                            std::to_string(answer.result["lightmapCount"].GetInt()) + " now)");
        std::string outcome(string_member(*last, "outcome"));
        if (outcome != "completed") {
            std::string warnings;
            for (const auto& warning : (*last)["warnings"].GetArray())
                warnings += std::string(warnings.empty() ? "" : " | ") + warning.GetString();
            return sdk::ToolResult::failure(std::string(tool_name) + ": bake " + std::to_string(bake_id) + " ended " + outcome + " after " +
                                            seconds_text((*last)["elapsedMs"].GetInt64()) + " in the editor" +
                                            (warnings.empty() ? "" : ": " + warnings) + ". Read the console with uap_console_logs.");
        }
        context.progress(100, 100, "bake " + std::to_string(bake_id) + " completed");
        rapidjson::Document result(rapidjson::kObjectType);
        auto& allocator = result.GetAllocator();
        result.AddMember("bakeId", bake_id, allocator);
        result.AddMember("engine", text(engine, allocator), allocator);
        result.AddMember("outcome", "completed", allocator);
        result.AddMember("elapsedMs", rapidjson::Value((*last)["elapsedMs"], allocator), allocator);
        result.AddMember("lightmapCount", rapidjson::Value((*last)["lightmapCount"], allocator), allocator);
        result.AddMember("warnings", rapidjson::Value((*last)["warnings"], allocator), allocator);
        result.AddMember("verifiedBy", "lighting.bake.status", allocator);
        result.AddMember("undoable", false, allocator);
        if (probes == ProbeBake::Requested)
            return with_reflection_probes(std::move(result), *last, session);
        return sdk::ToolResult::success(std::move(result));
    }
}

} // namespace uap::lighting
