// PackCatalog: pack descriptions with their saved toggles, and toggling.
#include "app/pack_catalog.hpp"

#include "modules/pack_json.hpp"
#include "support/json.hpp"
#include "support/utf8_path.hpp"

namespace uap::app {

bool PackCatalog::restart_required(const modules::ModuleHost& modules) const {
    // The registry follows the settings, so an enabled pack that is still not loaded failed to
    // load or needs what only a restart gives (an install folder the host does not watch).
    for (auto& pack : modules.packs())
        if (pack->manifest && pack->state == modules::PackState::Disabled &&
            m_settings.toggle(pack->manifest->toggle) == settings::Toggle::Enabled)
            return true;
    return false;
}

void PackCatalog::describe(rapidjson::Document& reply) const {
    auto current = m_current();
    MutexLock lock(m_mutex);
    auto& allocator = reply.GetAllocator();
    rapidjson::Value packs = modules::packs_json(*current, allocator);
    for (size_t index = 0; index < packs.Size() && index < current->packs().size(); ++index) {
        auto& pack = current->packs()[index];
        bool enabled = pack->manifest && m_settings.toggle(pack->manifest->toggle) == settings::Toggle::Enabled;
        packs[static_cast<rapidjson::SizeType>(index)].AddMember("enabled", enabled, allocator);
    }
    reply.AddMember("packs", packs, allocator);
    // The project's C# tools are one group with a toggle of their own, not a pack.
    rapidjson::Value project_tools(rapidjson::kObjectType);
    project_tools.AddMember("toggle", rapidjson::StringRef(settings::project_tools_toggle), allocator);
    project_tools.AddMember("enabled", m_settings.toggle(settings::project_tools_toggle) == settings::Toggle::Enabled, allocator);
    reply.AddMember("project_tools", project_tools, allocator);
    reply.AddMember("restart_required", restart_required(*current), allocator);
    reply.AddMember("settings_file", json::string_value(utf8::from_path(m_settings.file()), allocator), allocator);
}

Expected<void> PackCatalog::set_enabled(const std::string& pack_id, settings::Toggle state, rapidjson::Document& reply) {
    {
        auto current = m_current();
        MutexLock lock(m_mutex);
        std::string toggle = pack_id == settings::project_tools_toggle ? pack_id : std::string();
        for (auto& pack : current->packs())
            if (pack->manifest && (pack->manifest->id == pack_id || pack->manifest->toggle == pack_id))
                toggle = pack->manifest->toggle;
        if (toggle.empty())
            return Error("no module pack has the id or toggle \"" + pack_id + "\" (send list_modules to see them; \"" +
                         settings::project_tools_toggle + "\" toggles the project's C# tools)");
        m_settings.set_toggle(toggle, state);
        if (auto saved = m_settings.save(); !saved)
            return saved.error();
    }
    describe(reply);
    return {};
}

} // namespace uap::app
