// The module runner's wire format: frames round-trip through a real pipe, and torn, oversized or
// malformed frames are refused with a reason instead of being trusted.
#include "runner/runner_frames.hpp"

#include <Poco/Pipe.h>

#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <thread>
#include <type_traits>
#include <vector>

namespace {

using uap::runner::OutgoingMessage;
using uap::runner::ReadEnd;

// Poco's pipe hands out a file descriptor (POSIX) or a HANDLE (Windows); the platform layer carries either as an integer.
template <class Handle>
uap::platform::NativeHandle native(Handle handle) {
    if constexpr (std::is_pointer_v<Handle>)
        return reinterpret_cast<uap::platform::NativeHandle>(handle);
    else
        return static_cast<uap::platform::NativeHandle>(handle);
}

struct Pipe {
    Poco::Pipe ends; // Closes both ends when the test ends.
    uap::platform::NativeHandle read_end = native(ends.readHandle());
    uap::platform::NativeHandle write_end = native(ends.writeHandle());
    void write_raw(std::string_view bytes) {
        ASSERT_EQ(ends.writeBytes(bytes.data(), static_cast<int>(bytes.size())), static_cast<int>(bytes.size()));
    }
    void close_writer() {
        ends.close(Poco::Pipe::CLOSE_WRITE);
        write_end = uap::platform::no_handle;
    }
};

TEST(RunnerFrames, MessagesRoundTripWithEscapesAndPayloads) {
    Pipe pipe;
    OutgoingMessage message("call");
    message.integer("call", 7);
    message.string("tool", "quote \" backslash \\ newline \n unicode \xc3\xa9");
    std::string arguments = R"({"nested":{"list":[1,2,3]},"text":"quote \" and \u00e9"})";
    ASSERT_TRUE(uap::runner::write_frame(pipe.write_end, message.finish(arguments)));
    ASSERT_TRUE(uap::runner::write_frame(pipe.write_end, OutgoingMessage("stopped").finish()));
    pipe.close_writer();

    std::string text, payload;
    uap::runner::FrameReader reader(pipe.read_end, 1024);
    auto end = reader.next(text, payload);
    ASSERT_TRUE(end);
    ASSERT_EQ(*end, ReadEnd::Frame);
    uap::json::LocalDocument message_read;
    auto read = uap::runner::parse_message(text, message_read);
    ASSERT_TRUE(read) << read.error().message();
    const auto* parsed = &message_read.document();
    EXPECT_STREQ((*parsed)["type"].GetString(), "call");
    EXPECT_EQ((*parsed)["call"].GetInt64(), 7);
    EXPECT_STREQ((*parsed)["tool"].GetString(), "quote \" backslash \\ newline \n unicode \xc3\xa9");
    EXPECT_EQ(payload, arguments) << "the payload arrives byte for byte";

    end = reader.next(text, payload);
    ASSERT_TRUE(end && *end == ReadEnd::Frame);
    EXPECT_TRUE(payload.empty());
    ASSERT_TRUE(uap::runner::parse_message(text, message_read));
    EXPECT_STREQ(message_read.document()["type"].GetString(), "stopped");

    end = reader.next(text, payload);
    ASSERT_TRUE(end);
    EXPECT_EQ(*end, ReadEnd::Closed);
}

TEST(RunnerFrames, SeveralFramesInOneWriteAreReadOneByOne) {
    Pipe pipe;
    std::string frames;
    for (int index = 0; index < 50; ++index) {
        OutgoingMessage message("log");
        message.integer("index", index);
        message.string("message", std::string(static_cast<size_t>(index) * 23, 'x'));
        frames += message.finish(std::string(static_cast<size_t>(index) * 7, 'p'));
    }
    // Written from a thread: the frames exceed a Windows pipe's buffer, so the write waits for the reader.
    std::jthread writer([&] {
        pipe.write_raw(frames);
        pipe.close_writer();
    });
    uap::runner::FrameReader reader(pipe.read_end, 1024 * 1024);
    std::string text, payload;
    uap::json::LocalDocument message_read; // Reused for every frame, as the readers do.
    for (int index = 0; index < 50; ++index) {
        auto end = reader.next(text, payload);
        ASSERT_TRUE(end && *end == ReadEnd::Frame) << index;
        ASSERT_TRUE(uap::runner::parse_message(text, message_read));
        const auto* parsed = &message_read.document();
        EXPECT_EQ((*parsed)["index"].GetInt(), index);
        EXPECT_EQ((*parsed)["message"].GetStringLength(), static_cast<size_t>(index) * 23);
        EXPECT_EQ(payload, std::string(static_cast<size_t>(index) * 7, 'p'));
    }
    auto end = reader.next(text, payload);
    ASSERT_TRUE(end);
    EXPECT_EQ(*end, ReadEnd::Closed);
}

