// One editor WebSocket: reads its frames until it closes, answers control frames, and records the
// disconnect so waiting calls can hold on for a reload.
#include "bridge/bridge_internal.hpp"

#include "support/platform/readable_socket.hpp"
#include "support/log.hpp"

#include <Poco/Buffer.h>
#include <Poco/Net/NetException.h>

namespace uap::bridge {

void BridgeServer::serve_connection(Poco::Net::WebSocket& socket) {
    auto connection = std::make_shared<Connection>();
    {
        MutexLock guard(connection->send_mutex);
        connection->socket = &socket;
    }
    socket.setMaxPayloadSize(static_cast<int>(m_options.hard_max_frame_bytes));
    socket.setNoDelay(true);
    socket.setReceiveTimeout(Poco::Timespan(10, 0));
    socket.setSendTimeout(Poco::Timespan(10, 0));
    Poco::Buffer<char> buffer(0);
    int flags = 0;
    ReadableSocket readable(socket);
    try {
        auto hello_wait = Poco::Timespan(static_cast<Poco::Timespan::TimeDiff>(m_options.hello_timeout.count()) * 1000);
        if (!readable.within(hello_wait)) {
            socket.shutdown(Poco::Net::WebSocket::WS_POLICY_VIOLATION, "no hello");
            return;
        }
        int received = socket.receiveFrame(buffer, flags);
        if (received <= 0 || !accept_hello(connection, std::string(buffer.begin(), buffer.size())))
            return;
        while (connection->open) {
            {
                MutexLock lock(m_mutex);
                if (m_stopping)
                    break;
            }
            if (!readable.within(Poco::Timespan(0, 250000)))
                continue;
            buffer.resize(0);
            received = socket.receiveFrame(buffer, flags);
            int opcode = flags & Poco::Net::WebSocket::FRAME_OP_BITMASK;
            if (received == 0 && flags == 0)
                break;
            if (opcode == Poco::Net::WebSocket::FRAME_OP_CLOSE)
                break;
            if (opcode == Poco::Net::WebSocket::FRAME_OP_PING) {
                MutexLock guard(connection->send_mutex);
                socket.sendFrame(buffer.begin(), static_cast<int>(buffer.size()),
                                 int(Poco::Net::WebSocket::FRAME_FLAG_FIN) | int(Poco::Net::WebSocket::FRAME_OP_PONG));
                continue;
            }
            if (opcode == Poco::Net::WebSocket::FRAME_OP_PONG)
                continue;
            if (!(flags & Poco::Net::WebSocket::FRAME_FLAG_FIN) || opcode == Poco::Net::WebSocket::FRAME_OP_CONT) {
                protocol_error(connection, "invalid_request", "fragmented messages are not part of the protocol; send one frame per message");
                continue;
            }
            if (opcode != Poco::Net::WebSocket::FRAME_OP_TEXT) {
                protocol_error(connection, "invalid_request", "only text frames carry messages");
                continue;
            }
            handle_frame(connection, buffer.begin(), buffer.size());
        }
    } catch (const Poco::Net::WebSocketException& exception) {
        log::bridge.info("closing the editor socket: {}", exception.displayText());
        if (exception.code() == Poco::Net::WebSocket::WS_ERR_PAYLOAD_TOO_BIG)
            try {
                socket.shutdown(Poco::Net::WebSocket::WS_PAYLOAD_TOO_BIG, "frame above the hard cap");
            } catch (const Poco::Exception&) {
            }
    } catch (const Poco::Exception& exception) {
        log::bridge.debug("editor socket ended: {}", exception.displayText());
    }
    {
        MutexLock guard(connection->send_mutex);
        connection->socket = nullptr;
    }
    on_disconnect(connection);
}

void BridgeServer::on_disconnect(const std::shared_ptr<Connection>& connection) {
    {
        MutexLock lock(m_mutex);
        connection->open = false;
        if (m_connection != connection)
            return;
        m_connection.reset();
        m_disconnected_since = m_clock.now();
        log::bridge.info("editor session {} disconnected{}", m_session, m_reloading ? " for a domain reload" : "");
        if (!m_reloading)
            check_editor_process_locked();
        wake_everyone_locked();
    }
    if (m_editor_change)
        m_editor_change(std::string());
}

void BridgeServer::close_socket(const std::shared_ptr<Connection>& connection, int code, const std::string& reason) {
    MutexLock guard(connection->send_mutex);
    if (!connection->socket)
        return;
    try {
        connection->socket->shutdown(static_cast<Poco::UInt16>(code), reason);
    } catch (const Poco::Exception&) {
    }
}

} // namespace uap::bridge
