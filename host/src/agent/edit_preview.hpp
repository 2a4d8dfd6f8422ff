// What a file tool (Write, Edit, MultiEdit) would change, as a unified diff against the file as it is
// on disk, worked out once in the host so that every front-end shows the same hunks on the card.
#pragma once

#include <rapidjson/document.h>

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace uap::agent {

struct EditPreview {
    // Unified diff hunks ("@@ -1,3 +1,4 @@" and lines marked ' ', '-', '+'), without file headers;
    // empty when the change could not be worked out (then `note` says why).
    std::string diff;
    std::size_t added = 0;    // Lines added and removed by the whole change, shown or not.
    std::size_t removed = 0;
    bool truncated = false;   // The diff was cut after a whole line at the preview's size limit.
    bool new_file = false;    // Write to a file that does not exist yet.
    std::string note;         // Why there is no diff, in a sentence for the card.
};

// The preview for a Write, Edit or MultiEdit of a file inside the project (read through the file jail),
// nullopt for every other tool. A file outside the project, too large to show, or an edit whose
// old_string is not in the file gives a preview with a note instead of a diff: the card says why,
// and the CLI refuses an edit that does not apply.
std::optional<EditPreview> preview_file_change(std::string_view tool_name, const rapidjson::Value& input, const std::filesystem::path& project);

// The card's "preview" object: diff, added, removed, truncated, new_file, and note when there is one.
rapidjson::Value to_json(const EditPreview& preview, rapidjson::Document::AllocatorType& allocator);

// The unified diff of two texts, line by line, with three lines of context; at most max_bytes of hunks.
EditPreview unified_diff(std::string_view before, std::string_view after, std::size_t max_bytes);

} // namespace uap::agent
