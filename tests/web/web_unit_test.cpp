// The browser panel's host side without sockets: one-time codes (single use, expiry on an injected
// clock), the session cookie and its flags, the guard taking a cookie only with this server's
// Origin, prefix routes open to anyone still checking Host and Origin, and static files that
// never leave their folder.
#include "server/router.hpp"
#include "web/web_panel.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

using namespace uap;
namespace fs = std::filesystem;

namespace {

constexpr uint16_t port = 4567;
const std::string origin = "http://127.0.0.1:4567";

// The sign-in's time, which each test sets by hand.
struct SettableTime {
    web::BrowserLogin::Clock::time_point now = web::BrowserLogin::Clock::time_point(std::chrono::hours(1));
};

server::HttpRequest get(std::string path, std::string query = "") {
    server::HttpRequest request;
    request.method = "GET";
    request.path = std::move(path);
    request.query = std::move(query);
    request.headers.add("Host", "127.0.0.1:4567");
    return request;
}

class WebPanelTest : public ::testing::Test {
protected:
    void SetUp() override {
        char pattern[] = "/tmp/uapweb-XXXXXX";
        ASSERT_NE(::mkdtemp(pattern), nullptr);
        root = pattern;
        fs::create_directories(root / "files" / "vendor");
        fs::create_directories(root / "files" / ".secret");
        std::ofstream(root / "files" / "index.html") << "<!doctype html><title>panel</title>";
        std::ofstream(root / "files" / "app.js") << "export {};";
        std::ofstream(root / "files" / "vendor" / "lib.min.js") << "var x;";
        std::ofstream(root / "files" / ".secret" / "a.js") << "OUTSIDE-CONTENT-7731";
        std::ofstream(root / "files" / "notes.md") << "not served";
        std::ofstream(root / "outside.js") << "OUTSIDE-CONTENT-7731";
        guard.set_port(port);
        panel = std::make_unique<web::WebPanel>(root / "files");
        panel->install(router, guard);
    }
    void TearDown() override { fs::remove_all(root); }

    std::string sign_in() {
        auto url = panel->sign_in_url(port);
        EXPECT_TRUE(url);
        return url->substr(url->find("code=") + 5);
    }

    fs::path root;
    server::AccessTokens tokens{"mcp-token-0123456789abcdef", "editor-token-0123456789abcd", "panel-token-0123456789abcde"};
    server::RequestGuard guard{tokens, server::default_max_body_bytes};
    server::Router router{guard};
    std::unique_ptr<web::WebPanel> panel;
};

} // namespace

TEST(BrowserLogin, ACodeWorksOnceAndOnlyWithinItsLifetime) {
    SettableTime clock;
    web::BrowserLogin login([&] { return clock.now; });
    auto code = login.issue_code();
    ASSERT_TRUE(code);
    EXPECT_EQ(code->size(), 48u);
    auto session = login.redeem(*code);
    ASSERT_TRUE(session);
    EXPECT_EQ(session->size(), 64u);
    auto again = login.redeem(*code);
    ASSERT_FALSE(again);
    EXPECT_NE(again.error().message().find("already used"), std::string::npos);
    EXPECT_NE(again.error().message().find("uap-host open --project"), std::string::npos);

    auto late = login.issue_code();
    ASSERT_TRUE(late);
    clock.now += web::code_lifetime + std::chrono::seconds(1);
    auto expired = login.redeem(*late);
    ASSERT_FALSE(expired);
    EXPECT_NE(expired.error().message().find("expired"), std::string::npos);
    EXPECT_FALSE(login.redeem(*late)) << "an expired code is spent too";

    auto in_time = login.issue_code();
    clock.now += web::code_lifetime;
    EXPECT_TRUE(login.redeem(*in_time)) << "exactly at the lifetime the code still works";
    EXPECT_FALSE(login.redeem(""));
    EXPECT_FALSE(login.redeem(std::string(100000, 'a')));
}

