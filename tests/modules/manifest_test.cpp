// Manifest parsing: every required field, every wrong type, and paths that try to leave the pack.
#include "modules/manifest.hpp"

#include <gtest/gtest.h>

#include <fstream>

namespace {

using uap::modules::parse_manifest;

std::string manifest_with(const std::string& replaced_field, const std::string& replacement) {
    std::string fields[][2] = {{"manifestVersion", "1"},
                               {"id", "\"com.example.pack\""},
                               {"name", "\"Example\""},
                               {"version", "\"1.2.3\""},
                               {"abiVersion", "1"},
                               {"toggle", "\"example\""},
                               {"library", "{\"linux-x86_64\":\"libexample.so\",\"windows-x86_64\":\"example.dll\"}"},
                               {"tools", "[\"example_tool\"]"}};
    std::string text = "{";
    for (auto& field : fields) {
        std::string value = field[0] == replaced_field ? replacement : field[1];
        if (value.empty())
            continue;
        if (text.size() > 1)
            text += ',';
        text.append("\"").append(field[0]).append("\":").append(value);
    }
    return text + "}";
}

TEST(Manifest, AcceptsAComplete) {
    auto manifest = parse_manifest(manifest_with("", ""), "/packs/example");
    ASSERT_TRUE(manifest) << manifest.error().message();
    EXPECT_EQ(manifest->id, "com.example.pack");
    EXPECT_EQ(manifest->toggle, "example");
    EXPECT_EQ(manifest->abi_version, 1u);
    EXPECT_EQ(manifest->tools, std::vector<std::string>{"example_tool"});
    EXPECT_EQ(manifest->libraries.at("windows-x86_64"), "example.dll");
}

// Appends extra fields to the complete manifest.
std::string manifest_plus(const std::string& fields) {
    std::string text = manifest_with("", "");
    return text.substr(0, text.size() - 1) + "," + fields + "}";
}

TEST(Manifest, ReadsPublisherMetadataAndTheMinimumHostRevision) {
    auto manifest = parse_manifest(manifest_plus(R"("author":"Example Ltd","license":"MIT OR Apache-2.0",)"
                                                 R"("homepage":"https://example.com/pack","minHostRevision":2)"),
                                   "/packs/example");
    ASSERT_TRUE(manifest) << manifest.error().message();
    EXPECT_EQ(manifest->author, "Example Ltd");
    EXPECT_EQ(manifest->license, "MIT OR Apache-2.0");
    EXPECT_EQ(manifest->homepage, "https://example.com/pack");
    EXPECT_EQ(manifest->min_host_revision, 2u);
    EXPECT_TRUE(uap::modules::check_host_revision(*manifest));

    auto plain = parse_manifest(manifest_with("", ""), "/packs/example");
    ASSERT_TRUE(plain);
    EXPECT_EQ(plain->min_host_revision, 1u) << "absent means the first revision";
    EXPECT_TRUE(plain->author.empty());
}

TEST(Manifest, RefusesAFutureHostRevisionNamingTheFix) {
    auto manifest = parse_manifest(manifest_plus(R"("minHostRevision":)" + std::to_string(uap::modules::host_api_revision + 1)),
                                   "/packs/example");
    ASSERT_TRUE(manifest);
    auto checked = uap::modules::check_host_revision(*manifest);
    ASSERT_FALSE(checked);
    EXPECT_EQ(checked.error().code(), uap::ErrorCode::UnsupportedVersion);
    const std::string& refusal = checked.error().message();
    EXPECT_NE(refusal.find("needs host revision " + std::to_string(uap::modules::host_api_revision + 1)), std::string::npos) << refusal;
    EXPECT_NE(refusal.find("uap-host --version"), std::string::npos) << refusal;
}

TEST(Manifest, RejectsMalformedPublisherMetadata) {
    for (auto [fields, expected] : {std::pair{R"("author":42)", "\"author\" must be a string"},
                                    {"\"license\":\"MIT\\u0007\"", "\"license\" must be at most 200 characters"},
                                    {R"("homepage":"javascript:void")", "\"homepage\" must be an http:// or https:// URL"},
                                    {R"("minHostRevision":0)", "\"minHostRevision\" must be a positive integer"},
                                    {R"("minHostRevision":"2")", "\"minHostRevision\" must be a positive integer"}}) {
        auto manifest = parse_manifest(manifest_plus(fields), "/p");
        ASSERT_FALSE(manifest) << fields;
        EXPECT_NE(manifest.error().message().find(expected), std::string::npos) << manifest.error().message();
    }
    auto long_author = parse_manifest(manifest_plus("\"author\":\"" + std::string(201, 'a') + "\""), "/p");
    EXPECT_FALSE(long_author);
}

TEST(Manifest, ReadsListingAndKeywordsAndListsNothingByDefault) {
    auto manifest = parse_manifest(manifest_plus(R"("listing":"always","keywords":["terrain","地形"])"), "/p");
    ASSERT_TRUE(manifest) << manifest.error().message();
    EXPECT_EQ(manifest->listing, uap::modules::Listing::Always);
    EXPECT_EQ(manifest->keywords, (std::vector<std::string>{"terrain", "地形"}));
    auto plain = parse_manifest(manifest_with("", ""), "/p");
    ASSERT_TRUE(plain);
    EXPECT_EQ(plain->listing, uap::modules::Listing::Search) << "a pack without the field is found through uap_tool_search";
    std::string many = "\"keywords\":[";
    for (int index = 0; index < 65; ++index)
        many += std::string(index ? "," : "") + "\"w" + std::to_string(index) + "\"";
    for (auto [fields, expected] : {std::pair{std::string(R"("listing":"sometimes")"), "\"listing\" must be \"always\""},
                                    {R"("listing":true)", "\"listing\" must be \"always\""},
                                    {R"("keywords":"terrain")", "\"keywords\" must be an array"},
                                    {R"("keywords":[""])", "not a word of 1-64 bytes"},
                                    {"\"keywords\":[\"" + std::string(65, 'k') + "\"]", "not a word of 1-64 bytes"},
                                    {many + "]", "at most 64 words"}}) {
        auto refused = parse_manifest(manifest_plus(fields), "/p");
        ASSERT_FALSE(refused) << fields;
        EXPECT_NE(refused.error().message().find(expected), std::string::npos) << refused.error().message();
    }
}

TEST(Manifest, ListedToolsNameWhichToolsOfAnAlwaysPackAreListed) {
    std::string three_tools = manifest_with("tools", R"(["example_tool","example_other","example_third"])");
    auto listed = parse_manifest(three_tools.insert(1, R"("listing":"always","listedTools":["example_other"],)"), "/p");
    ASSERT_TRUE(listed) << listed.error().message();
    EXPECT_EQ(listed->listed_tools, (std::vector<std::string>{"example_other"}));
    EXPECT_EQ(listed->listing_of("example_other"), uap::modules::Listing::Always);
    EXPECT_EQ(listed->listing_of("example_tool"), uap::modules::Listing::Search) << "the pack's other tools are found by search";
    auto every = parse_manifest(manifest_plus(R"("listing":"always")"), "/p");
    ASSERT_TRUE(every);
    EXPECT_EQ(every->listing_of("example_tool"), uap::modules::Listing::Always) << "without listedTools every tool is listed";
    auto search = parse_manifest(manifest_with("", ""), "/p");
    ASSERT_TRUE(search);
    EXPECT_EQ(search->listing_of("example_tool"), uap::modules::Listing::Search);

    // Hostile or mistaken values: each refused with what is wrong, before any module code runs.
    for (auto [fields, expected] :
         {std::pair{std::string(R"("listing":"always","listedTools":["example_nope"])"), "names \"example_nope\", which is not in \"tools\""},
          {R"("listing":"always","listedTools":["../../etc"])", "names \"an invalid name\", which is not in \"tools\""},
          {R"("listing":"always","listedTools":["example_tool","example_tool"])", "names \"example_tool\" twice"},
          {R"("listing":"always","listedTools":"example_tool")", "must be a non-empty array"},
          {R"("listing":"always","listedTools":{"example_tool":true})", "must be a non-empty array"},
          {R"("listing":"always","listedTools":[])", "must be a non-empty array"},
          {R"("listing":"always","listedTools":[42])", "not a tool name"},
          {R"("listing":"always","listedTools":[null])", "not a tool name"},
          {R"("listing":"search","listedTools":["example_tool"])", "needs \"listing\": \"always\""},
          {R"("listedTools":["example_tool"])", "needs \"listing\": \"always\""}}) {
        auto refused = parse_manifest(manifest_plus(fields), "/p");
        ASSERT_FALSE(refused) << fields;
        EXPECT_NE(refused.error().message().find(expected), std::string::npos) << fields << ": " << refused.error().message();
    }
}

TEST(Manifest, ToggleDefaultsToId) {
    auto manifest = parse_manifest(manifest_with("toggle", ""), "/packs/example");
    ASSERT_TRUE(manifest);
    EXPECT_EQ(manifest->toggle, "com.example.pack");
}

TEST(Manifest, RejectsTextThatIsNotJson) {
    auto manifest = parse_manifest("{\"id\": \"x\",", "/p");
    ASSERT_FALSE(manifest);
    EXPECT_NE(manifest.error().message().find("invalid JSON at offset"), std::string::npos) << manifest.error().message();
}

TEST(Manifest, RejectsNonObjectTopLevel) {
    auto manifest = parse_manifest("[1,2]", "/p");
    ASSERT_FALSE(manifest);
}

struct MissingField {
    const char* field;
    const char* expected;
};

class ManifestMissingField : public ::testing::TestWithParam<MissingField> {};

TEST_P(ManifestMissingField, NamesTheField) {
    auto manifest = parse_manifest(manifest_with(GetParam().field, ""), "/p");
    ASSERT_FALSE(manifest);
    EXPECT_NE(manifest.error().message().find(GetParam().expected), std::string::npos) << manifest.error().message();
}

INSTANTIATE_TEST_SUITE_P(All, ManifestMissingField,
                         ::testing::Values(MissingField{"manifestVersion", "manifestVersion"}, MissingField{"id", "\"id\""},
                                           MissingField{"name", "\"name\""}, MissingField{"version", "\"version\""},
                                           MissingField{"abiVersion", "abiVersion"}, MissingField{"library", "library"},
                                           MissingField{"tools", "tools"}),
                         [](const auto& parameter) { return std::string(parameter.param.field); });

struct BadValue {
    const char* field;
    const char* value;
    const char* expected;
};

class ManifestBadValue : public ::testing::TestWithParam<BadValue> {};

TEST_P(ManifestBadValue, IsRejectedWithAReason) {
    auto manifest = parse_manifest(manifest_with(GetParam().field, GetParam().value), "/p");
    ASSERT_FALSE(manifest);
    EXPECT_NE(manifest.error().message().find(GetParam().expected), std::string::npos) << manifest.error().message();
}

INSTANTIATE_TEST_SUITE_P(
    All, ManifestBadValue,
    ::testing::Values(BadValue{"manifestVersion", "2", "not supported"}, BadValue{"id", "\"../escape\"", "id"},
                      BadValue{"id", "\"\"", "empty"}, BadValue{"id", "42", "\"id\""}, BadValue{"abiVersion", "-1", "abiVersion"},
                      BadValue{"abiVersion", "\"1\"", "abiVersion"}, BadValue{"library", "{}", "library"},
                      BadValue{"library", "{\"linux-x86_64\":\"../../etc/evil.so\"}", "inside the pack"},
                      BadValue{"library", "{\"linux-x86_64\":\"/usr/lib/evil.so\"}", "inside the pack"},
                      BadValue{"tools", "[\"a\",\"a\"]", "listed twice"}, BadValue{"tools", "[\"has space\"]", "tool name"},
                      BadValue{"tools", "\"uap_ping\"", "tools"}, BadValue{"toggle", "\"a b\"", "toggle"}),
    [](const auto& parameter) { return std::string(parameter.param.field) + "_" + std::to_string(parameter.index); });

TEST(Manifest, LibraryForThisPlatform) {
    auto manifest = parse_manifest(manifest_with("", ""), "/packs/example");
    ASSERT_TRUE(manifest);
    auto library = manifest->library_for_this_platform();
    if (uap::modules::this_platform_key() == "linux-x86_64") {
        ASSERT_TRUE(library);
        EXPECT_EQ(*library, std::filesystem::path("/packs/example/libexample.so"));
    } else if (uap::modules::this_platform_key() == "windows-x86_64") {
        ASSERT_TRUE(library);
        EXPECT_EQ(*library, std::filesystem::path("/packs/example/example.dll"));
    } else {
        ADD_FAILURE() << "no expectation for " << uap::modules::this_platform_key();
    }
    auto other = parse_manifest(manifest_with("library", "{\"plan9-mips\":\"x.so\"}"), "/p");
    ASSERT_TRUE(other);
    EXPECT_FALSE(other->library_for_this_platform());
}

TEST(Manifest, OversizedManifestFileIsRefused) {
    // read_manifest caps the file size before parsing; exercised through a real file.
    auto folder = std::filesystem::temp_directory_path() / "uap-oversized-manifest";
    std::filesystem::create_directories(folder);
    {
        std::ofstream file(folder / "uap-module.json");
        file << "{\"pad\":\"" << std::string(uap::modules::manifest_max_bytes + 10, 'x') << "\"}";
    }
    auto manifest = uap::modules::read_manifest(folder);
    std::filesystem::remove_all(folder);
    ASSERT_FALSE(manifest);
    EXPECT_NE(manifest.error().message().find("the limit is"), std::string::npos) << manifest.error().message();
}

} // namespace
