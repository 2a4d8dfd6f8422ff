// uap_ping: host version, uptime and editor connection state, as reported by the host itself.
#include "ping_tool.hpp"

namespace uap::core {

std::string_view PingTool::description() const {
    return "Check the host and the Unity editor connection.";
}

std::string_view PingTool::input_schema() const {
    return R"({"type":"object","additionalProperties":false})";
}

std::string_view PingTool::output_schema() const {
    return R"({"type":"object","required":["host","editor"],"properties":{
        "host":{"type":"object","required":["version","uptimeMs"]},
        "editor":{"type":"object","required":["state"]}}})";
}

sdk::ToolTraits PingTool::traits() const {
    return {sdk::Access::ReadOnly, sdk::Undo::NotUndoable, sdk::Impact::NonDestructive, sdk::Repeat::Idempotent,
            sdk::Duration::Quick};
}

sdk::ToolResult PingTool::call(const rapidjson::Value&, sdk::CallContext& context) {
    sdk::HostAnswer info = context.module().host_info();
    if (!info.ok())
        return sdk::ToolResult::failure("the host did not describe itself (" + info.json + ")");
    rapidjson::Document host;
    host.Parse(info.json.c_str());
    if (host.HasParseError() || !host.IsObject() || !host.HasMember("editor"))
        return sdk::ToolResult::failure("the host's self-description was not understood: " + info.json);

    rapidjson::Document result(rapidjson::kObjectType);
    auto& allocator = result.GetAllocator();
    rapidjson::Value editor(host["editor"], allocator);
    rapidjson::Value host_part(rapidjson::kObjectType);
    for (const char* field : {"version", "abiVersion", "uptimeMs"})
        if (host.HasMember(field))
            host_part.AddMember(rapidjson::StringRef(field), rapidjson::Value(host[field], allocator), allocator);
    result.AddMember("host", host_part, allocator);
    result.AddMember("editor", editor, allocator);
    return sdk::ToolResult::success(std::move(result));
}

} // namespace uap::core
