// Signed packs: signing and checking a pack folder, every kind of change after signing, damaged and
// hostile signature files, trust files, signing keys on disk, a tampered pack the host will not
// load, and `modules install` / `keygen` / `trust` as a user meets them.
#include "test_support.hpp"

#include "modules/module_host.hpp"
#include "modules/pack_signature.hpp"
#include "modules/publisher_trust.hpp"
#include "support/json.hpp"
#include "support/platform/platform.hpp"

#include <gtest/gtest.h>

#include <Poco/Zip/Compress.h>

#include <fstream>
#include <functional>
#include <map>

namespace {

namespace fs = std::filesystem;
using namespace uap::modules;
using uap::testing::fixture_pack;
using uap::testing::read_text_file;
using uap::testing::TemporaryFolder;
using uap::testing::write_text_file;

class PackSignature : public ::testing::Test {
protected:
    TemporaryFolder scratch;
    fs::path key_file = scratch.path() / "signing-key.json";
    Publisher publisher = *SigningKey::create(key_file, "Example Ltd");

    // A copy of the echo fixture pack, so signing never touches the build tree.
    fs::path pack_copy(const std::string& name = "pack") const {
        fs::path copy = scratch.path() / name / "fixture.echo";
        fs::create_directories(copy.parent_path());
        fs::copy(fixture_pack("fixture.echo"), copy, fs::copy_options::recursive);
        return copy;
    }
    fs::path signed_pack(const std::string& name = "pack") const {
        fs::path pack = pack_copy(name);
        auto key = SigningKey::read(key_file);
        EXPECT_TRUE(key) << key.error().message();
        auto signed_files = key->sign_pack(pack);
        EXPECT_TRUE(signed_files) << signed_files.error().message();
        EXPECT_EQ(*signed_files, 2u); // The manifest and the library.
        return pack;
    }
    PublisherTrust trust_of(const std::vector<Publisher>& publishers) const {
        fs::path file = scratch.path() / ("trust-" + std::to_string(++m_trust_files) + ".json");
        for (auto& entry : publishers)
            EXPECT_TRUE(trust_publisher(file, entry));
        auto trust = PublisherTrust::read({file});
        EXPECT_TRUE(trust) << trust.error().message();
        return *trust;
    }
    std::string library_name(const fs::path& pack) const {
        for (auto& entry : fs::directory_iterator(pack))
            if (entry.path().filename().string().find("fixture_echo") != std::string::npos)
                return entry.path().filename().string();
        return "";
    }

private:
    mutable int m_trust_files = 0;
};

TEST_F(PackSignature, ASignedPackIsTrustedOnlyWhenATrustFileListsItsKeyAndThenCarriesTheTrustedName) {
    fs::path pack = signed_pack();
    auto untrusted = check_pack_signature(pack, trust_of({}));
    EXPECT_EQ(untrusted.state, SignatureState::Untrusted);
    EXPECT_EQ(untrusted.publisher, "Example Ltd"); // What the pack claims.
    EXPECT_EQ(untrusted.public_key, publisher.public_key);

    auto trusted = check_pack_signature(pack, trust_of({{"Example (verified by us)", publisher.public_key}}));
    EXPECT_EQ(trusted.state, SignatureState::Trusted);
    EXPECT_EQ(trusted.publisher, "Example (verified by us)"); // The trust file's name wins over the claim.
    EXPECT_TRUE(trusted.detail.empty());

    EXPECT_EQ(check_pack_signature(pack_copy("unsigned"), trust_of({})).state, SignatureState::Unsigned);
}

TEST_F(PackSignature, EveryChangeAfterSigningBreaksTheSignatureAndIsNamed) {
    auto trust = trust_of({{"Example Ltd", publisher.public_key}});
    std::map<std::string, std::function<void(const fs::path&)>> changes = {
        {"uap-module.json was changed", [](const fs::path& pack) {
             std::string text = read_text_file(pack / "uap-module.json");
             write_text_file(pack / "uap-module.json", text.replace(text.find("1.0.0"), 5, "1.0.1"));
         }},
        {"profiles/extra.json was added", [](const fs::path& pack) {
             fs::create_directories(pack / "profiles");
             write_text_file(pack / "profiles" / "extra.json", "{}");
         }},
        {"was changed since", [this](const fs::path& pack) { std::ofstream(pack / library_name(pack), std::ios::app) << '\0'; }},
        {"is missing", [](const fs::path& pack) { fs::remove(pack / "uap-module.json"); }},
        {"the signature file was edited", [](const fs::path& pack) {
             std::string text = read_text_file(pack / signature_file_name);
             write_text_file(pack / signature_file_name, text.replace(text.find("Example Ltd"), 11, "Example Inc"));
         }},
    };
    int index = 0;
    for (auto& [expected, change] : changes) {
        fs::path pack = signed_pack("changed-" + std::to_string(++index));
        change(pack);
        auto check = check_pack_signature(pack, trust);
        EXPECT_EQ(check.state, SignatureState::Broken) << expected;
        EXPECT_NE(check.detail.find(expected), std::string::npos) << check.detail;
    }
}

TEST_F(PackSignature, ASignatureMadeWithAnotherKeyDoesNotHoldUnderTheTrustedKey) {
    fs::path pack = signed_pack();
    // Someone re-signs the pack with a key of their own but claims the trusted key.
    fs::path other_key = scratch.path() / "other-key.json";
    ASSERT_TRUE(SigningKey::create(other_key, "Example Ltd"));
    ASSERT_TRUE(SigningKey::read(other_key)->sign_pack(pack));
    std::string text = read_text_file(pack / signature_file_name);
    auto other_public = *uap::json::string_field(*uap::json::parse(text), "publicKey");
    write_text_file(pack / signature_file_name, text.replace(text.find(other_public), other_public.size(), publisher.public_key));
    auto check = check_pack_signature(pack, trust_of({{"Example Ltd", publisher.public_key}}));
    EXPECT_EQ(check.state, SignatureState::Broken);
    EXPECT_NE(check.detail.find("made with another key"), std::string::npos) << check.detail;
}

TEST_F(PackSignature, DamagedOrHostileSignatureFilesAreBrokenWithAReasonAndNeverTrusted) {
    auto trust = trust_of({{"Example Ltd", publisher.public_key}});
    std::vector<std::pair<std::string, std::string>> files = {
        {"not JSON", "is not a JSON object"},
        {"[1, 2]", "is not a JSON object"},
        {R"({"format": "uap-pack-signature-9"})", "is not of the format uap-pack-signature-1"},
        {R"({"format": "uap-pack-signature-1", "publisher": "x", "publicKey": "ed25519:AAAA", "files": {}, "signature": "AAAA"})",
         "lacks a valid publisher"},
        {R"({"format": "uap-pack-signature-1", "publisher": "a\nb", "publicKey": ")" + publisher.public_key +
             R"(", "files": {}, "signature": "AAAA"})",
         "lacks a valid publisher"},
        {R"({"format": "uap-pack-signature-1", "publisher": "x", "publicKey": ")" + publisher.public_key +
             R"(", "files": {}, "signature": "not base64!"})",
         "is not 64 bytes in base64"},
        {R"({"format": "uap-pack-signature-1", "publisher": "x", "publicKey": ")" + publisher.public_key +
             R"(", "files": {"a": 1}, "signature": ")" + std::string(86, 'A') + "==\"}",
         "whose hash is not text"},
        {std::string(5 * 1024 * 1024, ' '), "cannot read"},
    };
    int index = 0;
    for (auto& [content, expected] : files) {
        fs::path pack = pack_copy("hostile-" + std::to_string(++index));
        write_text_file(pack / signature_file_name, content);
        auto check = check_pack_signature(pack, trust);
        EXPECT_EQ(check.state, SignatureState::Broken) << expected;
        EXPECT_NE(check.detail.find(expected), std::string::npos) << check.detail;
    }
}

