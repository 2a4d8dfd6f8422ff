// Installing and removing packs: folders and zips, refusal without --replace, hostile and
// malformed archives, a bundled pack's id, scratch folders that a killed install left behind.
#include "test_support.hpp"

#include "modules/install_scratch.hpp"
#include "support/child_process.hpp"
#include "support/platform/platform.hpp"

#include <gtest/gtest.h>

#include <cstdio>

#include <Poco/Zip/Compress.h>

#include <fstream>
#include <optional>
#include <sstream>
#include <thread>

namespace {

namespace fs = std::filesystem;
using uap::testing::fixture_pack;
using uap::testing::TemporaryFolder;
using uap::testing::write_text_file;

// An input stream of `size` zero bytes, generated on the fly (a bomb's payload, never on disk).
class Zeros : public std::streambuf {
public:
    explicit Zeros(uint64_t size) : m_left(size) { setg(m_block, m_block, m_block); }

protected:
    int_type underflow() override {
        if (m_left == 0)
            return traits_type::eof();
        size_t count = static_cast<size_t>(std::min<uint64_t>(sizeof(m_block), m_left));
        m_left -= count;
        setg(m_block, m_block, m_block + count);
        return traits_type::to_int_type(m_block[0]);
    }

private:
    char m_block[65536] = {};
    uint64_t m_left;
};

// Everything under `folder`, recursively (hidden scratch folders included).
size_t entries_under(const fs::path& folder) {
    std::error_code error;
    size_t count = 0;
    for (auto it = fs::recursive_directory_iterator(folder, error); !error && it != fs::recursive_directory_iterator(); it.increment(error))
        ++count;
    return count;
}

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
    // The echo fixture pack plus `bombs` entries of `bytes` zeros each.
    fs::path bomb(const std::string& name, int bombs, uint64_t bytes) const {
        fs::path archive = scratch.path() / name;
        std::ofstream out(archive, std::ios::binary);
        Poco::Zip::Compress compress(out, true);
        compress.addRecursive(Poco::Path(fixture_pack("fixture.echo").string() + "/"), Poco::Zip::ZipCommon::CL_NORMAL, true, Poco::Path(""));
        for (int index = 0; index < bombs; ++index) {
            Zeros zeros(bytes);
            std::istream stream(&zeros);
            compress.addFile(stream, Poco::DateTime(), Poco::Path("data/zeros-" + std::to_string(index) + ".bin"));
        }
        compress.close();
        return archive;
    }
};

TEST_F(PackInstaller, InstallsAFolderThenRefusesItAgainUnlessReplace) {
    auto installed = host({"modules", "install", "--allow-unsigned", fixture_pack("fixture.echo").string()});
    ASSERT_EQ(installed.exit_code, 0) << installed.err;
    EXPECT_TRUE(fs::exists(user_plugins.path() / "fixture.echo" / "uap-module.json"));
    EXPECT_EQ(host({"tools", "call", "fixture_echo", "--args", R"({"text":"installed"})"}).exit_code, 0);

    auto again = host({"modules", "install", "--allow-unsigned", fixture_pack("fixture.echo").string()});
    EXPECT_EQ(again.exit_code, 1);
    EXPECT_NE(again.err.find("already installed"), std::string::npos) << again.err;
    EXPECT_NE(again.err.find("--replace"), std::string::npos);
    EXPECT_EQ(host({"modules", "install", "--allow-unsigned", "--replace", fixture_pack("fixture.echo").string()}).exit_code, 0);

    auto removed = host({"modules", "remove", "fixture.echo"});
    EXPECT_EQ(removed.exit_code, 0) << removed.err;
    EXPECT_FALSE(fs::exists(user_plugins.path() / "fixture.echo"));
    auto removed_again = host({"modules", "remove", "fixture.echo"});
    EXPECT_EQ(removed_again.exit_code, 1);
    EXPECT_NE(removed_again.err.find("no pack with id \"fixture.echo\""), std::string::npos);
}

