// One pack, two homes: run in-process and in a module runner, the registry shows the same tools
// and the same outcomes (results, tool errors, size cap, schema checks, the host table). A fake
// runner that breaks the protocol is refused with a reason.
#include "modules/module_host.hpp"
#include "runner/isolated_module.hpp"
#include "runner/result_slots.hpp"
#include "support/json.hpp"
#include "support/platform/platform.hpp"
#include "test_support.hpp"
#include "version.hpp"

#include <spdlog/sinks/ringbuffer_sink.h>
#include <spdlog/spdlog.h>

#include <gtest/gtest.h>

#include <fstream>


namespace {

namespace fs = std::filesystem;
using uap::modules::CallStatus;
using uap::modules::Isolation;
using uap::modules::ModuleHost;
using uap::modules::Origin;
using uap::modules::PackState;
using uap::testing::fixture_pack;
using uap::testing::TemporaryFolder;
using uap::testing::write_text_file;

std::unique_ptr<ModuleHost> host_with(const std::vector<std::string>& packs, Isolation isolation,
                                      uap::settings::ProjectSettings settings = {}, fs::path runner = {}) {
    ModuleHost::Options options;
    for (auto& id : packs) {
        options.folders.push_back({fixture_pack(id), Origin::CommandLine});
        settings.set_isolation(id, isolation);
    }
    auto owned = std::make_shared<uap::settings::ProjectSettings>(std::move(settings));
    options.settings = owned.get();
    options.start_isolated = uap::runner::module_runner(runner);
    return std::make_unique<ModuleHost>(std::move(options));
}

class BothHomes : public ::testing::TestWithParam<Isolation> {};

TEST_P(BothHomes, PackReportsTheChosenIsolation) {
    auto host = host_with({"fixture.echo"}, GetParam());
    ASSERT_EQ(host->packs().size(), 1u);
    EXPECT_EQ(host->packs()[0]->state, PackState::Loaded) << host->packs()[0]->reason;
    EXPECT_EQ(host->packs()[0]->isolation, GetParam());
}

TEST_P(BothHomes, OutcomesMatchWhereverThePackRuns) {
    auto host = host_with({"fixture.echo", "fixture.oversized", "fixture.throwing-tool", "fixture.invalid-json"}, GetParam());
    auto echo = host->call_tool("fixture_echo", R"({"text":"hi"})");
    EXPECT_EQ(echo.status, CallStatus::Success);
    EXPECT_EQ(echo.text, R"({"echo":"hi","tool":"fixture_echo"})");
    auto failure = host->call_tool("fixture_echo_fail", R"({"fail":"on purpose"})");
    EXPECT_EQ(failure.status, CallStatus::ToolError);
    EXPECT_EQ(failure.text, "asked to fail: on purpose");
    auto oversized = host->call_tool("fixture_oversized", "{}");
    EXPECT_EQ(oversized.status, CallStatus::TooLarge);
    EXPECT_NE(oversized.text.find("more than 100000 bytes"), std::string::npos) << oversized.text;
    auto throwing = host->call_tool("fixture_throws", "{}");
    EXPECT_EQ(throwing.status, CallStatus::InternalError);
    EXPECT_NE(throwing.text.find("the fixture's cache is corrupt"), std::string::npos) << throwing.text;
    auto invalid = host->call_tool("fixture_invalid_json", "{}");
    EXPECT_EQ(invalid.status, CallStatus::InternalError);
    EXPECT_NE(invalid.text.find("returned invalid JSON"), std::string::npos) << invalid.text;
    auto wrong = host->call_tool("fixture_echo", R"({"text":5})");
    EXPECT_EQ(wrong.status, CallStatus::InvalidArguments);
}

TEST_P(BothHomes, HostInfoAndLogLinesCrossTheBoundary) {
    auto ring = std::make_shared<spdlog::sinks::ringbuffer_sink_mt>(64);
    spdlog::default_logger()->sinks().push_back(ring);
    auto host = host_with({"fixture.hostile"}, GetParam());
    auto outcome = host->call_tool("hostile_echo", R"({"text":"across"})");
    ASSERT_EQ(outcome.status, CallStatus::Success) << outcome.text;
    auto result = uap::json::parse(outcome.text);
    ASSERT_TRUE(result);
    EXPECT_EQ((*result)["hostInfoStatus"].GetInt(), UAP_STATUS_OK);
    EXPECT_STREQ((*result)["hostInfo"]["version"].GetString(), uap::host_version);
    EXPECT_STREQ((*result)["hostInfo"]["editor"]["state"].GetString(), "not_connected");
    bool same_process = (*result)["pid"].GetInt64() == uap::platform::current_process_id();
    EXPECT_EQ(same_process, GetParam() == Isolation::InProcess);
    bool logged = false;
    for (auto& line : ring->last_formatted())
        logged = logged || line.find("[fixture.hostile] hostile echo logs: across") != std::string::npos;
    EXPECT_TRUE(logged) << "the module's log line did not reach the host's log";
    if (GetParam() == Isolation::Isolated) {
        // What a runner's module prints arrives in the log, after the call, without breaking the protocol.
        bool printed = false;
        for (int attempt = 0; attempt < 100 && !printed; ++attempt) {
            for (auto& line : ring->last_formatted())
                printed = printed || line.find("[fixture.hostile] (runner output) hostile echo printed across") != std::string::npos;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        EXPECT_TRUE(printed);
    }
    spdlog::default_logger()->sinks().pop_back();
}

TEST_P(BothHomes, ResultsOfEverySizeArriveWhole) {
    // Through a runner, a result that fits a result slot comes through shared memory and a larger one
    // on the pipe: both give the text the pack wrote, as in-process.
    auto host = host_with({"fixture.echo"}, GetParam());
    constexpr size_t wrapper = std::string_view(R"({"echo":"","tool":"fixture_echo"})").size();
    constexpr size_t slot = uap::runner::ResultSlots::default_capacity;
    for (size_t output : {wrapper, slot - 1, slot, slot + 1, size_t{90000}}) {
        std::string text(output - wrapper, 'a');
        auto outcome = host->call_tool("fixture_echo", R"({"text":")" + text + "\"}");
        ASSERT_EQ(outcome.status, CallStatus::Success) << outcome.text.substr(0, 200);
        EXPECT_EQ(outcome.text.size(), output);
        EXPECT_EQ(outcome.text, R"({"echo":")" + text + R"(","tool":"fixture_echo"})");
    }
}

TEST_P(BothHomes, ConcurrentCallsAllAnswer) {
    auto host = host_with({"fixture.echo"}, GetParam());
    std::vector<std::thread> threads;
    std::atomic<int> correct{0};
    for (int index = 0; index < 16; ++index)
        threads.emplace_back([&, index] {
            for (int round = 0; round < 20; ++round) {
                std::string text = std::to_string(index) + "-" + std::to_string(round);
                auto outcome = host->call_tool("fixture_echo", R"({"text":")" + text + "\"}");
                if (outcome.text == R"({"echo":")" + text + R"(","tool":"fixture_echo"})")
                    ++correct;
            }
        });
    for (auto& thread : threads)
        thread.join();
    EXPECT_EQ(correct.load(), 16 * 20);
}

