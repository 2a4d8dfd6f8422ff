// Old modules on new hosts and new modules on old hosts: the append-only tables must hold both ways.
#include "modules/host_services.hpp"
#include "modules/module_host.hpp"
#include "runner/isolated_module.hpp"

#include <uap/sdk/module.hpp>

#include <gtest/gtest.h>

#include <cstddef>

namespace {

using uap::modules::ModuleHost;
using uap::modules::Origin;
using uap::modules::PackState;

void check_frozen_module(const ModuleHost& host, std::size_t host_table_bytes);

TEST(AbiCompatibility, ModuleBuiltAgainstFrozenFirstRevisionLoadsAndRuns) {
    // In-process and in a module runner: both offer the same (newer) host table.
    for (auto isolation : {uap::settings::Isolation::InProcess, uap::settings::Isolation::Isolated}) {
        uap::settings::ProjectSettings settings;
        SCOPED_TRACE(uap::modules::to_string(isolation));
        settings.set_isolation("fixture.frozen", isolation);
        ModuleHost host({{{UAP_TEST_ABI_PLUGINS_DIR "/fixture.frozen", Origin::CommandLine}}, &settings, nullptr,
                         uap::runner::module_runner()});
        // A runner relays revision 2 (no editor events, no clock); in-process modules get all of it.
        check_frozen_module(host, isolation == uap::settings::Isolation::InProcess ? sizeof(uap_host_api)
                                                                                   : offsetof(uap_host_api, subscribe_events));
    }
}

void check_frozen_module(const ModuleHost& host, std::size_t host_table_bytes) {
    ASSERT_EQ(host.packs().size(), 1u);
    const auto& pack = *host.packs()[0];
    ASSERT_EQ(pack.state, PackState::Loaded) << pack.reason;
    EXPECT_EQ(pack.abi_version, 1u);

    auto outcome = host.call_tool("frozen_echo", R"({"text":"still here"})");
    ASSERT_EQ(outcome.status, uap::modules::CallStatus::Success) << outcome.text;
    // The old module saw the newer, larger host table and used only the fields it knows.
    EXPECT_EQ(outcome.text, R"({"echo":"still here","hostTableBytes":)" + std::to_string(host_table_bytes) + "}");
}

TEST(AbiCompatibility, ModuleBuiltAgainstFrozenSecondRevisionLoadsAndRuns) {
    // Built against revision 2 (host_info, no editor events): the revision-3 host still loads it,
    // in-process (the whole revision-3 table) and in a runner (which relays revision 2).
    for (auto isolation : {uap::settings::Isolation::InProcess, uap::settings::Isolation::Isolated}) {
        uap::settings::ProjectSettings settings;
        SCOPED_TRACE(uap::modules::to_string(isolation));
        settings.set_isolation("fixture.frozen2", isolation);
        ModuleHost host({{{UAP_TEST_ABI_PLUGINS_DIR "/fixture.frozen2", Origin::CommandLine}}, &settings, nullptr,
                         uap::runner::module_runner()});
        ASSERT_EQ(host.packs().size(), 1u);
        ASSERT_EQ(host.packs()[0]->state, PackState::Loaded) << host.packs()[0]->reason;
        auto outcome = host.call_tool("frozen2_echo", R"({"text":"revision two"})");
        ASSERT_EQ(outcome.status, uap::modules::CallStatus::Success) << outcome.text;
        std::size_t table = isolation == uap::settings::Isolation::InProcess ? sizeof(uap_host_api) : offsetof(uap_host_api, subscribe_events);
        EXPECT_EQ(outcome.text, R"({"echo":"revision two","hostTableBytes":)" + std::to_string(table) + "}");
    }
}

TEST(AbiCompatibility, RevisionThreeAppendedEventsAndClockAfterHostInfo) {
    EXPECT_GT(offsetof(uap_host_api, subscribe_events), offsetof(uap_host_api, host_info));
    EXPECT_GT(offsetof(uap_host_api, monotonic_ms), offsetof(uap_host_api, unsubscribe_events));
    EXPECT_TRUE(uap_host_api_has(&uap::modules::host_api(), subscribe_events));
    EXPECT_TRUE(uap_host_api_has(&uap::modules::host_api(), monotonic_ms));
    // A revision-2 host (a module runner relays only that far) has neither.
    uap_host_api old_host = uap::modules::host_api();
    old_host.struct_size = static_cast<uint32_t>(offsetof(uap_host_api, subscribe_events));
    EXPECT_FALSE(uap_host_api_has(&old_host, subscribe_events));
    EXPECT_FALSE(uap_host_api_has(&old_host, monotonic_ms));
}

TEST(AbiCompatibility, HostTableGrewSinceTheFrozenRevision) {
    // The frozen revision's table ends at editor_call; this revision appended host_info.
    EXPECT_GT(sizeof(uap_host_api), offsetof(uap_host_api, host_info));
    EXPECT_EQ(uap::modules::host_api().struct_size, sizeof(uap_host_api));
    EXPECT_TRUE(uap_host_api_has(&uap::modules::host_api(), host_info));
}

TEST(AbiCompatibility, NewModuleOnOldHostSeesHostInfoAsUnavailable) {
    // Simulates a host of the first revision: same functions, smaller table.
    uap_host_api old_host = uap::modules::host_api();
    old_host.struct_size = static_cast<uint32_t>(offsetof(uap_host_api, host_info));
    uap::sdk::ModuleContext context(&old_host, nullptr);
    auto answer = context.host_info();
    EXPECT_EQ(answer.status, UAP_STATUS_UNAVAILABLE);
    EXPECT_NE(answer.json.find("host predates host_info"), std::string::npos);
}

// A module's editor_call_all with no requests but a count is refused; each request of a host with no
// editor gets its own answer and status, as editor_call would give it, whatever its params hold.
TEST(AbiCompatibility, EditorCallAllRefusesAMissingListAndAnswersEveryRequestOnItsOwn) {
    uap::modules::HostEnvironment environment; // No editor link: the host answers as NoEditor.
    uap_host_context context{"fixture.all", "{}", &environment};
    const uap_host_api& api = uap::modules::host_api();
    EXPECT_EQ(api.editor_call_all(&context, nullptr, nullptr, 2, 1000), UAP_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(api.editor_call_all(&context, nullptr, nullptr, 0, 1000), UAP_STATUS_OK);
    uap::sdk::StringReceiver first;
    uap::sdk::StringReceiver second;
    uap_editor_request requests[2] = {
        {uap::sdk::to_view("transform.get"), uap::sdk::to_view("{}"), first.sink(), UAP_STATUS_OK},
        {uap::sdk::to_view("scene.digest"), uap::sdk::to_view("not json at all"), second.sink(), UAP_STATUS_OK}};
    EXPECT_EQ(api.editor_call_all(&context, nullptr, requests, 2, 1000), UAP_STATUS_OK);
    for (int index = 0; index < 2; ++index)
        EXPECT_EQ(requests[index].status, UAP_STATUS_UNAVAILABLE) << index;
    EXPECT_NE(first.text().find("\"no_editor\""), std::string::npos) << first.text();
    EXPECT_NE(second.text().find("\"no_editor\""), std::string::npos) << second.text();
}

} // namespace
