// Custom instructions per project, with the real CLI against the scripted fake Messages API: saved,
// shown in the status, carried by the next request's system prompt, and removed again.
#include "real_cli_fixture.hpp"

#include "agent/agent_session.hpp"
#include "agent/agent_settings.hpp"
#include "support/json.hpp"

using namespace std::chrono_literals;
using namespace uap::agent_test;

namespace {

// The system prompt of a request body, its text blocks joined.
std::string system_text(const std::string& body) {
    auto request = uap::json::parse(body);
    std::string text;
    if (request && request->IsObject() && request->HasMember("system") && (*request)["system"].IsArray())
        for (auto& block : (*request)["system"].GetArray())
            text += uap::json::string_field(block, "text").value_or("");
    return text;
}

std::string instructions_command(const std::string& text, const std::string& id) {
    rapidjson::Document command(rapidjson::kObjectType);
    auto& allocator = command.GetAllocator();
    command.AddMember("type", "set_custom_instructions", allocator);
    command.AddMember("id", uap::json::string_value(id, allocator), allocator);
    command.AddMember("text", uap::json::string_value(text, allocator), allocator);
    return uap::json::to_text(command);
}

} // namespace

TEST_F(RealCli, CustomInstructionsReachTheNextRequestAndGoWhenRemoved) {
    start(R"([{"text":"plain"},{"text":"in verse"},{"text":"plain again"}])");
    auto client = connect();
    size_t before = client->count();
    client->send(send_command("one"));
    ASSERT_GE(wait_turn(*client, before), 0);
    const std::string rule = "Name every GameObject in PascalCase. 「日本語」 <b>kept</b>";
    EXPECT_EQ(system_text(main_requests().back()).find("PascalCase"), std::string::npos);

    EXPECT_EQ(command_outcome(*client, instructions_command(rule, "set"), "set"), "ok");
    auto saved = uap::agent::AgentSettings::load(project);
    ASSERT_TRUE(saved);
    EXPECT_EQ(saved->append_system_prompt, rule);
    ASSERT_GE(client->wait_for([&](const rapidjson::Document& m) {
        return is_type(m, "status") && uap::json::string_field(m["status"], "custom_instructions").value_or("") == rule;
    }, 10s), 0);
    before = client->count();
    client->send(send_command("two"));
    ASSERT_GE(wait_turn(*client, before), 0) << ::testing::PrintToString(client->texts());
    EXPECT_NE(system_text(main_requests().back()).find(rule), std::string::npos) << "the restarted CLI carries them";

    std::string too_long(uap::agent::max_custom_instructions_bytes + 1, 'x');
    EXPECT_NE(command_outcome(*client, instructions_command(too_long, "long"), "long").find("at most 16384 are taken"), std::string::npos);
    EXPECT_NE(command_outcome(*client, R"({"type":"set_custom_instructions","id":"none"})", "none").find("needs text"), std::string::npos);

    EXPECT_EQ(command_outcome(*client, instructions_command("", "clear"), "clear"), "ok");
    before = client->count();
    client->send(send_command("three"));
    ASSERT_GE(wait_turn(*client, before), 0);
    EXPECT_EQ(system_text(main_requests().back()).find("PascalCase"), std::string::npos) << "removed ones are gone";
}
