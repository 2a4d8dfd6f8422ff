// What the editor's latest script compile did, kept from its compileStarted, compileFinished and
// reloaded events, so tools and the host's status can say so without asking a busy editor.
#pragma once

#include "support/json_writer.hpp"

#include <rapidjson/document.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace uap::bridge {

enum class CompilePhase { Unknown, Compiling, Compiled, Failed };

// One compiler error as the host keeps it (bounded; the counts say how many there were).
struct CompileDiagnostic {
    std::string file;
    int64_t line = 0;
    int64_t column = 0;
    std::string message;
    std::string assembly;
};

class CompileState {
public:
    // Takes one editor event; sequence is its number in the bridge's event log.
    void observe(std::string_view name, const rapidjson::Value& data, uint64_t sequence);
    // Whether a compile finished, either way, after the event numbered sequence.
    bool finished_after(uint64_t sequence) const { return m_finished_sequence > sequence; }
    CompilePhase phase() const { return m_phase; }
    // {"state", "errorCount", "warningCount", "errors": [...], "summary", ...} as the host reports it.
    void write(json::TextWriter& writer) const;

private:
    void finish(const rapidjson::Value& data, uint64_t sequence);

    CompilePhase m_phase = CompilePhase::Unknown;
    uint64_t m_started_sequence = 0;
    uint64_t m_finished_sequence = 0;
    bool m_inferred_from_reload = false;
    int64_t m_error_count = 0;
    int64_t m_warning_count = 0;
    std::vector<CompileDiagnostic> m_errors;
};

} // namespace uap::bridge
