// A bounded load test on loopback: while a flood of idle sockets connects, sends nothing, is closed
// and reconnects, a client that opens a new connection and sends its request at once is not held
// behind the flood. It prints the percentiles it measured; the figures to compare builds by are
// those, not the bound.
#include "served_host.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <sstream>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;
using uap::testing::Attack;
using uap::testing::AttackPlan;
using uap::testing::McpProbe;
using uap::testing::ServedHost;

const std::filesystem::path host_binary = UAP_HOST_BINARY;

// More idle sockets than the host keeps waiting (maxSilentConnections, 512) and than it has
// workers (64), so the host closes some all the time and the flood reconnects them.
constexpr int flood_sockets = 1000;
constexpr int samples_per_round = 200;
// A round is one p99 over 200 new connections. On a shared 2-core machine one scheduling stall
// of another process can cost a round its 99th percentile, so up to five rounds are measured and
// the best must meet the bound. A server that lets new connections wait for a worker held by a
// silent socket serves them only when that socket times out (10 s), so the bound sits far below
// that and far above what this machine measures (p99 5-25 ms natively, 25-150 ms under Wine,
// whose socket layer adds its own stalls): it tells the design apart, not one run's speed.
constexpr int rounds = 5;
constexpr auto bound = 250ms;

double milliseconds(Clock::duration duration) { return std::chrono::duration<double, std::milli>(duration).count(); }

struct Round {
    std::vector<double> latencies; // Milliseconds, sorted.
    int failures = 0;
    double percentile(double fraction) const {
        if (latencies.empty())
            return 0;
        auto position = static_cast<size_t>(fraction * static_cast<double>(latencies.size() - 1) + 0.5);
        return latencies[std::min(position, latencies.size() - 1)];
    }
};

// Each sample: a new TCP connection, an authenticated MCP initialize and its answer, timed from
// before connect() to the last byte of the answer.
Round measure_round(const ServedHost& host) {
    Round round;
    for (int sample = 0; sample < samples_per_round; ++sample) {
        McpProbe probe(host.port(), host.mcp_token());
        auto started = Clock::now();
        bool served = !probe.initialize();
        auto took = Clock::now() - started;
        if (served)
            round.latencies.push_back(milliseconds(took));
        else
            ++round.failures;
        // Paced, so the samples spread over the flood's reconnect cycles instead of one burst.
        std::this_thread::sleep_for(5ms);
    }
    std::sort(round.latencies.begin(), round.latencies.end());
    return round;
}

TEST(ReconnectFlood, NewConnectionsAreNotHeldBehindTheFlood) {
    ServedHost host(host_binary);
    AttackPlan plan;
    plan.idle = flood_sockets;
    plan.slowloris = 0;
    plan.panels = 0;
    plan.reopen = uap::testing::Reopen::WhenClosed;
    Attack attack(host.port(), host.panel_token(), plan);
    attack.start();
    auto first = attack.counts_after_first_pass(20s);
    ASSERT_GT(first.idle_open, flood_sockets / 2) << host.output();

    std::ostringstream report;
    double best = 1e9;
    int closed_before = attack.counts().closed_by_server;
    // Rounds go on until the bound is met while the flood was seen reconnecting: a round takes about
    // 4 s and the host's silent-socket timeout is 10 s, so under Wine (which closes no excess sockets
    // early) a single fast round could fall between two waves and measure no flood at all.
    auto flood_reconnected = [&] { return attack.counts().closed_by_server > closed_before; };
    for (int index = 0; index < rounds && (best > milliseconds(bound) || !flood_reconnected()); ++index) {
        Round round = measure_round(host);
        EXPECT_EQ(round.failures, 0) << "new connections were refused during the flood";
        ASSERT_FALSE(round.latencies.empty());
        report << "round " << index + 1 << ": p50 " << round.percentile(0.5) << " ms, p99 " << round.percentile(0.99) << " ms, max "
               << round.latencies.back() << " ms, over " << round.latencies.size() << " connections\n";
        best = std::min(best, round.percentile(0.99));
    }
    auto during = attack.counts();
    std::cout << report.str() << "the host closed " << during.closed_by_server - closed_before
              << " flood sockets during the measurement (each reopened)\n";
    // The flood really reconnected while the samples were taken; otherwise this measured nothing.
    EXPECT_GT(during.closed_by_server - closed_before, 0) << report.str();
    EXPECT_LE(best, milliseconds(bound)) << report.str();
    EXPECT_TRUE(host.running());
    attack.stop();
}

} // namespace