TEST(RunnerFrames, FramesSentFromManyThreadsArriveWholeAndShareWrites) {
    Pipe pipe;
    std::atomic<int> writes{0};
    uap::runner::FrameWriter writer([&](std::string_view bytes) {
        ++writes;
        return uap::runner::write_frame(pipe.write_end, bytes);
    });
    constexpr int threads = 8, frames_per_thread = 500;
    std::map<int, int> received; // Thread → frames seen, checked in order per thread.
    std::thread reader_thread([&] {
        uap::runner::FrameReader reader(pipe.read_end, 1024 * 1024);
        std::string text, payload;
        uap::json::LocalDocument message_read;
        while (true) {
            auto end = reader.next(text, payload);
            ASSERT_TRUE(end) << end.error().message();
            if (*end == ReadEnd::Closed)
                return;
            ASSERT_TRUE(uap::runner::parse_message(text, message_read));
            const auto* parsed = &message_read.document();
            int thread = (*parsed)["thread"].GetInt();
            EXPECT_EQ((*parsed)["index"].GetInt(), received[thread]++);
            EXPECT_EQ((*parsed)["padding"].GetStringLength(), 100u);
        }
    });
    std::vector<std::thread> senders;
    for (int thread = 0; thread < threads; ++thread)
        senders.emplace_back([&, thread] {
            for (int index = 0; index < frames_per_thread; ++index) {
                OutgoingMessage message("log");
                message.integer("thread", thread);
                message.integer("index", index);
                message.string("padding", std::string(100, 'p'));
                if (index % 2)
                    writer.queue(message.finish());
                else
                    EXPECT_TRUE(writer.send(message.finish()));
            }
            EXPECT_TRUE(writer.flush());
        });
    for (auto& sender : senders)
        sender.join();
    pipe.close_writer();
    reader_thread.join();
    for (int thread = 0; thread < threads; ++thread)
        EXPECT_EQ(received[thread], frames_per_thread) << thread;
    EXPECT_LE(writes.load(), threads * (frames_per_thread / 2 + 1)) << "queued frames go out with others";
}

TEST(RunnerFrames, AWriterWhosePeerIsGoneSaysSoAndDropsLaterFrames) {
    int calls = 0;
    uap::runner::FrameWriter writer([&](std::string_view) -> uap::Expected<void> {
        ++calls;
        return uap::Error("cannot write to the module runner: Broken pipe");
    });
    auto first = writer.send("frame");
    ASSERT_FALSE(first);
    EXPECT_NE(first.error().message().find("Broken pipe"), std::string::npos);
    writer.queue("later");
    EXPECT_FALSE(writer.flush());
    EXPECT_FALSE(writer.send("later still"));
    EXPECT_EQ(calls, 1) << "nothing is written after the first failure";
}

TEST(RunnerFrames, ALengthOverTheLimitIsRefusedBeforeAnyAllocation) {
    Pipe pipe;
    pipe.write_raw(std::string("\x7f\xff\xff\xff", 4));
    std::string text, payload;
    uap::runner::FrameReader reader(pipe.read_end, 1024);
    auto end = reader.next(text, payload);
    ASSERT_FALSE(end);
    EXPECT_NE(end.error().message().find("exceeds the limit of 1024"), std::string::npos) << end.error().message();
    EXPECT_LT(text.capacity(), 4096u);
}

