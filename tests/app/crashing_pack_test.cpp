// A pack whose isolated runner keeps crashing is disabled for the run, and every panel is told how
// to keep it off. Needs the hostile fixture pack of tests/modules (see CMakeLists.txt).
#include "app/host_application.hpp"
#include "modules/module_host.hpp"
#include "panel/panel_hub.hpp"
#include "support/random.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace fs = std::filesystem;

namespace {

TEST(EndToEnd, APackThatKeepsCrashingIsDisabledAndEveryPanelIsTold) {
    fs::path project = fs::temp_directory_path() / ("uap-e2e-crash-" + uap::random::unique_suffix());
    ASSERT_TRUE(fs::create_directories(project));
    uap::app::HostOptions options;
    options.project = project;
    options.plugin_folders = {UAP_APP_HOSTILE_PACK};
    options.version = "test";
    uap::app::HostApplication host(options);
    auto started = host.start();
    ASSERT_TRUE(started) << started.error().message();
    for (int crash = 0; crash < 3; ++crash) {
        auto outcome = host.modules().call_tool("hostile_segfault", "{}");
        EXPECT_NE(outcome.status, uap::modules::CallStatus::Success);
        EXPECT_NE(outcome.text.find("fixture.hostile"), std::string::npos) << outcome.text;
    }
    std::string snapshot = host.panel().snapshot_text();
    EXPECT_NE(snapshot.find("module pack fixture.hostile is disabled for this run of the host"), std::string::npos) << snapshot;
    EXPECT_NE(snapshot.find("uap-host modules disable fixture.hostile --project"), std::string::npos) << snapshot;
    host.stop();
    fs::remove_all(project);
}

} // namespace
