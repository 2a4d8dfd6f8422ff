// Session history from the CLI's own transcripts, the source of truth:
// <home>/.claude/projects/<cwd with every non-alphanumeric character replaced by '-'>/<session>.jsonl.
#pragma once

#include "support/expected.hpp"

#include <rapidjson/document.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace uap::agent {

struct HistoryEntry {
    std::string session_id;
    std::string title;          // The first user message, shortened.
    int64_t modified_unix_ms = 0;
    uint64_t size_bytes = 0;
};

std::string mangle_project_path(const std::filesystem::path& cwd);
std::filesystem::path transcripts_folder(const std::filesystem::path& home, const std::filesystem::path& cwd);

// True for ids the CLI generates (letters, digits, '-', '_'), so an id never escapes the folder.
bool valid_session_id(std::string_view id);

// Newest first.
std::vector<HistoryEntry> list_history(const std::filesystem::path& home, const std::filesystem::path& cwd);

// The longest search text a front-end may send: a phrase, not a document.
constexpr size_t max_history_query_bytes = 200;

// Sessions whose title or any user or assistant text contains query (ASCII letters in any case),
// newest first. An empty query lists every session.
std::vector<HistoryEntry> search_history(const std::filesystem::path& home, const std::filesystem::path& cwd, std::string_view query);

// Deletes a session's transcript and its subagents' transcripts. A link is removed, never followed.
Expected<void> delete_history(const std::filesystem::path& home, const std::filesystem::path& cwd, const std::string& session_id);

// The newest message the user typed in a session (not a tool result, a subagent's message or one
// the CLI added), as the CLI's transcript records it: its uuid and the uuid of the message it
// follows, where the conversation is forked to send it again. parent_uuid is empty when it opened
// the conversation.
struct LastPrompt {
    std::string uuid;
    std::string parent_uuid;
};
Expected<LastPrompt> find_last_prompt(const std::filesystem::path& home, const std::filesystem::path& cwd, const std::string& session_id);

// Items up to (without) the newest user_message of the main conversation: what a conversation
// shows once its last message is taken back to be sent again.
std::vector<rapidjson::Document> items_before_last_prompt(std::vector<rapidjson::Document> items);

// The transcript as panel transcript items (user_message, assistant_message, tool_started,
// tool_finished, compaction; subagent items carry "subagent":true). A partial answer the host kept
// for a turn the CLI's death cut (interrupted_answers.hpp) is an assistant_message with
// "interrupted":true, in place of the CLI's placeholder. cwd is also the project.
Expected<std::vector<rapidjson::Document>> load_history(const std::filesystem::path& home, const std::filesystem::path& cwd,
                                                        const std::string& session_id);

} // namespace uap::agent
