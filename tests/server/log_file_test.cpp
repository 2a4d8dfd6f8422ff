// `uap-host serve --log-file`: a host nothing reads (the Unity package starts it windowless on
// Windows) keeps what it prints in a file: its own lines, the logger's, across runs, and never
// through a planted link.
#include "served_host.hpp"

#include "server/discovery_file.hpp"
#include "support/platform/platform.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <thread>

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using uap::testing::HostProcess;

namespace {

const fs::path host_binary = UAP_HOST_BINARY;

std::string read_text(const fs::path& file) {
    std::ifstream stream(file, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(stream), {});
}

std::size_t occurrences(const std::string& text, const std::string& part) {
    std::size_t count = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size()))
        ++count;
    return count;
}

// Waits until the file holds `count` copies of `part`; false when the host exited or time ran out.
bool wait_for_text(HostProcess& host, const fs::path& file, const std::string& part, std::size_t count) {
    auto deadline = std::chrono::steady_clock::now() + 30s;
    while (occurrences(read_text(file), part) < count) {
        if (std::chrono::steady_clock::now() > deadline || host.exit_code())
            return false;
        std::this_thread::sleep_for(20ms);
    }
    return true;
}

class LogFile : public ::testing::Test {
protected:
    void SetUp() override {
        root = uap::testing::fresh_folder("uap-log-file-test");
        project = root / "project";
        fs::create_directories(project);
    }
    void TearDown() override {
        std::error_code ignored;
        fs::remove_all(root, ignored);
    }
    std::vector<std::string> serve(const fs::path& log) const {
        return {"serve", "--project", project.string(), "--editor", "sim", "--log-file", log.string()};
    }
    fs::path root;
    fs::path project;
};

TEST_F(LogFile, WhatTheHostPrintsGoesToTheFileNotToItsPipesAndASecondRunAppends) {
    fs::path log = root / "host.log";
    {
        HostProcess host(host_binary, serve(log));
        ASSERT_TRUE(wait_for_text(host, log, "uap-host: serving http://127.0.0.1:", 1)) << host.output() << read_text(log);
        // A logger line too, not only what the command prints: a refused panel upgrade is a warning.
        auto discovery = uap::server::read_discovery(project);
        ASSERT_TRUE(discovery) << discovery.error().message();
        auto refused = uap::testing::open_panel(discovery->port, "not-the-token");
        EXPECT_EQ(refused.status, 401) << refused.body;
        ASSERT_TRUE(wait_for_text(host, log, "refused a /panel upgrade", 1)) << read_text(log);
        EXPECT_EQ(host.output().find("serving"), std::string::npos) << "the pipes still got: " << host.output();
        EXPECT_EQ(host.output().find("refused"), std::string::npos) << "the pipes still got: " << host.output();
        // Wine keeps no ACL (docs/platforms.md, "Owner-only files under Wine"): there the check is what its
        // synthesised DACL shows, nothing for Everyone.
        std::string access = uap::platform::describe_file_access(log);
        if (uap::platform::wine_version())
            EXPECT_TRUE(!access.empty() && access.find(";;;WD)") == std::string::npos) << access;
        else
            EXPECT_TRUE(uap::platform::is_owner_only(log)) << access;
        EXPECT_EQ(read_text(log).find("login?code="), std::string::npos) << "a sign-in code must not be kept in a log";
    }
    const std::size_t first_run_refusals = occurrences(read_text(log), "refused a /panel upgrade");
    HostProcess second(host_binary, serve(log));
    ASSERT_TRUE(wait_for_text(second, log, "uap-host: serving http://127.0.0.1:", 2)) << read_text(log);
    EXPECT_EQ(occurrences(read_text(log), "refused a /panel upgrade"), first_run_refusals) << "the first run's lines must stay:\n" << read_text(log);
}

TEST_F(LogFile, ALinkInPlaceOfTheFileIsRefusedAndItsTargetStaysUntouched) {
    fs::path target = root / "elsewhere.txt";
    std::ofstream(target) << "not the host's\n";
    fs::path log = root / "host.log";
    std::error_code linked;
    fs::create_symlink(target, log, linked);
    if (linked)
        GTEST_SKIP() << "symbolic links cannot be created here (" << linked.message() << "); see docs/platforms.md";
    HostProcess host(host_binary, serve(log));
    auto code = host.wait_exit(30s);
    ASSERT_TRUE(code) << "the host served through a planted link";
    EXPECT_EQ(*code, 1);
    EXPECT_NE(host.output().find("cannot open the log file"), std::string::npos) << host.output();
    EXPECT_NE(host.output().find("--log-file"), std::string::npos) << "the refusal names the fix: " << host.output();
    EXPECT_EQ(read_text(target), "not the host's\n");
}

TEST_F(LogFile, AFolderThatDoesNotExistIsRefusedWithTheFix) {
    HostProcess host(host_binary, serve(root / "missing" / "host.log"));
    auto code = host.wait_exit(30s);
    ASSERT_TRUE(code);
    EXPECT_EQ(*code, 1);
    EXPECT_NE(host.output().find("cannot open the log file"), std::string::npos) << host.output();
    EXPECT_FALSE(fs::exists(uap::server::discovery_file_for(project))) << "a refused host must not serve";
}

} // namespace
