// Capacity benchmark (not a test): starts `uap-host serve`, holds 500 idle TCP connections, 64
// slowloris connections (one header byte every 5 s, reopened when the host closes them) and 63
// idle /panel WebSockets open, then makes 1,000 uap_ping calls over one authenticated MCP session
// and prints p50/p99 latency as one JSON line (target: p99 <= 50 ms).
// usage: capacity_bench [CALLS]
#include "served_host.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

int main(int argc, char** argv) {
    using Clock = std::chrono::steady_clock;
    int calls = argc > 1 ? std::stoi(argv[1]) : 1000;
    uap::testing::ServedHost host(UAP_HOST_BINARY);
    uap::testing::Attack attack(host.port(), host.panel_token(), uap::testing::AttackPlan{});
    attack.start();
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    auto held = attack.counts();

    uap::testing::McpProbe probe(host.port(), host.mcp_token());
    auto opening = Clock::now();
    if (auto refused = probe.open()) {
        std::fprintf(stderr, "the MCP session did not open: %s\n", refused->c_str());
        return 1;
    }
    double open_ms = std::chrono::duration<double, std::milli>(Clock::now() - opening).count();
    std::vector<double> latencies;
    int failures = 0;
    for (int call = 0; call < calls; ++call) {
        auto started = Clock::now();
        if (!probe.call("uap_ping"))
            ++failures;
        latencies.push_back(std::chrono::duration<double, std::milli>(Clock::now() - started).count());
    }
    auto after = attack.counts();
    attack.stop();
    std::sort(latencies.begin(), latencies.end());
    auto percentile = [&](double fraction) { return latencies[std::min(latencies.size() - 1, size_t(fraction * latencies.size()))]; };
    std::printf("{\"calls\":%d,\"failures\":%d,\"sessionOpenMs\":%.2f,\"p50Ms\":%.3f,\"p99Ms\":%.3f,\"maxMs\":%.3f,"
                "\"held\":{\"idle\":%d,\"slowloris\":%d,\"panels\":%d},\"panelsOpenAfter\":%d,\"closedByHost\":%d}\n",
                calls, failures, open_ms, percentile(0.50), percentile(0.99), latencies.back(), held.idle_open, held.slowloris_open,
                held.panels_open, after.panels_open, after.closed_by_server);
    return failures == 0 ? 0 : 1;
}
