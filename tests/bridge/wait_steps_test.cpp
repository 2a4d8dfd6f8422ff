// Every path of a call's wait for the editor, decided on made-up times: no editor, no socket and no
// clock, so each case runs in microseconds and says which outcome a real wait would reach.
#include "bridge/wait_steps.hpp"

#include <gtest/gtest.h>

namespace {

using namespace std::chrono_literals;
using uap::bridge::EntryState;
using uap::bridge::next_wait_step;
using uap::bridge::WaitFacts;
using uap::bridge::WaitStep;

// A call sent to a connected editor, 1 s before its deadline, 5 s before the reconnect wait ends.
WaitFacts in_flight() {
    WaitFacts facts;
    facts.state = EntryState::Sent;
    facts.connected = true;
    facts.now = 100s;
    facts.deadline = facts.now + 1s;
    facts.reconnect_deadline = facts.now + 5s;
    return facts;
}

WaitFacts timed_out(WaitFacts facts) {
    facts.now = facts.deadline;
    return facts;
}

TEST(BridgeWaitSteps, AnAnswerOrAnAbandonedSessionEndsTheWaitWhateverElseHolds) {
    WaitFacts facts = timed_out(in_flight());
    facts.stopping = true;
    facts.cancelled = true;
    facts.state = EntryState::Completed;
    EXPECT_EQ(next_wait_step(facts), WaitStep::Finish);
    facts.state = EntryState::Abandoned;
    EXPECT_EQ(next_wait_step(facts), WaitStep::Abandoned);
}

TEST(BridgeWaitSteps, ShuttingDownEndsAWaitThatHasNoAnswer) {
    WaitFacts facts = in_flight();
    facts.stopping = true;
    EXPECT_EQ(next_wait_step(facts), WaitStep::ShuttingDown);
}

TEST(BridgeWaitSteps, BeforeTheDeadlineACallSleepsConnectedOrNot) {
    WaitFacts facts = in_flight();
    EXPECT_EQ(next_wait_step(facts), WaitStep::Sleep);
    facts.connected = false;
    EXPECT_EQ(next_wait_step(facts), WaitStep::Sleep);
    facts.now = facts.deadline - 1ms;
    EXPECT_EQ(next_wait_step(facts), WaitStep::Sleep);
}

TEST(BridgeWaitSteps, OutOfTimeAtAConnectedEditorTheEditorIsAskedAndAQueuedCallWaitsForItsSend) {
    WaitFacts facts = timed_out(in_flight());
    EXPECT_EQ(next_wait_step(facts), WaitStep::Probe);
    facts.state = EntryState::Queued;
    EXPECT_EQ(next_wait_step(facts), WaitStep::AwaitSend);
}

TEST(BridgeWaitSteps, CancellingProbesAtOnceOrDropsAnUnsentCall) {
    WaitFacts facts = in_flight();
    facts.cancelled = true;
    EXPECT_EQ(next_wait_step(facts), WaitStep::Probe) << "cancelled before the deadline still asks the editor to withdraw it";
    facts.connected = false;
    facts.state = EntryState::Queued;
    EXPECT_EQ(next_wait_step(facts), WaitStep::CancelledUnsent);
    facts.state = EntryState::Sent;
    EXPECT_EQ(next_wait_step(facts), WaitStep::LostInFlight) << "a cancelled call does not wait for the editor to come back";
}

TEST(BridgeWaitSteps, ADisconnectedEditorIsWaitedForUntilTheReconnectWaitEndsOrItsProcessIsGone) {
    WaitFacts facts = timed_out(in_flight());
    facts.connected = false;
    EXPECT_EQ(next_wait_step(facts), WaitStep::AwaitReconnect);
    facts.now = facts.reconnect_deadline;
    EXPECT_EQ(next_wait_step(facts), WaitStep::LostInFlight);
    facts.state = EntryState::Queued;
    EXPECT_EQ(next_wait_step(facts), WaitStep::NeverSent);

    WaitFacts gone = timed_out(in_flight());
    gone.connected = false;
    gone.editor_gone = true;
    EXPECT_EQ(next_wait_step(gone), WaitStep::LostInFlight) << "a crashed editor is not waited for";
    gone.state = EntryState::Queued;
    EXPECT_EQ(next_wait_step(gone), WaitStep::NeverSent);
}

} // namespace