TEST(RunnerFrames, APayloadOverTheLimitIsRefusedBeforeAnyAllocation) {
    Pipe pipe;
    // A 2-byte message within the limit, then a payload that would take the frame past it.
    pipe.write_raw(std::string("\0\0\0\x02{}\0\0\x03\xff", 10));
    std::string text, payload;
    uap::runner::FrameReader reader(pipe.read_end, 1024);
    auto end = reader.next(text, payload);
    ASSERT_FALSE(end);
    EXPECT_NE(end.error().message().find("a frame of 1025 bytes exceeds the limit of 1024"), std::string::npos)
        << end.error().message();
    EXPECT_LT(payload.capacity(), 4096u);
}

TEST(RunnerFrames, TornPrefixAndTornBodyAreErrorsNotCleanEnds) {
    {
        Pipe pipe;
        pipe.write_raw(std::string("\0\0", 2));
        pipe.close_writer();
        std::string text, payload;
        uap::runner::FrameReader reader(pipe.read_end, 1024);
        auto end = reader.next(text, payload);
        ASSERT_FALSE(end);
        EXPECT_NE(end.error().message().find("length prefix"), std::string::npos);
    }
    {
        Pipe pipe;
        pipe.write_raw(std::string("\0\0\0\x0a{\"a\"", 8));
        pipe.close_writer();
        std::string text, payload;
        uap::runner::FrameReader reader(pipe.read_end, 1024);
        auto end = reader.next(text, payload);
        ASSERT_FALSE(end);
        EXPECT_NE(end.error().message().find("inside a frame"), std::string::npos);
    }
    {
        Pipe pipe;
        pipe.write_raw(std::string("\0\0\0\x02{}\0\0\0\x09" "abc", 13)); // The payload stops after 3 of 9 bytes.
        pipe.close_writer();
        std::string text, payload;
        uap::runner::FrameReader reader(pipe.read_end, 1024);
        auto end = reader.next(text, payload);
        ASSERT_FALSE(end);
        EXPECT_NE(end.error().message().find("inside a frame's payload"), std::string::npos) << end.error().message();
    }
}

TEST(RunnerFrames, Utf8CheckAcceptsTextAndRefusesEveryKindOfBrokenSequence) {
    using uap::runner::valid_utf8;
    std::string ascii(1000, 'a');
    EXPECT_TRUE(valid_utf8(""));
    EXPECT_TRUE(valid_utf8(ascii));
    EXPECT_TRUE(valid_utf8("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"));     // 2-, 3- and 4-byte characters.
    EXPECT_TRUE(valid_utf8(ascii + "\xf0\x9f\x98\x80" + ascii + "\xc3\xa9")); // Between and after ASCII runs.
    for (std::string broken : {"\xff", "\xc3", "\xe2\x82", "\xf0\x9f\x98", "\x80", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80"}) {
        // Alone, at the end of an ASCII run, and inside one (every alignment of the 8-byte steps).
        EXPECT_FALSE(valid_utf8(broken));
        for (size_t before = 0; before < 9; ++before) {
            EXPECT_FALSE(valid_utf8(std::string(before, 'a') + broken)) << before;
            EXPECT_FALSE(valid_utf8(std::string(before, 'a') + broken + ascii)) << before;
        }
    }
}

TEST(RunnerFrames, MessagesMustBeObjectsWithATypeAndBoundedNesting) {
    uap::json::LocalDocument message;
    EXPECT_FALSE(uap::runner::parse_message("[1,2]", message));
    EXPECT_FALSE(uap::runner::parse_message(R"({"type":7})", message));
    EXPECT_FALSE(uap::runner::parse_message("{\"type\":\"log\",\"message\":\"\xff\"}", message)); // Not UTF-8.
    auto deep = uap::runner::parse_message(std::string(1'000'000, '['), message);
    ASSERT_FALSE(deep);
    EXPECT_TRUE(uap::runner::parse_message(R"({"type":"stopped"})", message));
    EXPECT_STREQ(message.document()["type"].GetString(), "stopped"); // The failed parses left nothing behind.
}

} // namespace
