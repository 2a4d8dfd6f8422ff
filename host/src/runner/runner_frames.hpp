// The module runner's wire: frames on a pair of pipes, each a JSON message and a payload of plain
// bytes (4-byte big-endian length, the UTF-8 JSON text, 4-byte big-endian length, the payload).
// A tool call's arguments and its output travel as payloads, so neither side escapes, parses or
// copies them into a JSON string on their way through. Both the host and uap-module-runner use these functions.
#pragma once

#include "support/expected.hpp"
#include "support/json.hpp"
#include "support/platform/platform.hpp"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <mutex>
#include <string>
#include <string_view>

namespace uap::runner {

using MessageWriter = rapidjson::Writer<rapidjson::StringBuffer>;

// A message under construction: an open JSON object whose "type" is already written.
class OutgoingMessage {
public:
    explicit OutgoingMessage(std::string_view type);
    MessageWriter& writer() { return m_writer; }
    void key(std::string_view name);
    void string(std::string_view name, std::string_view value);
    void integer(std::string_view name, int64_t value);
    void number(std::string_view name, double value);
    void boolean(std::string_view name, bool value);
    // Closes the object and returns the frame: the JSON text, then the payload, each after its length.
    std::string finish(std::string_view payload = {});

private:
    rapidjson::StringBuffer m_buffer;
    MessageWriter m_writer;
};

// Writes every byte of a frame or fails (the other side is gone).
Expected<void> write_frame(platform::NativeHandle pipe, std::string_view frame);

// Sends frames from many threads with few system calls. A thread that finds another one writing
// leaves its frame queued and returns; the writing thread sends everything that piled up in one
// write() before it leaves. With many calls in flight the frames of several share a system call
// (and a wake-up of the reader on the other side), and no thread waits for a lock while another
// one is inside write().
class FrameWriter {
public:
    using WriteBytes = std::function<Expected<void>(std::string_view bytes)>;
    explicit FrameWriter(WriteBytes write) : m_write(std::move(write)) {}

    // Queues the frame and writes everything queued unless another thread is already doing so.
    // An Error once a write failed (the other side is gone); frames sent after that are dropped.
    Expected<void> send(std::string_view frame);
    // Queues the frame for the next flush() or send() of any thread (batches a burst of results).
    void queue(std::string_view frame);
    // Writes everything queued unless another thread is already doing so.
    Expected<void> flush();

private:
    WriteBytes m_write;
    std::mutex m_mutex;
    std::string m_queued;  // Frames waiting for the writing thread.
    std::string m_sending; // What the writing thread is writing (outside the lock).
    bool m_writing = false;
    std::optional<Error> m_broken;
};

enum class ReadEnd { Frame, Closed };

// Reads frames from a blocking pipe, buffered: one read() often brings several frames.
class FrameReader {
public:
    FrameReader(platform::NativeHandle pipe, uint64_t max_bytes) : m_pipe(pipe), m_max_bytes(max_bytes) {}

    // The next frame's JSON text and payload. Closed: the other side closed the pipe cleanly between
    // frames. An Error: a broken pipe, a torn frame or lengths over max_bytes (refused before
    // buffering them).
    Expected<ReadEnd> next(std::string& text, std::string& payload);
    // Whether next() can return a frame without reading from the descriptor (so without blocking).
    bool frame_ready() const;

private:
    // Reads until at least `wanted` bytes are buffered; false at end of file.
    Expected<bool> fill(size_t wanted);
    // The length at offset of the unconsumed bytes (which must be buffered).
    uint64_t length_at(size_t offset) const;

    platform::NativeHandle m_pipe;
    uint64_t m_max_bytes;
    std::string m_buffer;
    size_t m_start = 0; // First unconsumed byte of m_buffer.
    size_t m_end = 0;   // One past the last byte read into m_buffer.
};

// Parses a frame's text into message (reused from frame to frame) and checks that it is an object
// with a string "type".
Expected<void> parse_message(std::string_view text, json::LocalDocument& message);

// Whether text is well-formed UTF-8 (what the JSON layer accepts in a string).
bool valid_utf8(std::string_view text);

// Field readers for received messages: a missing or mistyped field reads as the fallback, so a
// hostile peer's message can make a call fail but never crash the reader.
std::string_view text_of(const rapidjson::Value& message, const char* field);
int64_t integer_of(const rapidjson::Value& message, const char* field, int64_t fallback = 0);
double number_of(const rapidjson::Value& message, const char* field);
bool flag_of(const rapidjson::Value& message, const char* field);

} // namespace uap::runner
