// `uap-host modules new` as an author runs it: the pack it writes, and its refusals of a bad id and
// of a folder that is not empty, which leave everything as it was. The pack's build and tests run
// in tests/modules/new_pack_loop_test.sh.
#include "test_support.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

namespace {

namespace fs = std::filesystem;
using uap::testing::read_text_file;
using uap::testing::TemporaryFolder;

using NewPack = uap::testing::HostProcessTest;

std::set<std::string> file_names(const fs::path& folder) {
    std::set<std::string> names;
    for (auto& entry : fs::recursive_directory_iterator(folder))
        names.insert(fs::relative(entry.path(), folder).generic_string());
    return names;
}

TEST_F(NewPack, WritesTheTemplateWithTheIdFilledIn) {
    TemporaryFolder scratch;
    const fs::path folder = scratch.path() / "mine";
    auto made = host({"modules", "new", "com.example.mine", "--dir", folder.string()});
    ASSERT_EQ(made.exit_code, 0) << made.err;
    EXPECT_EQ(file_names(folder), (std::set<std::string>{"CMakeLists.txt", "module.cpp", "module_test.cpp"}));
    const std::string cmake = read_text_file(folder / "CMakeLists.txt");
    EXPECT_NE(cmake.find("ID com.example.mine VERSION ${PROJECT_VERSION}"), std::string::npos) << cmake;
    EXPECT_NE(cmake.find("find_package(uap-sdk"), std::string::npos) << cmake;
    EXPECT_NE(cmake.find("uap_package_module(mine_tools)"), std::string::npos) << cmake;
    const std::string module = read_text_file(folder / "module.cpp");
    EXPECT_NE(module.find("\"mine_scene_roots\""), std::string::npos) << module;
    EXPECT_NE(module.find("UAP_MODULE(mine_pack::PackModule, UAP_PACK_ID, UAP_PACK_VERSION)"), std::string::npos) << module;
    for (auto& name : file_names(folder))
        EXPECT_EQ(read_text_file(folder / name).find("@"), std::string::npos) << name << " keeps a placeholder";
}

TEST_F(NewPack, WithoutDirWritesIntoAFolderNamedAfterTheIdInTheCurrentFolder) {
    TemporaryFolder scratch;
    // The host runs in this process's current folder.
    const fs::path previous = fs::current_path();
    fs::current_path(scratch.path());
    auto made = host({"modules", "new", "org.example.7seas"});
    fs::current_path(previous);
    ASSERT_EQ(made.exit_code, 0) << made.err;
    const std::string module = read_text_file(scratch.path() / "org.example.7seas" / "module.cpp");
    // A name may not start with a digit in C++ or CMake, so the short name gains a prefix.
    EXPECT_NE(module.find("\"pack_7seas_echo\""), std::string::npos) << module;
}

TEST_F(NewPack, RefusesAnInvalidIdSayingTheRuleAndAnExample) {
    TemporaryFolder scratch;
    for (const std::string id : {"mine", "com.example.", "has space.mine", "uap.mine", "com..mine"}) {
        const fs::path folder = scratch.path() / "refused";
        auto refused = host({"modules", "new", id, "--dir", folder.string()});
        EXPECT_EQ(refused.exit_code, 1) << id;
        EXPECT_NE(refused.err.find("pack id \"" + id + "\" is refused"), std::string::npos) << refused.err;
        EXPECT_NE(refused.err.find("reverse domain name"), std::string::npos) << refused.err;
        EXPECT_NE(refused.err.find("`uap-host modules new com.example.mine`"), std::string::npos) << refused.err;
        EXPECT_FALSE(fs::exists(folder)) << id << ": a refused id created its folder";
    }
}

TEST_F(NewPack, RefusesAFolderThatIsNotEmptyAndChangesNothing) {
    TemporaryFolder scratch;
    const fs::path folder = scratch.path() / "taken";
    fs::create_directories(folder);
    uap::testing::write_text_file(folder / "CMakeLists.txt", "mine, not the template's");
    auto refused = host({"modules", "new", "com.example.mine", "--dir", folder.string()});
    EXPECT_EQ(refused.exit_code, 1);
    EXPECT_NE(refused.err.find("is not an empty folder"), std::string::npos) << refused.err;
    EXPECT_NE(refused.err.find("`uap-host modules new com.example.mine --dir NEW_FOLDER`"), std::string::npos) << refused.err;
    EXPECT_EQ(file_names(folder), (std::set<std::string>{"CMakeLists.txt"}));
    EXPECT_EQ(read_text_file(folder / "CMakeLists.txt"), "mine, not the template's");

    // A file where the folder should be is refused the same way.
    const fs::path file = scratch.path() / "a-file";
    uap::testing::write_text_file(file, "x");
    auto on_file = host({"modules", "new", "com.example.mine", "--dir", file.string()});
    EXPECT_EQ(on_file.exit_code, 1);
    EXPECT_EQ(read_text_file(file), "x");
}

} // namespace