TEST_F(PackSignature, AFileNameWithALineBreakCannotBeSignedNorPassForTwoSignedFiles) {
    if (uap::platform::operating_system_name() == "windows")
        GTEST_SKIP() << "Windows file names cannot hold a line break";
    fs::path pack = pack_copy();
    write_text_file(pack / "two\nlines.txt", "x");
    auto key = SigningKey::read(key_file);
    ASSERT_TRUE(key);
    auto refused = key->sign_pack(pack);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message().find("line break"), std::string::npos) << refused.error().message();

    // Signed first, then such a file added: the check refuses it too.
    fs::path signed_folder = signed_pack("then-renamed");
    write_text_file(signed_folder / "a\nb", "x");
    auto check = check_pack_signature(signed_folder, trust_of({{"Example Ltd", publisher.public_key}}));
    EXPECT_EQ(check.state, SignatureState::Broken);
    EXPECT_NE(check.detail.find("line break"), std::string::npos) << check.detail;
}

TEST_F(PackSignature, TrustFilesAreReadStrictlyAndRefusalsNameTheFileAndTheFix) {
    fs::path file = scratch.path() / "trusted-publishers.json";
    for (const std::string& bad : std::vector<std::string>{"{", R"({"publishers": {}})", R"({"publishers": [{"name": "x", "publicKey": "ed25519:short"}]})",
                            R"({"publishers": [{"name": "", "publicKey": ")" + publisher.public_key + "\"}]}"}) {
        write_text_file(file, bad);
        auto trust = PublisherTrust::read({file});
        ASSERT_FALSE(trust) << bad;
        EXPECT_NE(trust.error().message().find(file.string()), std::string::npos) << trust.error().message();
        EXPECT_NE(trust.error().message().find("uap-host modules trust KEY --publisher NAME"), std::string::npos);
    }
    fs::remove(file);
    EXPECT_TRUE(PublisherTrust::read({file, scratch.path() / "also-missing.json"})); // Missing files trust no one.

    // Trusting the same key again renames it; a second file adds to the first.
    ASSERT_TRUE(trust_publisher(file, {"Example", publisher.public_key}));
    ASSERT_TRUE(trust_publisher(file, {"Example Ltd", publisher.public_key}));
    fs::path project_file = scratch.path() / "project-trust.json";
    fs::path second_key = scratch.path() / "second-key.json";
    auto second = SigningKey::create(second_key, "Second");
    ASSERT_TRUE(trust_publisher(project_file, *second));
    auto trust = PublisherTrust::read({file, project_file});
    ASSERT_TRUE(trust);
    ASSERT_EQ(trust->publishers().size(), 2u);
    EXPECT_EQ(trust->find(publisher.public_key)->name, "Example Ltd");
    EXPECT_EQ(trust->find(second->public_key)->name, "Second");

    EXPECT_FALSE(trust_publisher(file, {"Line\nbreak", publisher.public_key}));
    auto not_a_key = trust_publisher(file, {"Example", "ssh-ed25519 AAAA"});
    ASSERT_FALSE(not_a_key);
    EXPECT_NE(not_a_key.error().message().find("`uap-host modules keygen` prints it"), std::string::npos);
}

