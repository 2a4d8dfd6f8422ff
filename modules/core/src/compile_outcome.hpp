// The compile Unity runs after uap_scripts_commit's refresh: the host's event count before the
// refresh, then a bounded wait for the compile that follows, described for the agent.
#pragma once

#include "editor_session.hpp"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace uap::core {

// What the wait for a compile saw. state is the host's: "compiled", "compile_failed", "compiling"
// (still, when the wait ran out), or "unknown" (the host could not tell).
struct CompileOutcome {
    std::string state = "unknown";
    rapidjson::Document report; // The host's compile object, or an explanation {"detail"}.
    bool failed() const { return state == "compile_failed"; }
};

// The host's editor event count now; a compile that finishes later is the refresh's. Empty when
// the host cannot say (then the outcome is "unknown" without waiting).
std::optional<uint64_t> compile_baseline(EditorSession& session);

// Waits up to wait for a compile to finish after baseline.
CompileOutcome await_compile(EditorSession& session, std::optional<uint64_t> baseline, std::chrono::milliseconds wait);

// "Assets/X.cs(3,5): error CS1513: } expected" lines, one per error the host kept.
std::string error_lines(const rapidjson::Value& report);

} // namespace uap::core
