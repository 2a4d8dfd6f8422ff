// uap_scripts_commit; see scripts_commit_tool.hpp. The sources are read once into memory; those
// bytes are what the editor validates and what lands in Assets/, so an edit to the staging folder
// between validation and commit can never slip an unvalidated script in.
#include "scripts_commit_tool.hpp"
#include "compile_outcome.hpp"
#include "staged_scripts.hpp"

#include <uap/sdk/file_jail.hpp>

#include <filesystem>
#include <vector>

namespace uap::core {

namespace {

// How long the tool waits for Unity's compile after the refresh before saying it still runs.
constexpr std::chrono::milliseconds compile_wait{90000};

// The compiler's diagnostics, verbatim, one per line as file(line,column): message.
std::string compile_errors_message(const rapidjson::Value& diagnostics) {
    std::string message = "uap_scripts_commit: the staged scripts do not compile; nothing was committed. Fix these in "
                          "UapStaging/ and call uap_scripts_commit again:";
    for (const auto& diagnostic : diagnostics.GetArray()) {
        message += '\n';
        message += string_member(diagnostic, "path");
        if (const auto* line = member(diagnostic, "line")) {
            message += '(';
            message += std::to_string(line->GetInt());
            if (const auto* column = member(diagnostic, "column")) {
                message += ',';
                message += std::to_string(column->GetInt());
            }
            message += ')';
        }
        message += ": ";
        message += string_member(diagnostic, "message");
    }
    return message;
}

} // namespace

ScriptsCommitTool::ScriptsCommitTool()
    : EditorTool({"uap_scripts_commit",
                  "Commit C# scripts staged in UapStaging/ to Assets/ if they compile.",
                  R"({"type":"object","properties":{}})",
                  {sdk::Access::Writes, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::NotIdempotent,
                   sdk::Duration::LongRunning},
                  R"({"type":"object","required":["committed"],"properties":{"committed":{"type":"array","items":{"type":"string"}},"stagedCopiesKept":{"type":"array"},"validation":{},"refresh":{},"compile":{}}})"}) {}

sdk::ToolResult ScriptsCommitTool::run(const rapidjson::Value&, EditorSession& session) {
    namespace fs = std::filesystem;
    rapidjson::Document none(rapidjson::kObjectType);
    EditorReply info = session.call("editor.info", none);
    if (!info.ok())
        return failure("uap_scripts_commit could not ask the editor for its project folder", info);
    std::string_view project_path = string_member(info.result, "projectPath");
    auto project = sdk::FileJail::open(fs::path(std::u8string(project_path.begin(), project_path.end())));
    if (!project)
        return sdk::ToolResult::failure("uap_scripts_commit cannot open the project folder the editor reported: " +
                                        project.error().message);
    std::vector<StagedSource> sources;
    std::string problem = collect_staged(project.value(), sources);
    if (!problem.empty())
        return sdk::ToolResult::failure("uap_scripts_commit: " + problem + "; nothing was committed");

    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    rapidjson::Value list(rapidjson::kArrayType);
    for (const auto& source : sources) {
        rapidjson::Value entry(rapidjson::kObjectType);
        entry.AddMember("path", text(source.asset_path, allocator), allocator);
        entry.AddMember("text", text(source.staged.content, allocator), allocator);
        list.PushBack(entry, allocator);
    }
    params.AddMember("sources", list, allocator);
    EditorReply validated = session.call("scripts.validate", params, 120000);
    if (!validated.ok())
        return failure("uap_scripts_commit could not validate the staged scripts; nothing was committed", validated);
    if (!validated.result["ok"].GetBool())
        return sdk::ToolResult::failure(compile_errors_message(validated.result["diagnostics"]));
    rapidjson::Document result(rapidjson::kObjectType);
    auto& result_allocator = result.GetAllocator();
    rapidjson::Value committed(rapidjson::kArrayType);
    rapidjson::Value kept(rapidjson::kArrayType);
    if (auto unwritten = write_staged(project.value(), sources, committed, kept, result_allocator))
        return sdk::ToolResult::failure("uap_scripts_commit: validation passed, but " + *unwritten);
    std::optional<uint64_t> baseline = compile_baseline(session);
    EditorReply refreshed = session.call("asset.refresh", none, 120000);
    result.AddMember("committed", committed, result_allocator);
    if (!kept.Empty())
        result.AddMember("stagedCopiesKept", kept, result_allocator);
    if (const auto* checks = member(validated.result, "checks"))
        result.AddMember("validation", rapidjson::Value(*checks, result_allocator), result_allocator);
    if (refreshed.ok())
        result.AddMember("refresh", rapidjson::Value(refreshed.result["observed"], result_allocator), result_allocator);
    else
        result.AddMember("refresh", text("the scripts are in Assets/, but the refresh failed: " + refreshed.message +
                                             "; Unity imports them on its next refresh", result_allocator),
                         result_allocator);
    if (!refreshed.ok())
        return sdk::ToolResult::success(std::move(result));
    const auto* started = member(refreshed.result["observed"], "compileStarted");
    if (!started || !started->IsBool() || !started->GetBool()) {
        result.AddMember("compile", text("the refresh started no compile; Unity compiles on its next refresh", result_allocator),
                         result_allocator);
        return sdk::ToolResult::success(std::move(result));
    }
    CompileOutcome compile = await_compile(session, baseline, compile_wait);
    if (compile.failed()) {
        std::string written;
        for (const auto& path : result["committed"].GetArray())
            written += (written.empty() ? "" : ", ") + std::string(path.GetString(), path.GetStringLength());
        return sdk::ToolResult::failure(
            "uap_scripts_commit: committed " + written + ", but Unity's compile failed (" + std::string(string_member(compile.report, "summary")) +
            "), so the editor still runs the previous scripts. Fix these (stage the fixed files in UapStaging/ and call "
            "uap_scripts_commit again):" + error_lines(compile.report));
    }
    result.AddMember("compile", rapidjson::Value(compile.report, result_allocator), result_allocator);
    return sdk::ToolResult::success(std::move(result));
}

} // namespace uap::core
