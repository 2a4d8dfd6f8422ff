// Correlates the host's own control requests with the CLI's responses by request id, with a
// deadline each. Responses to ids the host did not issue (the CLI's echoes of our answers to its
// requests under --replay-user-messages) are ignored.
#pragma once

#include "support/expected.hpp"

#include <rapidjson/document.h>

#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace uap::agent {

// The CLI's success payload (null when it sent none), or why there is none: Failed when the CLI
// answered with an error, Timeout past the deadline, Unavailable when the process went away.
using ControlReply = Expected<rapidjson::Document>;

using ControlCallback = std::function<void(ControlReply reply)>;

class ControlChannel {
public:
    using Clock = std::chrono::steady_clock;

    // A fresh id ("uap_<n>") registered with its deadline; the callback runs exactly once.
    std::string open(const std::string& subtype, std::chrono::milliseconds timeout, ControlCallback callback);
    // Returns true when the response answered one of our requests (its callback has run).
    bool resolve(const rapidjson::Value& response);
    // Fails every request past its deadline. Call periodically.
    void expire(Clock::time_point now);
    // Fails every open request (the process died).
    void fail_all(const std::string& reason);
    size_t open_count() const;

private:
    struct Pending {
        std::string subtype;
        Clock::time_point deadline;
        ControlCallback callback;
    };
    std::vector<std::pair<Pending, ControlReply>> take_matching(const std::function<std::optional<ControlReply>(const std::string&, Pending&)>& select);

    mutable std::mutex m_mutex;
    uint64_t m_counter = 0;
    std::map<std::string, Pending> m_pending;
};

} // namespace uap::agent