TEST_F(PackSignature, SigningKeysAreOwnerOnlyNeverOverwrittenAndMustMatchTheirPublicHalf) {
    EXPECT_FALSE(uap::platform::readable_by_others(key_file));
    std::string before = read_text_file(key_file);
    auto again = SigningKey::create(key_file, "Someone Else");
    ASSERT_FALSE(again);
    EXPECT_NE(again.error().message().find("never overwritten"), std::string::npos);
    EXPECT_EQ(read_text_file(key_file), before);

    // A key file whose public half is not the secret's own: refused, not used to sign.
    fs::path other = scratch.path() / "other-key.json";
    auto other_publisher = SigningKey::create(other, "Other");
    std::string text = read_text_file(other);
    write_text_file(other, text.replace(text.find(other_publisher->public_key), other_publisher->public_key.size(), publisher.public_key));
    if (uap::platform::operating_system_name() != "windows") {
        fs::permissions(other, fs::perms::owner_read | fs::perms::owner_write, fs::perm_options::replace);
        auto mismatched = SigningKey::read(other);
        ASSERT_FALSE(mismatched);
        EXPECT_NE(mismatched.error().message().find("is not a signing key"), std::string::npos);

        // Readable by others: refused with the command that fixes it.
        fs::permissions(key_file, fs::perms::group_read | fs::perms::others_read, fs::perm_options::add);
        auto shared = SigningKey::read(key_file);
        ASSERT_FALSE(shared);
        EXPECT_NE(shared.error().message().find("chmod 600"), std::string::npos) << shared.error().message();
    }
}