TEST_F(PackInstaller, InstallsAZipWithTheManifestAtTheTopOrInOneFolder) {
    auto top = zip_of(fixture_pack("fixture.echo"), "top.zip", "");
    ASSERT_EQ(host({"modules", "install", "--allow-unsigned", top.string()}).exit_code, 0);
    ASSERT_EQ(host({"modules", "remove", "fixture.echo"}).exit_code, 0);
    auto nested = zip_of(fixture_pack("fixture.echo"), "nested.zip", "echo-pack");
    auto installed = host({"modules", "install", "--allow-unsigned", nested.string()});
    ASSERT_EQ(installed.exit_code, 0) << installed.err;
    EXPECT_EQ(host({"tools", "call", "fixture_echo", "--args", R"({"text":"zipped"})"}).exit_code, 0);
}

TEST_F(PackInstaller, RefusesPacksThatFailInspection) {
    for (const char* id : {"fixture.no-entry", "fixture.abi-99"}) {
        auto refused = host({"modules", "install", "--allow-unsigned", fixture_pack(id).string()});
        EXPECT_EQ(refused.exit_code, 1) << id;
        EXPECT_NE(refused.err.find("cannot install"), std::string::npos) << refused.err;
        EXPECT_FALSE(fs::exists(user_plugins.path() / id)) << id;
    }
    write_text_file(scratch.path() / "not-a-pack" / "readme.txt", "hello");
    auto no_manifest = host({"modules", "install", "--allow-unsigned", (scratch.path() / "not-a-pack").string()});
    EXPECT_EQ(no_manifest.exit_code, 1);
    EXPECT_NE(no_manifest.err.find("no uap-module.json"), std::string::npos);
}

// Packs that pass every check of their manifest but cannot load: install loads each in a module
// runner first, refuses it naming why, and leaves the plugins folder as it was.
TEST_F(PackInstaller, RefusesPacksThatDoNotLoadNamingWhyAndLeavesThePluginsFolderUnchanged) {
    const std::string segfault = uap::platform::operating_system_name() == "windows" ? "exception 0xC0000005" : "signal 11, SIGSEGV";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"fixture.throwing-init", "module constructor threw: the fixture refuses to start"},
        {"fixture.init-error", "init failed (status 1): the fixture's license file is missing"},
        {"fixture.init-segfault", "the module runner ended while loading the pack (" + segfault},
        {"fixture.invalid-description", "its description is invalid"},
        {"fixture.bad-schema", "its description is invalid"},
        {"fixture.no-entry", "does not export uap_module_entry"},
        {"fixture.abi-99", "the module answered ABI generation 99"},
        {"fixture.tool-mismatch", "the manifest lists the tools promised_tool, but the library reports delivered_tool"},
    };
    // Something already installed, which a refusal must leave alone.
    ASSERT_EQ(host({"modules", "install", "--allow-unsigned", fixture_pack("fixture.echo").string()}).exit_code, 0);
    size_t entries_before = entries_under(user_plugins.path());
    for (auto& [id, why] : cases) {
        auto refused = host({"modules", "install", "--allow-unsigned", fixture_pack(id).string()});
        EXPECT_EQ(refused.exit_code, 1) << id;
        EXPECT_NE(refused.err.find("pack \"" + id + "\" does not load, so it was not installed"), std::string::npos) << refused.err;
        EXPECT_NE(refused.err.find(why), std::string::npos) << id << ": " << refused.err;
        // The fix names the pack's folder as the host sees it (under Wine: Z:\work\..., so only its last part is compared).
        EXPECT_NE(refused.err.find("`uap-host modules install "), std::string::npos) << refused.err;
        EXPECT_NE(refused.err.find(id + "` again"), std::string::npos) << refused.err;
        EXPECT_EQ(entries_under(user_plugins.path()), entries_before) << id << " changed the plugins folder";
        EXPECT_FALSE(fs::exists(user_plugins.path() / id)) << id;
    }
    // The same refusal for a pack that arrives as a .zip (extracted into a scratch folder first).
    auto archive = zip_of(fixture_pack("fixture.init-error"), "init-error.zip", "");
    auto refused = host({"modules", "install", "--allow-unsigned", archive.string()});
    EXPECT_EQ(refused.exit_code, 1);
    EXPECT_NE(refused.err.find("the fixture's license file is missing"), std::string::npos) << refused.err;
    EXPECT_EQ(entries_under(user_plugins.path()), entries_before);
    EXPECT_EQ(host({"tools", "call", "fixture_echo", "--args", R"({"text":"still installed"})"}).exit_code, 0);
}

