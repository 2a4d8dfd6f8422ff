// The module runner's wire format: frames round-trip through a real pipe, and torn, oversized or
// malformed frames are refused with a reason instead of being trusted.
#include "runner/runner_frames.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

namespace {

using uap::runner::OutgoingMessage;
using uap::runner::ReadEnd;

struct Pipe {
    int read_end = -1, write_end = -1;
    Pipe() {
        int ends[2];
        EXPECT_EQ(::pipe(ends), 0);
        read_end = ends[0];
        write_end = ends[1];
    }
    ~Pipe() {
        close_writer();
        ::close(read_end);
    }
    void write_raw(std::string_view bytes) { ASSERT_EQ(::write(write_end, bytes.data(), bytes.size()), ssize_t(bytes.size())); }
    void close_writer() {
        if (write_end >= 0)
            ::close(write_end);
        write_end = -1;
    }
};

TEST(RunnerFrames, MessagesRoundTripWithEscapesAndRawArguments) {
    Pipe pipe;
    OutgoingMessage message("call");
    message.integer("call", 7);
    message.string("tool", "quote \" backslash \\ newline \n unicode \xc3\xa9");
    message.raw_json("arguments", R"({"nested":{"list":[1,2,3]}})");
    ASSERT_TRUE(uap::runner::write_frame(pipe.write_end, message.finish()));
    pipe.close_writer();

    std::string text;
    uap::runner::FrameReader reader(pipe.read_end, 1024);
    auto end = reader.next(text);
    ASSERT_TRUE(end);
    ASSERT_EQ(*end, ReadEnd::Frame);
    auto parsed = uap::runner::parse_message(text);
    ASSERT_TRUE(parsed) << parsed.error().message();
    EXPECT_STREQ((*parsed)["type"].GetString(), "call");
    EXPECT_EQ((*parsed)["call"].GetInt64(), 7);
    EXPECT_STREQ((*parsed)["tool"].GetString(), "quote \" backslash \\ newline \n unicode \xc3\xa9");
    EXPECT_EQ((*parsed)["arguments"]["nested"]["list"][2].GetInt(), 3);

    end = reader.next(text);
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
        frames += message.finish();
    }
    pipe.write_raw(frames);
    pipe.close_writer();
    uap::runner::FrameReader reader(pipe.read_end, 1024 * 1024);
    std::string text;
    for (int index = 0; index < 50; ++index) {
        auto end = reader.next(text);
        ASSERT_TRUE(end && *end == ReadEnd::Frame) << index;
        auto parsed = uap::runner::parse_message(text);
        ASSERT_TRUE(parsed);
        EXPECT_EQ((*parsed)["index"].GetInt(), index);
        EXPECT_EQ((*parsed)["message"].GetStringLength(), static_cast<size_t>(index) * 23);
    }
    auto end = reader.next(text);
    ASSERT_TRUE(end);
    EXPECT_EQ(*end, ReadEnd::Closed);
}

TEST(RunnerFrames, ALengthOverTheLimitIsRefusedBeforeAnyAllocation) {
    Pipe pipe;
    pipe.write_raw(std::string("\x7f\xff\xff\xff", 4));
    std::string text;
    uap::runner::FrameReader reader(pipe.read_end, 1024);
    auto end = reader.next(text);
    ASSERT_FALSE(end);
    EXPECT_NE(end.error().message().find("exceeds the limit of 1024"), std::string::npos) << end.error().message();
    EXPECT_LT(text.capacity(), 4096u);
}

TEST(RunnerFrames, TornPrefixAndTornBodyAreErrorsNotCleanEnds) {
    {
        Pipe pipe;
        pipe.write_raw(std::string("\0\0", 2));
        pipe.close_writer();
        std::string text;
        uap::runner::FrameReader reader(pipe.read_end, 1024);
        auto end = reader.next(text);
        ASSERT_FALSE(end);
        EXPECT_NE(end.error().message().find("length prefix"), std::string::npos);
    }
    {
        Pipe pipe;
        pipe.write_raw(std::string("\0\0\0\x0a{\"a\"", 8));
        pipe.close_writer();
        std::string text;
        uap::runner::FrameReader reader(pipe.read_end, 1024);
        auto end = reader.next(text);
        ASSERT_FALSE(end);
        EXPECT_NE(end.error().message().find("inside a frame"), std::string::npos);
    }
}

TEST(RunnerFrames, MessagesMustBeObjectsWithATypeAndBoundedNesting) {
    EXPECT_FALSE(uap::runner::parse_message("[1,2]"));
    EXPECT_FALSE(uap::runner::parse_message(R"({"type":7})"));
    EXPECT_FALSE(uap::runner::parse_message("{\"type\":\"log\",\"message\":\"\xff\"}")); // Not UTF-8.
    auto deep = uap::runner::parse_message(std::string(1'000'000, '['));
    ASSERT_FALSE(deep);
    EXPECT_TRUE(uap::runner::parse_message(R"({"type":"stopped"})"));
}

} // namespace
