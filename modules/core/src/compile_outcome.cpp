// The wait for Unity's compile after a refresh; see compile_outcome.hpp.
#include "compile_outcome.hpp"

namespace uap::core {

namespace {

CompileOutcome unknown(std::string detail) {
    CompileOutcome outcome;
    outcome.report.SetObject();
    auto& allocator = outcome.report.GetAllocator();
    outcome.report.AddMember("state", "unknown", allocator);
    outcome.report.AddMember("detail", text(detail, allocator), allocator);
    return outcome;
}

} // namespace

std::optional<uint64_t> compile_baseline(EditorSession& session) {
    rapidjson::Document none(rapidjson::kObjectType);
    EditorReply reply = session.call("host.compileState", none, 5000);
    const auto* sequence = reply.ok() ? member(reply.result, "eventSequence") : nullptr;
    if (!sequence || !sequence->IsUint64())
        return std::nullopt;
    return sequence->GetUint64();
}

CompileOutcome await_compile(EditorSession& session, std::optional<uint64_t> baseline, std::chrono::milliseconds wait) {
    if (!baseline)
        return unknown("the host did not report its editor events, so the compile's outcome is unknown; call uap_ping "
                       "(editor.compile) or uap_console_logs");
    rapidjson::Document params(rapidjson::kObjectType);
    params.AddMember("afterSequence", *baseline, params.GetAllocator());
    params.AddMember("waitMs", static_cast<int64_t>(wait.count()), params.GetAllocator());
    // The host's own wait is the bound; the call's timeout only has to outlast it.
    EditorReply reply = session.call("host.compileState", params, static_cast<uint32_t>(wait.count()) + 10000);
    if (!reply.ok())
        return unknown("the host could not report the compile (" + reply.message + "); call uap_ping (editor.compile)");
    const auto* compile = member(reply.result, "compile");
    const auto* finished = member(reply.result, "finishedAfter");
    if (!compile || !compile->IsObject() || !finished || !finished->IsBool())
        return unknown("the host's compile report was not understood; call uap_ping (editor.compile)");
    CompileOutcome outcome;
    outcome.report.CopyFrom(*compile, outcome.report.GetAllocator());
    auto& allocator = outcome.report.GetAllocator();
    if (!finished->GetBool()) {
        outcome.state = "compiling";
        outcome.report.RemoveMember("state");
        outcome.report.RemoveMember("summary");
        outcome.report.AddMember("state", "compiling", allocator);
        outcome.report.AddMember(
            "summary",
            text("Unity had not finished compiling after " + std::to_string(wait.count() / 1000) +
                     " s; call uap_ping until editor.compile.state is compiled or compile_failed (with file and line)",
                 allocator),
            allocator);
        return outcome;
    }
    outcome.state = std::string(string_member(*compile, "state"));
    return outcome;
}

std::string error_lines(const rapidjson::Value& report) {
    std::string lines;
    const auto* errors = member(report, "errors");
    if (!errors || !errors->IsArray())
        return lines;
    // Appended piece by piece: "literal" + std::string(...) here set off GCC 12's false -Wrestrict.
    for (const auto& error : errors->GetArray()) {
        lines += '\n';
        lines += string_member(error, "file");
        const auto* line = member(error, "line");
        const auto* column = member(error, "column");
        if (line && line->IsInt64() && line->GetInt64() > 0) {
            lines += '(';
            lines += std::to_string(line->GetInt64());
            if (column && column->IsInt64() && column->GetInt64() > 0) {
                lines += ',';
                lines += std::to_string(column->GetInt64());
            }
            lines += ')';
        }
        lines += ": ";
        lines += string_member(error, "message");
    }
    return lines;
}

} // namespace uap::core
