// Unit tests of the security building blocks: bearer parsing, constant-time comparison, loopback
// authorities, random ids, and owner-only token and discovery files that never hold a token.
#include "server/access_tokens.hpp"
#include "server/body_framing.hpp"
#include "support/random.hpp"
#include "server/discovery_file.hpp"
#include "server/request_guard.hpp"
#include "support/files.hpp"
#include "support/platform/platform.hpp"

#include <gtest/gtest.h>

#include <set>

namespace {

namespace fs = std::filesystem;
using namespace uap::server;

TEST(BearerCredential, AcceptsOnlyTheBearerScheme) {
    EXPECT_EQ(bearer_credential("Bearer abc").value_or(""), "abc");
    EXPECT_EQ(bearer_credential("bearer  abc ").value_or(""), "abc");
    EXPECT_FALSE(bearer_credential("Basic abc"));
    EXPECT_FALSE(bearer_credential("Bearer"));
    EXPECT_FALSE(bearer_credential("Bearer    "));
    EXPECT_FALSE(bearer_credential("abc"));
}

TEST(TokensEqual, ComparesWholeTokens) {
    EXPECT_TRUE(tokens_equal("abcdef", "abcdef"));
    EXPECT_FALSE(tokens_equal("abcdef", "abcdeg"));
    EXPECT_FALSE(tokens_equal("abcdef", "abcde"));
    EXPECT_FALSE(tokens_equal("", ""));
}

TEST(RandomHex, IsLongAndUnique) {
    std::set<std::string> seen;
    for (int index = 0; index < 100; ++index) {
        auto value = uap::random::hex(16);
        ASSERT_TRUE(value);
        EXPECT_EQ(value->size(), 32u);
        EXPECT_EQ(value->find_first_not_of("0123456789abcdef"), std::string::npos);
        seen.insert(*value);
    }
    EXPECT_EQ(seen.size(), 100u);
}

TEST(RequestGuard, LoopbackAuthorityNeedsTheActualPort) {
    AccessTokens tokens("a", "b", "c");
    RequestGuard guard(tokens, 10);
    guard.set_port(8123);
    EXPECT_TRUE(guard.is_loopback_authority("127.0.0.1:8123"));
    EXPECT_TRUE(guard.is_loopback_authority("LOCALHOST:8123"));
    EXPECT_TRUE(guard.is_loopback_authority("[::1]:8123"));
    EXPECT_FALSE(guard.is_loopback_authority("127.0.0.1"));
    EXPECT_FALSE(guard.is_loopback_authority("127.0.0.1:8124"));
    EXPECT_FALSE(guard.is_loopback_authority("127.0.0.2:8123"));
    EXPECT_FALSE(guard.is_loopback_authority("::1:8123"));
    EXPECT_FALSE(guard.is_loopback_authority("127.0.0.1:8123x"));
    EXPECT_FALSE(guard.is_loopback_authority("127.0.0.1:+8123"));
    EXPECT_FALSE(guard.is_loopback_authority("user@127.0.0.1:8123"));
}

TEST(RequestGuard, DuplicateHostOrOriginHeadersAreRejected) {
    AccessTokens tokens("a", "b", "c");
    RequestGuard guard(tokens, 10);
    guard.set_port(8123);
    HeaderList headers;
    headers.add("Host", "127.0.0.1:8123");
    headers.add("Host", "evil.example.com");
    EXPECT_TRUE(guard.check_host(headers));
    HeaderList origins;
    origins.add("Origin", "http://127.0.0.1:8123");
    origins.add("Origin", "http://evil.example.com");
    EXPECT_TRUE(guard.check_origin(origins));
}

class TokenFiles : public ::testing::Test {
protected:
    void SetUp() override {
        project = fs::temp_directory_path() / ("uap-guard-test-" + uap::random::unique_suffix());
        fs::create_directories(project);
    }
    void TearDown() override {
        std::error_code error;
        fs::remove_all(project, error);
    }
    // Owner-only as far as the system keeps it. Wine keeps no ACL (see the platform tests and
    // docs/platforms.md), so under Wine the check is what its synthesised DACL shows: nothing for Everyone.
    static void expect_owner_only(const fs::path& file) {
        std::string access = uap::platform::describe_file_access(file);
        if (uap::platform::wine_version()) {
            EXPECT_TRUE(!access.empty() && access.find(";;;WD)") == std::string::npos) << file << ": " << access;
        } else {
            EXPECT_TRUE(uap::platform::is_owner_only(file)) << file << ": " << access;
        }
        if (uap::platform::operating_system_name() != "windows") {
            EXPECT_EQ(access, "mode 0600") << file;
        }
    }
    fs::path project;
};

TEST_F(TokenFiles, AreOwnerOnlyAndTheDiscoveryFileHoldsNoToken) {
    auto tokens = AccessTokens::generate();
    ASSERT_TRUE(tokens);
    EXPECT_NE(tokens->token(Role::Mcp), tokens->token(Role::Editor));
    ASSERT_TRUE(tokens->write_files(project));
    Discovery discovery;
    discovery.pid = uap::platform::current_process_id();
    discovery.port = 1234;
    for (Role role : all_roles) {
        fs::path file = AccessTokens::file_for(project, role);
        expect_owner_only(file);
        auto read = AccessTokens::read_file(file);
        ASSERT_TRUE(read);
        EXPECT_EQ(*read, tokens->token(role));
        discovery.token_files[to_string(role)] = file;
    }
    ASSERT_TRUE(write_discovery(project, discovery));
    fs::path file = discovery_file_for(project);
    expect_owner_only(file);
    auto text = uap::files::read(file, 100000);
    ASSERT_TRUE(text);
    for (Role role : all_roles)
        EXPECT_EQ(text->find(tokens->token(role)), std::string::npos);
    auto back = read_discovery(project);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->port, 1234);
    EXPECT_EQ(back->token_files.at("mcp"), AccessTokens::file_for(project, Role::Mcp));
    remove_discovery(project, discovery.pid + 1);
    EXPECT_TRUE(fs::exists(file)) << "another process's discovery file must stay";
    remove_discovery(project, discovery.pid);
    EXPECT_FALSE(fs::exists(file));
}

