// uap_scripts_commit; see scripts_commit_tool.hpp. The sources are read once into memory; those
// bytes are what the editor validates and what lands in Assets/, so an edit to the staging folder
// between validation and commit can never slip an unvalidated script in.
#include "scripts_commit_tool.hpp"

#include <rapidjson/encodings.h>
#include <rapidjson/memorystream.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

namespace uap::core {

namespace {

namespace fs = std::filesystem;

constexpr std::size_t max_files = 100;
constexpr std::uintmax_t max_file_bytes = 1024 * 1024;

struct StagedSource {
    fs::path staged;         // The file under UapStaging/.
    std::string asset_path;  // Assets/<the same relative path>.
    std::string text;        // The bytes read once; validated and committed as they are.
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

// The staged .cs files (regular files only, never following links out of the folder).
std::string collect(const fs::path& staging, std::vector<StagedSource>& sources) {
    std::error_code error;
    if (!fs::is_directory(staging, error))
        return "nothing is staged: " + staging.string() + " does not exist. Write scripts under UapStaging/ (for example "
               "UapStaging/Scripts/Foo.cs for Assets/Scripts/Foo.cs), then call uap_scripts_commit";
    for (auto entry = fs::recursive_directory_iterator(staging, fs::directory_options::none, error);
         entry != fs::recursive_directory_iterator(); entry.increment(error)) {
        if (error)
            return "reading " + staging.string() + " failed: " + error.message();
        if (entry->is_symlink(error) || !entry->is_regular_file(error) || entry->path().extension() != ".cs")
            continue;
        if (sources.size() == max_files)
            return "more than 100 staged scripts; commit them in smaller sets";
        if (entry->file_size(error) > max_file_bytes)
            return entry->path().string() + " is larger than 1 MB";
        std::ifstream file(entry->path(), std::ios::binary);
        std::ostringstream bytes;
        bytes << file.rdbuf();
        std::string text = bytes.str();
        if (!valid_utf8(text))
            return entry->path().string() + " is not UTF-8; save it as UTF-8";
        std::string relative = fs::relative(entry->path(), staging, error).generic_string();
        if (error || relative.empty() || relative.rfind("..", 0) == 0)
            return entry->path().string() + " is not inside UapStaging/";
        sources.push_back({entry->path(), "Assets/" + relative, std::move(text)});
    }
    if (sources.empty())
        return "no .cs files under " + staging.string() + "; stage scripts there first";
    return {};
}

std::string write_atomically(const fs::path& target, const std::string& text) {
    std::error_code error;
    fs::create_directories(target.parent_path(), error);
    if (error)
        return "creating " + target.parent_path().string() + " failed: " + error.message();
    fs::path temporary = target;
    temporary += ".uap-commit";
    {
        std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
        file.write(text.data(), static_cast<std::streamsize>(text.size()));
        if (!file)
            return "writing " + temporary.string() + " failed";
    }
    fs::rename(temporary, target, error);
    if (error)
        return "moving the script into " + target.string() + " failed: " + error.message();
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
    fs::path project(std::string(string_member(info.result, "projectPath")));
    std::vector<StagedSource> sources;
    if (std::string problem = collect(project / "UapStaging", sources); !problem.empty())
        return sdk::ToolResult::failure("uap_scripts_commit: " + problem);

    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    rapidjson::Value list(rapidjson::kArrayType);
    for (const auto& source : sources) {
        rapidjson::Value entry(rapidjson::kObjectType);
        entry.AddMember("path", text(source.asset_path, allocator), allocator);
        entry.AddMember("text", text(source.text, allocator), allocator);
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
    for (const auto& source : sources) {
        if (std::string problem = write_atomically(project / source.asset_path, source.text); !problem.empty())
            return sdk::ToolResult::failure("uap_scripts_commit: validation passed, but " + problem + "; " +
                                            std::to_string(committed.Size()) + " script(s) were committed before it");
        committed.PushBack(text(source.asset_path, result_allocator), result_allocator);
        // The staged copy goes once committed, unless it changed after it was read (then it stays for the next commit).
        std::ifstream now(source.staged, std::ios::binary);
        std::ostringstream bytes;
        bytes << now.rdbuf();
        if (bytes.str() == source.text) {
            std::error_code ignored;
            fs::remove(source.staged, ignored);
        }
    }
    EditorReply refreshed = session.call("asset.refresh", none, 120000);
    result.AddMember("committed", committed, result_allocator);
    if (const auto* checks = member(validated.result, "checks"))
        result.AddMember("validation", rapidjson::Value(*checks, result_allocator), result_allocator);
    if (refreshed.ok())
        result.AddMember("refresh", rapidjson::Value(refreshed.result["observed"], result_allocator), result_allocator);
    else
        result.AddMember("refresh", text("the scripts are in Assets/, but the refresh failed: " + refreshed.message +
                                             "; Unity imports them on its next refresh", result_allocator),
                         result_allocator);
    result.AddMember("next", "Unity compiles after the refresh; check uap_console_logs for compile errors before using new types",
                     result_allocator);
    return sdk::ToolResult::success(std::move(result));
}

} // namespace uap::core
