// Extension profiles without a CLI: parsing and its refusals, each detection rule (with the prefix
// trap), the three origins and duplicate ids, approvals (one byte changed, another user's secret, a
// project-shipped approvals file), switches, the injected text, and type detection through the
// editor simulator with its cache refreshed after a reload.
#include "agent/steering.hpp"
#include "app/host_application.hpp"
#include "app/profile_commands.hpp"
#include "support/json.hpp"
#include "profiles/catalog.hpp"
#include "profiles/profile_service.hpp"
#include "fakes/json_at.hpp"

#include <uap/editor_sim/editor_simulator.hpp>
#include <uap/editor_sim/simulated_editor.hpp>

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sys/wait.h>
#include <thread>
#include <sys/stat.h>

namespace fs = std::filesystem;
using namespace uap::profiles;

namespace {

void write(const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
}

std::string profile_text(const std::string& id, const std::string& packages, const std::string& line, const std::string& types = "") {
    return R"({"schemaVersion":1,"id":")" + id + R"(","displayName":"Display )" + id + R"(","detection":{"packageIds":[)" + packages +
           R"(],"typeNames":[)" + types + R"(]},"instructionLines":[")" + line + R"("],"sources":["https://example.com/)" + id + R"("]})";
}

class Profiles : public ::testing::Test {
protected:
    void SetUp() override {
        char pattern[] = "/tmp/uapp-XXXXXX";
        ASSERT_NE(::mkdtemp(pattern), nullptr);
        root = pattern;
        project = root / "project";
        bundled = root / "bundled";
        config = root / "config";
        fs::create_directories(project / "Packages");
        fs::create_directories(bundled);
    }
    void TearDown() override {
        std::error_code error;
        fs::remove_all(root, error);
    }

    Catalog evaluate_now(const std::vector<PackProfiles>& packs = {}, const TypeAnswers& types = {}) {
        ApprovalStore approvals(config);
        return evaluate(CatalogInputs{project, bundled, packs}, approvals, types);
    }
    const ProfileEntry& entry(const Catalog& catalog, const std::string& id) {
        for (auto& item : catalog.entries)
            if (item.id == id && item.state != ProfileState::Duplicate)
                return item;
        throw std::runtime_error("no entry " + id);
    }
    void manifest(const std::string& dependencies) { write(project / "Packages" / "manifest.json", R"({"dependencies":{)" + dependencies + "}}"); }