TEST_F(PackSignature, TheHostDoesNotLoadAPackChangedAfterSigningAndReportsWhoSignedTheOthers) {
    fs::path plugins = scratch.path() / "plugins";
    fs::path trusted = signed_pack("plugins-source");
    fs::create_directories(plugins);
    fs::rename(trusted, plugins / "fixture.echo");
    auto trust = std::make_shared<const PublisherTrust>(trust_of({{"Example Ltd", publisher.public_key}}));
    {
        ModuleHost::Options options;
        options.folders = {{plugins, Origin::Bundled}}; // In-process: bundled packs are checked the same way.
        options.trust = trust;
        ModuleHost host(std::move(options));
        ASSERT_EQ(host.packs().size(), 1u);
        EXPECT_EQ(host.packs()[0]->state, PackState::Loaded) << host.packs()[0]->reason;
        EXPECT_EQ(host.packs()[0]->signature.state, SignatureState::Trusted);
        EXPECT_EQ(host.packs()[0]->signature.publisher, "Example Ltd");
    }
    std::ofstream(plugins / "fixture.echo" / library_name(plugins / "fixture.echo"), std::ios::app) << '\0';
    ModuleHost::Options options;
    options.folders = {{plugins, Origin::Bundled}};
    options.trust = trust;
    ModuleHost host(std::move(options));
    ASSERT_EQ(host.packs().size(), 1u);
    const PackReport& pack = *host.packs()[0];
    EXPECT_EQ(pack.state, PackState::Failed);
    EXPECT_EQ(pack.signature.state, SignatureState::Broken);
    EXPECT_NE(pack.reason.find("its signature does not hold"), std::string::npos) << pack.reason;
    EXPECT_NE(pack.reason.find("uap-host modules install ARCHIVE --replace"), std::string::npos) << pack.reason;
    EXPECT_EQ(host.find_tool("fixture_echo"), nullptr);
}

// `modules install`, `keygen` and `trust` from the command line, with a trust file of their own.
class SignedInstall : public uap::testing::HostProcessTest {
protected:
    TemporaryFolder config;
    TemporaryFolder scratch;
    uap::testing::ProcessResult run(std::vector<std::string> arguments) const {
        auto variables = environment();
        variables["XDG_CONFIG_HOME"] = config.path().string();
        variables["APPDATA"] = config.path().string();
        return uap::testing::run_host(arguments, variables);
    }
    fs::path zip_of(const fs::path& folder, const std::string& name) const {
        fs::path archive = scratch.path() / name;
        std::ofstream out(archive, std::ios::binary);
        Poco::Zip::Compress compress(out, true);
        compress.addRecursive(Poco::Path(folder.string() + "/"), Poco::Zip::ZipCommon::CL_NORMAL, false, Poco::Path("fixture.echo"));
        compress.close();
        return archive;
    }
};

