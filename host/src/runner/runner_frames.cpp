// Length-prefixed JSON frames over pipes, written with RapidJSON's Writer.
#include "runner/runner_frames.hpp"

#include "support/json.hpp"

#include <algorithm>
#include <cstring>

namespace uap::runner {

namespace {

constexpr size_t prefix_bytes = 4;
// Tool arguments nest up to json::default_max_depth inside the envelope's own two levels.
constexpr unsigned envelope_max_depth = json::default_max_depth + 4;

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

void OutgoingMessage::raw_json(std::string_view name, std::string_view json_text) {
    key(name);
    m_writer.RawValue(json_text.data(), json_text.size(), rapidjson::kObjectType);
}

std::string OutgoingMessage::finish() {
    m_writer.EndObject();
    std::string frame(m_buffer.GetString(), m_buffer.GetSize());
    write_length(frame.data(), static_cast<uint32_t>(frame.size() - prefix_bytes));
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

bool FrameReader::frame_ready() const {
    size_t buffered = m_end - m_start;
    if (buffered < prefix_bytes)
        return false;
    return buffered - prefix_bytes >= read_length(m_buffer.data() + m_start);
}

Expected<ReadEnd> FrameReader::next(std::string& text) {
    auto filled = fill(prefix_bytes);
    if (!filled)
        return filled.error();
    if (!*filled) {
        if (m_end == m_start)
            return ReadEnd::Closed;
        return Error("the pipe closed inside a frame's length prefix");
    }
    uint64_t length = read_length(m_buffer.data() + m_start);
    if (length > m_max_bytes)
        return Error("a frame of " + std::to_string(length) + " bytes exceeds the limit of " + std::to_string(m_max_bytes));
    filled = fill(prefix_bytes + length);
    if (!filled)
        return filled.error();
    if (!*filled)
        return Error("the pipe closed inside a frame");
    text.assign(m_buffer, m_start + prefix_bytes, length);
    m_start += prefix_bytes + length;
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
