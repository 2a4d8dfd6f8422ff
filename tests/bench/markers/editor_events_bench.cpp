// Measures bridge calls (selection.set, each of which makes the editor send selectionChanged to the
// subscribed test pack) with no subscriber, with a free handler, and with a handler blocked in its
// first event: the three should match, since no handler runs on the bridge's thread.
#include "tool_stack.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace {

using uap::testing::ToolStack;

struct Percentiles {
    double p50, p99, max;
};

Percentiles time_calls(ToolStack& stack, int count) {
    std::vector<double> milliseconds;
    for (int index = 0; index < count; ++index) {
        auto start = std::chrono::steady_clock::now();
        stack.editor("selection.set", index % 2 ? R"({"objects":[{"scenePath":"/Player"}]})" : R"({"objects":[]})");
        milliseconds.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(milliseconds.begin(), milliseconds.end());
    return {milliseconds[milliseconds.size() / 2], milliseconds[milliseconds.size() * 99 / 100], milliseconds.back()};
}

void report(const char* what, const Percentiles& result) {
    std::printf("%-44s p50 %.3f ms  p99 %.3f ms  max %.3f ms\n", what, result.p50, result.p99, result.max);
}

} // namespace

int main() {
    constexpr int calls = 2000;
    uap::testing::ToolStackOptions options;
    options.plugin_folders = {UAP_TEST_EVENTS_PACK};
    options.settings_json = R"({"isolation":{"fixture.events":"in-process"}})";
    ToolStack stack(options);
    time_calls(stack, 200); // Warm-up.
    report("no subscriber", time_calls(stack, calls));
    stack.call("events_subscribe", R"({"names":["selectionChanged"]})");
    report("handler free", time_calls(stack, calls));
    stack.call("events_release", R"({"unsubscribe":true})");
    stack.call("events_subscribe", R"({"names":["selectionChanged"],"block":true})");
    report("handler blocked (1,024-event queue overflows)", time_calls(stack, calls));
    stack.call("events_release", R"({"unsubscribe":true})");
    return 0;
}
