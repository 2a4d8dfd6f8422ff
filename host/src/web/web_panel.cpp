// WebPanel routes: the sign-in exchange, code issuing, and the static files.
#include "web/web_panel.hpp"

#include "support/json.hpp"
#include "support/paths.hpp"

#include <Poco/Exception.h>
#include <Poco/URI.h>

namespace uap::web {

namespace {

server::HttpResponse text_page(int status, const std::string& text) {
    server::HttpResponse response;
    response.status = status;
    response.content_type = "text/plain; charset=utf-8";
    response.body = text + "\n";
    add_security_headers(response);
    return response;
}

std::optional<std::string> query_parameter(const std::string& query, const std::string& name) {
    try {
        Poco::URI uri;
        uri.setRawQuery(query);
        for (auto& [key, value] : uri.getQueryParameters())
            if (key == name)
                return value;
    } catch (const Poco::Exception&) {
    }
    return std::nullopt;
}

} // namespace

WebPanel::WebPanel(std::filesystem::path files) : m_files(files.empty() ? paths::web_panel_folder() : std::move(files)) {}

Expected<std::string> WebPanel::sign_in_url(uint16_t port) {
    auto code = m_login.issue_code();
    if (!code)
        return code.error();
    return "http://127.0.0.1:" + std::to_string(port) + "/login?code=" + *code;
}

server::HttpResponse WebPanel::exchange_code(const server::HttpRequest& request) {
    if (request.method != "GET")
        return text_page(405, "sign in by opening the link (GET /login?code=...)");
    auto code = query_parameter(request.query, "code");
    if (!code || code->empty())
        return text_page(400, "the sign-in link has no code; run `uap-host open --project DIR` for a new one");
    auto session = m_login.redeem(*code);
    if (!session)
        return text_page(403, "sign-in refused: " + session.error().message());
    server::HttpResponse response;
    response.status = 303; // The code leaves the address bar and the history.
    response.headers.add("Location", "/");
    response.headers.add("Set-Cookie", session_cookie_header(*session));
    add_security_headers(response);
    return response;
}

server::HttpResponse WebPanel::issue_code(const server::HttpRequest& request, uint16_t port) {
    if (request.method != "POST")
        return text_page(405, "ask for a sign-in code with POST /login-code and the panel token");
    auto url = sign_in_url(port);
    if (!url)
        return text_page(500, "no sign-in code: " + url.error().message());
    rapidjson::Document document(rapidjson::kObjectType);
    document.AddMember("url", json::string_value(*url, document.GetAllocator()), document.GetAllocator());
    document.AddMember("expires_in_seconds", static_cast<int64_t>(code_lifetime.count()), document.GetAllocator());
    server::HttpResponse response;
    response.content_type = "application/json";
    response.body = json::to_text(document);
    response.headers.add("Cache-Control", "no-store");
    return response;
}

void WebPanel::install(server::Router& router, server::RequestGuard& guard) {
    guard.set_cookie_check(server::Role::Panel, [this](const server::HeaderList& headers) { return m_login.accepts(headers); });
    router.add(server::Route{"/login", server::Role::Panel, [this](const server::HttpRequest& request) { return exchange_code(request); },
                             {}, server::Access::Anyone});
    const server::RequestGuard* port_source = &guard;
    router.add(server::Route{"/login-code", server::Role::Panel,
                             [this, port_source](const server::HttpRequest& request) { return issue_code(request, port_source->port()); }});
    router.add(server::Route{"/", server::Role::Panel, [this](const server::HttpRequest& request) { return m_files.serve(request); }, {},
                             server::Access::Anyone, server::PathMatch::Prefix});
}

} // namespace uap::web