TEST_F(SignedInstall, UnsignedUntrustedAndTamperedPacksAreRefusedWithTheFixAndATrustedOneInstalls) {
    fs::path key = scratch.path() / "key.json";
    auto generated = run({"modules", "keygen", "--publisher", "Example Ltd", "--output", key.string()});
    ASSERT_EQ(generated.exit_code, 0) << generated.err;
    auto key_text = read_text_file(key);
    std::string secret = key_text.substr(key_text.find("\"secretKey\""));
    secret = secret.substr(secret.find(": \"") + 3, 40);
    EXPECT_EQ(generated.out.find(secret), std::string::npos) << "keygen printed the secret key";
    std::string public_key = generated.out.substr(generated.out.find("public key: ") + 12);
    public_key = public_key.substr(0, public_key.find_first_of("\r\n"));

    fs::path pack = scratch.path() / "fixture.echo";
    fs::copy(fixture_pack("fixture.echo"), pack, fs::copy_options::recursive);
    auto unsigned_refused = run({"modules", "install", pack.string()});
    EXPECT_EQ(unsigned_refused.exit_code, 1);
    EXPECT_NE(unsigned_refused.err.find("the pack is unsigned"), std::string::npos) << unsigned_refused.err;
    EXPECT_NE(unsigned_refused.err.find("--allow-unsigned`"), std::string::npos) << unsigned_refused.err;
    EXPECT_TRUE(fs::is_empty(user_plugins.path()));

    auto signed_pack = run({"modules", "sign", pack.string(), "--key", key.string()});
    ASSERT_EQ(signed_pack.exit_code, 0) << signed_pack.err;
    fs::path archive = zip_of(pack, "signed.zip");
    auto untrusted = run({"modules", "install", archive.string()});
    EXPECT_EQ(untrusted.exit_code, 1);
    EXPECT_NE(untrusted.err.find("uap-host modules trust " + public_key + " --publisher " + uap::platform::shell_word("Example Ltd")),
              std::string::npos)
        << untrusted.err;

    // The archive's manifest changed after signing: refused even with --allow-unsigned, nothing left behind.
    std::string manifest = read_text_file(pack / "uap-module.json");
    write_text_file(pack / "uap-module.json", manifest.replace(manifest.find("1.0.0"), 5, "1.0.1"));
    auto tampered = run({"modules", "install", "--allow-unsigned", zip_of(pack, "tampered.zip").string()});
    EXPECT_EQ(tampered.exit_code, 1);
    EXPECT_NE(tampered.err.find("signature does not hold (uap-module.json was changed since it was signed)"), std::string::npos)
        << tampered.err;
    EXPECT_TRUE(fs::is_empty(user_plugins.path()));

    ASSERT_EQ(run({"modules", "trust", public_key, "--publisher", "Example Ltd"}).exit_code, 0);
    auto installed = run({"modules", "install", archive.string()});
    ASSERT_EQ(installed.exit_code, 0) << installed.err;
    EXPECT_NE(installed.out.find("publisher: Example Ltd (signature checked, key " + public_key + ")"), std::string::npos) << installed.out;
    auto listed = run({"modules", "list"});
    EXPECT_NE(listed.out.find("publisher: Example Ltd (signature checked"), std::string::npos) << listed.out;
    EXPECT_NE(listed.out.find("publisher: unsigned"), std::string::npos) << "the bundled packs of a test build are unsigned";
}

TEST_F(SignedInstall, TheProjectsTrustFileIsWrittenThroughRealFoldersOnlyAndReadByInstall) {
    TemporaryFolder project;
    fs::path key = scratch.path() / "key.json";
    auto generated = run({"modules", "keygen", "--publisher", "Team", "--output", key.string()});
    ASSERT_EQ(generated.exit_code, 0) << generated.err;
    std::string public_key = generated.out.substr(generated.out.find("public key: ") + 12);
    public_key = public_key.substr(0, public_key.find_first_of("\r\n"));
    if (uap::platform::operating_system_name() != "windows") {
        // A cloned project whose ProjectSettings is a link out of it: the trust file is not written there.
        TemporaryFolder outside;
        fs::create_directory_symlink(outside.path(), project.path() / "ProjectSettings");
        auto refused = run({"modules", "trust", public_key, "--publisher", "Team", "--project", project.path().string()});
        EXPECT_EQ(refused.exit_code, 1);
        EXPECT_TRUE(fs::is_empty(outside.path())) << "the trust file was written through the link";
        fs::remove(project.path() / "ProjectSettings");
    }
    ASSERT_EQ(run({"modules", "trust", public_key, "--publisher", "Team", "--project", project.path().string()}).exit_code, 0);
    EXPECT_TRUE(fs::is_regular_file(project.path() / "ProjectSettings" / "AgentPanel" / "trusted-publishers.json"));

    fs::path pack = scratch.path() / "fixture.echo";
    fs::copy(fixture_pack("fixture.echo"), pack, fs::copy_options::recursive);
    ASSERT_EQ(run({"modules", "sign", pack.string(), "--key", key.string()}).exit_code, 0);
    EXPECT_EQ(run({"modules", "install", pack.string()}).exit_code, 1) << "the user's trust file does not list the team's key";
    auto installed = run({"modules", "install", pack.string(), "--project", project.path().string()});
    ASSERT_EQ(installed.exit_code, 0) << installed.err;
    EXPECT_NE(installed.out.find("publisher: Team (signature checked"), std::string::npos) << installed.out;
}

} // namespace