TEST_F(PackInstaller, RefusesGarbageAndEscapingArchives) {
    write_text_file(scratch.path() / "garbage.zip", std::string(4096, '\x42'));
    auto garbage = host({"modules", "install", "--allow-unsigned", (scratch.path() / "garbage.zip").string()});
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
    auto escaped = host({"modules", "install", "--allow-unsigned", archive.string()});
    EXPECT_EQ(escaped.exit_code, 1);
    EXPECT_FALSE(fs::exists(user_plugins.path().parent_path() / "escaped.txt"));
    EXPECT_FALSE(fs::exists(user_plugins.path() / "escaped.txt"));
}

TEST_F(PackInstaller, AZipBombIsRefusedAtTheCapAndLeavesNothingBehind) {
    // 300 MiB of zeros in about 300 kB of archive, against the default caps (256 MiB per entry).
    auto archive = bomb("bomb.zip", 1, 300ull * 1024 * 1024);
    ASSERT_LT(fs::file_size(archive), 4u * 1024 * 1024);
    auto refused = host({"modules", "install", "--allow-unsigned", archive.string()});
    EXPECT_EQ(refused.exit_code, 1);
    EXPECT_NE(refused.err.find("zeros-0.bin"), std::string::npos) << refused.err;
    EXPECT_NE(refused.err.find("256 MiB"), std::string::npos) << refused.err;
    EXPECT_NE(refused.err.find("--max-entry-mib"), std::string::npos) << refused.err;
    EXPECT_EQ(entries_under(user_plugins.path()), 0u) << "something was left in the plugins folder";
}

// Rewrites the uncompressed size that the local header and the central directory declare for
// `name` (a real bomb lies about it, so only counting the bytes written can stop it).
void declare_size(const fs::path& archive, const std::string& name, uint32_t size) {
    std::string bytes;
    {
        std::ifstream in(archive, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), {});
    }
    auto put = [&](size_t at) {
        for (int shift = 0; shift < 4; ++shift)
            bytes[at + static_cast<size_t>(shift)] = static_cast<char>((size >> (8 * shift)) & 0xff);
    };
    int patched = 0;
    for (size_t at = bytes.find(name); at != std::string::npos; at = bytes.find(name, at + 1)) {
        if (at >= 30 && bytes.compare(at - 30, 4, "PK\x03\x04") == 0) {
            put(at - 30 + 22);
            ++patched;
        } else if (at >= 46 && bytes.compare(at - 46, 4, "PK\x01\x02") == 0) {
            put(at - 46 + 24);
            ++patched;
        }
    }
    ASSERT_EQ(patched, 2);
    write_text_file(archive, bytes);
}

TEST_F(PackInstaller, ABombThatUnderDeclaresItsSizeIsStoppedWhileExtracting) {
    auto archive = bomb("liar.zip", 1, 64ull * 1024 * 1024);
    declare_size(archive, "data/zeros-0.bin", 1024);
    auto refused = host({"modules", "install", "--allow-unsigned", archive.string(), "--max-entry-mib", "8"});
    EXPECT_EQ(refused.exit_code, 1);
    EXPECT_NE(refused.err.find("expands past the limit per entry of 8 MiB"), std::string::npos) << refused.err;
    EXPECT_EQ(entries_under(user_plugins.path()), 0u) << "something was left in the plugins folder";
}

