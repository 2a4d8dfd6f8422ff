// Classifies the editor's main-thread report for uap_ping and the slow-call outcomes.
#include "bridge/main_thread_liveness.hpp"

#include "support/json.hpp"

namespace uap::bridge {

LivenessReading read_liveness(const rapidjson::Value& main_thread, std::chrono::milliseconds throttled_gap) {
    LivenessReading reading;
    if (!main_thread.IsObject())
        return reading;
    reading.tick_gap_ms = json::integer_field(main_thread, "tickGapMs").value_or(-1);
    reading.queue_wait_ms = json::integer_field(main_thread, "queueWaitMs").value_or(-1);
    if (json::bool_field(main_thread, "busy").value_or(false))
        reading.state = MainThreadLiveness::Busy;
    else if (reading.tick_gap_ms >= throttled_gap.count())
        reading.state = MainThreadLiveness::Throttled;
    else
        reading.state = MainThreadLiveness::Responsive;
    return reading;
}

std::string_view liveness_name(MainThreadLiveness state) {
    switch (state) {
    case MainThreadLiveness::Responsive:
        return "responsive";
    case MainThreadLiveness::Busy:
        return "busy";
    case MainThreadLiveness::Throttled:
        return "throttled";
    case MainThreadLiveness::Unknown:
        break;
    }
    return "unknown";
}

void write_liveness(json::TextWriter& writer, const LivenessReading& reading) {
    writer.begin_object().field("state", liveness_name(reading.state));
    if (reading.tick_gap_ms >= 0)
        writer.field("tickGapMs", reading.tick_gap_ms);
    if (reading.queue_wait_ms >= 0)
        writer.field("queueWaitMs", reading.queue_wait_ms);
    writer.end_object();
}

} // namespace uap::bridge
