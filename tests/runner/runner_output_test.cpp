// What an isolated pack prints reaches the host's log within a budget per pack: a flood is cut to
// the burst and the sustained rate, and every dropped line is counted in a notice.
#include "modules/module_host.hpp"
#include "runner/isolated_module.hpp"
#include "runner/output_budget.hpp"
#include "fakes/manual_clock.hpp"
#include "test_support.hpp"

#include <spdlog/sinks/base_sink.h>
#include <spdlog/spdlog.h>

#include <gtest/gtest.h>

#include <mutex>
#include <regex>

namespace {

using namespace std::chrono_literals;
using uap::modules::CallStatus;
using uap::modules::Isolation;
using uap::modules::ModuleHost;
using uap::modules::Origin;
using uap::runner::Admission;
using uap::runner::OutputBudget;
using uap::runner::OutputLimits;
using uap::testing::fixture_pack;

uint64_t dropped_in(const std::string& notice) {
    std::smatch match;
    static const std::regex dropped("dropped ([0-9]+) lines");
    return std::regex_search(notice, match, dropped) ? std::stoull(match[1].str()) : 0;
}

TEST(OutputBudget, ABurstPassesThenTheRateAndEveryDroppedLineIsCounted) {
    uap::testing::ManualClock clock;
    OutputLimits limits{.burst_lines = 10, .lines_per_second = 5, .burst_bytes = 1000, .bytes_per_second = 1000, .summary_interval_ms = 10'000};
    OutputBudget budget(limits, clock);
    for (int line = 0; line < 10; ++line)
        EXPECT_EQ(budget.admit(10).admission, Admission::Log) << line;
    auto first_drop = budget.admit(10);
    EXPECT_EQ(first_drop.admission, Admission::Drop);
    ASSERT_TRUE(first_drop.notice);
    EXPECT_NE(first_drop.notice->find("exceeds its limit of 5 lines"), std::string::npos) << *first_drop.notice;
    for (int line = 0; line < 99; ++line) {
        auto decision = budget.admit(10);
        EXPECT_EQ(decision.admission, Admission::Drop);
        EXPECT_FALSE(decision.notice);
    }
    clock.advance(1s); // Five lines' worth comes back; the first one carries the count of the gap.
    auto resumed = budget.admit(10);
    EXPECT_EQ(resumed.admission, Admission::Log);
    ASSERT_TRUE(resumed.notice);
    EXPECT_EQ(dropped_in(*resumed.notice), 100u) << *resumed.notice;
    for (int line = 0; line < 4; ++line)
        EXPECT_EQ(budget.admit(10).admission, Admission::Log);
    EXPECT_EQ(budget.admit(10).admission, Admission::Drop);
    auto left = budget.finish();
    ASSERT_TRUE(left);
    EXPECT_EQ(dropped_in(*left), 1u);
    EXPECT_FALSE(budget.finish());
}

TEST(OutputBudget, BytesAreBoundedAsWellAsLinesAndLongFloodsAreSummarisedPeriodically) {
    uap::testing::ManualClock clock;
    OutputLimits limits{.burst_lines = 1000, .lines_per_second = 1000, .burst_bytes = 100, .bytes_per_second = 50, .summary_interval_ms = 10'000};
    OutputBudget budget(limits, clock);
    EXPECT_EQ(budget.admit(60).admission, Admission::Log);
    EXPECT_EQ(budget.admit(60).admission, Admission::Drop); // 40 bytes left.
    uint64_t reported = 0;
    for (int second = 0; second < 25; ++second) {
        clock.advance(1s);
        auto decision = budget.admit(1000); // Never fits the 100-byte bucket.
        EXPECT_EQ(decision.admission, Admission::Drop);
        if (decision.notice)
            reported += dropped_in(*decision.notice);
    }
    EXPECT_GE(reported, 10u) << "a flood that never stops is still reported every 10 s";
    auto left = budget.finish();
    EXPECT_EQ(reported + (left ? dropped_in(*left) : 0), 26u);
}

// Counts what reaches the host's log from the hostile pack.
class CountingSink final : public spdlog::sinks::base_sink<std::mutex> {
public:
    uint64_t relayed_lines = 0;
    uint64_t relayed_bytes = 0;
    uint64_t dropped_reported = 0;
    std::vector<std::string> notices;

protected:
    void sink_it_(const spdlog::details::log_msg& message) override {
        std::string text(message.payload.data(), message.payload.size());
        if (text.rfind("[fixture.hostile] (runner output) flood line", 0) == 0) {
            ++relayed_lines;
            relayed_bytes += text.size();
        } else if (text.find("of the pack's output") != std::string::npos || text.find("output exceeds its limit") != std::string::npos) {
            dropped_reported += dropped_in(text);
            notices.push_back(text);
        }
    }
    void flush_() override {}
};

TEST(RunnerOutput, AFloodOfPrintedLinesIsCutToThePacksBudgetAndTheRestIsCounted) {
    constexpr uint64_t flood_lines = 200'000; // 20 MB.
    auto sink = std::make_shared<CountingSink>();
    auto logger = spdlog::default_logger();
    logger->sinks().push_back(sink);
    auto started = std::chrono::steady_clock::now();
    {
        uap::settings::ProjectSettings settings;
        settings.set_isolation("fixture.hostile", Isolation::Isolated);
        ModuleHost::Options options;
        options.folders.push_back({fixture_pack("fixture.hostile"), Origin::CommandLine});
        options.settings = &settings;
        options.start_isolated = uap::runner::module_runner();
        ModuleHost host(std::move(options));
        auto outcome = host.call_tool("hostile_flood", R"({"lines":200000})");
        ASSERT_EQ(outcome.status, CallStatus::Success) << outcome.text;
        // The host ends here: the runner exits and the relay reports what it dropped last.
    }
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    logger->sinks().pop_back();
    OutputLimits limits;
    // The burst plus what the sustained rate allows over the whole run, and not a line more.
    auto allowed = static_cast<double>(limits.burst_lines) + seconds * static_cast<double>(limits.lines_per_second);
    EXPECT_LE(static_cast<double>(sink->relayed_lines), allowed) << "in " << seconds << " s";
    EXPECT_GT(sink->relayed_lines, 0u);
    EXPECT_LE(static_cast<double>(sink->relayed_bytes), static_cast<double>(limits.burst_bytes) + seconds * static_cast<double>(limits.bytes_per_second));
    // Nothing went missing silently: every line was logged or counted as dropped.
    EXPECT_EQ(sink->relayed_lines + sink->dropped_reported, flood_lines);
    EXPECT_LE(sink->notices.size(), 2u + static_cast<size_t>(seconds / 10.0)) << "the notices flood the log themselves";
    std::cout << "relayed " << sink->relayed_lines << " of " << flood_lines << " lines in " << seconds << " s; notices:\n";
    for (auto& notice : sink->notices)
        std::cout << "  " << notice << "\n";
}

} // namespace
