// The host finds packs inside a Unity project's packages: a simulated project with
// Packages/packages-lock.json and the Pro tarball unpacked beside the Core package, each place a
// package can live (registry and git caches, embedded, local file:), links refused through the file
// jail, hostile lock files refused with a note while Core keeps working, and where each pack came
// from in `uap-host modules list`.
#include "../../modules/test_support.hpp"

#include "modules/module_host.hpp"
#include "modules/package_folders.hpp"
#include "runner/isolated_module.hpp"
#include "support/json.hpp"

#include <gtest/gtest.h>

#include <fstream>

namespace {

namespace fs = std::filesystem;
using uap::modules::find_package_folders;
using uap::modules::ModuleHost;
using uap::modules::Origin;
using uap::modules::PackState;
using uap::testing::read_text_file;
using uap::testing::TemporaryFolder;
using uap::testing::write_text_file;

const std::string pack_id = "test.pro.package";

fs::path pro_tarball() {
    for (auto& entry : fs::directory_iterator(UAP_PACKAGE_DIST))
        if (entry.path().filename().string().rfind("com.agentpanel.pro-", 0) == 0 && entry.path().extension() == ".tgz")
            return entry.path();
    ADD_FAILURE() << "no Pro tarball in " << UAP_PACKAGE_DIST << " (the test pro.package.packaging makes it)";
    return {};
}

// Unpacks the tarball's package/ folder into `destination` as Unity's Package Manager does.
void unpack_pro(const fs::path& destination) {
    TemporaryFolder scratch;
    auto result = uap::testing::run_program("/bin/tar", {"-xzf", pro_tarball().string(), "-C", scratch.path().string()});
    ASSERT_EQ(result.exit_code, 0) << result.err;
    fs::create_directories(destination.parent_path());
    fs::rename(scratch.path() / "package", destination);
}

std::string lock_entry(const std::string& name, const std::string& version, const std::string& source, const std::string& extra = "") {
    return "\"" + name + "\": {\"version\": \"" + version + "\", \"depth\": 0, \"source\": \"" + source + "\", \"dependencies\": {}" + extra + "}";
}

// A project as Unity leaves it: the Core package and the Pro package resolved from a registry.
class SimulatedProject : public ::testing::Test {
protected:
    void SetUp() override {
        fs::create_directories(project() / "Packages");
        fs::create_directories(project() / "Library" / "PackageCache" / "com.agentpanel.unity@0.1.0");
        write_text_file(project() / "Library" / "PackageCache" / "com.agentpanel.unity@0.1.0" / "package.json",
                        R"({"name":"com.agentpanel.unity","version":"0.1.0"})");
        write_text_file(project() / "Packages" / "manifest.json",
                        R"({"dependencies":{"com.agentpanel.unity":"0.1.0","com.agentpanel.pro":"0.1.0"}})");
    }

    const fs::path& project() const { return m_project.path(); }
    fs::path lock_file() const { return project() / "Packages" / "packages-lock.json"; }

    void write_lock(const std::vector<std::string>& entries) {
        std::string text = "{\n  \"dependencies\": {\n";
        for (size_t index = 0; index < entries.size(); ++index)
            text += "    " + entries[index] + (index + 1 < entries.size() ? ",\n" : "\n");
        write_text_file(lock_file(), text + "  }\n}\n");
    }

    void install_pro_in_cache(const std::string& folder = "com.agentpanel.pro@0.1.0") {
        unpack_pro(project() / "Library" / "PackageCache" / folder);
    }

    std::unique_ptr<ModuleHost> load(const std::vector<uap::modules::PluginFolder>& package_folders) {
        settings = std::make_unique<uap::settings::ProjectSettings>();
        return std::make_unique<ModuleHost>(ModuleHost::Options{
            uap::modules::standard_plugin_folders({}, {}, package_folders), settings.get(), nullptr, uap::runner::module_runner()});
    }

