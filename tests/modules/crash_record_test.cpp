// Crash attribution for in-process packs: a fatal signal in a tool leaves a record naming the
// pack and the tool, and the next start reports it with the command that isolates the pack.
// Also: packs a running host disabled after repeated runner crashes show in `modules list`.
#include "modules/fault_records.hpp"
#include "support/files.hpp"
#include "support/platform/platform.hpp"
#include "test_support.hpp"

#include <gtest/gtest.h>

#include <fstream>

namespace {

namespace fs = std::filesystem;
using uap::testing::fixture_pack;
using uap::testing::TemporaryFolder;

class CrashRecord : public uap::testing::HostProcessTest {
protected:
    TemporaryFolder project;
    std::string hostile = fixture_pack("fixture.hostile").string();

    uap::testing::ProcessResult in_project(std::vector<std::string> words) {
        words.insert(words.end(), {"--project", project.path().string(), "--plugins", hostile});
        return host(words);
    }
};

TEST_F(CrashRecord, AnInProcessCrashIsNamedAtTheNextStart) {
    if (uap::platform::operating_system_name() == "windows")
        GTEST_SKIP() << "POSIX only: expects signal numbers and names (Windows records exception codes; docs/platforms.md)";
    ASSERT_EQ(in_project({"modules", "inline", "fixture.hostile"}).exit_code, 0);
    auto crashed = in_project({"tools", "call", "hostile_segfault"});
    EXPECT_NE(crashed.exit_code, 0);
    EXPECT_NE(crashed.err.find("uap-host: fatal signal 11 while an in-process module pack was running a tool"), std::string::npos)
        << crashed.err;
    EXPECT_NE(crashed.err.find("pack=fixture.hostile\ntool=hostile_segfault\n"), std::string::npos) << crashed.err;
    fs::path record = uap::modules::crash_record_file(project.path());
    ASSERT_TRUE(fs::exists(record));
    EXPECT_TRUE(uap::platform::is_owner_only(record));

    auto next = in_project({"tools", "call", "hostile_echo"});
    EXPECT_EQ(next.exit_code, 0) << next.err;
    EXPECT_NE(next.err.find("the last run ended in a crash in fixture.hostile:hostile_segfault (signal 11, SIGSEGV)"),
              std::string::npos)
        << next.err;
    EXPECT_NE(next.err.find("uap-host modules isolate fixture.hostile --project " + project.path().string()), std::string::npos)
        << next.err;
    EXPECT_FALSE(fs::exists(record)) << "the record is reported once";
    auto after = in_project({"tools", "call", "hostile_echo"});
    EXPECT_EQ(after.err.find("the last run ended in a crash"), std::string::npos) << after.err;
}

TEST_F(CrashRecord, AbortIsAttributedToo) {
    if (uap::platform::operating_system_name() == "windows")
        GTEST_SKIP() << "POSIX only: expects signal numbers and names (Windows records exception codes; docs/platforms.md)";
    ASSERT_EQ(in_project({"modules", "inline", "fixture.hostile"}).exit_code, 0);
    EXPECT_NE(in_project({"tools", "call", "hostile_abort"}).exit_code, 0);
    auto next = in_project({"tools", "call", "hostile_echo"});
    EXPECT_NE(next.err.find("crash in fixture.hostile:hostile_abort (signal 6, SIGABRT)"), std::string::npos) << next.err;
}

TEST_F(CrashRecord, AnIsolatedCrashFailsTheCallWithoutARecord) {
    if (uap::platform::operating_system_name() == "windows")
        GTEST_SKIP() << "POSIX only: expects signal numbers and names (Windows records exception codes; docs/platforms.md)";
    auto crashed = in_project({"tools", "call", "hostile_segfault"});
    EXPECT_EQ(crashed.exit_code, 1);
    EXPECT_NE(crashed.err.find("crashed: module pack fixture.hostile crashed (signal 11, SIGSEGV)"), std::string::npos) << crashed.err;
    EXPECT_FALSE(fs::exists(uap::modules::crash_record_file(project.path())));
}

TEST_F(CrashRecord, ARecordThatIsASymlinkIsIgnoredAndLeftAlone) {
    if (uap::platform::operating_system_name() == "windows")
        GTEST_SKIP() << "POSIX only: creating a symbolic link needs a privilege on Windows, and Wine 8 does not implement it";
    TemporaryFolder elsewhere;
    fs::path target = elsewhere.path() / "precious";
    uap::testing::write_text_file(target, "pack=fixture.hostile\ntool=x\nsignal=11\n");
    fs::create_directories(uap::modules::crash_record_file(project.path()).parent_path());
    fs::create_symlink(target, uap::modules::crash_record_file(project.path()));
    auto next = in_project({"tools", "call", "hostile_echo"});
    EXPECT_EQ(next.err.find("the last run ended in a crash"), std::string::npos) << next.err;
    EXPECT_TRUE(fs::exists(target));
}

TEST_F(CrashRecord, ModulesListShowsPacksTheRunningHostDisabled) {
    ASSERT_TRUE(uap::modules::record_disabled_pack(project.path(), uap::platform::current_process_id(), "fixture.hostile", "its module runner crashed 3 times"));
    auto listed = in_project({"modules", "list"});
    EXPECT_NE(listed.out.find("running host: disabled for this run of the host (pid " + std::to_string(uap::platform::current_process_id()) +
                              "): its module runner crashed 3 times"),
              std::string::npos)
        << listed.out;
    // A file left by a host that is gone says nothing.
    ASSERT_TRUE(uap::modules::record_disabled_pack(project.path(), 999999999, "fixture.hostile", "old"));
    EXPECT_EQ(in_project({"modules", "list"}).out.find("running host:"), std::string::npos);
}

} // namespace