    fs::path root, project, bundled, config;
};

TEST(ProfileParsing, RefusesWhatIsNotAProfileAndSaysWhy) {
    EXPECT_NE(parse_profile("{not json").error().message().find("not valid JSON"), std::string::npos);
    EXPECT_NE(parse_profile("[1]").error().message().find("JSON object"), std::string::npos);
    EXPECT_NE(parse_profile(R"({"instructionLines":["a"]})").error().message().find("\"id\" is missing"), std::string::npos);
    EXPECT_NE(parse_profile(R"({"id":"../x","instructionLines":["a"]})").error().message().find("\"id\" must be"), std::string::npos);
    EXPECT_NE(parse_profile(R"({"id":"x","instructionLines":[]})").error().message().find("at least one line"), std::string::npos);
    EXPECT_NE(parse_profile(R"({"id":"x","instructionLines":[1]})").error().message().find("only strings"), std::string::npos);
    EXPECT_NE(parse_profile(R"({"id":"x","instructionLines":["a\nb"]})").error().message().find("line break"), std::string::npos);
    EXPECT_NE(parse_profile(R"({"id":"x","instructionLines":["a"],"sources":["file:///etc/passwd"]})").error().message().find("http(s) URL"),
              std::string::npos);
    std::string long_line(max_line_characters + 1, 'x');
    auto too_long = parse_profile(R"({"id":"x","instructionLines":[")" + long_line + R"("]})");
    ASSERT_FALSE(too_long);
    EXPECT_NE(too_long.error().message().find("1001 characters"), std::string::npos);
    std::string exactly(max_line_characters, 'x');
    EXPECT_TRUE(parse_profile(R"({"id":"x","instructionLines":[")" + exactly + R"("],"sources":["https://a.example"]})"));
    std::string huge = R"({"id":"x","instructionLines":[")" + std::string(max_profile_bytes, 'y') + R"("]})";
    EXPECT_NE(parse_profile(huge).error().message().find("at most 65536"), std::string::npos);
    std::string deep(10000, '[');
    EXPECT_FALSE(parse_profile(R"({"id":"x","detection":)" + deep));
}

TEST(ProfileParsing, WarnsAboutUnknownFieldsAndDropsEmptyStrings) {
    auto parsed = parse_profile(R"({"id":"x","safeInvocations":[],"detection":{"packageIds":["","com.a"],"extra":1},"instructionLines":["a",""]})");
    ASSERT_TRUE(parsed) << parsed.error().message();
    EXPECT_EQ(parsed->profile.display_name, "x");
    EXPECT_EQ(parsed->profile.package_ids, std::vector<std::string>{"com.a"});
    EXPECT_EQ(parsed->profile.instruction_lines, std::vector<std::string>{"a"});
    std::string all;
    for (auto& warning : parsed->warnings)
        all += warning + "|";
    EXPECT_NE(all.find("unknown field \"safeInvocations\""), std::string::npos) << all;
    EXPECT_NE(all.find("unknown field \"detection.extra\""), std::string::npos) << all;
    EXPECT_NE(all.find("empty string in \"detection.packageIds\""), std::string::npos) << all;
    EXPECT_NE(all.find("no \"sources\""), std::string::npos) << all;
}

TEST_F(Profiles, PackageDetectionByManifestKeyPackagesFolderAndPackageCache) {
    write(bundled / "a.json", profile_text("by-manifest", R"("com.example.a")", "A"));
    write(bundled / "b.json", profile_text("by-packages-folder", R"("com.example.b")", "B"));
    write(bundled / "c.json", profile_text("by-cache-folder", R"("com.example.c")", "C"));
    write(bundled / "d.json", profile_text("not-installed", R"("com.example.d")", "D"));
    manifest(R"("com.example.a":"1.0.0")");
    fs::create_directories(project / "Packages" / "com.example.b");
    fs::create_directories(project / "Library" / "PackageCache" / "com.example.c@2.1.0");
    auto catalog = evaluate_now();
    EXPECT_EQ(entry(catalog, "by-manifest").state, ProfileState::Active);
    EXPECT_NE(entry(catalog, "by-manifest").detection.find("Packages/manifest.json"), std::string::npos);
    EXPECT_EQ(entry(catalog, "by-packages-folder").state, ProfileState::Active);
    EXPECT_EQ(entry(catalog, "by-packages-folder").detection, "package folder Packages/com.example.b");
    EXPECT_EQ(entry(catalog, "by-cache-folder").state, ProfileState::Active);
    EXPECT_EQ(entry(catalog, "by-cache-folder").detection, "package folder Library/PackageCache/com.example.c@2.1.0");
    EXPECT_EQ(entry(catalog, "not-installed").state, ProfileState::NotDetected);
    EXPECT_EQ(entry(catalog, "not-installed").detection, "none of its packages is installed");
}

TEST_F(Profiles, ALongerIdWithTheSamePrefixNeverMatches) {
    write(bundled / "a.json", profile_text("prefix-trap", R"("com.example.sdk")", "A"));
    manifest(R"("com.example.sdk-experimental":"1.0.0")");
    fs::create_directories(project / "Packages" / "com.example.sdk-experimental");
    fs::create_directories(project / "Packages" / "com.example.sdkx");
    fs::create_directories(project / "Library" / "PackageCache" / "com.example.sdk-experimental@1.0.0");
    fs::create_directories(project / "Library" / "PackageCache" / "com.example.sdk.extra@1.0.0");
    EXPECT_EQ(entry(evaluate_now(), "prefix-trap").state, ProfileState::NotDetected);
    fs::create_directories(project / "Library" / "PackageCache" / "com.example.sdk@3.0.0");
    EXPECT_EQ(entry(evaluate_now(), "prefix-trap").state, ProfileState::Active);
}

TEST_F(Profiles, AManifestLinkedOutsideTheProjectIsNotReadAndSaysSo) {
    write(bundled / "a.json", profile_text("in-linked-manifest", R"("com.example.a")", "A"));
    fs::path elsewhere = project.parent_path() / (project.filename().string() + "-elsewhere.json");
    write(elsewhere, R"({"dependencies":{"com.example.a":"1.0.0"}})");
    fs::create_directories(project / "Packages");
    std::error_code error;
    fs::create_symlink(elsewhere, project / "Packages" / "manifest.json", error);
    if (error)
        GTEST_SKIP() << "this system cannot make symbolic links";
    auto catalog = evaluate_now();
    fs::remove(elsewhere);
    EXPECT_EQ(entry(catalog, "in-linked-manifest").state, ProfileState::NotDetected);
    ASSERT_EQ(catalog.notes.size(), 1u);
    EXPECT_NE(catalog.notes[0].find("Packages/manifest.json was not used"), std::string::npos) << catalog.notes[0];
    EXPECT_NE(catalog.notes[0].find("symbolic link"), std::string::npos) << catalog.notes[0];
}

TEST_F(Profiles, AMalformedManifestFallsBackToFoldersAndSaysSo) {
    write(bundled / "a.json", profile_text("in-manifest", R"("com.example.a")", "A"));
    write(bundled / "b.json", profile_text("in-folder", R"("com.example.b")", "B"));
    write(project / "Packages" / "manifest.json", R"({"dependencies":{"com.example.a":"1.0.0",)"); // Cut short.
    fs::create_directories(project / "Library" / "PackageCache" / "com.example.b@1.0.0");
    auto catalog = evaluate_now();
    EXPECT_EQ(entry(catalog, "in-manifest").state, ProfileState::NotDetected);
    EXPECT_EQ(entry(catalog, "in-folder").state, ProfileState::Active);
    ASSERT_EQ(catalog.notes.size(), 1u);
    EXPECT_NE(catalog.notes[0].find("Packages/manifest.json was not used"), std::string::npos) << catalog.notes[0];
    EXPECT_NE(catalog.notes[0].find("folders only"), std::string::npos);
}

TEST(TypeNames, ADottedNameMatchesTheFullNameAndAPlainNameTheShortName) {
    FoundType type{"VRC.SDK3.Avatars.Components.VRCAvatarDescriptor", "VRCAvatarDescriptor"};
    EXPECT_TRUE(type_name_matches("VRCAvatarDescriptor", type));
    EXPECT_TRUE(type_name_matches("VRC.SDK3.Avatars.Components.VRCAvatarDescriptor", type));
    EXPECT_FALSE(type_name_matches("Other.VRCAvatarDescriptor", type));
    EXPECT_FALSE(type_name_matches("AvatarDescriptor", type));
    EXPECT_EQ(type_query("VRC.SDK3.Avatars.Components.VRCAvatarDescriptor"), "VRCAvatarDescriptor");
}

TEST_F(Profiles, ThreeOriginsAndDuplicateIdsWhereBundledWins) {
    fs::path pack_folder = root / "pack" / "profiles";
    write(bundled / "shared.json", profile_text("shared", "", "BUNDLED-SHARED"));
    write(pack_folder / "pack.json", profile_text("from-pack", "", "PACK"));
    write(pack_folder / "shared.json", profile_text("shared", "", "PACK-SHARED"));
    write(project / ".uap-profiles" / "mine.json", profile_text("from-project", "", "PROJECT"));
    write(project / ".uap-profiles" / "shared.json", profile_text("shared", "", "PROJECT-SHARED"));
    write(project / ".uap-profiles" / "broken.json", "{");
    write(project / ".uap-profiles" / "nested" / "deep.json", profile_text("nested", "", "NESTED")); // Not read: non-recursive.
    auto catalog = evaluate_now({{"test.pack", root / "pack" / "profiles"}});
    ASSERT_EQ(catalog.entries.size(), 6u);
    EXPECT_EQ(entry(catalog, "shared").origin, Origin::Bundled);
    EXPECT_EQ(entry(catalog, "shared").profile->instruction_lines[0], "BUNDLED-SHARED");
    EXPECT_EQ(entry(catalog, "from-pack").origin, Origin::Pack);
    EXPECT_EQ(entry(catalog, "from-pack").pack_id, "test.pack");
    EXPECT_EQ(entry(catalog, "from-pack").state, ProfileState::Active); // Trusted: the user installed the pack.
    EXPECT_EQ(entry(catalog, "from-project").state, ProfileState::PendingApproval);
    int duplicates = 0;
    for (auto& item : catalog.entries)
        if (item.state == ProfileState::Duplicate) {
            ++duplicates;
            EXPECT_NE(item.problem.find("taken by the bundled profile"), std::string::npos) << item.problem;
        }
    EXPECT_EQ(duplicates, 2);
    EXPECT_EQ(entry(catalog, "broken").state, ProfileState::Invalid);
    EXPECT_NE(entry(catalog, "broken").problem.find("uap-host profiles validate"), std::string::npos);
    EXPECT_EQ(catalog.find("nested"), nullptr);
}

TEST_F(Profiles, ApprovalCoversExactBytesAndOnlyThisUsersSecret) {
    fs::path file = project / ".uap-profiles" / "mine.json";
    std::string text = profile_text("mine", "", "MINE");
    write(file, text);
    ApprovalStore approvals(config);
    EXPECT_EQ(entry(evaluate_now(), "mine").state, ProfileState::PendingApproval);
    ASSERT_TRUE(approve_in(evaluate_now(), "mine", "", approvals, project));
    EXPECT_EQ(entry(evaluate_now(), "mine").state, ProfileState::Active);
    for (auto owner_only : {approvals.secret_file(), approvals.approvals_file(), config}) {
        struct stat info {};
        ASSERT_EQ(::stat(owner_only.c_str(), &info), 0) << owner_only;
        EXPECT_EQ(info.st_mode & 077, 0u) << owner_only;
    }

    // One byte changed: pending again; restoring the bytes restores the approval.
    std::string changed = text;
    changed[changed.find("MINE")] = 'N';
    write(file, changed);
    EXPECT_EQ(entry(evaluate_now(), "mine").state, ProfileState::PendingApproval);
    write(file, text + " ");
    EXPECT_EQ(entry(evaluate_now(), "mine").state, ProfileState::PendingApproval);
    write(file, text);
    EXPECT_EQ(entry(evaluate_now(), "mine").state, ProfileState::Active);

    // An approval copied from another user (another secret) does not count here.
    fs::path other = root / "other-user";
    ApprovalStore theirs(other);
    ASSERT_TRUE(theirs.approve(sha256_hex(text), "mine"));
    fs::remove(approvals.approvals_file());
    EXPECT_EQ(entry(evaluate_now(), "mine").state, ProfileState::PendingApproval);
    fs::copy_file(theirs.approvals_file(), approvals.approvals_file());
    EXPECT_EQ(entry(evaluate_now(), "mine").state, ProfileState::PendingApproval);

    // A project that ships approvals of its own (even valid ones) is ignored and told so.
    write(project / ".uap-profiles" / "approvals.json", "{\"approved\":[]}");
    fs::create_directories(project / "UserSettings" / "AgentPanel");
    fs::copy_file(theirs.approvals_file(), project / "UserSettings" / "AgentPanel" / "profile-approvals.json",
                  fs::copy_options::overwrite_existing);
    auto catalog = evaluate_now();
    EXPECT_EQ(entry(catalog, "mine").state, ProfileState::PendingApproval);
    ASSERT_EQ(catalog.notes.size(), 1u);
    EXPECT_NE(catalog.notes[0].find("approvals are never read from a project"), std::string::npos);

    // A secret others can read proves nothing.
    ASSERT_TRUE(approve_in(evaluate_now(), "mine", "", approvals, project));
    EXPECT_EQ(entry(evaluate_now(), "mine").state, ProfileState::Active);
    fs::permissions(approvals.secret_file(), fs::perms::group_read, fs::perm_options::add);
    EXPECT_EQ(entry(evaluate_now(), "mine").state, ProfileState::PendingApproval);
}

TEST_F(Profiles, ApprovalIsRefusedForWhatNeedsNoneOrChangedSinceShown) {
    write(bundled / "b.json", profile_text("bundled-one", "", "B"));
    write(project / ".uap-profiles" / "mine.json", profile_text("mine", "", "MINE"));
    write(project / ".uap-profiles" / "bad.json", R"({"id":"bad"})");
    ApprovalStore approvals(config);
    auto catalog = evaluate_now();
    EXPECT_NE(approve_in(catalog, "bundled-one", "", approvals, project).error().message().find("trusted already"), std::string::npos);
    EXPECT_NE(approve_in(catalog, "nope", "", approvals, project).error().message().find("uap-host profiles list"), std::string::npos);
    EXPECT_NE(approve_in(catalog, "bad", "", approvals, project).error().message().find("not valid"), std::string::npos);
    auto stale = approve_in(catalog, "mine", std::string(64, '0'), approvals, project);
    ASSERT_FALSE(stale);
    EXPECT_NE(stale.error().message().find("changed since it was shown"), std::string::npos);
    EXPECT_EQ(entry(evaluate_now(), "mine").state, ProfileState::PendingApproval);
    EXPECT_TRUE(approve_in(catalog, "mine", entry(catalog, "mine").sha256, approvals, project));
}

TEST_F(Profiles, SwitchesTurnOneProfileOrAllOff) {
    write(bundled / "a.json", profile_text("alpha", "", "A"));
    write(bundled / "b.json", profile_text("beta", "", "B"));
    ASSERT_TRUE(switch_in(project, "alpha", Switch::Off));
    auto catalog = evaluate_now();
    EXPECT_EQ(entry(catalog, "alpha").state, ProfileState::SwitchedOff);
    EXPECT_EQ(entry(catalog, "beta").state, ProfileState::Active);
    ASSERT_TRUE(switch_in(project, "all", Switch::Off));
    EXPECT_TRUE(evaluate_now().active().empty());
    ASSERT_TRUE(switch_in(project, "all", Switch::On));
    ASSERT_TRUE(switch_in(project, "alpha", Switch::On));
    EXPECT_EQ(evaluate_now().active().size(), 2u);
    EXPECT_FALSE(switch_in(project, "../x", Switch::Off));
    write(ProfileSwitches::file_for(project), "{broken");
    auto unreadable = evaluate_now();
    EXPECT_EQ(unreadable.active().size(), 2u);
    ASSERT_EQ(unreadable.notes.size(), 1u);
    EXPECT_NE(unreadable.notes[0].find("every profile switch counts as on"), std::string::npos);
}

TEST_F(Profiles, InjectedTextKeepsCatalogOrderUnderHeadingsSeparatedByBlankLines) {
    write(bundled / "b-second.json", profile_text("second", "", "line two"));
    write(bundled / "a-first.json",
          R"({"id":"first","displayName":"First SDK","instructionLines":["rule 1","rule 2"],"sources":["https://a.example"]})");
    write(bundled / "c-off.json", profile_text("undetected", R"("com.none")", "never"));
    write(root / "pack" / "p.json", profile_text("packed", "", "from the pack"));
    write(project / ".uap-profiles" / "z.json", profile_text("local", "", "local rule"));
    ApprovalStore approvals(config);
    ASSERT_TRUE(approve_in(evaluate_now({{"p", root / "pack"}}), "local", "", approvals, project));
    auto sections = sections_of(evaluate_now({{"p", root / "pack"}}));
    std::vector<uap::agent::InstructionSection> converted;
    for (auto& section : sections)
        converted.push_back({section.heading, section.body});
    std::string text = uap::agent::appended_system_prompt(converted, "USER ADDITION");
    std::string expected = uap::agent::steering_text() +
                           "\n\nProfile: First SDK\nrule 1\nrule 2"
                           "\n\nProfile: Display second\nline two"
                           "\n\nProfile: Display packed\nfrom the pack"
                           "\n\nProfile: Display local\nlocal rule"
                           "\n\nUSER ADDITION";
    EXPECT_EQ(text, expected);
}

// The simulator in-process as the editor, able to play a disconnected editor.
class SimulatorLink final : public uap::api::EditorLink {
public:
    uap::editor_sim::EditorSimulator simulator{uap::editor_sim::SimulatorIdentity{}};
    bool connected = true;
    int calls = 0;
    uap::Expected<std::string> call(std::string_view method, std::string_view params, uint32_t, const uap::api::CallControl*) override {
        ++calls;
        if (!connected)
            return uap::json::error_with_object(uap::ErrorCode::Unavailable, "not_connected", "no editor is connected");
        auto reply = simulator.call(method, params);
        if (!reply.ok())
            return uap::Error::invalid_argument("the simulator refused " + std::string(method)).with_detail(reply.json);
        return reply.json;
    }
    std::string state_json() const override { return connected ? R"({"state":"connected"})" : R"({"state":"not_connected"})"; }
};

TEST_F(Profiles, TypeNamesAreAskedOnceAndAgainAfterAReloadOrAPackageChange) {
    write(bundled / "short.json", profile_text("by-short-name", "", "S", R"("AvatarThing")"));
    write(bundled / "full.json", profile_text("by-full-name", "", "F", R"("Vendor.Sdk.WorldThing")"));
    write(bundled / "wrong.json", profile_text("wrong-namespace", "", "W", R"("Other.WorldThing")"));
    SimulatorLink link;
    link.connected = false;
    ProfileService::Options options;
    options.project = project;
    options.bundled_folder = bundled;
    options.editor = &link;
    options.config_folder = config;
    ProfileService service(options);

    // No editor yet: not detected, the list says the types were not checked, and nobody waits for an editor.
    service.poll();
    EXPECT_EQ(link.calls, 0);
    auto waiting = service.catalog();
    EXPECT_EQ(entry(waiting, "by-short-name").state, ProfileState::NotDetected);
    EXPECT_NE(entry(waiting, "by-short-name").detection.find("not checked yet: no editor is connected"), std::string::npos) << entry(waiting, "by-short-name").detection;

    // The editor connects: asked at the next poll, nothing found yet.
    link.connected = true;
    service.poll();
    EXPECT_GE(link.calls, 1);
    EXPECT_EQ(entry(service.catalog(), "by-short-name").detection, "none of its types exists in the editor");

    // Types appear; without a reload or package change the cached answer stands (no editor calls).
    ASSERT_EQ(link.simulator.load_fixture(R"({"types":[{"name":"AvatarThing","namespace":"Vendor.Sdk"},{"name":"WorldThing","namespace":"Vendor.Sdk"}]})"), "");
    int before = link.calls;
    service.poll();
    EXPECT_EQ(link.calls, before);
    EXPECT_EQ(entry(service.catalog(), "by-short-name").state, ProfileState::NotDetected);

    service.invalidate_types(); // What the host does on a domain reload.
    service.poll();
    auto found = service.catalog();
    EXPECT_EQ(entry(found, "by-short-name").state, ProfileState::Active);
    EXPECT_EQ(entry(found, "by-short-name").detection, "type AvatarThing exists in the editor");
    EXPECT_EQ(entry(found, "by-full-name").state, ProfileState::Active);
    EXPECT_EQ(entry(found, "wrong-namespace").state, ProfileState::NotDetected);

    // A manifest change alone also refreshes the answers.
    before = link.calls;
    manifest(R"("com.example.other":"1.0.0")");
    service.poll();
    EXPECT_GT(link.calls, before);
}

TEST_F(Profiles, TheServiceReportsWhenTheRunningCliWasGivenAnotherSet) {
    write(bundled / "a.json", profile_text("alpha", R"("com.example.a")", "A"));
    ProfileService::Options options;
    options.project = project;
    options.bundled_folder = bundled;
    options.config_folder = config;
    ProfileService service(options);
    EXPECT_FALSE(service.poll()); // No CLI was spawned: nothing to restart.
    EXPECT_TRUE(service.sections_for_spawn().empty());
    EXPECT_FALSE(service.poll());
    manifest(R"("com.example.a":"1.0.0")"); // A package added.
    EXPECT_TRUE(service.poll());
    auto sections = service.sections_for_spawn(); // The restart.
    ASSERT_EQ(sections.size(), 1u);
    EXPECT_EQ(sections[0].body, "A");
    EXPECT_FALSE(service.poll());
    ASSERT_TRUE(service.set_switch("alpha", Switch::Off));
    EXPECT_TRUE(service.poll());
}

} // namespace

namespace {

// Runs the real `uap-host profiles ...` and returns its exit code and standard output.
std::pair<int, std::string> run_cli(const std::vector<std::string>& words) {
    std::string command = std::string("'") + UAP_PROFILES_HOST_BINARY + "' profiles";
    for (auto& word : words)
        command += " '" + word + "'"; // The test's paths hold no quotes.
    FILE* pipe = ::popen((command + " 2>/dev/null").c_str(), "r");
    std::string output;
    char buffer[4096];
    while (size_t read = std::fread(buffer, 1, sizeof buffer, pipe))
        output.append(buffer, read);
    int status = ::pclose(pipe);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, output};
}

TEST_F(Profiles, ListReportsEachBadFileClearlyAndApproveWorksFromTheCommandLine) {
    ::setenv("XDG_CONFIG_HOME", config.c_str(), 1);
    fs::path folder = project / ".uap-profiles";
    write(folder / "a-not-json.json", "this is not json");
    write(folder / "b-no-id.json", R"({"instructionLines":["x"]})");
    write(folder / "c-huge.json", R"({"id":"huge","instructionLines":[")" + std::string(70 * 1024, 'h') + R"("]})");
    write(folder / "d-long-line.json", R"({"id":"long","instructionLines":[")" + std::string(1001, 'l') + R"("]})");
    write(folder / "e-clash.json", profile_text("unity-urp", "", "not the bundled one")); // A bundled id.
    write(folder / "f-good.json", profile_text("good", "", "GOOD"));
    write(project / "Packages" / "manifest.json", "{oops");
    auto [code, text] = run_cli({"list", "--project", project.string()});
    EXPECT_EQ(code, 0);
    EXPECT_NE(text.find("a-not-json  invalid"), std::string::npos) << text;
    EXPECT_NE(text.find("not valid JSON"), std::string::npos);
    EXPECT_NE(text.find("\"id\" is missing"), std::string::npos);
    EXPECT_NE(text.find("the limit is 65536"), std::string::npos);
    EXPECT_NE(text.find("instruction line 1 is 1001 characters"), std::string::npos);
    EXPECT_NE(text.find("unity-urp  duplicate"), std::string::npos);
    EXPECT_NE(text.find("taken by the bundled profile"), std::string::npos);
    EXPECT_NE(text.find("good  pending_approval"), std::string::npos);
    EXPECT_NE(text.find("note: Packages/manifest.json was not used"), std::string::npos);

    auto [validate_code, validate_text] = run_cli({"validate", (folder / "a-not-json.json").string(), (folder / "f-good.json").string()});
    EXPECT_EQ(validate_code, 1);
    EXPECT_NE(validate_text.find("f-good.json: ok (good, 1 lines, 1 sources)"), std::string::npos) << validate_text;

    EXPECT_EQ(run_cli({"approve", "good"}).first, 2); // --project is required.
    auto [shown_code, shown] = run_cli({"show", "good", "--project", project.string()});
    EXPECT_EQ(shown_code, 0);
    EXPECT_NE(shown.find(sha256_hex(profile_text("good", "", "GOOD"))), std::string::npos);
    auto [approve_code, approved] = run_cli({"approve", "good", "--project", project.string()});
    EXPECT_EQ(approve_code, 0) << approved;
    EXPECT_NE(run_cli({"list", "--project", project.string()}).second.find("good  active"), std::string::npos);
    EXPECT_EQ(run_cli({"disable", "good", "--project", project.string()}).first, 0);
    EXPECT_NE(run_cli({"list", "--project", project.string()}).second.find("good  switched_off"), std::string::npos);
    ::unsetenv("XDG_CONFIG_HOME");
}

} // namespace

namespace {

TEST_F(Profiles, PanelCommandsRefuseMalformedInputAndSayWhatIsMissing) {
    write(project / ".uap-profiles" / "mine.json", profile_text("mine", "", "MINE"));
    ProfileService::Options options;
    options.project = project;
    options.bundled_folder = bundled;
    options.config_folder = config;
    ProfileService service(options);
    int changes = 0;
    uap::app::ProfileCommands commands(service, [&] { ++changes; });
    auto run = [&](const std::string& text, uap::app::ProfileCommands* target) {
        auto command = uap::json::parse(text);
        rapidjson::Document reply(rapidjson::kObjectType);
        std::string type = uap::json::string_field(*command, "type").value_or("");
        EXPECT_TRUE(target->handles(type)) << type;
        auto outcome = target->run(type, *command, reply);
        return std::make_pair(outcome ? std::string() : outcome.error().message(), uap::json::to_text(reply));
    };
    EXPECT_FALSE(commands.handles("list_modules"));
    EXPECT_NE(run(R"({"type":"show_profile"})", &commands).first.find("needs profile_id"), std::string::npos);
    EXPECT_NE(run(R"({"type":"show_profile","profile_id":42})", &commands).first.find("needs profile_id"), std::string::npos);
    EXPECT_NE(run(R"({"type":"show_profile","profile_id":"nope"})", &commands).first.find("no profile has the id \"nope\""), std::string::npos);
    EXPECT_NE(run(R"({"type":"approve_profile","profile_id":"mine"})", &commands).first.find("needs profile_id and sha256"), std::string::npos);
    EXPECT_NE(run(R"({"type":"approve_profile","profile_id":"mine","sha256":""})", &commands).first.find("needs profile_id and sha256"),
              std::string::npos);
    EXPECT_NE(run(R"({"type":"set_profile_enabled","profile_id":"mine","enabled":"yes"})", &commands).first.find("enabled (true or false)"),
              std::string::npos);
    EXPECT_NE(run(R"({"type":"set_profile_enabled","profile_id":"../../x","enabled":false})", &commands).first.find("not a profile id"),
              std::string::npos);
    EXPECT_EQ(changes, 0);
    EXPECT_EQ(service.catalog().find("mine")->state, ProfileState::PendingApproval);

    auto shown = run(R"({"type":"show_profile","profile_id":"mine"})", &commands);
    ASSERT_EQ(shown.first, "");
    auto reply = uap::json::parse(shown.second);
    std::string sha256 = uap::json::string_field((*reply)["profile"], "sha256").value_or("");
    EXPECT_EQ(uap::json::string_field((*reply)["profile"], "text").value_or(""), profile_text("mine", "", "MINE"));
    auto approved = run(R"({"type":"approve_profile","profile_id":"mine","sha256":")" + sha256 + R"("})", &commands);
    EXPECT_EQ(approved.first, "");
    EXPECT_EQ(uap::testing::text_at(uap::testing::element_where(approved.second, "/profiles", "/id", "mine"), "/state"), "active")
        << approved.second;
    EXPECT_EQ(changes, 1);
}

} // namespace

namespace {

// The running host asks its editor for type names and asks again after the editor's domain reload.
TEST_F(Profiles, TheHostAsksTheEditorAgainAfterADomainReload) {
    write(bundled / "reload.json", profile_text("after-reload", "", "R", R"("Studio.ReloadedThing")"));
    uap::app::HostOptions options;
    options.project = project;
    options.editor = uap::app::EditorMode::Simulator;
    options.version = "test";
    options.profiles_folder = bundled;
    uap::app::HostApplication host(options);
    ASSERT_TRUE(host.start());
    auto detection = [&] { return entry(host.profiles().catalog(), "after-reload").detection; };
    auto eventually = [](auto condition) {
        for (int attempt = 0; attempt < 100 && !condition(); ++attempt)
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        return condition();
    };
    ASSERT_TRUE(eventually([&] { return detection() == "none of its types exists in the editor"; })) << detection();
    ASSERT_EQ(host.editor().simulator()->load_fixture(R"({"types":[{"name":"ReloadedThing","namespace":"Studio"}]})"), "");
    std::this_thread::sleep_for(std::chrono::milliseconds(1200)); // Several polls: the cached answer stands.
    EXPECT_EQ(detection(), "none of its types exists in the editor");
    host.editor().simulated_editor()->inject_reload(std::chrono::milliseconds(200));
    EXPECT_TRUE(eventually([&] { return detection() == "type Studio.ReloadedThing exists in the editor"; })) << detection();
    host.stop();
}

} // namespace