INSTANTIATE_TEST_SUITE_P(Isolation, BothHomes, ::testing::Values(Isolation::InProcess, Isolation::Isolated),
                         [](const auto& parameter) { return parameter.param == Isolation::Isolated ? "Isolated" : "InProcess"; });

#if defined(__linux__)
TEST(Isolation, OnLinuxTheRunnerMapsTheHostsResultSlots) {
    auto host = host_with({"fixture.hostile"}, Isolation::Isolated);
    auto outcome = host->call_tool("hostile_echo", R"({"text":"where"})");
    ASSERT_EQ(outcome.status, CallStatus::Success) << outcome.text;
    auto result = uap::json::parse(outcome.text);
    ASSERT_TRUE(result);
    std::ifstream maps("/proc/" + std::to_string((*result)["pid"].GetInt64()) + "/maps");
    std::string mapped((std::istreambuf_iterator<char>(maps)), std::istreambuf_iterator<char>());
    EXPECT_NE(mapped.find("memfd:uap-result-slots"), std::string::npos) << mapped;
}
#endif

TEST(Isolation, DescriptionsAreIdenticalInBothHomes) {
    auto inside = host_with({"fixture.echo"}, Isolation::InProcess);
    auto outside = host_with({"fixture.echo"}, Isolation::Isolated);
    auto& a = inside->packs()[0]->tools;
    auto& b = outside->packs()[0]->tools;
    ASSERT_EQ(a.size(), b.size());
    for (size_t index = 0; index < a.size(); ++index) {
        EXPECT_EQ(a[index].name, b[index].name);
        EXPECT_EQ(a[index].description, b[index].description);
        EXPECT_EQ(a[index].input_schema_json, b[index].input_schema_json);
        EXPECT_EQ(a[index].metadata.read_only, b[index].metadata.read_only);
        EXPECT_EQ(a[index].metadata.long_running, b[index].metadata.long_running);
    }
}

