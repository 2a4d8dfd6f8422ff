// The staged scripts of uap_scripts_commit: collected from UapStaging/ and written into Assets/, all
// through the project's file jail (a link anywhere is refused, never followed).
#include "staged_scripts.hpp"

#include <rapidjson/encodings.h>
#include <rapidjson/memorystream.h>

#include <filesystem>

namespace uap::core {

namespace {

namespace fs = std::filesystem;

constexpr std::size_t max_files = 100;
constexpr std::uint64_t max_file_bytes = 1024 * 1024;
// What a listing of UapStaging/ may hold, files and folders together, before it is refused.
constexpr std::size_t max_staged_entries = 10000;
constexpr std::string_view staging_folder = "UapStaging";

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

// A link anywhere under UapStaging/ (or UapStaging itself) is refused, never followed, so nothing
// outside the project is read or deleted.
std::string collect_sources(const sdk::FileJail& project, std::vector<StagedSource>& sources) {
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

std::string collect_staged(const sdk::FileJail& project, std::vector<StagedSource>& sources) {
    std::string problem = collect_sources(project, sources);
    return problem.empty() ? refuse_linked_targets(project, sources) : problem;
}

std::optional<std::string> write_staged(const sdk::FileJail& project, const std::vector<StagedSource>& sources, rapidjson::Value& committed,
                                        rapidjson::Value& kept, rapidjson::Document::AllocatorType& allocator) {
    for (const auto& source : sources) {
        if (auto written = project.write(source.asset_path, source.staged.content); !written)
            return written.error().message + "; " + std::to_string(committed.Size()) + " script(s) were committed before it";
        committed.PushBack(rapidjson::Value(source.asset_path.c_str(), allocator), allocator);
        // The staged copy goes once committed, unless it changed after it was read (then it stays
        // for the next commit): the jail deletes only the very file it read, with the bytes it read.
        if (auto removed = project.remove_read(source.staged); !removed)
            kept.PushBack(rapidjson::Value(removed.error().message.c_str(), allocator), allocator);
    }
    return std::nullopt;
}

} // namespace uap::core
