// History listing and transcript loading (tolerant: unknown or broken lines are skipped).
#include "agent/history.hpp"

#include "agent/event_json.hpp"
#include "agent/interrupted_answers.hpp"
#include "support/files.hpp"
#include "support/json.hpp"
#include "support/utf8_path.hpp"

#include <uap/sdk/file_jail.hpp>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <fstream>
#include <map>
#include <optional>

namespace uap::agent {

namespace fs = std::filesystem;

namespace {

constexpr size_t max_transcript_line = 16 * 1024 * 1024;

std::string text_of_content(const rapidjson::Value& content) {
    if (content.IsString())
        return std::string(content.GetString(), content.GetStringLength());
    std::string text;
    if (content.IsArray())
        for (auto& block : content.GetArray())
            if (json::string_field(block, "type").value_or("") == "text") {
                if (!text.empty())
                    text += "\n";
                text += json::string_field(block, "text").value_or("");
            }
    return text;
}

const rapidjson::Value* message_content(const rapidjson::Value& line) {
    auto message = line.FindMember("message");
    if (message == line.MemberEnd() || !message->value.IsObject())
        return nullptr;
    auto content = message->value.FindMember("content");
    return content == message->value.MemberEnd() ? nullptr : &content->value;
}

bool is_real_user_text(const rapidjson::Value& line, const std::string& text) {
    if (json::bool_field(line, "isMeta").value_or(false) || json::bool_field(line, "isSidechain").value_or(false))
        return false;
    return !text.empty() && text[0] != '<';
}

rapidjson::Document interrupted_item(const std::string& text) {
    auto item = event("assistant_message");
    put(item, "text", text);
    item.AddMember("interrupted", true, item.GetAllocator());
    return item;
}

bool is_synthetic_no_response(const rapidjson::Value& line, const rapidjson::Value& content) {
    auto message = line.FindMember("message");
    return message != line.MemberEnd() && message->value.IsObject() &&
           json::string_field(message->value, "model").value_or("") == "<synthetic>" && text_of_content(content) == synthetic_no_response_text;
}

// interrupted: the partial answers the host kept, by the uuid of the user message they answered.
// Each goes where the CLI put its placeholder, else before the next user message (or at the end).
// parent_tool_use_id: for a subagent's transcript, the Agent call it worked for (empty when unknown).
void read_transcript(const fs::path& file, bool subagent, const std::vector<InterruptedAnswer>& interrupted, std::vector<rapidjson::Document>& items,
                     const std::string& parent_tool_use_id = {}) {
    std::ifstream stream(file);
    std::string text;
    std::optional<std::string> cut_answer; // Kept for the user message read last, not placed yet.
    while (std::getline(stream, text)) {
        if (text.size() > max_transcript_line || text.empty())
            continue;
        auto line = json::parse(text);
        if (!line || !line->IsObject())
            continue;
        std::string type = json::string_field(*line, "type").value_or("");
        bool sidechain = subagent || json::bool_field(*line, "isSidechain").value_or(false);
        if (type == "system" && json::string_field(*line, "subtype").value_or("") == "compact_boundary") {
            items.push_back(event("compaction"));
            continue;
        }
        const rapidjson::Value* content = message_content(*line);
        if (!content)
            continue;
        std::vector<rapidjson::Document> produced;
        if (type == "user") {
            if (json::bool_field(*line, "isCompactSummary").value_or(false)) {
                items.push_back(event("compaction"));
                continue;
            }
            std::string message_text = text_of_content(*content);
            if (!sidechain && is_real_user_text(*line, message_text)) {
                if (cut_answer)
                    items.push_back(interrupted_item(*cut_answer));
                cut_answer.reset();
                std::string uuid = json::string_field(*line, "uuid").value_or("");
                for (auto& answer : interrupted)
                    if (!uuid.empty() && answer.after_user == uuid)
                        cut_answer = answer.text;
            }
            if (is_real_user_text(*line, message_text) || (sidechain && !message_text.empty())) {
                auto user = event("user_message");
                put(user, "text", message_text);
                produced.push_back(std::move(user));
            }
            if (content->IsArray())
                for (auto& block : content->GetArray())
                    if (json::string_field(block, "type").value_or("") == "tool_result") {
                        auto finished = event("tool_finished");
                        put(finished, "tool_use_id", json::string_field(block, "tool_use_id").value_or(""));
                        finished.AddMember("is_error", json::bool_field(block, "is_error").value_or(false), finished.GetAllocator());
                        auto inner = block.FindMember("content");
                        std::string result = inner != block.MemberEnd() ? text_of_content(inner->value) : "";
                        put(finished, "content", result.substr(0, 4096));
                        produced.push_back(std::move(finished));
                    }
        } else if (type == "assistant" && cut_answer && !sidechain && is_synthetic_no_response(*line, *content)) {
            produced.push_back(interrupted_item(*cut_answer));
            cut_answer.reset();
        } else if (type == "assistant" && content->IsArray()) {
            for (auto& block : content->GetArray()) {
                std::string kind = json::string_field(block, "type").value_or("");
                if (kind == "text") {
                    auto assistant = event("assistant_message");
                    put(assistant, "text", json::string_field(block, "text").value_or(""));
                    produced.push_back(std::move(assistant));
                } else if (kind == "thinking") {
                    produced.push_back(thinking_item(json::string_field(block, "thinking").value_or("")));
                } else if (kind == "tool_use") {
                    auto started = event("tool_started");
                    put(started, "tool_use_id", json::string_field(block, "id").value_or(""));
                    put(started, "name", json::string_field(block, "name").value_or(""));
                    if (auto input = block.FindMember("input"); input != block.MemberEnd())
                        started.AddMember("input", rapidjson::Value(input->value, started.GetAllocator()), started.GetAllocator());
                    produced.push_back(std::move(started));
                }
            }
        }
        for (auto& entry : produced) {
            if (sidechain)
                entry.AddMember("subagent", true, entry.GetAllocator());
            if (subagent && !parent_tool_use_id.empty())
                put(entry, "parent_tool_use_id", parent_tool_use_id);
            items.push_back(std::move(entry));
        }
    }
    if (cut_answer)
        items.push_back(interrupted_item(*cut_answer));
}

// The Agent call each subagent worked for, by agent id, from the main transcript: the CLI's result
// of an Agent call names the agent (toolUseResult.agentId) beside the call's tool_use_id.
std::map<std::string, std::string> agent_calls_of(const fs::path& main_transcript) {
    std::map<std::string, std::string> calls;
    std::ifstream stream(main_transcript);
    std::string text;
    while (std::getline(stream, text)) {
        if (text.size() > max_transcript_line || text.find("\"agentId\"") == std::string::npos)
            continue;
        auto line = json::parse(text);
        if (!line || !line->IsObject() || !line->HasMember("toolUseResult") || !(*line)["toolUseResult"].IsObject())
            continue;
        auto agent = json::string_field((*line)["toolUseResult"], "agentId");
        const rapidjson::Value* content = message_content(*line);
        if (!agent || !content || !content->IsArray())
            continue;
        for (const auto& block : content->GetArray())
            if (json::string_field(block, "type").value_or("") == "tool_result")
                if (auto call = json::string_field(block, "tool_use_id"))
                    calls[*agent] = *call;
    }
    return calls;
}

// The Agent call a subagent transcript (agent-<id>.jsonl) worked for: its sidecar agent-<id>.meta.json
// names it (toolUseId); else the main transcript's result of the call that started it.
std::string agent_call_of(const fs::path& transcript, const std::map<std::string, std::string>& agent_calls) {
    constexpr uint64_t max_meta_bytes = 64 * 1024;
    fs::path meta = transcript;
    meta.replace_extension(".meta.json");
    if (auto text = files::read(meta, max_meta_bytes, files::Links::Refuse))
        if (auto parsed = json::parse(*text); parsed && parsed->IsObject())
            if (auto call = json::string_field(*parsed, "toolUseId"); call && !call->empty())
                return *call;
    std::string stem = utf8::from_path(transcript.stem());
    if (stem.rfind("agent-", 0) == 0)
        if (auto found = agent_calls.find(stem.substr(6)); found != agent_calls.end())
            return found->second;
    return {};
}

} // namespace

std::string mangle_project_path(const fs::path& cwd) {
    std::string text = utf8::from_path(cwd);
    for (char& c : text)
        if (!std::isalnum(static_cast<unsigned char>(c)))
            c = '-';
    return text;
}

fs::path transcripts_folder(const fs::path& home, const fs::path& cwd) {
    std::error_code error;
    fs::path real = fs::weakly_canonical(cwd, error);
    return home / ".claude" / "projects" / mangle_project_path(error ? cwd : real);
}

bool valid_session_id(std::string_view id) {
    return !id.empty() && id.size() <= 128 &&
           std::all_of(id.begin(), id.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'; });
}

std::vector<HistoryEntry> list_history(const fs::path& home, const fs::path& cwd) {
    std::vector<HistoryEntry> entries;
    std::error_code error;
    for (auto& file : fs::directory_iterator(transcripts_folder(home, cwd), error)) {
        if (file.path().extension() != ".jsonl" || !valid_session_id(utf8::from_path(file.path().stem())))
            continue;
        HistoryEntry entry;
        entry.session_id = utf8::from_path(file.path().stem());
        entry.size_bytes = file.file_size(error);
        auto written = file.last_write_time(error);
        entry.modified_unix_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                                     std::chrono::file_clock::to_sys(written).time_since_epoch())
                                     .count();
        std::ifstream stream(file.path());
        std::string text;
        for (int lines = 0; lines < 200 && std::getline(stream, text) && entry.title.empty(); ++lines) {
            if (text.size() > max_transcript_line)
                continue;
            auto line = json::parse(text);
            if (!line || !line->IsObject() || json::string_field(*line, "type").value_or("") != "user")
                continue;
            if (const rapidjson::Value* content = message_content(*line)) {
                std::string message_text = text_of_content(*content);
                if (is_real_user_text(*line, message_text))
                    entry.title = message_text.substr(0, 80);
            }
        }
        if (entry.title.empty())
            continue; // Sessions without a user message (e.g. aborted at start) are not listed.
        entries.push_back(std::move(entry));
    }
    std::sort(entries.begin(), entries.end(), [](auto& left, auto& right) { return left.modified_unix_ms > right.modified_unix_ms; });
    return entries;
}

namespace {

std::string lower_ascii(std::string_view text) {
    std::string lowered(text);
    for (char& character : lowered)
        character = static_cast<char>(std::tolower(static_cast<unsigned char>(character)));
    return lowered;
}

// Whether a user or assistant message of the transcript contains the (lower-cased) query.
bool transcript_mentions(const fs::path& file, const std::string& query) {
    std::ifstream stream(file);
    std::string text;
    while (std::getline(stream, text)) {
        if (text.size() > max_transcript_line || lower_ascii(text).find(query) == std::string::npos)
            continue; // Cheap first: a line that does not hold the words in any form cannot match.
        auto line = json::parse(text);
        if (!line || !line->IsObject())
            continue;
        std::string type = json::string_field(*line, "type").value_or("");
        if (type != "user" && type != "assistant")
            continue;
        if (const rapidjson::Value* content = message_content(*line))
            if (lower_ascii(text_of_content(*content)).find(query) != std::string::npos)
                return true;
    }
    return false;
}

} // namespace

std::vector<HistoryEntry> search_history(const fs::path& home, const fs::path& cwd, std::string_view query) {
    std::vector<HistoryEntry> entries = list_history(home, cwd);
    if (query.empty())
        return entries;
    std::string wanted = lower_ascii(query);
    fs::path folder = transcripts_folder(home, cwd);
    std::erase_if(entries, [&](const HistoryEntry& entry) {
        return lower_ascii(entry.title).find(wanted) == std::string::npos && !transcript_mentions(folder / (entry.session_id + ".jsonl"), wanted);
    });
    return entries;
}

Expected<void> delete_history(const fs::path& home, const fs::path& cwd, const std::string& session_id) {
    if (!valid_session_id(session_id))
        return Error("not a session id: \"" + session_id.substr(0, 130) + "\" (letters, digits, '-' and '_'; list_history names them)");
    fs::path folder = transcripts_folder(home, cwd);
    auto jail = sdk::FileJail::open(folder);
    if (!jail)
        return Error("no transcripts folder at " + utf8::from_path(folder) + ": " + jail.error().message);
    std::string file = session_id + ".jsonl";
    auto kind = jail->kind(file);
    if (!kind || kind.value() == sdk::EntryKind::Missing || kind.value() == sdk::EntryKind::Folder)
        return Error("no transcript for session " + session_id + " in " + utf8::from_path(folder) + "; list_history names the sessions there");
    // The jail removes a link and never what it points at.
    if (auto removed = jail->remove_entry(file); !removed)
        return Error("the transcript " + utf8::from_path(folder / file) + " could not be deleted: " + removed.error().message);
    if (auto removed = jail->remove_tree(session_id); !removed)
        return Error("the transcript was deleted, but its subagents' folder " + utf8::from_path(folder / session_id) +
                     " could not be: " + removed.error().message);
    return {};
}

Expected<LastPrompt> find_last_prompt(const fs::path& home, const fs::path& cwd, const std::string& session_id) {
    if (!valid_session_id(session_id))
        return Error("not a session id: " + session_id);
    fs::path file = transcripts_folder(home, cwd) / (session_id + ".jsonl");
    std::ifstream stream(file);
    if (!stream)
        return Error("no transcript for session " + session_id + " at " + utf8::from_path(file));
    std::optional<LastPrompt> found;
    std::string text;
    while (std::getline(stream, text)) {
        if (text.size() > max_transcript_line || text.empty())
            continue;
        auto line = json::parse(text);
        if (!line || !line->IsObject() || json::string_field(*line, "type").value_or("") != "user")
            continue;
        const rapidjson::Value* content = message_content(*line);
        auto uuid = json::string_field(*line, "uuid");
        if (!content || !uuid || uuid->empty() || !is_real_user_text(*line, text_of_content(*content)))
            continue;
        found = LastPrompt{*uuid, json::string_field(*line, "parentUuid").value_or("")};
    }
    if (!found)
        return Error("session " + session_id + " has no message of yours to send again");
    return *found;
}

std::vector<rapidjson::Document> items_before_last_prompt(std::vector<rapidjson::Document> items) {
    auto is_prompt = [](const rapidjson::Document& item) {
        return json::string_field(item, "type").value_or("") == "user_message" && !json::bool_field(item, "subagent").value_or(false);
    };
    auto last = std::find_if(items.rbegin(), items.rend(), is_prompt);
    if (last != items.rend())
        items.erase(std::prev(last.base()), items.end());
    return items;
}

Expected<std::vector<rapidjson::Document>> load_history(const fs::path& home, const fs::path& cwd, const std::string& session_id) {
    if (!valid_session_id(session_id))
        return Error("not a session id: " + session_id);
    fs::path folder = transcripts_folder(home, cwd);
    fs::path file = folder / (session_id + ".jsonl");
    std::error_code error;
    if (!fs::exists(file, error))
        return Error("no transcript for session " + session_id + " in " + utf8::from_path(folder));
    std::vector<rapidjson::Document> items;
    read_transcript(file, false, interrupted_answers(cwd, session_id), items);
    auto agent_calls = agent_calls_of(file);
    for (auto& subagent : fs::directory_iterator(folder / session_id / "subagents", error))
        if (subagent.path().extension() == ".jsonl")
            read_transcript(subagent.path(), true, {}, items, agent_call_of(subagent.path(), agent_calls));
    return items;
}

} // namespace uap::agent
