// The record of interrupted partial answers: read, append (atomic rewrite), bounded.
#include "agent/interrupted_answers.hpp"

#include "agent/history.hpp"
#include "agent/launch_files.hpp"
#include "support/files.hpp"
#include "support/json.hpp"
#include "support/utf8_text.hpp"

namespace uap::agent {

namespace fs = std::filesystem;

namespace {

constexpr size_t max_kept_answers = 64;
constexpr size_t max_answer_bytes = 256 * 1024;
constexpr uint64_t max_record_bytes = 32 * 1024 * 1024;

fs::path record_for(const fs::path& project, const std::string& session_id) {
    return agent_state_folder(project) / ("interrupted-answers-" + session_id + ".json");
}

} // namespace

std::vector<InterruptedAnswer> interrupted_answers(const fs::path& project, const std::string& session_id) {
    std::vector<InterruptedAnswer> answers;
    if (!valid_session_id(session_id))
        return answers;
    std::error_code error;
    fs::path file = record_for(project, session_id);
    if (!fs::exists(file, error))
        return answers;
    auto text = files::read(file, max_record_bytes, files::Links::Refuse);
    if (!text)
        return answers;
    auto document = json::parse(*text);
    if (!document || !document->IsObject() || !document->HasMember("answers") || !(*document)["answers"].IsArray())
        return answers;
    for (auto& entry : (*document)["answers"].GetArray()) {
        auto after_user = json::string_field(entry, "after_user");
        auto answer = json::string_field(entry, "text");
        if (after_user && answer)
            answers.push_back(InterruptedAnswer{*after_user, *answer});
    }
    return answers;
}

Expected<void> keep_interrupted_answer(const fs::path& project, const std::string& session_id, InterruptedAnswer answer) {
    if (!valid_session_id(session_id))
        return Error("not a session id: " + session_id);
    auto answers = interrupted_answers(project, session_id);
    answer.text = utf8::clip(answer.text, max_answer_bytes);
    answers.push_back(std::move(answer));
    if (answers.size() > max_kept_answers)
        answers.erase(answers.begin(), answers.begin() + static_cast<std::ptrdiff_t>(answers.size() - max_kept_answers));
    rapidjson::Document document(rapidjson::kObjectType);
    auto& allocator = document.GetAllocator();
    rapidjson::Value list(rapidjson::kArrayType);
    for (auto& kept : answers) {
        rapidjson::Value entry(rapidjson::kObjectType);
        entry.AddMember("after_user", json::string_value(kept.after_user, allocator), allocator);
        entry.AddMember("text", json::string_value(kept.text, allocator), allocator);
        list.PushBack(entry, allocator);
    }
    document.AddMember("answers", list, allocator);
    return files::write_atomically(record_for(project, session_id), json::to_text(document), files::Visibility::OwnerOnly);
}

} // namespace uap::agent
