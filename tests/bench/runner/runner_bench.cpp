// What isolation costs per call (prints a table; run a Release build): the echo fixture's tool
// called in-process and through uap-module-runner, at concurrency 1 and 16, with a small and a
// 10 KB argument. Each row is the latency of ModuleHost::call_tool (schema checks included).
#include "modules/module_host.hpp"
#include "runner/isolated_module.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
using uap::modules::Isolation;

// The mean is printed beside the quantiles because at concurrency 16 they tell different stories:
// sixteen threads in-process share two cores unfairly (most calls run untouched, a few wait out
// whole scheduler slices), while a runner serves its queue in order, so the p50s compare a lucky
// majority with a fair queue. By Little's law the mean is the concurrency over the throughput.
struct Summary {
    double p50_ms = 0, p99_ms = 0, mean_ms = 0;
};

Summary summarise(std::vector<double> samples) {
    std::sort(samples.begin(), samples.end());
    auto at = [&](double quantile) { return samples[std::min(samples.size() - 1, static_cast<size_t>(quantile * samples.size()))]; };
    double total = 0;
    for (double sample : samples)
        total += sample;
    return {at(0.50), at(0.99), total / static_cast<double>(samples.size())};
}

std::unique_ptr<uap::modules::ModuleHost> host_for(Isolation isolation, uap::settings::ProjectSettings& settings) {
    settings.set_isolation("fixture.echo", isolation);
    uap::modules::ModuleHost::Options options;
    options.folders.push_back({UAP_BENCH_ECHO_PACK, uap::modules::Origin::CommandLine});
    options.settings = &settings;
    options.start_isolated = uap::runner::module_runner();
    auto host = std::make_unique<uap::modules::ModuleHost>(std::move(options));
    if (host->packs().empty() || host->packs()[0]->state != uap::modules::PackState::Loaded) {
        std::fprintf(stderr, "the echo fixture pack did not load from %s\n", UAP_BENCH_ECHO_PACK);
        std::exit(1);
    }
    return host;
}

Summary measure(const uap::modules::ModuleHost& host, int concurrency, int calls_per_thread, const std::string& arguments) {
    std::vector<std::vector<double>> samples(concurrency);
    std::vector<std::thread> threads;
    std::atomic<int> failures{0};
    for (int thread = 0; thread < concurrency; ++thread)
        threads.emplace_back([&, thread] {
            samples[thread].reserve(calls_per_thread);
            for (int call = 0; call < calls_per_thread; ++call) {
                auto started = Clock::now();
                auto outcome = host.call_tool("fixture_echo", arguments);
                samples[thread].push_back(std::chrono::duration<double, std::milli>(Clock::now() - started).count());
                if (outcome.status != uap::modules::CallStatus::Success)
                    ++failures;
            }
        });
    for (auto& thread : threads)
        thread.join();
    if (failures)
        std::fprintf(stderr, "%d calls failed\n", failures.load());
    std::vector<double> all;
    for (auto& part : samples)
        all.insert(all.end(), part.begin(), part.end());
    return summarise(all);
}

} // namespace

int main(int argc, char** argv) {
    int calls = argc > 1 ? std::atoi(argv[1]) : 20000;
    // An optional second argument keeps only the rows whose name contains it ("concurrency 16"),
    // so that one case can be profiled alone.
    std::string only = argc > 2 ? argv[2] : "";
    // "isolated" as a third argument measures only the calls through the runner, so that `perf stat`
    // on the whole program counts the CPU they cost (the in-process columns then read 0).
    bool only_isolated = argc > 3 && std::string(argv[3]) == "isolated";
    uap::settings::ProjectSettings inside_settings, outside_settings;
    auto inside = host_for(Isolation::InProcess, inside_settings);
    auto outside = host_for(Isolation::Isolated, outside_settings);
    std::string small = R"({"text":"hello"})";
    std::string large = R"({"text":")" + std::string(10 * 1024, 'x') + "\"}";
    std::printf("%-31s %9s %9s %9s %11s %11s %11s %9s %10s\n", "case (ms)", "in p50", "in p99", "in mean", "runner p50", "runner p99",
                "runner mean", "added p50", "added mean");
    for (auto [label, arguments] : {std::pair{"small argument", &small}, std::pair{"10 KB argument", &large}})
        for (int concurrency : {1, 16}) {
            char name[64];
            std::snprintf(name, sizeof(name), "%s, concurrency %d", label, concurrency);
            if (std::string(name).find(only) == std::string::npos)
                continue;
            int per_thread = std::max(50, calls / concurrency);
            if (!only_isolated)
                measure(*inside, concurrency, per_thread / 10, *arguments); // Warm-up.
            measure(*outside, concurrency, per_thread / 10, *arguments);
            Summary in = only_isolated ? Summary{} : measure(*inside, concurrency, per_thread, *arguments);
            Summary out = measure(*outside, concurrency, per_thread, *arguments);
            std::printf("%-31s %9.4f %9.4f %9.4f %11.4f %11.4f %11.4f %9.4f %10.4f\n", name, in.p50_ms, in.p99_ms, in.mean_ms, out.p50_ms,
                        out.p99_ms, out.mean_ms, out.p50_ms - in.p50_ms, out.mean_ms - in.mean_ms);
        }
    return 0;
}