TEST(Isolation, ThirdPartyPacksAreIsolatedAndBundledPacksInProcessByDefault) {
    ModuleHost::Options options;
    options.folders.push_back({fixture_pack("fixture.echo"), Origin::CommandLine});
    options.folders.push_back({fs::path(UAP_TEST_BUNDLED_DIR), Origin::Bundled});
    options.start_isolated = uap::runner::module_runner();
    ModuleHost host(std::move(options));
    for (auto& pack : host.packs())
        EXPECT_EQ(pack->isolation, pack->origin == Origin::Bundled ? Isolation::InProcess : Isolation::Isolated) << pack->id();
}

fs::path fake_runner(const fs::path& folder, const std::string& script) {
    fs::path file = folder / "fake-runner";
    write_text_file(file, "#!/bin/sh\n" + script + "\n");
    fs::permissions(file, fs::perms::owner_all, fs::perm_options::replace);
    return file;
}

TEST(Isolation, ARunnerThatBreaksTheProtocolIsRefusedWithTheReason) {
    // The fake runners are shell scripts; Windows starts only .exe files.
    if (uap::platform::operating_system_name() == "windows")
        GTEST_SKIP() << "POSIX only: the fake runners are /bin/sh scripts";
    TemporaryFolder folder;
    auto oversized = host_with({"fixture.echo"}, Isolation::Isolated, {}, fake_runner(folder.path(), R"(printf '\177\377\377\377'; sleep 5)"));
    EXPECT_EQ(oversized->packs()[0]->state, PackState::Failed);
    EXPECT_NE(oversized->packs()[0]->reason.find("broke the runner protocol: a frame of 2147483647 bytes exceeds the limit"),
              std::string::npos)
        << oversized->packs()[0]->reason;

    auto garbage = host_with({"fixture.echo"}, Isolation::Isolated, {},
                             fake_runner(folder.path(), R"(printf '\000\000\000\005hello\000\000\000\000')"));
    EXPECT_EQ(garbage->packs()[0]->state, PackState::Failed);
    EXPECT_NE(garbage->packs()[0]->reason.find("broke the runner protocol: runner message: invalid JSON"), std::string::npos)
        << garbage->packs()[0]->reason;

    // {"type":"loaded"} (17 bytes) with a 1-byte payload that is not UTF-8.
    auto binary_payload = host_with({"fixture.echo"}, Isolation::Isolated, {},
                                    fake_runner(folder.path(), R"(printf '\000\000\000\021{"type":"loaded"}\000\000\000\001\377'; sleep 5)"));
    EXPECT_EQ(binary_payload->packs()[0]->state, PackState::Failed);
    EXPECT_NE(binary_payload->packs()[0]->reason.find("broke the runner protocol: a \"loaded\" payload that is not UTF-8"),
              std::string::npos)
        << binary_payload->packs()[0]->reason;

    auto silent_exit = host_with({"fixture.echo"}, Isolation::Isolated, {}, fake_runner(folder.path(), "exit 3"));
    EXPECT_NE(silent_exit->packs()[0]->reason.find("ended while loading the pack (exit code 3)"), std::string::npos)
        << silent_exit->packs()[0]->reason;
}

TEST(Isolation, AMissingRunnerSaysHowToRunThePackInProcess) {
    auto host = host_with({"fixture.echo"}, Isolation::Isolated, {}, "/nonexistent/uap-module-runner");
    EXPECT_EQ(host->packs()[0]->state, PackState::Failed);
    EXPECT_NE(host->packs()[0]->reason.find("uap-host modules inline fixture.echo --project DIR"), std::string::npos)
        << host->packs()[0]->reason;
}

TEST(Isolation, TheRunnerRefusesToBeRunByHand) {
    auto result = uap::testing::run_program(UAP_TEST_RUNNER_BINARY, {});
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_NE(result.err.find("not meant to be run by hand"), std::string::npos) << result.err;
}

} // namespace
