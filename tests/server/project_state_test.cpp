// The project's state folder: one host per project (simultaneous starts race for its lock), and no
// symbolic links followed in it (state folder, tokens folder, token file) — targets stay untouched.
#include "served_host.hpp"

#include "server/access_tokens.hpp"
#include "server/discovery_file.hpp"
#include "support/platform/platform.hpp"

#include <gtest/gtest.h>

#include <fstream>

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using uap::testing::HostProcess;
using uap::testing::McpProbe;

namespace {

const fs::path host_binary = UAP_HOST_BINARY;

class TemporaryRoot {
public:
    TemporaryRoot() : path(uap::testing::fresh_folder("uap-state-test")) {}
    ~TemporaryRoot() {
        std::error_code ignored;
        fs::remove_all(path, ignored);
    }
    fs::path path;
};

std::vector<std::string> serve(const fs::path& project) { return {"serve", "--project", project.string()}; }

TEST(OneHostPerProject, TwentyRacesOfTwoServesEachEndWithExactlyOneHostWhoseTokenWorks) {
    for (int race = 0; race < 20; ++race) {
        SCOPED_TRACE("race " + std::to_string(race));
        TemporaryRoot root;
        fs::path project = root.path / "project";
        fs::create_directories(project);
        HostProcess first(host_binary, serve(project));
        HostProcess second(host_binary, serve(project));
        // Exactly one exits (the loser); the other serves.
        auto deadline = std::chrono::steady_clock::now() + 30s;
        while (!first.exit_code() && !second.exit_code() && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(20ms);
        HostProcess& loser = first.exit_code() ? first : second;
        HostProcess& winner = first.exit_code() ? second : first;
        ASSERT_TRUE(loser.exit_code()) << "neither host gave way";
        EXPECT_NE(*loser.exit_code(), 0);
        ASSERT_TRUE(winner.wait_serving(30s)) << "both hosts failed: " << first.output() << "\n---\n" << second.output();
        std::this_thread::sleep_for(100ms);
        EXPECT_FALSE(winner.exit_code());
        auto discovery = uap::server::read_discovery(project);
        ASSERT_TRUE(discovery) << discovery.error().message();
        EXPECT_EQ(discovery->pid, winner.pid());
        // The loser names the winner's pid and port, and what to do.
        std::string refusal = loser.output();
        EXPECT_NE(refusal.find("pid " + std::to_string(winner.pid())), std::string::npos) << refusal;
        EXPECT_NE(refusal.find("port " + std::to_string(discovery->port)), std::string::npos) << refusal;
        EXPECT_NE(refusal.find(uap::platform::stop_process_command(winner.pid())), std::string::npos) << refusal;
        // The token files on disk are the winner's.
        auto token = uap::server::AccessTokens::read_file(discovery->token_files.at("mcp"));
        ASSERT_TRUE(token);
        McpProbe probe(discovery->port, *token);
        auto refused = probe.open();
        EXPECT_FALSE(refused) << *refused;
        EXPECT_TRUE(probe.call("uap_ping")) << probe.last_body();
    }
}

// Snapshot of a folder's entries and their contents, to prove a link target was not touched.
std::map<std::string, std::string> contents(const fs::path& folder) {
    std::map<std::string, std::string> found;
    for (auto& entry : fs::recursive_directory_iterator(folder)) {
        std::ifstream stream(entry.path());
        found[entry.path().lexically_relative(folder).string()] =
            entry.is_regular_file() ? std::string(std::istreambuf_iterator<char>(stream), {}) : "<folder>";
    }
    return found;
}

class StateFolderLinks : public ::testing::Test {
protected:
    void SetUp() override {
        // mingw-w64's std::filesystem cannot create links (create_symlink fails "not supported"), and
        // Windows itself allows them only with Developer Mode or elevation. The Windows host refuses
        // reparse points in its state folder (FILE_FLAG_OPEN_REPARSE_POINT); that is on the real-Windows checklist.
        if (uap::platform::operating_system_name() == "windows")
            GTEST_SKIP() << "symbolic links cannot be created by this Windows build's std::filesystem; see docs/platforms.md";
        project = root.path / "project";
        target = root.path / "elsewhere";
        fs::create_directories(project / "UserSettings");
        fs::create_directories(target);
        std::ofstream(target / "keep.txt") << "do not touch";
        fs::permissions(target, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec | fs::perms::others_read |
                                    fs::perms::others_exec);
    }
    // Runs serve and expects a refusal naming `link`; the target keeps its files and permissions.
    void expect_refused(const fs::path& link) {
        auto before = contents(target);
        auto permissions = fs::status(target).permissions();
        HostProcess host(host_binary, serve(project));
        auto code = host.wait_exit(20s);
        ASSERT_TRUE(code) << "the host started despite the link: " << host.output();
        EXPECT_NE(*code, 0);
        EXPECT_NE(host.output().find("symbolic link"), std::string::npos) << host.output();
        EXPECT_NE(host.output().find(link.string()), std::string::npos) << host.output();
        EXPECT_EQ(contents(target), before);
        EXPECT_EQ(fs::status(target).permissions(), permissions);
    }

    TemporaryRoot root;
    fs::path project, target;
};

TEST_F(StateFolderLinks, ASymlinkedStateFolderIsRefused) {
    fs::create_directory_symlink(target, project / "UserSettings" / "AgentPanel");
    expect_refused(project / "UserSettings" / "AgentPanel");
}

TEST_F(StateFolderLinks, ASymlinkedTokensFolderIsRefused) {
    fs::create_directories(project / "UserSettings" / "AgentPanel");
    fs::create_directory_symlink(target, project / "UserSettings" / "AgentPanel" / "tokens");
    expect_refused(project / "UserSettings" / "AgentPanel" / "tokens");
}

TEST_F(StateFolderLinks, ASymlinkedTokenFileIsRefused) {
    fs::create_directories(project / "UserSettings" / "AgentPanel" / "tokens");
    fs::path link = uap::server::AccessTokens::file_for(project, uap::server::Role::Mcp);
    fs::create_symlink(target / "keep.txt", link);
    expect_refused(link);
}

TEST_F(StateFolderLinks, ASymlinkedSettingsFileIsRefusedNotMovedAside) {
    fs::create_directories(project / "UserSettings" / "AgentPanel");
    fs::path link = project / "UserSettings" / "AgentPanel" / "host-settings.json";
    fs::create_symlink(target / "keep.txt", link);
    expect_refused(link);
    EXPECT_TRUE(fs::is_symlink(fs::symlink_status(link)));
}

} // namespace
