// Profile commands of the panel protocol.
#include "app/profile_commands.hpp"

#include "support/json.hpp"
#include "support/utf8_path.hpp"

namespace uap::app {

bool ProfileCommands::handles(const std::string& type) const {
    return type == "list_profiles" || type == "show_profile" || type == "approve_profile" || type == "set_profile_enabled";
}

Expected<void> ProfileCommands::run(const std::string& type, const rapidjson::Value& command, rapidjson::Document& reply) {
    auto& allocator = reply.GetAllocator();
    auto id = json::string_field(command, "profile_id");
    if (type == "show_profile") {
        if (!id)
            return Error("show_profile needs profile_id (send list_profiles to see them)");
        auto catalog = m_service.catalog();
        const profiles::ProfileEntry* entry = catalog.find(*id);
        if (!entry)
            return Error("no profile has the id \"" + *id + "\" (send list_profiles to see them)");
        reply.AddMember("profile", profiles::entry_json(*entry, profiles::Detail::Full, allocator), allocator);
        return {};
    }
    if (type == "approve_profile") {
        auto sha256 = json::string_field(command, "sha256");
        if (!id || !sha256 || sha256->empty())
            return Error("approve_profile needs profile_id and sha256 (the sha256 show_profile returned with the text the user read)");
        if (auto approved = m_service.approve(*id, *sha256); !approved)
            return approved;
    } else if (type == "set_profile_enabled") {
        auto enabled = json::bool_field(command, "enabled");
        if (!id || !enabled)
            return Error("set_profile_enabled needs profile_id (a profile id, or \"all\" for the master switch) and enabled (true or false)");
        if (auto saved = m_service.set_switch(*id, *enabled ? profiles::Switch::On : profiles::Switch::Off); !saved)
            return saved;
    }
    if (type != "list_profiles" && m_changed)
        m_changed();
    profiles::describe(m_service.catalog(), reply, allocator);
    reply.AddMember("approvals_file", json::string_value(utf8::from_path(m_service.approvals().approvals_file()), allocator), allocator);
    return {};
}

} // namespace uap::app
