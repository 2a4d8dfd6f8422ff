// The browser panel's files (HTML, CSS, ES modules, vendored libraries) served read-only from one
// folder, with a Content-Security-Policy that lets only this server's own scripts run.
#pragma once

#include "server/http_exchange.hpp"

#include <filesystem>

namespace uap::web {

// The policy every panel page carries: own scripts and styles only, no inline script, no plugins,
// no framing, WebSockets only to this server.
inline constexpr const char* content_security_policy =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

class StaticFiles {
public:
    explicit StaticFiles(std::filesystem::path root) : m_root(std::move(root)) {}

    // GET of "/" (index.html) or "/<file>"; 404 for anything outside the folder, names
    // with unexpected characters or ".." segments, and 405 for other methods.
    server::HttpResponse serve(const server::HttpRequest& request) const;
    const std::filesystem::path& root() const { return m_root; }

private:
    std::filesystem::path m_root;
};

// Headers every panel response carries (CSP, nosniff, no referrer so a sign-in code never leaks).
void add_security_headers(server::HttpResponse& response);

} // namespace uap::web
