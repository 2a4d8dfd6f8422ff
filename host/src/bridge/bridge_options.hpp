// Tunables of the editor bridge: bounded waits, frame and result caps, liveness pings.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

namespace uap::bridge {

struct BridgeOptions {
    // The project this host serves; an editor whose hello names another project is refused. Empty: accept any.
    std::string project_path;
    std::string host_version = "0.0.0";
    // How long new and in-flight requests wait for a disconnected or reloading editor to come back.
    std::chrono::milliseconds reconnect_wait{120000};
    // Frames up to this size are accepted; larger ones (up to hard_max_frame_bytes) are read, discarded
    // and answered with a protocol error, keeping the connection. Beyond the hard cap the socket closes.
    std::size_t max_frame_bytes = 1024 * 1024;
    std::size_t hard_max_frame_bytes = 16 * 1024 * 1024;
    // How long to wait for the editor's off-main-thread answer when a call's timeout ran out.
    std::chrono::milliseconds status_probe_timeout{3000};
    // Liveness: the host pings a connected editor this often and keeps the latest main-thread report.
    std::chrono::milliseconds ping_interval{2000};
    // A main thread that is not busy but ticks this far apart is reported as throttled (a background
    // editor, macOS App Nap): alive and slower, not stuck.
    std::chrono::milliseconds throttled_tick_gap{1000};
    // How long the editor has to send hello after the upgrade.
    std::chrono::milliseconds hello_timeout{10000};
    // Timed-out calls stay fetchable as jobs this long after they finish.
    std::chrono::minutes job_retention{60};
};

// The result size the editor is asked to respect: the frame cap minus room for the envelope.
inline std::size_t max_result_bytes(const BridgeOptions& options) { return options.max_frame_bytes - 1024; }

} // namespace uap::bridge
