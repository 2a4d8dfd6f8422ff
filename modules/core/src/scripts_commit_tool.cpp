// uap_scripts_commit; see scripts_commit_tool.hpp. The sources are read once into memory; those
// bytes are what the editor validates and what lands in Assets/, so an edit to the staging folder
// between validation and commit can never slip an unvalidated script in.
#include "scripts_commit_tool.hpp"
#include "compile_outcome.hpp"

#include <rapidjson/encodings.h>
#include <rapidjson/memorystream.h>

#include <uap/sdk/file_jail.hpp>

#include <filesystem>
#include <vector>

namespace uap::core {

namespace {

namespace fs = std::filesystem;

constexpr std::size_t max_files = 100;
constexpr std::uint64_t max_file_bytes = 1024 * 1024;
// What a listing of UapStaging/ may hold, files and folders together, before it is refused.
constexpr std::size_t max_staged_entries = 10000;
constexpr std::string_view staging_folder = "UapStaging";
// How long the tool waits for Unity's compile after the refresh before saying it still runs.
constexpr std::chrono::milliseconds compile_wait{90000};

struct StagedSource {
    sdk::JailFile staged;    // The file under UapStaging/, read once through the jail.
    std::string asset_path;  // Assets/<the same relative path>.
};

// Discards what the UTF-8 validator copies; only its verdict matters here.
struct DiscardingStream {
    void Put(char) {}
};

bool valid_utf8(const std::string& text) {
    rapidjson::MemoryStream stream(text.data(), text.size());
    DiscardingStream discard;
    while (stream.Tell() < text.size())
        if (!rapidjson::UTF8<>::Validate(stream, discard))
            return false;
    return true;
}

// The staged .cs files, read through the project's jail: a link anywhere under UapStaging/ (or
// UapStaging itself) is refused, never followed, so nothing outside the project is read or deleted.
std::string collect(const sdk::FileJail& project, std::vector<StagedSource>& sources) {
    auto kind = project.kind(staging_folder);
    if (!kind)
        return kind.error().message;
    if (kind.value() == sdk::EntryKind::Missing)
        return "nothing is staged: " + project.host_path(staging_folder).generic_string() +
               " does not exist. Write scripts under UapStaging/ (for example UapStaging/Scripts/Foo.cs for "
               "Assets/Scripts/Foo.cs), then call uap_scripts_commit";
    if (kind.value() == sdk::EntryKind::Link)
        return sdk::jail_detail::link_refusal(project.root(), std::string(staging_folder), "").message;
    auto entries = project.list(staging_folder, max_staged_entries);
    if (!entries)
        return entries.error().message;
    for (const auto& entry : entries.value()) {
        std::string relative = std::string(staging_folder) + "/" + entry.relative;
        if (entry.kind == sdk::EntryKind::Link)
            return sdk::jail_detail::link_refusal(project.root(), relative, "").message;
        if (entry.kind != sdk::EntryKind::File || fs::path(entry.relative).extension() != ".cs")
            continue;
        if (sources.size() == max_files)
            return "more than 100 staged scripts; commit them in smaller sets";
        auto staged = project.read(relative, max_file_bytes);
        if (!staged)
            return staged.error().message;
        if (!valid_utf8(staged->content))
            return project.host_path(relative).generic_string() + " is not UTF-8; save it as UTF-8";
        sources.push_back({std::move(staged.value()), "Assets/" + entry.relative});
    }
    if (sources.empty())
        return "no .cs files under " + project.host_path(staging_folder).generic_string() + "; stage scripts there first";
    return {};
}

// Every target checked before anything is validated or written: a link at a target or in a folder
// above it refuses the whole commit, so a commit never stops half-way on a planted link.
std::string refuse_linked_targets(const sdk::FileJail& project, const std::vector<StagedSource>& sources) {
    for (const auto& source : sources) {
        auto kind = project.kind(source.asset_path);
        if (!kind)
            return kind.error().message;
        if (kind.value() == sdk::EntryKind::Link)
            return sdk::jail_detail::link_refusal(project.root(), source.asset_path, "").message;
        if (kind.value() == sdk::EntryKind::Folder || kind.value() == sdk::EntryKind::Other)
            return project.host_path(source.asset_path).generic_string() + " exists and is not a file; move it away first";
    }
    return {};
}

} // namespace

ScriptsCommitTool::ScriptsCommitTool()
    : EditorTool({"uap_scripts_commit",
                  "Commit C# scripts staged in UapStaging/ to Assets/ if they compile.",
                  R"({"type":"object","properties":{}})",
                  {sdk::Access::Writes, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::NotIdempotent,
                   sdk::Duration::LongRunning}}) {}

sdk::ToolResult ScriptsCommitTool::run(const rapidjson::Value&, EditorSession& session) {
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
    std::string problem = collect(project.value(), sources);
    if (problem.empty())
        problem = refuse_linked_targets(project.value(), sources);
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
    if (!validated.result["ok"].GetBool()) {
        // The compiler's diagnostics, verbatim, one per line as file(line,column): message.
        std::string message = "uap_scripts_commit: the staged scripts do not compile; nothing was committed. Fix these in "
                              "UapStaging/ and call uap_scripts_commit again:";
        for (const auto& diagnostic : validated.result["diagnostics"].GetArray()) {
            message += "\n" + std::string(string_member(diagnostic, "path"));
            if (const auto* line = member(diagnostic, "line"))
                message += "(" + std::to_string(line->GetInt()) +
                           (member(diagnostic, "column") ? "," + std::to_string(diagnostic["column"].GetInt()) : std::string()) + ")";
            message += ": " + std::string(string_member(diagnostic, "message"));
        }
        return sdk::ToolResult::failure(message);
    }
    rapidjson::Document result(rapidjson::kObjectType);
    auto& result_allocator = result.GetAllocator();
    rapidjson::Value committed(rapidjson::kArrayType);
    rapidjson::Value kept(rapidjson::kArrayType);
    for (const auto& source : sources) {
        if (auto written = project->write(source.asset_path, source.staged.content); !written)
            return sdk::ToolResult::failure("uap_scripts_commit: validation passed, but " + written.error().message + "; " +
                                            std::to_string(committed.Size()) + " script(s) were committed before it");
        committed.PushBack(text(source.asset_path, result_allocator), result_allocator);
        // The staged copy goes once committed, unless it changed after it was read (then it stays
        // for the next commit): the jail deletes only the very file it read, with the bytes it read.
        if (auto removed = project->remove_read(source.staged); !removed)
            kept.PushBack(text(removed.error().message, result_allocator), result_allocator);
    }
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