TEST_F(PackInstaller, TheTotalAndEntryCountCapsAreCheckedAndConfigurable) {
    // Three entries of 3 MiB: each under a 4 MiB entry cap, together over an 8 MiB total cap.
    auto archive = bomb("three.zip", 3, 3ull * 1024 * 1024);
    auto total = host({"modules", "install", "--allow-unsigned", archive.string(), "--max-total-mib", "8", "--max-entry-mib", "4"});
    EXPECT_EQ(total.exit_code, 1);
    EXPECT_NE(total.err.find("total limit of 8 MiB"), std::string::npos) << total.err;
    EXPECT_EQ(entries_under(user_plugins.path()), 0u);

    auto count = host({"modules", "install", "--allow-unsigned", archive.string(), "--max-entries", "3"});
    EXPECT_EQ(count.exit_code, 1);
    EXPECT_NE(count.err.find("the limit is 3"), std::string::npos) << count.err;
    EXPECT_EQ(entries_under(user_plugins.path()), 0u);

    auto bad = host({"modules", "install", "--allow-unsigned", archive.string(), "--max-entries", "many"});
    EXPECT_EQ(bad.exit_code, 2);

    // Within the caps the same archive installs.
    auto installed = host({"modules", "install", "--allow-unsigned", archive.string(), "--max-total-mib", "16"});
    ASSERT_EQ(installed.exit_code, 0) << installed.err;
    EXPECT_EQ(fs::file_size(user_plugins.path() / "fixture.echo" / "data" / "zeros-2.bin"), 3u * 1024 * 1024);
}

