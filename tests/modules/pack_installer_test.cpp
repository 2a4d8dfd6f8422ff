// Installing and removing packs: folders and zips, refusal without --replace, hostile archives.
#include "test_support.hpp"

#include <gtest/gtest.h>

#include <Poco/Zip/Compress.h>

#include <fstream>

namespace {

namespace fs = std::filesystem;
using uap::testing::fixture_pack;
using uap::testing::TemporaryFolder;
using uap::testing::write_text_file;

class PackInstaller : public uap::testing::HostProcessTest {
protected:
    TemporaryFolder scratch;
    fs::path zip_of(const fs::path& folder, const std::string& name, const std::string& prefix) const {
        fs::path archive = scratch.path() / name;
        std::ofstream out(archive, std::ios::binary);
        Poco::Zip::Compress compress(out, true);
        compress.addRecursive(Poco::Path(folder.string() + "/"), Poco::Zip::ZipCommon::CL_NORMAL, false, Poco::Path(prefix));
        compress.close();
        return archive;
    }
};

TEST_F(PackInstaller, InstallsAFolderThenRefusesItAgainUnlessReplace) {
    auto installed = host({"modules", "install", fixture_pack("fixture.echo").string()});
    ASSERT_EQ(installed.exit_code, 0) << installed.err;
    EXPECT_TRUE(fs::exists(user_plugins.path() / "fixture.echo" / "uap-module.json"));
    EXPECT_EQ(host({"tools", "call", "fixture_echo", "--args", R"({"text":"installed"})"}).exit_code, 0);

    auto again = host({"modules", "install", fixture_pack("fixture.echo").string()});
    EXPECT_EQ(again.exit_code, 1);
    EXPECT_NE(again.err.find("already installed"), std::string::npos) << again.err;
    EXPECT_NE(again.err.find("--replace"), std::string::npos);
    EXPECT_EQ(host({"modules", "install", "--replace", fixture_pack("fixture.echo").string()}).exit_code, 0);

    auto removed = host({"modules", "remove", "fixture.echo"});
    EXPECT_EQ(removed.exit_code, 0) << removed.err;
    EXPECT_FALSE(fs::exists(user_plugins.path() / "fixture.echo"));
    auto removed_again = host({"modules", "remove", "fixture.echo"});
    EXPECT_EQ(removed_again.exit_code, 1);
    EXPECT_NE(removed_again.err.find("no pack with id \"fixture.echo\""), std::string::npos);
}

TEST_F(PackInstaller, InstallsAZipWithTheManifestAtTheTopOrInOneFolder) {
    auto top = zip_of(fixture_pack("fixture.echo"), "top.zip", "");
    ASSERT_EQ(host({"modules", "install", top.string()}).exit_code, 0);
    ASSERT_EQ(host({"modules", "remove", "fixture.echo"}).exit_code, 0);
    auto nested = zip_of(fixture_pack("fixture.echo"), "nested.zip", "echo-pack");
    auto installed = host({"modules", "install", nested.string()});
    ASSERT_EQ(installed.exit_code, 0) << installed.err;
    EXPECT_EQ(host({"tools", "call", "fixture_echo", "--args", R"({"text":"zipped"})"}).exit_code, 0);
}

TEST_F(PackInstaller, RefusesPacksThatFailInspection) {
    for (const char* id : {"fixture.no-entry", "fixture.abi-99"}) {
        auto refused = host({"modules", "install", fixture_pack(id).string()});
        EXPECT_EQ(refused.exit_code, 1) << id;
        EXPECT_NE(refused.err.find("cannot install"), std::string::npos) << refused.err;
        EXPECT_FALSE(fs::exists(user_plugins.path() / id)) << id;
    }
    write_text_file(scratch.path() / "not-a-pack" / "readme.txt", "hello");
    auto no_manifest = host({"modules", "install", (scratch.path() / "not-a-pack").string()});
    EXPECT_EQ(no_manifest.exit_code, 1);
    EXPECT_NE(no_manifest.err.find("no uap-module.json"), std::string::npos);
}

TEST_F(PackInstaller, RefusesGarbageAndEscapingArchives) {
    write_text_file(scratch.path() / "garbage.zip", std::string(4096, '\x42'));
    auto garbage = host({"modules", "install", (scratch.path() / "garbage.zip").string()});
    EXPECT_EQ(garbage.exit_code, 1);
    EXPECT_NE(garbage.err.find("cannot install"), std::string::npos) << garbage.err;

    // An archive whose entry tries to climb out of the extraction folder. Poco refuses to write
    // such a name, so the entry is stored as XX/XX/escaped.txt and renamed in the bytes.
    write_text_file(scratch.path() / "evil" / "payload.txt", "owned");
    fs::path archive = scratch.path() / "escape.zip";
    {
        std::ofstream out(archive, std::ios::binary);
        Poco::Zip::Compress compress(out, true);
        compress.addFile(Poco::Path((scratch.path() / "evil" / "payload.txt").string()), Poco::Path("XX/XX/escaped.txt"));
        compress.close();
    }
    std::string bytes;
    {
        std::ifstream in(archive, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), {});
    }
    size_t renamed = 0;
    for (size_t at = bytes.find("XX/XX/"); at != std::string::npos; at = bytes.find("XX/XX/", at)) {
        bytes.replace(at, 6, "../../");
        ++renamed;
    }
    ASSERT_GE(renamed, 2u); // The local header and the central directory both carry the name.
    write_text_file(archive, bytes);
    auto escaped = host({"modules", "install", archive.string()});
    EXPECT_EQ(escaped.exit_code, 1);
    EXPECT_FALSE(fs::exists(user_plugins.path().parent_path() / "escaped.txt"));
    EXPECT_FALSE(fs::exists(user_plugins.path() / "escaped.txt"));
}

} // namespace
