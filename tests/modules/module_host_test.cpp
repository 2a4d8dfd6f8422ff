// The module host against misbehaving packs: each is reported with a clear reason, and the
// well-behaved packs beside it still load and answer.
#include "modules/module_host.hpp"
#include "modules/tool_description.hpp"
#include "runner/isolated_module.hpp"
#include "test_support.hpp"

#include <gtest/gtest.h>
#include <uap/abi/uap_module.h>

#include <regex>

#include <cstdlib>
#include <fstream>

namespace {

namespace fs = std::filesystem;
using uap::modules::CallStatus;
using uap::modules::ModuleHost;
using uap::modules::Origin;
using uap::modules::PackReport;
using uap::modules::PackState;
using uap::modules::ToolEntry;
using uap::testing::fixture_pack;
using uap::testing::TemporaryFolder;
using uap::testing::write_text_file;

std::unique_ptr<ModuleHost> host_of(const std::vector<fs::path>& packs, const uap::settings::ProjectSettings* settings = nullptr) {
    ModuleHost::Options options;
    for (auto& pack : packs)
        options.folders.push_back({pack, Origin::CommandLine});
    options.settings = settings;
    options.start_isolated = uap::runner::module_runner();
    return std::make_unique<ModuleHost>(std::move(options));
}

const PackReport& pack_named(const ModuleHost& host, const std::string& id) {
    for (auto& pack : host.packs())
        if (pack->id() == id)
            return *pack;
    throw std::runtime_error("no pack " + id);
}

::testing::AssertionResult reports(const ModuleHost& host, const std::string& id, PackState state, const std::string& fragment) {
    const PackReport& pack = pack_named(host, id);
    if (pack.state != state)
        return ::testing::AssertionFailure() << id << " is " << to_string(pack.state) << " (" << pack.reason << ")";
    if (pack.reason.find(fragment) == std::string::npos)
        return ::testing::AssertionFailure() << id << " reason \"" << pack.reason << "\" lacks \"" << fragment << "\"";
    return ::testing::AssertionSuccess();
}

TEST(ModuleHost, LoadsAWellBehavedPackAndCallsItsTools) {
    auto host = host_of({fixture_pack("fixture.echo")});
    ASSERT_TRUE(reports(*host, "fixture.echo", PackState::Loaded, ""));
    auto outcome = host->call_tool("fixture_echo", R"({"text":"hi"})");
    ASSERT_EQ(outcome.status, CallStatus::Success) << outcome.text;
    EXPECT_EQ(outcome.text, R"({"echo":"hi","tool":"fixture_echo"})");
    auto failure = host->call_tool("fixture_echo_fail", R"({"fail":"on purpose"})");
    EXPECT_EQ(failure.status, CallStatus::ToolError);
    EXPECT_EQ(failure.text, "asked to fail: on purpose");
}

TEST(ModuleHost, ToolsReachSettingsProgressCancellationAndTheEditorThroughTheHostTable) {
    TemporaryFolder project;
    write_text_file(uap::settings::ProjectSettings::file_for(project.path()),
                    R"({"moduleSettings":{"fixture.echo":{"greeting":"hej"},"other.pack":{"secret":1}}})");
    auto settings = uap::settings::ProjectSettings::load(project.path());
    ASSERT_TRUE(settings);
    auto host = host_of({fixture_pack("fixture.echo")}, &*settings);

    uap::api::CallControl control;
    control.cancelled = true;
    std::vector<std::string> progress;
    uap::modules::CallOptions options{&control, [&](double done, double total, std::string_view message) {
                                          progress.push_back(std::to_string(int(done)) + "/" + std::to_string(int(total)) + " " +
                                                             std::string(message));
                                      }};
    auto outcome = host->call_tool("fixture_echo", R"({"report":true})", options);
    ASSERT_EQ(outcome.status, CallStatus::Success) << outcome.text;
    // Only the module's own settings are handed over; the editor is honestly unavailable.
    EXPECT_EQ(outcome.text, R"({"cancelled":true,"settings":{"greeting":"hej"},"editorStatus":)" +
                                std::to_string(UAP_STATUS_UNAVAILABLE) + "}");
    EXPECT_EQ(progress, std::vector<std::string>{"1/2 halfway"});
}

TEST(ModuleHost, ReportsTheAbiRevisionASdkPackWasBuiltAgainst) {
    auto host = host_of({fixture_pack("fixture.echo"), fixture_pack("fixture.invalid-json")});
    ASSERT_TRUE(reports(*host, "fixture.echo", PackState::Loaded, ""));
    ASSERT_TRUE(reports(*host, "fixture.invalid-json", PackState::Loaded, ""));
    // The C++ SDK records the header's revision; the C fixture writes its description by hand and
    // records none, which is reported as unknown rather than guessed.
    EXPECT_EQ(pack_named(*host, "fixture.echo").abi_revision, UAP_ABI_REVISION);
    EXPECT_EQ(pack_named(*host, "fixture.invalid-json").abi_revision, 0u);
}

TEST(ModuleHost, AnAbiRevisionThatIsNotASmallPositiveIntegerBreaksTheDescription) {
    const std::string head = R"({"id":"a.b","version":"1.0.0","tools":[],"abiRevision":)";
    auto valid = uap::modules::parse_module_description(head + "7}");
    ASSERT_TRUE(valid) << valid.error().message();
    EXPECT_EQ(valid->abi_revision, 7u);
    for (const char* bad : {"0", "-1", "3.5", "\"3\"", "null", "[3]", "65536", "18446744073709551616"}) {
        auto parsed = uap::modules::parse_module_description(head + bad + "}");
        ASSERT_FALSE(parsed) << bad;
        EXPECT_NE(parsed.error().message().find("abiRevision"), std::string::npos) << bad << ": " << parsed.error().message();
    }
}

TEST(ModuleHost, AJapaneseDescriptionIsKeptAndAMalformedOneBreaksTheDescription) {
    auto described = [](const std::string& descriptions) {
        return uap::modules::parse_module_description(
            R"({"id":"a.b","version":"1.0.0","tools":[{"name":"t","description":"Does it.","inputSchema":{"type":"object"},)"
            R"("metadata":{"readOnly":true,"undoable":false,"destructive":false,"idempotent":true,"longRunning":false})" +
            descriptions + "}]}");
    };
    auto plain = described("");
    ASSERT_TRUE(plain) << plain.error().message();
    EXPECT_EQ(plain->tools.at(0).japanese_description, "");
    auto japanese = described(R"(,"descriptions":{"ja":"実行する。","fr":"Le fait."})");
    ASSERT_TRUE(japanese) << japanese.error().message();
    EXPECT_EQ(japanese->tools.at(0).japanese_description, "実行する。");
    const std::string oversized = ",\"descriptions\":{\"ja\":\"" + std::string(4097, 'x') + "\"}";
    for (const std::string& bad : std::vector<std::string>{R"(,"descriptions":"実行する。")", R"(,"descriptions":{"ja":""})",
                                                           R"(,"descriptions":{"ja":7})", R"(,"descriptions":[])", oversized}) {
        auto parsed = described(bad);
        ASSERT_FALSE(parsed) << bad;
        EXPECT_NE(parsed.error().message().find("descriptions"), std::string::npos) << parsed.error().message();
    }
}

TEST(ModuleHost, FolderWithoutManifest) {
    TemporaryFolder plugins;
    fs::create_directories(plugins.path() / "empty-pack");
    auto host = host_of({plugins.path()});
    EXPECT_TRUE(reports(*host, "empty-pack", PackState::Failed, "no uap-module.json"));
}

TEST(ModuleHost, ManifestThatIsNotJsonOrLacksFields) {
    TemporaryFolder plugins;
    write_text_file(plugins.path() / "broken-json" / "uap-module.json", "{\"id\": ");
    write_text_file(plugins.path() / "no-fields" / "uap-module.json", R"({"manifestVersion":1,"id":"x.no-fields"})");
    auto host = host_of({plugins.path()});
    EXPECT_TRUE(reports(*host, "broken-json", PackState::Failed, "invalid JSON at offset"));
    EXPECT_TRUE(reports(*host, "no-fields", PackState::Failed, "field \"name\" is missing"));
}

TEST(ModuleHost, LibraryMissingTheEntrySymbol) {
    auto host = host_of({fixture_pack("fixture.no-entry")});
    EXPECT_TRUE(reports(*host, "fixture.no-entry", PackState::Failed, "does not export uap_module_entry"));
}

TEST(ModuleHost, ModuleAnsweringAnUnspokenAbiGeneration) {
    auto host = host_of({fixture_pack("fixture.abi-99")});
    EXPECT_TRUE(reports(*host, "fixture.abi-99", PackState::Incompatible, "answered ABI generation 99"));
}

TEST(ModuleHost, ManifestDeclaringAnUnspokenAbiGenerationIsNotLoaded) {
    TemporaryFolder plugins;
    fs::copy(fixture_pack("fixture.marker"), plugins.path() / "future", fs::copy_options::recursive);
    auto manifest_path = plugins.path() / "future" / "uap-module.json";
    std::ifstream stream(manifest_path);
    std::string text((std::istreambuf_iterator<char>(stream)), {});
    text = std::regex_replace(text, std::regex(R"("abiVersion"\s*:\s*1)"), R"("abiVersion": 7)");
    write_text_file(manifest_path, text);
    auto marker = plugins.path() / "marker";
    uap::testing::set_environment_variable("UAP_FIXTURE_MARKER_FILE", marker.string());
    auto host = host_of({plugins.path() / "future"});
    uap::testing::set_environment_variable("UAP_FIXTURE_MARKER_FILE", "");
    EXPECT_TRUE(reports(*host, "fixture.marker", PackState::Incompatible, "declares ABI generation 7"));
    EXPECT_FALSE(fs::exists(marker)) << "the library was loaded although its manifest was incompatible";
}

TEST(ModuleHost, ManifestDisagreeingWithTheLibrary) {
    auto host = host_of({fixture_pack("fixture.tool-mismatch"), fixture_pack("fixture.id-mismatch")});
    EXPECT_TRUE(reports(*host, "fixture.tool-mismatch", PackState::Failed,
                        "the manifest lists the tools promised_tool, but the library reports delivered_tool"));
    EXPECT_TRUE(reports(*host, "fixture.id-mismatch", PackState::Failed,
                        "the library reports id \"fixture.someone-else\" but the manifest says \"fixture.id-mismatch\""));
    EXPECT_EQ(host->find_tool("delivered_tool"), nullptr);
}

TEST(ModuleHost, InitThatThrowsOrReturnsAnError) {
    auto host = host_of({fixture_pack("fixture.throwing-init"), fixture_pack("fixture.init-error")});
    EXPECT_TRUE(reports(*host, "fixture.throwing-init", PackState::Failed, "module constructor threw: the fixture refuses to start"));
    EXPECT_TRUE(reports(*host, "fixture.init-error", PackState::Failed, "the fixture's license file is missing"));
}

TEST(ModuleHost, ToolWhoseInputSchemaIsNotAnObjectSchema) {
    auto host = host_of({fixture_pack("fixture.bad-schema")});
    EXPECT_TRUE(reports(*host, "fixture.bad-schema", PackState::Failed, "must have \"type\": \"object\""));
}

TEST(ModuleHost, ToolThatThrowsBecomesAnInternalErrorAndTheHostGoesOn) {
    auto host = host_of({fixture_pack("fixture.throwing-tool"), fixture_pack("fixture.echo")});
    auto outcome = host->call_tool("fixture_throws", "{}");
    EXPECT_EQ(outcome.status, CallStatus::InternalError);
    EXPECT_EQ(outcome.text, "tool 'fixture_throws' threw: the fixture's cache is corrupt");
    EXPECT_EQ(host->call_tool("fixture_echo", R"({"text":"after"})").status, CallStatus::Success);
}

TEST(ModuleHost, ToolReturningInvalidJson) {
    auto host = host_of({fixture_pack("fixture.invalid-json")});
    auto outcome = host->call_tool("fixture_invalid_json", "{}");
    EXPECT_EQ(outcome.status, CallStatus::InternalError);
    EXPECT_NE(outcome.text.find("returned invalid JSON"), std::string::npos) << outcome.text;
}

TEST(ModuleHost, OversizedResultIsRefusedWithAnActionableMessage) {
    auto host = host_of({fixture_pack("fixture.oversized")});
    auto outcome = host->call_tool("fixture_oversized", "{}");
    EXPECT_EQ(outcome.status, CallStatus::TooLarge);
    EXPECT_NE(outcome.text.find("produced more than 100000 bytes"), std::string::npos) << outcome.text;
    EXPECT_NE(outcome.text.find("Ask for less"), std::string::npos);
}

TEST(ModuleHost, TwoPacksRegisteringTheSameToolNameServeNeitherCopy) {
    auto host = host_of({fixture_pack("fixture.duplicate-a"), fixture_pack("fixture.duplicate-b")});
    EXPECT_EQ(host->find_tool("shared_name"), nullptr);
    EXPECT_NE(host->find_tool("only_in_a"), nullptr);
    EXPECT_NE(host->find_tool("only_in_b"), nullptr);
    for (auto [id, other] : {std::pair{"fixture.duplicate-a", "fixture.duplicate-b"}, {"fixture.duplicate-b", "fixture.duplicate-a"}}) {
        const PackReport& pack = pack_named(*host, id);
        EXPECT_EQ(pack.state, PackState::Loaded);
        ASSERT_EQ(pack.warnings.size(), 1u) << id;
        EXPECT_NE(pack.warnings[0].find(std::string("\"shared_name\" is also registered by ") + other + ";"), std::string::npos)
            << pack.warnings[0];
        EXPECT_NE(pack.warnings[0].find("neither copy is served"), std::string::npos) << pack.warnings[0];
    }
}

TEST(ModuleHost, ABundledToolWinsAClashWithAThirdPartyPack) {
    ModuleHost::Options options;
    options.folders = {{fixture_pack("fixture.clash-bundled"), Origin::User}, {UAP_TEST_BUNDLED_DIR, Origin::Bundled}};
    options.start_isolated = uap::runner::module_runner(); // A user pack runs isolated by default.
    ModuleHost host(std::move(options));
    const ToolEntry* ping = host.find_tool("uap_ping");
    ASSERT_NE(ping, nullptr);
    EXPECT_EQ(ping->pack->id(), "uap.core");
    EXPECT_NE(host.find_tool("clash_only"), nullptr) << "the rest of the third-party pack still serves";
    const PackReport& clashing = pack_named(host, "fixture.clash-bundled");
    ASSERT_EQ(clashing.warnings.size(), 1u);
    EXPECT_NE(clashing.warnings[0].find("\"uap_ping\" is not served: the bundled pack uap.core provides it"), std::string::npos)
        << clashing.warnings[0];
    EXPECT_TRUE(pack_named(host, "uap.core").warnings.empty());
}

TEST(ModuleHost, ACommandLinePackShadowsAnInstalledPackOfTheSameId) {
    TemporaryFolder installed;
    fs::copy(fixture_pack("fixture.echo"), installed.path() / "fixture.echo", fs::copy_options::recursive);
    ModuleHost::Options options;
    options.folders = {{fixture_pack("fixture.echo"), Origin::CommandLine}, {installed.path(), Origin::User}};
    options.start_isolated = uap::runner::module_runner(); // A --plugins pack runs isolated by default.
    ModuleHost host(std::move(options));
    ASSERT_EQ(host.packs().size(), 2u);
    const PackReport& working = *host.packs()[0];
    const PackReport& shadowed = *host.packs()[1];
    EXPECT_EQ(working.state, PackState::Loaded) << working.reason;
    EXPECT_EQ(working.folder, fs::weakly_canonical(fixture_pack("fixture.echo")));
    ASSERT_EQ(working.warnings.size(), 1u);
    EXPECT_NE(working.warnings[0].find("shadows the user copy at " + (installed.path() / "fixture.echo").string()), std::string::npos)
        << working.warnings[0];
    EXPECT_EQ(shadowed.state, PackState::Shadowed);
    EXPECT_NE(shadowed.reason.find("shadowed by the --plugins copy"), std::string::npos) << shadowed.reason;
    const ToolEntry* tool = host.find_tool("fixture_echo");
    ASSERT_NE(tool, nullptr);
    EXPECT_EQ(tool->pack, &working);
}

TEST(ModuleHost, TwoPacksWithTheSameIdAreBothRefused) {
    TemporaryFolder plugins;
    fs::copy(fixture_pack("fixture.echo"), plugins.path() / "first", fs::copy_options::recursive);
    fs::copy(fixture_pack("fixture.echo"), plugins.path() / "second", fs::copy_options::recursive);
    auto host = host_of({plugins.path()});
    ASSERT_EQ(host->packs().size(), 2u);
    for (auto& pack : host->packs()) {
        EXPECT_EQ(pack->state, PackState::Failed);
        EXPECT_NE(pack->reason.find("is also provided by"), std::string::npos);
    }
}

TEST(ModuleHost, DisabledPackIsNeverLoaded) {
    TemporaryFolder project;
    auto settings = uap::settings::ProjectSettings::load(project.path());
    ASSERT_TRUE(settings);
    settings->set_toggle("fixture.marker", uap::settings::Toggle::Disabled);
    auto marker = project.path() / "marker";
    uap::testing::set_environment_variable("UAP_FIXTURE_MARKER_FILE", marker.string());
    auto host = host_of({fixture_pack("fixture.marker")}, &*settings);
    EXPECT_TRUE(reports(*host, "fixture.marker", PackState::Disabled, "disabled in settings"));
    EXPECT_FALSE(fs::exists(marker)) << "the disabled pack's library ran code";
    EXPECT_EQ(host->find_tool("fixture_marker_tool"), nullptr);

    settings->set_toggle("fixture.marker", uap::settings::Toggle::Enabled);
    auto enabled = host_of({fixture_pack("fixture.marker")}, &*settings);
    uap::testing::set_environment_variable("UAP_FIXTURE_MARKER_FILE", "");
    EXPECT_TRUE(fs::exists(marker)) << "the control case must load the library";
    EXPECT_NE(enabled->find_tool("fixture_marker_tool"), nullptr);
}

TEST(ModuleHost, SchemaInvalidArgumentsNeverReachTheModule) {
    auto host = host_of({fixture_pack("fixture.echo")});
    auto wrong_type = host->call_tool("fixture_echo", R"({"text":42})");
    EXPECT_EQ(wrong_type.status, CallStatus::InvalidArguments);
    EXPECT_NE(wrong_type.text.find("at /text"), std::string::npos) << wrong_type.text;
    EXPECT_EQ(host->call_tool("fixture_echo", "[1]").status, CallStatus::InvalidArguments);
    EXPECT_EQ(host->call_tool("fixture_echo", "{\"text\":").status, CallStatus::InvalidArguments);
    EXPECT_EQ(host->call_tool("no_such_tool", "{}").status, CallStatus::UnknownTool);
}

TEST(ModuleHost, EveryBadPackAtOnceStillLeavesTheGoodOnesServing) {
    TemporaryFolder plugins;
    for (const char* id : {"fixture.echo", "fixture.no-entry", "fixture.abi-99", "fixture.tool-mismatch", "fixture.id-mismatch",
                           "fixture.throwing-init", "fixture.init-error", "fixture.bad-schema", "fixture.throwing-tool",
                           "fixture.invalid-json", "fixture.oversized", "fixture.duplicate-a", "fixture.duplicate-b"})
        fs::copy(fixture_pack(id), plugins.path() / id, fs::copy_options::recursive);
    fs::create_directories(plugins.path() / "no-manifest");
    write_text_file(plugins.path() / "bad-json" / "uap-module.json", "nope");
    auto host = host_of({plugins.path()});
    EXPECT_EQ(host->packs().size(), 15u);
    size_t loaded = 0;
    for (auto& pack : host->packs())
        loaded += pack->state == PackState::Loaded;
    EXPECT_EQ(loaded, 6u); // echo, throwing-tool, invalid-json, oversized, duplicate-a, duplicate-b
    EXPECT_EQ(host->call_tool("fixture_echo", R"({"text":"still serving"})").status, CallStatus::Success);
    EXPECT_EQ(host->call_tool("only_in_b", "{}").status, CallStatus::Success);
}

} // namespace