std::string read_bytes(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// An archive of the echo fixture plus entries named `placeholders`, whose names are then replaced
// in the bytes (Poco writes neither duplicates nor such names itself): in the local headers and
// the central directory, or in the central directory only.
enum class Rename { Everywhere, CentralDirectoryOnly };
fs::path renamed_zip(const fs::path& folder, const std::string& name, const std::vector<std::pair<std::string, std::string>>& renames,
                     Rename where) {
    fs::path archive = folder / name;
    {
        std::ofstream out(archive, std::ios::binary);
        Poco::Zip::Compress compress(out, true);
        compress.addRecursive(Poco::Path(fixture_pack("fixture.echo").string() + "/"), Poco::Zip::ZipCommon::CL_NORMAL, true, Poco::Path(""));
        for (auto& [placeholder, replacement] : renames) {
            std::istringstream content("content of " + placeholder);
            compress.addFile(content, Poco::DateTime(), Poco::Path(placeholder));
        }
        compress.close();
    }
    std::string bytes = read_bytes(archive);
    for (auto& [placeholder, replacement] : renames) {
        EXPECT_EQ(placeholder.size(), replacement.size());
        for (size_t at = bytes.find(placeholder); at != std::string::npos; at = bytes.find(placeholder, at + 1)) {
            bool central = at >= 46 && bytes.compare(at - 46, 4, "PK\x01\x02") == 0;
            if (where == Rename::Everywhere || central)
                bytes.replace(at, placeholder.size(), replacement);
        }
    }
    write_text_file(archive, bytes);
    return archive;
}

// A refusal of a malformed archive: one sentence of ours, never the zip reader's assertion text.
void expect_plain_refusal(const uap::testing::ProcessResult& refused, const std::string& why) {
    EXPECT_EQ(refused.exit_code, 1);
    EXPECT_NE(refused.err.find("refused the archive"), std::string::npos) << refused.err;
    EXPECT_NE(refused.err.find(why), std::string::npos) << refused.err;
    EXPECT_NE(refused.err.find("`uap-host modules install PACK-FOLDER`"), std::string::npos) << refused.err;
    EXPECT_EQ(refused.err.find("ssertion"), std::string::npos) << refused.err;
    EXPECT_EQ(refused.err.find(".cpp"), std::string::npos) << refused.err;
}

TEST_F(PackInstaller, MalformedArchivesAreRefusedInAPlainSentence) {
    auto duplicate = renamed_zip(scratch.path(), "duplicate.zip", {{"notes/AA.txt", "notes/BB.txt"}, {"notes/BB.txt", "notes/BB.txt"}},
                                 Rename::Everywhere);
    auto twice = host({"modules", "install", "--allow-unsigned", duplicate.string()});
    expect_plain_refusal(twice, "it holds two entries named \"notes/BB.txt\"");
    EXPECT_EQ(entries_under(user_plugins.path()), 0u);

    auto listed_twice = renamed_zip(scratch.path(), "central.zip", {{"notes/AA.txt", "notes/BB.txt"}, {"notes/BB.txt", "notes/BB.txt"}},
                                    Rename::CentralDirectoryOnly);
    expect_plain_refusal(host({"modules", "install", "--allow-unsigned", listed_twice.string()}), "central directory is inconsistent");

    // Two names for one file where case folds (Windows, macOS): refused everywhere, alike.
    auto folded = renamed_zip(scratch.path(), "folded.zip", {{"data/Kk.bin", "data/Kk.bin"}, {"data/kk.bin", "data/kk.bin"}}, Rename::Everywhere);
    expect_plain_refusal(host({"modules", "install", "--allow-unsigned", folded.string()}), "would be written to the same file");

    std::string whole = read_bytes(zip_of(fixture_pack("fixture.echo"), "whole.zip", ""));
    write_text_file(scratch.path() / "truncated.zip", whole.substr(0, whole.size() / 2));
    expect_plain_refusal(host({"modules", "install", "--allow-unsigned", (scratch.path() / "truncated.zip").string()}), "damaged or not a zip file");
    EXPECT_EQ(entries_under(user_plugins.path()), 0u);
}

TEST_F(PackInstaller, APackWithABundledPacksIdIsRefusedNamingIt) {
    fs::path impostor = scratch.path() / "impostor";
    fs::copy(fixture_pack("fixture.echo"), impostor, fs::copy_options::recursive);
    std::string manifest = read_bytes(impostor / "uap-module.json");
    auto at = manifest.find("\"fixture.echo\"", manifest.find("\"id\""));
    ASSERT_NE(at, std::string::npos) << manifest;
    manifest.replace(at, std::string("\"fixture.echo\"").size(), "\"uap.core\"");
    write_text_file(impostor / "uap-module.json", manifest);

    auto refused = host({"modules", "install", "--allow-unsigned", impostor.string()});
    EXPECT_EQ(refused.exit_code, 1);
    EXPECT_NE(refused.err.find("pack id \"uap.core\" is the id of the bundled pack at "), std::string::npos) << refused.err;
    EXPECT_NE(refused.err.find("`uap-host modules install " + impostor.string() + "` again"), std::string::npos) << refused.err;
    EXPECT_EQ(entries_under(user_plugins.path()), 0u);
    // The bundled core pack still serves its tools.
    auto ping = host({"tools", "call", "uap_ping", "--editor", "none"});
    EXPECT_EQ(ping.exit_code, 0) << ping.err;
}

// A scratch folder as a killed install leaves it: some extracted files and its (released) lock.
fs::path abandoned_scratch(const fs::path& plugins, const std::string& suffix, bool with_lock) {
    fs::path folder = plugins / (std::string(uap::modules::install_scratch_prefix) + suffix);
    write_text_file(folder / "extracted" / "lib" / "big.bin", std::string(4096, 'x'));
    if (with_lock)
        write_text_file(folder / ".lock", "");
    return folder;
}

TEST_F(PackInstaller, ScratchFoldersOfKilledInstallsAreRemovedButNotOnesInUse) {
    fs::path plugins = user_plugins.path();
    fs::path dead = abandoned_scratch(plugins, "dead", true);
    fs::path old_unlocked = abandoned_scratch(plugins, "old", false);
    // Wine cannot set a folder's time (libstdc++ opens it without FILE_FLAG_BACKUP_SEMANTICS there):
    // the old-unlocked case is then left unchecked, and says so.
    std::error_code aging_error;
    fs::last_write_time(old_unlocked, fs::file_time_type::clock::now() - std::chrono::hours(2), aging_error);
    if (aging_error)
        std::printf("cannot age %s (%s): the case of an old unlocked scratch folder is not checked on this system\n",
                    old_unlocked.string().c_str(), aging_error.message().c_str());
    fs::path young_unlocked = abandoned_scratch(plugins, "young", false); // Its install may be about to lock it.
    fs::path busy = abandoned_scratch(plugins, "busy", true);
    bool was_link = false;
    auto opened = uap::platform::FileLock::open(busy / ".lock", was_link); // A concurrent install's, held.
    ASSERT_TRUE(opened);
    std::optional<uap::platform::FileLock> held(std::move(*opened));
    ASSERT_EQ(held->try_lock().value(), uap::platform::FileLock::Outcome::Acquired);

    auto installed = host({"modules", "install", "--allow-unsigned", fixture_pack("fixture.echo").string()});
    ASSERT_EQ(installed.exit_code, 0) << installed.err;
    EXPECT_FALSE(fs::exists(dead));
    if (!aging_error) {
        EXPECT_FALSE(fs::exists(old_unlocked));
    }
    EXPECT_TRUE(fs::exists(young_unlocked / "extracted" / "lib" / "big.bin"));
    EXPECT_TRUE(fs::exists(busy / "extracted" / "lib" / "big.bin")) << "a running install's scratch folder was removed";

    held.reset(); // The concurrent install ends without cleaning up (killed): the system releases its lock.
    fs::path served_project = scratch.path() / "project";
    fs::create_directories(served_project);
    {
        uap::testing::ServingHost serving({"--project", served_project.string(), "--editor", "sim", "--port", "0"}, environment());
        ASSERT_TRUE(serving.serving()) << serving.err();
        EXPECT_FALSE(fs::exists(busy)) << "the host's start left an abandoned scratch folder";
    }
    EXPECT_TRUE(fs::exists(young_unlocked));
}

TEST_F(PackInstaller, AnInstallKilledWhileExtractingLeavesAFolderTheNextInstallRemoves) {
    auto archive = bomb("slow.zip", 1, 400ull * 1024 * 1024); // Seconds of writing: time to kill it mid-way.
    uap::LaunchSpec spec{UAP_TEST_HOST_BINARY, {"modules", "install", "--allow-unsigned", archive.string(), "--max-entry-mib", "512"}, fs::current_path(),
                         uap::current_environment_without({"UAP_USER_PLUGINS_DIR"})};
    spec.environment.push_back("UAP_USER_PLUGINS_DIR=" + user_plugins.path().string());
    auto install = uap::ChildProcess::launch(spec);
    ASSERT_TRUE(install) << install.error().message();
    auto scratch_file = [&]() -> std::optional<fs::path> {
        std::error_code error;
        for (auto it = fs::recursive_directory_iterator(user_plugins.path(), error); !error && it != fs::recursive_directory_iterator(); it.increment(error))
            if (it->path().filename() == "zeros-0.bin")
                return it->path();
        return std::nullopt;
    };
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!scratch_file() && std::chrono::steady_clock::now() < deadline && !(*install)->poll_exit())
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    ASSERT_TRUE(scratch_file()) << "the install never began extracting";
    (*install)->kill_tree();
    (*install)->wait_exit(std::chrono::seconds(10));
    EXPECT_GT(entries_under(user_plugins.path()), 0u) << "the killed install left nothing to clean up";

    auto next = host({"modules", "install", "--allow-unsigned", fixture_pack("fixture.echo").string()});
    ASSERT_EQ(next.exit_code, 0) << next.err;
    for (auto& entry : fs::directory_iterator(user_plugins.path()))
        EXPECT_EQ(entry.path().filename(), "fixture.echo") << "left behind: " << entry.path();
}

} // namespace
