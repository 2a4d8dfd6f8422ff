// Tool benchmarks (prints a table; run a Release build): a full-stack editor tool call against the
// MCP-only uap_ping in the same run, uap_query_hierarchy pages on a 100,000-object scene, and a
// uap_batch of 200 writes. Everything goes through the MCP endpoint over loopback HTTP.
#include "tool_stack.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

struct Timing {
    double p50 = 0, p99 = 0, max = 0;
};

Timing time_calls(int count, const std::function<void()>& call) {
    std::vector<double> samples;
    samples.reserve(static_cast<std::size_t>(count));
    for (int index = 0; index < count; ++index) {
        auto started = Clock::now();
        call();
        samples.push_back(std::chrono::duration<double, std::milli>(Clock::now() - started).count());
    }
    std::sort(samples.begin(), samples.end());
    auto at = [&](double quantile) { return samples[static_cast<std::size_t>(quantile * (samples.size() - 1))]; };
    return {at(0.5), at(0.99), samples.back()};
}

void print(const char* label, const Timing& timing) {
    std::printf("  %-58s p50 %8.3f ms   p99 %8.3f ms   max %8.3f ms\n", label, timing.p50, timing.p99, timing.max);
}

void expect_ok(uap::testing::ToolStack& stack, const std::string& tool, const std::string& arguments) {
    auto reply = stack.call(tool, arguments);
    if (reply.is_error) {
        std::fprintf(stderr, "%s failed: %s\n", tool.c_str(), reply.text.substr(0, 300).c_str());
        std::exit(1);
    }
}

} // namespace

int main() {
    std::printf("tool benchmark (%s build)\n",
#ifdef NDEBUG
                "optimised"
#else
                "debug"
#endif
    );
    uap::testing::ToolStack stack;
    auto ping = [&] { expect_ok(stack, "uap_ping", "{}"); };
    auto list = [&] { expect_ok(stack, "uap_component_list", R"({"path":"/Player"})"); };
    auto transform = [&] { expect_ok(stack, "uap_transform_set", R"({"path":"/Player","position":{"x":1}})"); };
    time_calls(500, ping);
    time_calls(500, list);
    constexpr int calls = 3000;
    std::printf("\nfull stack vs MCP only, %d sequential calls each (same run):\n", calls);
    Timing ping_timing = time_calls(calls, ping);
    Timing list_timing = time_calls(calls, list);
    Timing transform_timing = time_calls(calls, transform);
    print("uap_ping (MCP -> module -> host, no editor)", ping_timing);
    print("uap_component_list (MCP -> module -> bridge -> simulator)", list_timing);
    print("uap_transform_set (2 primitives, one write)", transform_timing);
    std::printf("  ratio component_list / ping: p50 %.2fx, p99 %.2fx\n", list_timing.p50 / ping_timing.p50, list_timing.p99 / ping_timing.p99);

    std::string batch = R"({"calls":[)";
    for (int index = 0; index < 200; ++index)
        batch += std::string(index ? "," : "") + R"({"tool":"uap_transform_set","arguments":{"path":"/Player","position":{"x":)" +
                 std::to_string(index) + "}}}";
    batch += "]}";
    std::printf("\nuap_batch:\n");
    print("200 uap_transform_set writes, one Undo group (20 runs)", time_calls(20, [&] { expect_ok(stack, "uap_batch", batch); }));

    auto built = Clock::now();
    stack.add_flat_objects(100000);
    std::printf("\n100,000-object scene (built in %.0f ms):\n", std::chrono::duration<double, std::milli>(Clock::now() - built).count());
    print("uap_query_hierarchy first page (200 nodes)", time_calls(50, [&] { expect_ok(stack, "uap_query_hierarchy", R"({"maxNodes":200,"maxDepth":1})"); }));
    print("uap_query_hierarchy last page (cursor 99,800)",
          time_calls(50, [&] { expect_ok(stack, "uap_query_hierarchy", R"({"maxNodes":200,"maxDepth":1,"cursor":"99800"})"); }));
    print("uap_batch of 200 writes on the big scene (5 runs)", time_calls(5, [&] { expect_ok(stack, "uap_batch", batch); }));
    return 0;
}