TEST(BrowserLogin, OldCodesAndSessionsAreDroppedBeyondTheCaps) {
    web::BrowserLogin login;
    auto first = login.issue_code();
    for (size_t index = 0; index < web::max_live_codes; ++index)
        ASSERT_TRUE(login.issue_code());
    EXPECT_FALSE(login.redeem(*first));

    std::string oldest;
    for (size_t index = 0; index <= web::max_live_sessions; ++index) {
        auto code = login.issue_code();
        ASSERT_TRUE(code);
        auto session = login.redeem(*code);
        ASSERT_TRUE(session);
        if (index == 0)
            oldest = *session;
    }
    server::HeaderList headers;
    headers.add("Cookie", "uap_panel=" + oldest);
    EXPECT_FALSE(login.accepts(headers));
}

TEST(BrowserLogin, CookiesAreFoundAmongOthersAndForgeriesFail) {
    web::BrowserLogin login;
    auto code = login.issue_code();
    ASSERT_TRUE(code);
    auto session = login.redeem(*code);
    ASSERT_TRUE(session);
    server::HeaderList headers;
    headers.add("Cookie", "theme=dark; uap_panel=" + *session + "; other=1");
    EXPECT_TRUE(login.accepts(headers));
    for (std::string forged : {std::string("uap_panel="), "uap_panel=" + session->substr(1), "uap_panel=" + *session + "0",
                               "uap_panelx=" + *session, "x=uap_panel=" + *session, std::string("uap_panel")}) {
        server::HeaderList forgery;
        forgery.add("Cookie", forged);
        EXPECT_FALSE(login.accepts(forgery)) << forged;
    }
    EXPECT_FALSE(login.accepts(server::HeaderList{}));
    EXPECT_EQ(web::session_cookie_header("abc"), "uap_panel=abc; Path=/; HttpOnly; SameSite=Strict");
}

TEST_F(WebPanelTest, TheSignInExchangeSetsTheCookieOnceAndRedirects) {
    std::string code = sign_in();
    auto response = router.handle(get("/login", "code=" + code));
    EXPECT_EQ(response.status, 303);
    ASSERT_TRUE(response.headers.find("Location"));
    EXPECT_EQ(*response.headers.find("Location"), "/");
    ASSERT_TRUE(response.headers.find("Set-Cookie"));
    const std::string& cookie = *response.headers.find("Set-Cookie");
    EXPECT_NE(cookie.find("HttpOnly"), std::string::npos);
    EXPECT_NE(cookie.find("SameSite=Strict"), std::string::npos);
    EXPECT_EQ(cookie.find("Domain"), std::string::npos);
    EXPECT_EQ(*response.headers.find("Referrer-Policy"), "no-referrer");
    EXPECT_EQ(router.handle(get("/login", "code=" + code)).status, 403);
    EXPECT_EQ(router.handle(get("/login")).status, 400);
    EXPECT_EQ(router.handle(get("/login", "code=%zz")).status, 400) << "a malformed query is no code at all";
    auto post = get("/login", "code=" + sign_in());
    post.method = "POST";
    EXPECT_EQ(router.handle(post).status, 405);
    // Host and Origin are checked even on this open route.
    auto rebinding = get("/login", "code=" + sign_in());
    rebinding.headers = server::HeaderList{};
    rebinding.headers.add("Host", "attacker.example:4567");
    EXPECT_EQ(router.handle(rebinding).status, 403);
}

TEST_F(WebPanelTest, CodesAreIssuedOnlyToTheHolderOfThePanelToken) {
    auto request = get("/login-code");
    request.method = "POST";
    EXPECT_EQ(router.handle(request).status, 401);
    request.headers.add("Authorization", "Bearer " + tokens.token(server::Role::Mcp));
    EXPECT_EQ(router.handle(request).status, 401);
    auto authorised = get("/login-code");
    authorised.method = "POST";
    authorised.headers.add("Authorization", "Bearer " + tokens.token(server::Role::Panel));
    auto response = router.handle(authorised);
    EXPECT_EQ(response.status, 200);
    EXPECT_NE(response.body.find("http://127.0.0.1:4567/login?code="), std::string::npos);
}

