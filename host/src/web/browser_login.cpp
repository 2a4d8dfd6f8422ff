// One-time codes and cookie sessions for the browser panel.
#include "web/browser_login.hpp"

#include "server/access_tokens.hpp"
#include "support/random.hpp"

#include <Poco/Net/MessageHeader.h>
#include <Poco/Net/NameValueCollection.h>

#include <algorithm>

namespace uap::web {

namespace {
constexpr size_t code_bytes = 24;
constexpr size_t session_bytes = 32;
} // namespace

BrowserLogin::BrowserLogin(std::function<Clock::time_point()> now) : m_now(std::move(now)) {}

Expected<std::string> BrowserLogin::issue_code() {
    auto code = random::hex(code_bytes);
    if (!code)
        return code.error();
    MutexLock lock(m_mutex);
    m_codes.push_back({*code, m_now() + code_lifetime});
    while (m_codes.size() > max_live_codes)
        m_codes.pop_front();
    return *code;
}

Expected<std::string> BrowserLogin::redeem(std::string_view code) {
    MutexLock lock(m_mutex);
    auto found = std::find_if(m_codes.begin(), m_codes.end(), [&](const Code& entry) { return server::tokens_equal(entry.value, code); });
    if (found == m_codes.end())
        return Error("this sign-in link was already used or is not from this host; run `uap-host open --project DIR` for a new one");
    bool expired = m_now() > found->expires;
    m_codes.erase(found);
    if (expired)
        return Error("this sign-in link expired (links work for " + std::to_string(code_lifetime.count()) +
                     " s); run `uap-host open --project DIR` for a new one");
    auto session = random::hex(session_bytes);
    if (!session)
        return session.error();
    m_sessions.push_back(*session);
    while (m_sessions.size() > max_live_sessions)
        m_sessions.pop_front();
    return *session;
}

bool BrowserLogin::accepts(const server::HeaderList& headers) const {
    auto offered = cookie_value(headers, session_cookie_name);
    if (!offered)
        return false;
    MutexLock lock(m_mutex);
    return std::any_of(m_sessions.begin(), m_sessions.end(), [&](const std::string& session) { return server::tokens_equal(session, *offered); });
}

std::string session_cookie_header(const std::string& session) {
    return std::string(session_cookie_name) + "=" + session + "; Path=/; HttpOnly; SameSite=Strict";
}

std::optional<std::string> cookie_value(const server::HeaderList& headers, std::string_view name) {
    for (auto& [field, value] : headers.fields()) {
        if (!server::equal_ignoring_case(field, "Cookie"))
            continue;
        Poco::Net::NameValueCollection cookies;
        Poco::Net::MessageHeader::splitParameters(value.begin(), value.end(), cookies);
        if (cookies.has(std::string(name)))
            return cookies.get(std::string(name));
    }
    return std::nullopt;
}

} // namespace uap::web