    static const uap::modules::PackReport* find(const ModuleHost& host, const std::string& id) {
        for (auto& pack : host.packs())
            if (pack->id() == id)
                return pack.get();
        return nullptr;
    }

    std::string notes_of(const uap::modules::PackageFolders& found) {
        std::string text;
        for (auto& note : found.notes)
            text += note + "\n";
        return text;
    }

    std::unique_ptr<uap::settings::ProjectSettings> settings;

private:
    TemporaryFolder m_project;
};

TEST_F(SimulatedProject, TheProPackInTheRegistryCacheLoadsAndSaysWhichPackageItCameFrom) {
    install_pro_in_cache();
    write_lock({lock_entry("com.agentpanel.pro", "0.1.0", "registry", ", \"url\": \"https://packages.example.com\""),
                lock_entry("com.agentpanel.unity", "0.1.0", "registry"), lock_entry("com.unity.modules.ui", "1.0.0", "builtin")});
    auto found = find_package_folders(project());
    EXPECT_TRUE(found.notes.empty()) << notes_of(found);
    ASSERT_EQ(found.folders.size(), 1u) << "Core carries no Bin~/<platform>/plugins, a built-in package has no folder";
    EXPECT_EQ(found.folders[0].origin, Origin::Package);
    EXPECT_EQ(found.folders[0].source, "package com.agentpanel.pro@0.1.0");
    EXPECT_EQ(found.folders[0].path,
              project() / "Library" / "PackageCache" / "com.agentpanel.pro@0.1.0" / "Bin~" / uap::modules::package_platform_name() / "plugins");

    auto host = load(found.folders);
    auto* pack = find(*host, pack_id);
    ASSERT_NE(pack, nullptr);
    ASSERT_EQ(pack->state, PackState::Loaded) << pack->reason;
    EXPECT_EQ(pack->source, "package com.agentpanel.pro@0.1.0");
    EXPECT_EQ(pack->isolation, uap::settings::Isolation::Isolated) << "a package's packs are not bundled: they run in a module runner";
    ASSERT_NE(host->find_tool("protest_package_echo"), nullptr);
    auto outcome = host->call_tool("protest_package_echo", R"({"text":"from the package"})");
    EXPECT_EQ(outcome.text, R"({"echo":"from the package"})");
    auto* core = find(*host, "uap.core");
    ASSERT_NE(core, nullptr);
    EXPECT_EQ(core->state, PackState::Loaded) << core->reason;
}

TEST_F(SimulatedProject, ModulesListShowsThePackagesSourceInTextAndJson) {
    install_pro_in_cache();
    write_lock({lock_entry("com.agentpanel.pro", "0.1.0", "registry"), lock_entry("com.agentpanel.unity", "0.1.0", "registry")});
    TemporaryFolder user_plugins;
    std::map<std::string, std::string> environment{{"UAP_USER_PLUGINS_DIR", user_plugins.path().string()}};
    auto text = uap::testing::run_host({"modules", "list", "--project", project().string()}, environment);
    ASSERT_EQ(text.exit_code, 0) << text.err;
    EXPECT_NE(text.out.find(pack_id + " 1.2.0  loaded, isolated  (package com.agentpanel.pro@0.1.0: "), std::string::npos) << text.out;

    auto listed = uap::testing::run_host({"modules", "list", "--json", "--project", project().string()}, environment);
    ASSERT_EQ(listed.exit_code, 0) << listed.err;
    auto document = uap::json::parse(listed.out);
    ASSERT_TRUE(document) << listed.out;
    bool seen = false;
    for (auto& pack : (*document)["packs"].GetArray()) {
        std::string id = pack["id"].GetString();
        if (id == pack_id) {
            seen = true;
            EXPECT_STREQ(pack["origin"].GetString(), "package");
            EXPECT_STREQ(pack["source"].GetString(), "package com.agentpanel.pro@0.1.0");
            EXPECT_STREQ(pack["state"].GetString(), "loaded");
        } else if (id == "uap.core") {
            EXPECT_STREQ(pack["source"].GetString(), "bundled");
        }
    }
    EXPECT_TRUE(seen) << listed.out;
    EXPECT_EQ((*document)["packageNotes"].Size(), 0u);
}

TEST_F(SimulatedProject, EmbeddedLocalAndGitPackagesAreFoundWhereUnityPutsThem) {
    // Embedded: Packages/<folder>, recorded as "file:<folder>".
    unpack_pro(project() / "Packages" / "ProEmbedded");
    write_lock({lock_entry("com.agentpanel.pro", "file:ProEmbedded", "embedded")});
    auto found = find_package_folders(project());
    ASSERT_EQ(found.folders.size(), 1u) << notes_of(found);
    EXPECT_EQ(found.folders[0].path.parent_path().parent_path().parent_path(), project() / "Packages" / "ProEmbedded");
    EXPECT_EQ(found.folders[0].source, "package com.agentpanel.pro@0.1.0") << "the version comes from the package's package.json";

    // Local, outside the project (file:../..., relative to Packages/): a jail of its own.
    TemporaryFolder elsewhere;
    unpack_pro(elsewhere.path() / "pro");
    write_lock({lock_entry("com.agentpanel.pro", "file:" + (elsewhere.path() / "pro").string(), "local")});
    found = find_package_folders(project());
    ASSERT_EQ(found.folders.size(), 1u) << notes_of(found);
    EXPECT_EQ(found.folders[0].path, elsewhere.path() / "pro" / "Bin~" / uap::modules::package_platform_name() / "plugins");

    // Local, inside the project, relative to Packages/.
    unpack_pro(project() / "LocalPackages" / "pro");
    write_lock({lock_entry("com.agentpanel.pro", "file:../LocalPackages/pro", "local")});
    found = find_package_folders(project());
    ASSERT_EQ(found.folders.size(), 1u) << notes_of(found);
    EXPECT_EQ(found.folders[0].path, project() / "LocalPackages" / "pro" / "Bin~" / uap::modules::package_platform_name() / "plugins");

    // Git: Library/PackageCache/<name>@<the hash's first characters>, next to a stale copy.
    install_pro_in_cache("com.agentpanel.pro@0123456789");
    install_pro_in_cache("com.agentpanel.pro@fedcba9876");
    write_lock({lock_entry("com.agentpanel.pro", "https://example.com/pro.git", "git", ", \"hash\": \"0123456789abcdef0123456789abcdef01234567\"")});
    found = find_package_folders(project());
    ASSERT_EQ(found.folders.size(), 1u) << notes_of(found);
    EXPECT_EQ(found.folders[0].path.parent_path().parent_path().parent_path().filename(), "com.agentpanel.pro@0123456789");
}

TEST_F(SimulatedProject, AUnitySixCacheFolderIsFoundWhenItIsTheOnlyOneAndNotGuessedAmongSeveral) {
    install_pro_in_cache("com.agentpanel.pro@a1b2c3d4e5f6");
    write_lock({lock_entry("com.agentpanel.pro", "0.1.0", "registry")});
    auto found = find_package_folders(project());
    ASSERT_EQ(found.folders.size(), 1u) << notes_of(found);

    install_pro_in_cache("com.agentpanel.pro@0f0f0f0f0f0f");
    found = find_package_folders(project());
    EXPECT_TRUE(found.folders.empty());
    ASSERT_EQ(found.notes.size(), 1u);
    EXPECT_NE(found.notes[0].find("has 2 folders in Library/PackageCache and none matches"), std::string::npos) << found.notes[0];
    EXPECT_NE(found.notes[0].find("delete the stale Library/PackageCache/com.agentpanel.pro@* folders"), std::string::npos);
}

TEST_F(SimulatedProject, APackageFolderThatIsALinkOutOfTheProjectIsRefusedByTheJail) {
    TemporaryFolder outside;
    unpack_pro(outside.path() / "pro");
    fs::create_symlink(outside.path() / "pro", project() / "Packages" / "com.agentpanel.pro");
    write_lock({lock_entry("com.agentpanel.pro", "file:com.agentpanel.pro", "embedded")});
    auto found = find_package_folders(project());
    EXPECT_TRUE(found.folders.empty()) << "an embedded package is project content: a link there is not followed";
    ASSERT_EQ(found.notes.size(), 1u);
    EXPECT_NE(found.notes[0].find("the packs and profiles of package com.agentpanel.pro were not loaded"), std::string::npos) << found.notes[0];
    EXPECT_NE(found.notes[0].find("com.agentpanel.pro"), std::string::npos);
    EXPECT_NE(found.notes[0].find("link"), std::string::npos) << found.notes[0];

    // The same in the package cache, and a link planted among a real package's packs.
    fs::remove(project() / "Packages" / "com.agentpanel.pro");
    fs::create_directories(project() / "Library" / "PackageCache");
    fs::create_symlink(outside.path() / "pro", project() / "Library" / "PackageCache" / "com.agentpanel.pro@0.1.0");
    write_lock({lock_entry("com.agentpanel.pro", "0.1.0", "registry")});
    found = find_package_folders(project());
    EXPECT_TRUE(found.folders.empty());
    ASSERT_EQ(found.notes.size(), 1u);
    EXPECT_NE(found.notes[0].find("link"), std::string::npos) << found.notes[0];

    fs::remove(project() / "Library" / "PackageCache" / "com.agentpanel.pro@0.1.0");
    install_pro_in_cache();
    fs::path plugins = project() / "Library" / "PackageCache" / "com.agentpanel.pro@0.1.0" / "Bin~" / uap::modules::package_platform_name() / "plugins";
    fs::create_symlink(outside.path() / "pro" / "Bin~" / uap::modules::package_platform_name() / "plugins" / pack_id, plugins / "other.pack");
    found = find_package_folders(project());
    EXPECT_TRUE(found.folders.empty());
    ASSERT_EQ(found.notes.size(), 1u);
    EXPECT_NE(found.notes[0].find((plugins / "other.pack").generic_string() + " is a symbolic link"), std::string::npos) << found.notes[0];
}

// Each hostile lock file: a note that says the file was not used and how to get it rewritten, the
// file's bytes untouched, and Core's packs loaded as before.
TEST_F(SimulatedProject, HostileLockFilesGetAClearNoteAndLoseNothing) {
    install_pro_in_cache();
    std::string deep;
    for (int level = 0; level < 10'000; ++level)
        deep += "{\"a\":";
    std::string many = "{\"dependencies\":{";
    for (int index = 0; index < 5'001; ++index)
        many += (index ? ",\"p" : "\"p") + std::to_string(index) + "\":{}";
    many += "}}";
    struct Case {
        std::string name;
        std::string text;
        std::string expected;
    };
    std::vector<Case> cases = {
        {"not JSON", "dependencies: everything", "is not valid JSON"},
        {"cut off", R"({"dependencies": {"com.agentpanel.pro": {"version": "0.1.)", "is not valid JSON"},
        {"an array", "[1, 2, 3]", "has no \"dependencies\" object"},
        {"dependencies of the wrong type", R"({"dependencies": "com.agentpanel.pro"})", "has no \"dependencies\" object"},
        {"nested past the limit", deep, "is not valid JSON"},
        {"oversized", "{\"dependencies\":{}, \"pad\":\"" + std::string(5 * 1024 * 1024, 'x') + "\"}", "bytes; the limit is 4194304"},
        {"too many packages", many, "more than the 5000 the host reads"},
        {"invalid UTF-8", "{\"dependencies\":{\"com.agentpanel.pro\":{\"version\":\"\xff\xfe\",\"source\":\"registry\"}}}", "is not valid JSON"},
    };
    for (auto& test : cases) {
        SCOPED_TRACE(test.name);
        write_text_file(lock_file(), test.text);
        auto found = find_package_folders(project());
        EXPECT_TRUE(found.folders.empty());
        ASSERT_EQ(found.notes.size(), 1u);
        EXPECT_NE(found.notes[0].find("packages-lock.json was not used"), std::string::npos) << found.notes[0];
        EXPECT_NE(found.notes[0].find(test.expected), std::string::npos) << found.notes[0];
        EXPECT_NE(found.notes[0].find("Core's packs are not affected"), std::string::npos);
        EXPECT_NE(found.notes[0].find("delete it and reopen the project in Unity"), std::string::npos);
        EXPECT_EQ(read_text_file(lock_file()), test.text) << "the user's file is never rewritten";
        auto host = load(found.folders);
        ASSERT_NE(find(*host, "uap.core"), nullptr);
        EXPECT_EQ(find(*host, "uap.core")->state, PackState::Loaded);
    }
}

TEST_F(SimulatedProject, HostileEntriesAreSkippedOneByOneAndTheGoodOnesStillLoad) {
    install_pro_in_cache();
    write_lock({
        lock_entry("../../../etc", "0.1.0", "registry"),
        lock_entry("com.evil/../../x", "0.1.0", "registry"),
        lock_entry("com.evil.embedded", "file:../../outside", "embedded"),
        lock_entry("com.evil.nul", "file:a\\u0000b", "embedded"),
        "\"com.evil.object\": 17",
        "\"com.evil.version\": {\"version\": 12, \"source\": \"registry\"}",
        lock_entry("com.agentpanel.pro", "0.1.0", "registry"),
    });
    std::string before = read_text_file(lock_file());
    auto found = find_package_folders(project());
    ASSERT_EQ(found.folders.size(), 1u) << notes_of(found);
    EXPECT_EQ(found.folders[0].source, "package com.agentpanel.pro@0.1.0");
    std::string notes = notes_of(found);
    EXPECT_NE(notes.find("is not a package name (\"../../../etc\")"), std::string::npos) << notes;
    EXPECT_NE(notes.find("is not a package name (\"com.evil/../../x\")"), std::string::npos) << notes;
    EXPECT_NE(notes.find("embedded package com.evil.embedded names the folder \"../../outside\", which is not one folder inside Packages/"),
              std::string::npos) << notes;
    EXPECT_NE(notes.find("package com.evil.object in Packages/packages-lock.json is not an object"), std::string::npos) << notes;
    EXPECT_NE(notes.find("package com.evil.version in Packages/packages-lock.json has no usable \"version\""), std::string::npos) << notes;
    EXPECT_NE(notes.find("com.evil.nul"), std::string::npos) << notes;
    EXPECT_EQ(read_text_file(lock_file()), before);
}

TEST_F(SimulatedProject, ALockFileThatIsALinkIsNotFollowed) {
    install_pro_in_cache();
    TemporaryFolder outside;
    write_text_file(outside.path() / "lock.json", "{\"dependencies\":{" + lock_entry("com.agentpanel.pro", "0.1.0", "registry") + "}}");
    fs::create_symlink(outside.path() / "lock.json", lock_file());
    auto found = find_package_folders(project());
    EXPECT_TRUE(found.folders.empty());
    ASSERT_EQ(found.notes.size(), 1u);
    EXPECT_NE(found.notes[0].find("packages-lock.json was not used"), std::string::npos) << found.notes[0];
    EXPECT_NE(found.notes[0].find("link"), std::string::npos) << found.notes[0];
}

TEST_F(SimulatedProject, TheSamePackFromThePackageAndTheUserFolderFailsBothNamingTheFix) {
    install_pro_in_cache();
    write_lock({lock_entry("com.agentpanel.pro", "0.1.0", "registry")});
    TemporaryFolder user;
    fs::copy(fs::path(UAP_PACKAGE_TEST_PLUGINS) / pack_id, user.path() / pack_id, fs::copy_options::recursive);
    settings = std::make_unique<uap::settings::ProjectSettings>();
    auto found = find_package_folders(project());
    std::vector<uap::modules::PluginFolder> folders = found.folders;
    folders.push_back({user.path(), Origin::User});
    ModuleHost host(ModuleHost::Options{folders, settings.get(), nullptr, uap::runner::module_runner()});
    int failed = 0;
    for (auto& pack : host.packs()) {
        if (pack->id() != pack_id)
            continue;
        ++failed;
        EXPECT_EQ(pack->state, PackState::Failed);
        if (pack->origin == Origin::Package)
            EXPECT_NE(pack->reason.find("remove the package com.agentpanel.pro@0.1.0 in Unity's Package Manager"), std::string::npos) << pack->reason;
        else
            EXPECT_NE(pack->reason.find("`uap-host modules remove test.pro.package`"), std::string::npos) << pack->reason;
    }
    EXPECT_EQ(failed, 2);
}

// The package's Profiles~ folder is a profile provider: its profiles are trusted like a pack's (the
// user added the package), named after the package, and gone when the package is.
TEST_F(SimulatedProject, TheProfilesInThePackageAreOfferedWhileThePackageIsThere) {
    install_pro_in_cache();
    write_lock({lock_entry("com.agentpanel.pro", "0.1.0", "registry"), lock_entry("com.meta.xr.sdk.core", "60.0.0", "registry")});
    write_text_file(project() / "Packages" / "manifest.json", R"({"dependencies":{"com.agentpanel.pro":"0.1.0","com.meta.xr.sdk.core":"60.0.0"}})");
    auto found = find_package_folders(project());
    ASSERT_EQ(found.profile_folders.size(), 1u) << notes_of(found);
    EXPECT_EQ(found.profile_folders[0].source, "package com.agentpanel.pro@0.1.0");

    TemporaryFolder user_plugins;
    std::map<std::string, std::string> environment{{"UAP_USER_PLUGINS_DIR", user_plugins.path().string()}};
    auto listed = uap::testing::run_host({"profiles", "list", "--json", "--project", project().string()}, environment);
    ASSERT_EQ(listed.exit_code, 0) << listed.err;
    auto document = uap::json::parse(listed.out);
    ASSERT_TRUE(document) << listed.out;
    std::map<std::string, std::string> states;
    for (auto& profile : (*document)["profiles"].GetArray())
        if (profile.HasMember("pack") && std::string(profile["pack"].GetString()) == "package com.agentpanel.pro@0.1.0")
            states[profile["id"].GetString()] = profile["state"].GetString();
    EXPECT_EQ(states.size(), 3u) << listed.out;
    EXPECT_EQ(states["meta-xr"], "active") << "detected through its package, trusted because the package is installed";
    EXPECT_EQ(states.count("magicacloth2"), 1u);
    EXPECT_EQ(states.count("final-ik"), 1u);

    auto shown = uap::testing::run_host({"profiles", "show", "meta-xr", "--json", "--project", project().string()}, environment);
    ASSERT_EQ(shown.exit_code, 0) << shown.err;
    EXPECT_NE(shown.out.find("\"quick_actions\""), std::string::npos) << shown.out;
    EXPECT_NE(shown.out.find("Check the project for Quest"), std::string::npos) << shown.out;

    write_lock({lock_entry("com.meta.xr.sdk.core", "60.0.0", "registry")});
    fs::remove_all(project() / "Library" / "PackageCache" / "com.agentpanel.pro@0.1.0");
    listed = uap::testing::run_host({"profiles", "list", "--json", "--project", project().string()}, environment);
    ASSERT_EQ(listed.exit_code, 0) << listed.err;
    EXPECT_EQ(listed.out.find("meta-xr"), std::string::npos) << "the package's profiles leave with it";
}

} // namespace
