// Pro packs load into hosts built before them. A host of an earlier commit differs from this one only
// in what the ABI lets it differ in: the host table's size (its revision) and the manifest fields it
// checks (manifestVersion, abiVersion, minHostRevision). So every pack (the test pack, and each pack
// in UAP_PRO_PLUGINS_DIR) is loaded here with the host table cut to each earlier revision, the way
// that host offered it: a pack whose minHostRevision allows that revision must init, describe itself
// as its manifest says and answer; one that needs a later revision must be refused before its
// library is opened, naming the fix. (Building uap-host from an earlier commit would test the same
// boundary at the cost of a second host build per run.)
#include "modules/host_services.hpp"
#include "modules/library_description.hpp"
#include "modules/manifest.hpp"
#include "loader/module_library.hpp"
#include "modules/tool_description.hpp"

#include <uap/sdk/json.hpp>

#include <gtest/gtest.h>

#include <cstddef>

namespace {

namespace fs = std::filesystem;
using uap::modules::host_api_revision;

// Where each revision of generation 1 ended the host table (docs/module-abi.md, "Generations and revisions").
size_t host_table_size(uint32_t revision) {
    static_assert(host_api_revision == 5, "a revision was appended: add where its table ends here");
    switch (revision) {
    case 1: return offsetof(uap_host_api, host_info);
    case 2: return offsetof(uap_host_api, subscribe_events);
    case 3: // Revision 4 appended to the tool call, not to this table.
    case 4: return offsetof(uap_host_api, editor_call_all);
    default: return sizeof(uap_host_api);
    }
}

uap_string_view view(const std::string& text) { return {text.data(), text.size()}; }

struct OldHostLoad {
    uap::modules::ModuleDescription description;
    std::map<std::string, std::string> answers; // Tool name → result, for the tools called.
};

// Loads the pack as a host of `revision` would: its manifest checks, then init and describe with the
// host table of that revision, the listed tools called with no arguments, and shutdown.
uap::Expected<OldHostLoad> load_into_host_of_revision(const uap::modules::Manifest& manifest, uint32_t revision,
                                                      const std::map<std::string, std::string>& calls) {
    if (manifest.abi_version != 1)
        return uap::Error("the manifest declares ABI generation " + std::to_string(manifest.abi_version) + "; earlier hosts speak 1");
    UAP_TRY(uap::modules::check_host_revision(manifest, revision));
    UAP_ASSIGN_OR_RETURN(auto library_file, manifest.library_for_this_platform());
    UAP_ASSIGN_OR_RETURN(auto library, uap::loader::ModuleLibrary::open(library_file));
    uap_host_api table = uap::modules::host_api();
    table.struct_size = static_cast<uint32_t>(host_table_size(revision));
    uap::modules::HostEnvironment environment;
    uap_host_context context{manifest.id, "{}", &environment};
    uap_module_instance* instance = nullptr;
    uap::sdk::StringReceiver init_error(4096);
    if (auto status = library->api().init(&table, &context, &instance, init_error.sink()); status != UAP_STATUS_OK)
        return uap::Error("init failed (status " + std::to_string(status) + "): " + init_error.text());
    OldHostLoad load;
    uap::sdk::StringReceiver described;
    auto status = library->api().describe(instance, described.sink());
    auto description = status == UAP_STATUS_OK ? uap::modules::parse_module_description(described.text())
                                               : uap::Expected<uap::modules::ModuleDescription>(uap::Error("describe failed: " + described.text()));
    if (description) {
        load.description = std::move(*description);
        for (auto& [tool, arguments] : calls) {
            uap_call_context call_context{};
            uap_tool_call call{sizeof(uap_tool_call), view(tool), view(arguments), &call_context};
            uap::sdk::StringReceiver answer;
            library->api().call_tool(instance, &call, answer.sink());
            load.answers[tool] = answer.take();
        }
    }
    library->api().shutdown(instance);
    if (!description)
        return description.error();
    UAP_TRY(uap::modules::check_manifest_matches(manifest, load.description));
    return load;
}

std::vector<fs::path> packs_in(const fs::path& plugins) {
    std::vector<fs::path> packs;
    std::error_code error;
    for (auto& entry : fs::directory_iterator(plugins, error))
        if (fs::exists(entry.path() / uap::modules::manifest_file_name))
            packs.push_back(entry.path());
    std::sort(packs.begin(), packs.end());
    return packs;
}

TEST(ProPackAbi, TheTestPackLoadsAndAnswersOnHostsOfEveryEarlierRevision) {
    auto manifest = uap::modules::read_manifest(fs::path(UAP_PACKAGE_TEST_PLUGINS) / "test.pro.package");
    ASSERT_TRUE(manifest) << manifest.error().message();
    EXPECT_EQ(manifest->min_host_revision, 1u);
    for (uint32_t revision = 1; revision <= host_api_revision; ++revision) {
        SCOPED_TRACE("host revision " + std::to_string(revision));
        auto loaded = load_into_host_of_revision(*manifest, revision, {{"protest_package_services", "{}"}});
        ASSERT_TRUE(loaded) << loaded.error().message();
        EXPECT_EQ(loaded->description.abi_revision, uap::modules::host_api_revision) << "built against this tree's header";
        // The pack sees exactly the services that host offered, and answers without them.
        std::string expected = std::string(R"({"hostInfo":)") + (revision >= 2 ? "true" : "false") +
                               R"(,"monotonicClock":)" + (revision >= 3 ? "true" : "false") + R"(,"answeredWithHostInfo":)" +
                               (revision >= 2 ? "true" : "false") + "}";
        EXPECT_EQ(loaded->answers["protest_package_services"], expected);
    }
}

TEST(ProPackAbi, APackThatNeedsALaterRevisionIsRefusedByAnEarlierHostBeforeItsLibraryOpens) {
    auto manifest = uap::modules::read_manifest(fs::path(UAP_PACKAGE_TEST_PLUGINS) / "test.pro.package");
    ASSERT_TRUE(manifest);
    manifest->min_host_revision = host_api_revision;
    manifest->libraries.clear(); // Opening the library would fail differently: the refusal must come first.
    auto refused = load_into_host_of_revision(*manifest, host_api_revision - 1, {});
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message().find("the pack needs host revision " + std::to_string(host_api_revision) + " (minHostRevision) but this uap-host is revision " +
                                                 std::to_string(host_api_revision - 1) + "; update uap-host"),
              std::string::npos)
        << refused.error().message();
}

