// The waiting call's decision table (wait_steps.hpp).
#include "bridge/wait_steps.hpp"

namespace uap::bridge {

WaitStep next_wait_step(const WaitFacts& facts) {
    if (facts.state == EntryState::Completed)
        return WaitStep::Finish;
    if (facts.state == EntryState::Abandoned)
        return WaitStep::Abandoned;
    if (facts.stopping)
        return WaitStep::ShuttingDown;
    if (!facts.cancelled && facts.now < facts.deadline)
        return WaitStep::Sleep;
    if (!facts.connected) {
        if (facts.state == EntryState::Queued && facts.cancelled)
            return WaitStep::CancelledUnsent;
        // A reload or a restart of the editor: the call waits for it, unless its process is gone.
        if (!facts.cancelled && facts.now < facts.reconnect_deadline && !facts.editor_gone)
            return WaitStep::AwaitReconnect;
        return facts.state == EntryState::Queued ? WaitStep::NeverSent : WaitStep::LostInFlight;
    }
    return facts.state == EntryState::Queued ? WaitStep::AwaitSend : WaitStep::Probe;
}

} // namespace uap::bridge
