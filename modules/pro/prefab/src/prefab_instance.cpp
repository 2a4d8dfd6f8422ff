// The prefab tools' shared steps; see prefab_instance.hpp.
#include "prefab_instance.hpp"

namespace uap::pro::prefab {

namespace {

constexpr const char* identity_members[] = {"kind", "objectPath", "componentType", "componentIndex", "propertyPath", "name"};

} // namespace

std::optional<std::string> add_instance_reference(const rapidjson::Value& arguments, rapidjson::Document& params) {
    rapidjson::Value reference;
    if (auto problem = core::object_reference(core::string_member(arguments, "path"), core::member(arguments, "scene"), reference,
                                              params.GetAllocator()))
        return "path " + *problem;
    params.AddMember("object", reference, params.GetAllocator());
    return std::nullopt;
}

EditorReply read_overrides(EditorSession& session, const rapidjson::Value& object_reference) {
    rapidjson::Document params(rapidjson::kObjectType);
    params.AddMember("object", rapidjson::Value(object_reference, params.GetAllocator()), params.GetAllocator());
    return session.call("prefab.overrides.get", params);
}

sdk::ToolResult editor_failure(std::string_view tool, std::string_view what, const EditorReply& reply) {
    if (reply.code == "unknown_method")
        return sdk::ToolResult::failure(std::string(tool) + " refused: the connected Unity package has no prefab.* primitives (" + reply.message +
                                        "); update the Agent Panel Core package (com.agentpanel.unity) to the version this host ships, "
                                        "then call again; nothing was changed");
    return core::failure(std::string(tool) + " " + std::string(what), reply);
}

rapidjson::Value override_identity(const rapidjson::Value& listed, core::Allocator& allocator) {
    rapidjson::Value identity(rapidjson::kObjectType);
    for (const char* name : identity_members)
        if (const auto* value = core::member(listed, name))
            identity.AddMember(rapidjson::StringRef(name), rapidjson::Value(*value, allocator), allocator);
    return identity;
}

bool same_override(const rapidjson::Value& left, const rapidjson::Value& right) {
    for (const char* name : identity_members) {
        const auto* one = core::member(left, name);
        const auto* other = core::member(right, name);
        if ((one == nullptr) != (other == nullptr) || (one && *one != *other))
            return false;
    }
    return true;
}

} // namespace uap::pro::prefab