HeaderList headers_of(std::initializer_list<std::pair<const char*, const char*>> fields) {
    HeaderList headers;
    for (auto& [name, value] : fields)
        headers.add(name, value);
    return headers;
}

int refusal_status(std::string_view method, const HeaderList& headers) {
    auto framing = read_body_framing(method, headers);
    auto* refusal = std::get_if<Rejection>(&framing);
    return refusal ? refusal->status : 0;
}

TEST(BodyFraming, ReadsTheLengthOrChunkedFromTheHead) {
    auto declared = read_body_framing("POST", headers_of({{"Content-Length", " 42 "}}));
    ASSERT_TRUE(std::holds_alternative<BodyFraming>(declared));
    EXPECT_EQ(std::get<BodyFraming>(declared).kind, BodyFraming::Kind::Length);
    EXPECT_EQ(std::get<BodyFraming>(declared).length, 42u);
    EXPECT_TRUE(std::get<BodyFraming>(declared).body_follows());
    auto chunked = read_body_framing("POST", headers_of({{"transfer-encoding", "Chunked"}}));
    ASSERT_TRUE(std::holds_alternative<BodyFraming>(chunked));
    EXPECT_EQ(std::get<BodyFraming>(chunked).kind, BodyFraming::Kind::Chunked);
    auto empty = read_body_framing("POST", headers_of({{"Content-Length", "0"}, {"content-length", "0"}}));
    ASSERT_TRUE(std::holds_alternative<BodyFraming>(empty));
    EXPECT_FALSE(std::get<BodyFraming>(empty).body_follows());
    for (const char* method : {"GET", "HEAD", "DELETE", "OPTIONS"})
        EXPECT_EQ(refusal_status(method, {}), 0) << method;
}

TEST(BodyFraming, RefusesHeadsThatDoNotSayWhereTheBodyEnds) {
    for (const char* method : {"POST", "PUT", "PATCH"})
        EXPECT_EQ(refusal_status(method, {}), 411) << method;
    for (const char* value : {"-5", "+5", "5 5", "5,5", "abc", "", "0x10", "99999999999999999999"})
        EXPECT_EQ(refusal_status("POST", headers_of({{"Content-Length", value}})), 400) << value;
    EXPECT_EQ(refusal_status("POST", headers_of({{"Content-Length", "5"}, {"Content-Length", "6"}})), 400);
    EXPECT_EQ(refusal_status("POST", headers_of({{"Transfer-Encoding", "chunked"}, {"Content-Length", "5"}})), 400);
    EXPECT_EQ(refusal_status("POST", headers_of({{"Transfer-Encoding", "gzip, chunked"}})), 501);
    EXPECT_EQ(refusal_status("POST", headers_of({{"Transfer-Encoding", "chunked"}, {"Transfer-Encoding", "chunked"}})), 501);
    auto refused = read_body_framing("POST", {});
    EXPECT_NE(std::get<Rejection>(refused).reason.find("send Content-Length: N"), std::string::npos);
}

} // namespace
