// Browser sign-in without a header: a one-time code (single use, 60 s) in a URL the user opens is
// exchanged for a session cookie (HttpOnly, SameSite=Strict) that the /panel WebSocket accepts
// together with this server's loopback Origin. Codes and sessions live only in memory.
#pragma once

#include "server/http_exchange.hpp"
#include "support/expected.hpp"
#include "support/mutex.hpp"

#include <chrono>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace uap::web {

inline constexpr std::string_view session_cookie_name = "uap_panel";
inline constexpr std::chrono::seconds code_lifetime{60};
inline constexpr size_t max_live_codes = 32;     // Oldest dropped first.
inline constexpr size_t max_live_sessions = 64;  // Oldest signed out first.

class BrowserLogin {
public:
    using Clock = std::chrono::steady_clock;
    // The clock is injectable so expiry is tested without sleeping.
    explicit BrowserLogin(std::function<Clock::time_point()> now = [] { return Clock::now(); });

    // A fresh code from the CSPRNG, valid for code_lifetime and one exchange.
    Expected<std::string> issue_code();
    // The new session's cookie value, or an error saying why the code was refused. The code is
    // spent by this call whatever the outcome.
    Expected<std::string> redeem(std::string_view code);
    // True when a Cookie header holds a live session.
    bool accepts(const server::HeaderList& headers) const;

private:
    struct Code {
        std::string value;
        Clock::time_point expires;
    };
    std::function<Clock::time_point()> m_now;
    mutable Mutex m_mutex;
    std::deque<Code> m_codes UAP_GUARDED_BY(m_mutex);
    std::deque<std::string> m_sessions UAP_GUARDED_BY(m_mutex);
};

// The Set-Cookie value for a session: HttpOnly, SameSite=Strict, Path=/, no Domain (host-only).
std::string session_cookie_header(const std::string& session);

// The value of one cookie in the request's Cookie headers, nullopt when absent.
std::optional<std::string> cookie_value(const server::HeaderList& headers, std::string_view name);

} // namespace uap::web
