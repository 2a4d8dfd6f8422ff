// What a call waiting for the editor does each time it wakes, as a pure function of what the bridge
// knows then, so that every path of the wait is tested on made-up times without an editor or a clock.
#pragma once

#include <chrono>

namespace uap::bridge {

// Where a journal entry stands: waiting for an editor, sent to one, answered, or given up with its session.
enum class EntryState { Queued, Sent, Completed, Abandoned };

// What the bridge knows when a waiting call wakes. Times are readings of the bridge's clock.
struct WaitFacts {
    EntryState state = EntryState::Queued;
    bool connected = false;   // An editor socket is open.
    bool editor_gone = false; // The editor's process is known to have ended.
    bool stopping = false;    // The host is shutting down.
    bool cancelled = false;   // The caller asked to stop waiting.
    std::chrono::milliseconds now{0};
    std::chrono::milliseconds deadline{0};           // The call's own timeout.
    std::chrono::milliseconds reconnect_deadline{0}; // How long a disconnected editor is waited for.
};

enum class WaitStep {
    Finish,          // The answer is in.
    Abandoned,       // Given up together with its editor session.
    ShuttingDown,    // The host stops.
    CancelledUnsent, // Cancelled before the editor received it: it will never run.
    AwaitReconnect,  // Out of time with no editor connected, but within the reconnect wait: sleep on.
    NeverSent,       // No editor came back in time, and the request never left.
    LostInFlight,    // The editor went away with the request and did not come back.
    AwaitSend,       // Out of time while queued on a connected editor: it goes out with the next welcome.
    Probe,           // Out of time, or cancelled, at the editor: ask the editor where it stands.
    Sleep,           // Nothing to decide yet.
};

WaitStep next_wait_step(const WaitFacts& facts);

} // namespace uap::bridge
