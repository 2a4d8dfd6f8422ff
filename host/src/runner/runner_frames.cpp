// Frames over pipes: a JSON message written with RapidJSON's Writer and a payload, each length-prefixed.
#include "runner/runner_frames.hpp"

#include "support/json.hpp"

#include <rapidjson/encodings.h>
#include <rapidjson/memorystream.h>

#include <algorithm>
#include <cstring>

namespace uap::runner {

namespace {

constexpr size_t prefix_bytes = 4;
// Messages are flat (arguments and output travel as payloads); deeper nesting is a broken peer.
constexpr unsigned envelope_max_depth = 4;

void write_length(char* out, uint32_t length) {
    out[0] = static_cast<char>((length >> 24) & 0xff);
    out[1] = static_cast<char>((length >> 16) & 0xff);
    out[2] = static_cast<char>((length >> 8) & 0xff);
    out[3] = static_cast<char>(length & 0xff);
}

uint64_t read_length(const char* in) {
    auto* prefix = reinterpret_cast<const unsigned char*>(in);
    return (uint64_t(prefix[0]) << 24) | (uint64_t(prefix[1]) << 16) | (uint64_t(prefix[2]) << 8) | prefix[3];
}

} // namespace

OutgoingMessage::OutgoingMessage(std::string_view type) : m_writer(m_buffer) {
    // Room for the length prefix, filled in by finish().
    m_buffer.Push(prefix_bytes);
    m_writer.StartObject();
    string("type", type);
}

void OutgoingMessage::key(std::string_view name) { m_writer.Key(name.data(), static_cast<rapidjson::SizeType>(name.size())); }

void OutgoingMessage::string(std::string_view name, std::string_view value) {
    key(name);
    m_writer.String(value.data(), static_cast<rapidjson::SizeType>(value.size()));
}

void OutgoingMessage::integer(std::string_view name, int64_t value) {
    key(name);
    m_writer.Int64(value);
}

void OutgoingMessage::number(std::string_view name, double value) {
    key(name);
    m_writer.Double(value);
}

void OutgoingMessage::boolean(std::string_view name, bool value) {
    key(name);
    m_writer.Bool(value);
}

std::string OutgoingMessage::finish(std::string_view payload) {
    m_writer.EndObject();
    size_t header_bytes = m_buffer.GetSize();
    std::string frame;
    frame.reserve(header_bytes + prefix_bytes + payload.size());
    frame.append(m_buffer.GetString(), header_bytes);
    write_length(frame.data(), static_cast<uint32_t>(header_bytes - prefix_bytes));
    char payload_length[prefix_bytes];
    write_length(payload_length, static_cast<uint32_t>(payload.size()));
    frame.append(payload_length, prefix_bytes);
    frame.append(payload);
    return frame;
}

Expected<void> write_frame(platform::NativeHandle pipe, std::string_view frame) {
    if (auto written = platform::write_all(pipe, frame); !written)
        return Error("cannot write to the module runner: " + written.error().message());
    return {};
}

Expected<void> FrameWriter::send(std::string_view frame) {
    queue(frame);
    return flush();
}

void FrameWriter::queue(std::string_view frame) {
    std::lock_guard lock(m_mutex);
    if (!m_broken)
        m_queued.append(frame);
}

Expected<void> FrameWriter::flush() {
    std::unique_lock lock(m_mutex);
    if (m_broken)
        return *m_broken;
    if (m_writing || m_queued.empty())
        return {}; // The writing thread sends it with its next write.
    m_writing = true;
    Expected<void> written;
    while (!m_queued.empty() && written) {
        m_sending.swap(m_queued);
        lock.unlock();
        written = m_write(m_sending);
        m_sending.clear();
        lock.lock();
    }
    m_writing = false;
    if (!written) {
        m_broken = written.error();
        m_queued.clear();
    }
    return written;
}

Expected<bool> FrameReader::fill(size_t wanted) {
    if (m_start == m_end)
        m_start = m_end = 0;
    while (m_end - m_start < wanted) {
        // Room for the rest of this frame and a burst of further ones. The buffer only grows
        // (never zero-filled again), and unread bytes move to its front when space runs out.
        size_t room = std::max<size_t>(65536, wanted);
        if (m_buffer.size() - m_start < room) {
            std::memmove(m_buffer.data(), m_buffer.data() + m_start, m_end - m_start);
            m_end -= m_start;
            m_start = 0;
            if (m_buffer.size() < room)
                m_buffer.resize(room);
        }
        auto count = platform::read_some(m_pipe, m_buffer.data() + m_end, m_buffer.size() - m_end);
        if (!count)
            return count.error();
        if (*count == 0)
            return false;
        m_end += *count;
    }
    return true;
}

uint64_t FrameReader::length_at(size_t offset) const { return read_length(m_buffer.data() + m_start + offset); }

bool FrameReader::frame_ready() const {
    size_t buffered = m_end - m_start;
    if (buffered < prefix_bytes)
        return false;
    uint64_t payload_prefix_at = prefix_bytes + length_at(0);
    if (buffered < payload_prefix_at + prefix_bytes)
        return false;
    return buffered - payload_prefix_at - prefix_bytes >= length_at(payload_prefix_at);
}

Expected<ReadEnd> FrameReader::next(std::string& text, std::string& payload) {
    auto filled = fill(prefix_bytes);
    if (!filled)
        return filled.error();
    if (!*filled) {
        if (m_end == m_start)
            return ReadEnd::Closed;
        return Error("the pipe closed inside a frame's length prefix");
    }
    uint64_t length = length_at(0);
    if (length > m_max_bytes)
        return Error("a frame of " + std::to_string(length) + " bytes exceeds the limit of " + std::to_string(m_max_bytes));
    filled = fill(2 * prefix_bytes + length);
    if (!filled)
        return filled.error();
    if (!*filled)
        return Error("the pipe closed inside a frame");
    uint64_t payload_length = length_at(prefix_bytes + length);
    if (payload_length > m_max_bytes - length)
        return Error("a frame of " + std::to_string(length + payload_length) + " bytes exceeds the limit of " +
                     std::to_string(m_max_bytes));
    filled = fill(2 * prefix_bytes + length + payload_length);
    if (!filled)
        return filled.error();
    if (!*filled)
        return Error("the pipe closed inside a frame's payload");
    text.assign(m_buffer, m_start + prefix_bytes, length);
    payload.assign(m_buffer, m_start + 2 * prefix_bytes + length, payload_length);
    m_start += 2 * prefix_bytes + length + payload_length;
    return ReadEnd::Frame;
}

Expected<void> parse_message(std::string_view text, json::LocalDocument& message) {
    if (auto parsed = message.parse(text, envelope_max_depth); !parsed)
        return parsed.error().within("runner message");
    const rapidjson::Document& parsed = message.document();
    if (!parsed.IsObject() || !json::string_field(parsed, "type"))
        return Error("runner message is not an object with a string \"type\"");
    return {};
}

bool valid_utf8(std::string_view text) {
    struct Discard {
        void Put(char) {}
    } discard;
    constexpr uint64_t high_bits = 0x8080808080808080ull;
    size_t index = 0;
    while (index < text.size()) {
        // Runs of ASCII (most tool output) are skipped eight bytes at a time: RapidJSON's decoder
        // takes a table lookup per byte, which made the check the largest cost of a 10 KB result.
        if (uint64_t word; text.size() - index >= sizeof(word)) {
            std::memcpy(&word, text.data() + index, sizeof(word));
            if ((word & high_bits) == 0) {
                index += sizeof(word);
                continue;
            }
        }
        if (static_cast<unsigned char>(text[index]) < 0x80) {
            ++index;
            continue;
        }
        rapidjson::MemoryStream stream(text.data() + index, text.size() - index);
        if (!rapidjson::UTF8<>::Validate(stream, discard))
            return false;
        index += stream.Tell();
    }
    return true;
}

std::string_view text_of(const rapidjson::Value& message, const char* field) {
    auto found = message.FindMember(field);
    if (found == message.MemberEnd() || !found->value.IsString())
        return {};
    return {found->value.GetString(), found->value.GetStringLength()};
}

int64_t integer_of(const rapidjson::Value& message, const char* field, int64_t fallback) {
    auto found = message.FindMember(field);
    return found != message.MemberEnd() && found->value.IsInt64() ? found->value.GetInt64() : fallback;
}

double number_of(const rapidjson::Value& message, const char* field) {
    auto found = message.FindMember(field);
    return found != message.MemberEnd() && found->value.IsNumber() ? found->value.GetDouble() : 0.0;
}

bool flag_of(const rapidjson::Value& message, const char* field) {
    auto found = message.FindMember(field);
    return found != message.MemberEnd() && found->value.IsBool() && found->value.GetBool();
}

} // namespace uap::runner