// The real Pro packs, whichever modules/pro builds: each declares what an earlier host reads
// (manifest version 1, ABI generation 1) and loads into every host its minHostRevision allows.
TEST(ProPackAbi, EveryBuiltProPackLoadsIntoTheHostsItsManifestAllows) {
    auto packs = packs_in(UAP_PRO_PLUGINS_DIR);
    if (packs.empty())
        GTEST_SKIP() << "no Pro pack is built in " << UAP_PRO_PLUGINS_DIR << " (none exists in modules/pro yet)";
    for (auto& folder : packs) {
        SCOPED_TRACE(folder.filename().string());
        auto manifest = uap::modules::read_manifest(folder);
        ASSERT_TRUE(manifest) << manifest.error().message();
        EXPECT_EQ(manifest->abi_version, 1u);
        EXPECT_LE(manifest->min_host_revision, host_api_revision);
        for (uint32_t revision = manifest->min_host_revision; revision <= host_api_revision; ++revision) {
            SCOPED_TRACE("host revision " + std::to_string(revision));
            auto loaded = load_into_host_of_revision(*manifest, revision, {});
            EXPECT_TRUE(loaded) << loaded.error().message();
        }
        if (manifest->min_host_revision > 1) {
            EXPECT_FALSE(load_into_host_of_revision(*manifest, manifest->min_host_revision - 1, {}));
        }
    }
}

} // namespace
