// The browser panel on the host's one server: its static files at "/", the sign-in exchange at
// "/login?code=..." (code → session cookie), and "/login-code", where a holder of the panel token
// (`uap-host open`) asks for a one-time code. The /panel WebSocket itself belongs to panel/.
#pragma once

#include "server/router.hpp"
#include "web/browser_login.hpp"
#include "web/static_files.hpp"

#include <filesystem>
#include <string>

namespace uap::web {

class WebPanel {
public:
    explicit WebPanel(std::filesystem::path files = {});

    // Adds the routes and lets the guard accept this panel's session cookies for the panel role.
    void install(server::Router& router, server::RequestGuard& guard);

    // "http://127.0.0.1:<port>/login?code=<fresh code>".
    Expected<std::string> sign_in_url(uint16_t port);

    BrowserLogin& login() { return m_login; }

    server::HttpResponse exchange_code(const server::HttpRequest& request);
    server::HttpResponse issue_code(const server::HttpRequest& request, uint16_t port);

private:
    BrowserLogin m_login;
    StaticFiles m_files;
};

} // namespace uap::web
