// PanelClient implementation.
#include "panel_client.hpp"

#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>

namespace uap::agent_test {

PanelClient::PanelClient(uint16_t port, const std::string& token, const std::string& path) : m_session("127.0.0.1", port) {
    Poco::Net::HTTPRequest request(Poco::Net::HTTPRequest::HTTP_GET, path, Poco::Net::HTTPMessage::HTTP_1_1);
    request.set("Authorization", "Bearer " + token);
    request.setHost("127.0.0.1", port);
    Poco::Net::HTTPResponse response;
    m_socket = std::make_unique<Poco::Net::WebSocket>(m_session, request, response);
    m_socket->setMaxPayloadSize(64 * 1024 * 1024);
    m_socket->setReceiveTimeout(Poco::Timespan(0, 200'000));
    m_reader = std::thread([this] { read_loop(); });
}

PanelClient::~PanelClient() {
    {
        std::lock_guard lock(m_mutex);
        m_closed = true;
    }
    try {
        m_socket->shutdown();
    } catch (const Poco::Exception&) {
    }
    if (m_reader.joinable())
        m_reader.join();
}

void PanelClient::read_loop() {
    Poco::Buffer<char> buffer(0);
    while (true) {
        {
            std::lock_guard lock(m_mutex);
            if (m_closed)
                return;
        }
        int flags = 0;
        int length = 0;
        try {
            buffer.resize(0);
            length = m_socket->receiveFrame(buffer, flags);
        } catch (const Poco::TimeoutException&) {
            continue;
        } catch (const Poco::Exception&) {
            break;
        }
        if (length == 0 && flags == 0)
            break;
        if ((flags & Poco::Net::WebSocket::FRAME_OP_BITMASK) != Poco::Net::WebSocket::FRAME_OP_TEXT)
            continue;
        std::lock_guard lock(m_mutex);
        m_messages.emplace_back(buffer.begin(), static_cast<size_t>(length));
        m_arrived.notify_all();
    }
    std::lock_guard lock(m_mutex);
    m_closed = true;
    m_arrived.notify_all();
}

void PanelClient::send(const std::string& json_text) {
    m_socket->sendFrame(json_text.data(), static_cast<int>(json_text.size()), Poco::Net::WebSocket::FRAME_TEXT);
}

int PanelClient::wait_for(const std::function<bool(const rapidjson::Document&)>& match, std::chrono::milliseconds limit, size_t from) {
    auto deadline = std::chrono::steady_clock::now() + limit;
    std::unique_lock lock(m_mutex);
    size_t checked = from;
    while (true) {
        for (; checked < m_messages.size(); ++checked) {
            rapidjson::Document document;
            document.Parse(m_messages[checked].c_str());
            if (!document.HasParseError() && match(document))
                return static_cast<int>(checked);
        }
        if (m_arrived.wait_until(lock, deadline) == std::cv_status::timeout && checked >= m_messages.size())
            return -1;
    }
}

int PanelClient::wait_for_type(const std::string& type, std::chrono::milliseconds limit, size_t from) {
    return wait_for(
        [&](const rapidjson::Document& document) {
            return document.IsObject() && document.HasMember("type") && document["type"].IsString() && type == document["type"].GetString();
        },
        limit, from);
}

rapidjson::Document PanelClient::message(size_t index) {
    std::lock_guard lock(m_mutex);
    rapidjson::Document document;
    document.Parse(m_messages.at(index).c_str());
    return document;
}

size_t PanelClient::count() {
    std::lock_guard lock(m_mutex);
    return m_messages.size();
}

std::vector<std::string> PanelClient::texts() {
    std::lock_guard lock(m_mutex);
    return m_messages;
}

} // namespace uap::agent_test
