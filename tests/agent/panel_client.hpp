// A test front-end for the panel protocol: a Poco WebSocket client with the panel token that
// collects every message on a reader thread, and waits for messages matching a predicate.
#pragma once

#include <rapidjson/document.h>

#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/WebSocket.h>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace uap::agent_test {

class PanelClient {
public:
    PanelClient(uint16_t port, const std::string& token, const std::string& path = "/panel");
    ~PanelClient();

    void send(const std::string& json_text);
    // The index of the first message at or after `from` for which match returns true; -1 on timeout.
    int wait_for(const std::function<bool(const rapidjson::Document&)>& match, std::chrono::milliseconds limit, size_t from = 0);
    int wait_for_type(const std::string& type, std::chrono::milliseconds limit, size_t from = 0);
    // A copy of message `index`.
    rapidjson::Document message(size_t index);
    size_t count();
    std::vector<std::string> texts();

private:
    void read_loop();

    Poco::Net::HTTPClientSession m_session;
    std::unique_ptr<Poco::Net::WebSocket> m_socket;
    std::mutex m_mutex;
    std::condition_variable m_arrived;
    std::vector<std::string> m_messages;
    bool m_closed = false;
    std::thread m_reader;
};

} // namespace uap::agent_test
