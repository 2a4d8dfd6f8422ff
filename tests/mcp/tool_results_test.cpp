// Tool results as MCP content: a result's well-formed "_images" entries become image blocks after
// the text; malformed or hostile entries stay in the text, never dropped and never passed on as images.
#include "mcp/tool_results.hpp"

#include <gtest/gtest.h>

#include <rapidjson/document.h>

namespace {

rapidjson::Document written(std::string_view result_json) {
    uap::modules::ToolDescription tool;
    tool.name = "shot";
    rapidjson::StringBuffer buffer;
    uap::mcp::JsonWriter writer(buffer);
    uap::mcp::write_tool_success(writer, tool, result_json, uap::mcp::ProtocolRevision{});
    rapidjson::Document document;
    document.Parse(buffer.GetString());
    return document;
}

TEST(ToolResultImages, WellFormedImagesBecomeImageBlocksAfterTheText) {
    auto result = written(R"({"width":2,"_images":[{"mimeType":"image/png","data":"iVBORw0KGgo="}]})");
    const auto& content = result["content"];
    ASSERT_EQ(content.Size(), 2u);
    EXPECT_STREQ(content[0]["type"].GetString(), "text");
    EXPECT_EQ(std::string(content[0]["text"].GetString()), R"({"width":2})");
    EXPECT_STREQ(content[1]["type"].GetString(), "image");
    EXPECT_STREQ(content[1]["mimeType"].GetString(), "image/png");
    EXPECT_STREQ(content[1]["data"].GetString(), "iVBORw0KGgo=");
}

TEST(ToolResultImages, MalformedEntriesStayInTheTextAndAreNotImages) {
    for (const char* hostile : {R"({"_images":[{"mimeType":"text/html","data":"PGI+"}]})", R"({"_images":[{"mimeType":"image/png"}]})",
                                R"({"_images":[{"mimeType":"image/png","data":""}]})", R"({"_images":[{"mimeType":"image/png","data":5}]})",
                                R"({"_images":[{"mimeType":"image/png","data":"AA==","type":"resource"}]})", R"({"_images":"iVBOR"})",
                                R"({"_images":[]})"}) {
        auto result = written(hostile);
        ASSERT_EQ(result["content"].Size(), 1u) << hostile;
        EXPECT_EQ(std::string(result["content"][0]["text"].GetString()), hostile) << "left as the module wrote it";
    }
    // A mix: the good one moves, the bad one stays.
    auto mixed = written(R"({"_images":[{"mimeType":"image/gif","data":"R0lG"},{"mimeType":"image/svg+xml","data":"PHN2Zz4="}]})");
    ASSERT_EQ(mixed["content"].Size(), 2u);
    EXPECT_EQ(std::string(mixed["content"][0]["text"].GetString()), R"({"_images":[{"mimeType":"image/svg+xml","data":"PHN2Zz4="}]})");
    EXPECT_STREQ(mixed["content"][1]["mimeType"].GetString(), "image/gif");
}

} // namespace
