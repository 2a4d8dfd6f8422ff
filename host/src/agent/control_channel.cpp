// ControlChannel: request ids, deadlines and response matching. Callbacks run outside the lock.
#include "agent/control_channel.hpp"

#include "support/json.hpp"

namespace uap::agent {

std::string ControlChannel::open(const std::string& subtype, std::chrono::milliseconds timeout, ControlCallback callback) {
    std::lock_guard lock(m_mutex);
    std::string id = "uap_" + std::to_string(++m_counter);
    m_pending.emplace(id, Pending{subtype, Clock::now() + timeout, std::move(callback)});
    return id;
}

std::vector<std::pair<ControlChannel::Pending, ControlReply>> ControlChannel::take_matching(
    const std::function<std::optional<ControlReply>(const std::string&, Pending&)>& select) {
    std::vector<std::pair<Pending, ControlReply>> taken;
    std::lock_guard lock(m_mutex);
    for (auto it = m_pending.begin(); it != m_pending.end();) {
        if (auto reply = select(it->first, it->second)) {
            taken.emplace_back(std::move(it->second), std::move(*reply));
            it = m_pending.erase(it);
        } else {
            ++it;
        }
    }
    return taken;
}

bool ControlChannel::resolve(const rapidjson::Value& response) {
    auto id = json::string_field(response, "request_id");
    if (!id)
        return false;
    Pending pending;
    {
        std::lock_guard lock(m_mutex);
        auto found = m_pending.find(*id);
        if (found == m_pending.end())
            return false;
        pending = std::move(found->second);
        m_pending.erase(found);
    }
    if (json::string_field(response, "subtype").value_or("") == "error") {
        pending.callback(Error(json::string_field(response, "error").value_or("the CLI reported an error")));
        return true;
    }
    rapidjson::Document payload;
    if (auto member = response.FindMember("response"); member != response.MemberEnd())
        payload.CopyFrom(member->value, payload.GetAllocator());
    pending.callback(std::move(payload));
    return true;
}

void ControlChannel::expire(Clock::time_point now) {
    auto expired = take_matching([now](const std::string&, Pending& pending) -> std::optional<ControlReply> {
        if (pending.deadline > now)
            return std::nullopt;
        return ControlReply(Error::timeout("the CLI did not answer the " + pending.subtype + " request in time"));
    });
    for (auto& [pending, reply] : expired)
        pending.callback(std::move(reply));
}

void ControlChannel::fail_all(const std::string& reason) {
    auto failed = take_matching([&reason](const std::string&, Pending&) -> std::optional<ControlReply> {
        return ControlReply(Error::unavailable(reason));
    });
    for (auto& [pending, reply] : failed)
        pending.callback(std::move(reply));
}

size_t ControlChannel::open_count() const {
    std::lock_guard lock(m_mutex);
    return m_pending.size();
}

} // namespace uap::agent
