// The compile state the bridge keeps; see compile_state.hpp.
#include "bridge/compile_state.hpp"

#include "support/json.hpp"

namespace uap::bridge {

namespace {

// The host keeps the first errors only; an editor that sends thousands cannot grow its memory.
constexpr std::size_t max_kept_errors = 20;

const char* phase_name(CompilePhase phase) {
    switch (phase) {
    case CompilePhase::Unknown: return "unknown";
    case CompilePhase::Compiling: return "compiling";
    case CompilePhase::Compiled: return "compiled";
    case CompilePhase::Failed: return "compile_failed";
    }
    return "unknown";
}

int64_t count_field(const rapidjson::Value& data, const char* name, std::size_t listed) {
    auto count = json::integer_field(data, name);
    return count && *count >= static_cast<int64_t>(listed) ? *count : static_cast<int64_t>(listed);
}

std::size_t array_size(const rapidjson::Value& data, const char* name) {
    return data.IsObject() && data.HasMember(name) && data[name].IsArray() ? data[name].Size() : 0;
}

// "file(line,column): message", the form compilers and Unity's Console print.
std::string located(const CompileDiagnostic& error) {
    // Appended piece by piece: "literal" + std::string(...) sets off GCC 12's false -Wrestrict.
    std::string text = error.file.empty() ? "(no file)" : error.file;
    if (error.line > 0) {
        text += '(';
        text += std::to_string(error.line);
        if (error.column > 0) {
            text += ',';
            text += std::to_string(error.column);
        }
        text += ')';
    }
    text += ": ";
    text += error.message;
    return text;
}

} // namespace

void CompileState::observe(std::string_view name, const rapidjson::Value& data, uint64_t sequence) {
    if (name == "compileStarted") {
        m_phase = CompilePhase::Compiling;
        m_started_sequence = sequence;
    } else if (name == "compileFinished") {
        finish(data, sequence);
    } else if (name == "reloaded" && m_phase == CompilePhase::Compiling) {
        // Unity reloads the domain only after a compile that succeeded; the finish event may have
        // been lost with the old domain's socket.
        rapidjson::Document none(rapidjson::kObjectType);
        finish(none, sequence);
        m_inferred_from_reload = true;
    }
}

void CompileState::finish(const rapidjson::Value& data, uint64_t sequence) {
    m_errors.clear();
    m_inferred_from_reload = false;
    if (data.IsObject() && data.HasMember("errors") && data["errors"].IsArray())
        for (const auto& error : data["errors"].GetArray()) {
            if (m_errors.size() == max_kept_errors || !error.IsObject())
                break;
            CompileDiagnostic kept;
            kept.file = json::string_field(error, "file").value_or("");
            kept.line = json::integer_field(error, "line").value_or(0);
            kept.column = json::integer_field(error, "column").value_or(0);
            kept.message = json::string_field(error, "message").value_or("");
            kept.assembly = json::string_field(error, "assembly").value_or("");
            m_errors.push_back(std::move(kept));
        }
    m_error_count = count_field(data, "errorCount", array_size(data, "errors"));
    m_warning_count = count_field(data, "warningCount", array_size(data, "warnings"));
    m_phase = m_error_count > 0 ? CompilePhase::Failed : CompilePhase::Compiled;
    m_finished_sequence = sequence;
}

void CompileState::write(json::TextWriter& writer) const {
    writer.begin_object().field("state", phase_name(m_phase));
    if (m_phase == CompilePhase::Unknown)
        return void(writer.field("summary", "no compile seen since the host started").end_object());
    if (m_phase == CompilePhase::Compiling)
        return void(writer.field("summary", "the editor is compiling scripts").end_object());
    writer.field("errorCount", m_error_count).field("warningCount", m_warning_count);
    if (m_inferred_from_reload)
        writer.field("detail", "the editor reloaded its domain after compiling, which Unity does only when the compile succeeded");
    writer.key("errors").begin_array();
    for (const auto& error : m_errors) {
        writer.begin_object().field("file", error.file).field("line", error.line).field("column", error.column).field("message", error.message);
        if (!error.assembly.empty())
            writer.field("assembly", error.assembly);
        writer.end_object();
    }
    writer.end_array();
    std::string summary = m_phase == CompilePhase::Compiled
                              ? "the scripts compiled"
                              : "the scripts do not compile: " + std::to_string(m_error_count) + " error(s)" +
                                    (m_errors.empty() ? std::string() : "; first: " + located(m_errors.front()));
    writer.field("summary", summary).end_object();
}

} // namespace uap::bridge
