// IntegrationSettings: JSON load and atomic owner-only save.
#include "integrations/integration_settings.hpp"

#include "support/files.hpp"
#include "support/json.hpp"
#include "support/paths.hpp"
#include "support/utf8_path.hpp"

namespace uap::integrations {

std::filesystem::path IntegrationSettings::file_for(const std::filesystem::path& project) {
    return paths::project_state_folder(project) / "integrations.json";
}

Expected<IntegrationSettings> IntegrationSettings::load(const std::filesystem::path& project) {
    IntegrationSettings settings;
    auto file = file_for(project);
    std::error_code error;
    if (!std::filesystem::exists(file, error))
        return settings;
    auto text = files::read(file, 64 * 1024, files::Links::Refuse);
    if (!text)
        return text.error().within(utf8::from_path(file));
    auto document = json::parse(*text);
    if (!document)
        return document.error().within(utf8::from_path(file));
    if (!document->IsObject())
        return Error(utf8::from_path(file) + ": the settings must be a JSON object; delete the file to return to the defaults");
    if (auto steering = json::bool_field(*document, "plugin_steering"))
        settings.plugin_steering = *steering ? PluginSteering::On : PluginSteering::Off;
    if (auto fallback = json::bool_field(*document, "plugin_dir_fallback"))
        settings.plugin_dir_fallback = *fallback ? PluginDirFallback::On : PluginDirFallback::Off;
    return settings;
}

Expected<void> IntegrationSettings::save(const std::filesystem::path& project) const {
    rapidjson::Document document(rapidjson::kObjectType);
    auto& allocator = document.GetAllocator();
    document.AddMember("plugin_steering", plugin_steering == PluginSteering::On, allocator);
    document.AddMember("plugin_dir_fallback", plugin_dir_fallback == PluginDirFallback::On, allocator);
    if (auto folder = paths::prepare_project_state_folder(project); !folder)
        return folder.error();
    return files::write_atomically(file_for(project), json::to_pretty_text(document) + "\n", files::Visibility::OwnerOnly);
}

} // namespace uap::integrations