TEST_F(WebPanelTest, ThePanelRoleTakesTheCookieOnlyWithThisServersOrigin) {
    auto session = panel->login().redeem(sign_in());
    ASSERT_TRUE(session);
    auto headers_with = [&](std::optional<std::string> request_origin, std::string cookie) {
        server::HeaderList headers;
        headers.add("Host", "127.0.0.1:4567");
        if (request_origin)
            headers.add("Origin", *request_origin);
        headers.add("Cookie", "uap_panel=" + cookie);
        return headers;
    };
    EXPECT_FALSE(guard.check_all(headers_with(origin, *session), 0, server::Role::Panel));
    EXPECT_FALSE(guard.check_all(headers_with("http://localhost:4567", *session), 0, server::Role::Panel));
    EXPECT_EQ(guard.check_all(headers_with(std::nullopt, *session), 0, server::Role::Panel)->status, 401);
    EXPECT_EQ(guard.check_all(headers_with("http://127.0.0.1:4568", *session), 0, server::Role::Panel)->status, 403);
    EXPECT_EQ(guard.check_all(headers_with("http://evil.example", *session), 0, server::Role::Panel)->status, 403);
    EXPECT_EQ(guard.check_all(headers_with(origin, "forged"), 0, server::Role::Panel)->status, 401);
    // The cookie opens the panel role only, never MCP or the editor bridge.
    EXPECT_EQ(guard.check_all(headers_with(origin, *session), 0, server::Role::Mcp)->status, 401);
    EXPECT_EQ(guard.check_all(headers_with(origin, *session), 0, server::Role::Editor)->status, 401);
    auto refusal = guard.check_all(headers_with(origin, "forged"), 0, server::Role::Panel);
    EXPECT_NE(refusal->reason.find("uap-host open --project DIR"), std::string::npos);
}

TEST_F(WebPanelTest, StaticFilesNeverLeaveTheirFolder) {
    auto index = router.handle(get("/"));
    EXPECT_EQ(index.status, 200);
    EXPECT_EQ(index.content_type, "text/html; charset=utf-8");
    EXPECT_NE(index.body.find("<title>panel</title>"), std::string::npos);
    EXPECT_NE(index.headers.find("Content-Security-Policy")->find("script-src 'self'"), std::string::npos);
    EXPECT_EQ(*index.headers.find("X-Content-Type-Options"), "nosniff");
    auto script = router.handle(get("/vendor/lib.min.js"));
    EXPECT_EQ(script.status, 200);
    EXPECT_EQ(script.content_type, "text/javascript; charset=utf-8");
    for (std::string path : {"/../outside.js", "/vendor/../../outside.js", "/%2e%2e/outside.js", "/.secret/a.js", "/notes.md", "/vendor",
                             "/vendor/", "//etc/passwd", "/app.js\\..\\..\\outside.js", "/missing.js", "/app.js/"}) {
        auto response = router.handle(get(path));
        EXPECT_EQ(response.status, 404) << path;
        EXPECT_EQ(response.body.find("OUTSIDE-CONTENT-7731"), std::string::npos) << path;
    }
    auto post = get("/app.js");
    post.method = "POST";
    EXPECT_EQ(router.handle(post).status, 405);
    auto rebinding = get("/");
    rebinding.headers = server::HeaderList{};
    rebinding.headers.add("Host", "evil.example:4567");
    EXPECT_EQ(router.handle(rebinding).status, 403);
}

TEST_F(WebPanelTest, StaticFilesRefuseLinksInsideTheirFolder) {
    std::error_code error;
    fs::create_symlink(root / "outside.js", root / "files" / "linked.js", error);
    fs::create_directory_symlink(root, root / "files" / "linkdir", error);
    if (error)
        GTEST_SKIP() << "this system cannot make symbolic links";
    for (std::string path : {"/linked.js", "/linkdir/outside.js"}) {
        auto response = router.handle(get(path));
        EXPECT_EQ(response.status, 404) << path;
        EXPECT_EQ(response.body.find("OUTSIDE-CONTENT-7731"), std::string::npos) << path;
        EXPECT_NE(response.body.find("symbolic link"), std::string::npos) << response.body;
    }
}

TEST_F(WebPanelTest, ExactRoutesWinOverThePrefixRoute) {
    router.add(server::Route{"/mcp", server::Role::Mcp, [](const server::HttpRequest&) { return server::HttpResponse{}; }});
    EXPECT_EQ(router.handle(get("/mcp")).status, 401) << "/mcp keeps its token check although '/' matches every path";
    EXPECT_EQ(router.find("/mcp")->path, "/mcp");
    EXPECT_EQ(router.find("/mcp/x")->path, "/");
}
