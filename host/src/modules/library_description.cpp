// Describing a module library on its own, and writing a manifest from what it describes.
#include "modules/library_description.hpp"

#include "modules/host_services.hpp"
#include "modules/manifest.hpp"
#include "loader/module_library.hpp"
#include "support/json.hpp"
#include "support/utf8_path.hpp"

#include <uap/sdk/json.hpp>

#include <algorithm>

namespace uap::modules {

namespace fs = std::filesystem;

std::string joined_names(std::vector<std::string> names) {
    std::sort(names.begin(), names.end());
    std::string text;
    for (auto& name : names)
        text += (text.empty() ? "" : ", ") + name;
    return text.empty() ? "(none)" : text;
}

Expected<void> check_manifest_matches(const Manifest& manifest, const ModuleDescription& description) {
    if (description.id != manifest.id)
        return Error("the library reports id \"" + description.id + "\" but the manifest says \"" + manifest.id + "\"");
    std::vector<std::string> reported;
    for (auto& tool : description.tools)
        reported.push_back(tool.name);
    std::vector<std::string> promised = manifest.tools;
    std::sort(reported.begin(), reported.end());
    std::sort(promised.begin(), promised.end());
    if (reported != promised)
        return Error("the manifest lists the tools " + joined_names(promised) + ", but the library reports " + joined_names(reported));
    return {};
}

Expected<ModuleDescription> describe_library(const fs::path& library_file) {
    UAP_ASSIGN_OR_RETURN(auto library, loader::ModuleLibrary::open(fs::absolute(library_file)));
    static const HostEnvironment environment; // No editor: describing needs none.
    uap_host_context context;
    context.module_id = "(describing " + utf8::from_path(library_file.filename()) + ")";
    context.settings_json = "{}";
    context.environment = &environment;
    uap_module_instance* instance = nullptr;
    sdk::StringReceiver init_error(4096);
    if (uap_status status = library->api().init(&host_api(), &context, &instance, init_error.sink()); status != UAP_STATUS_OK)
        return Error("init failed (status " + std::to_string(status) + ")" + (init_error.text().empty() ? "" : ": " + init_error.text()));
    sdk::StringReceiver described(4 * 1024 * 1024);
    uap_status status = library->api().describe(instance, described.sink());
    library->api().shutdown(instance);
    if (status != UAP_STATUS_OK || described.overflowed())
        return Error(described.overflowed() ? std::string("describe() wrote more than 4 MiB")
                                            : "describe() failed (status " + std::to_string(status) + "): " + described.text());
    return parse_module_description(described.text());
}

Expected<std::string> manifest_from_library(const std::string& template_text, const fs::path& library, const fs::path& folder) {
    auto document = json::parse(template_text);
    if (!document)
        return document.error().within("the manifest template");
    if (!document->IsObject())
        return Error("the manifest template is not a JSON object");
    auto description = describe_library(library);
    if (!description)
        return description.error().within(utf8::from_path(library));
    auto id = json::string_field(*document, "id");
    if (!id || *id != description->id)
        return Error(utf8::from_path(library) + " reports id \"" + description->id + "\" but the pack's ID is \"" + id.value_or("") +
                     "\"; write the id once, in uap_add_module(... ID ...), and pass UAP_PACK_ID from <uap/pack_identity.hpp> to UAP_MODULE(...)");
    auto version = json::string_field(*document, "version");
    if (!version || *version != description->version)
        return Error(utf8::from_path(library) + " reports version \"" + description->version + "\" but the pack's VERSION is \"" +
                     version.value_or("") + "\"; write the version once, in uap_add_module(... VERSION ...), and pass "
                     "UAP_PACK_VERSION from <uap/pack_identity.hpp> to UAP_MODULE(...)");
    auto& allocator = document->GetAllocator();
    rapidjson::Value tools(rapidjson::kArrayType);
    for (auto& tool : description->tools)
        tools.PushBack(json::string_value(tool.name, allocator), allocator);
    document->RemoveMember("tools");
    document->AddMember("tools", tools, allocator);
    std::string text = json::to_pretty_text(*document) + "\n";
    if (auto checked = parse_manifest(text, folder); !checked)
        return checked.error().within("the generated manifest");
    return text;
}

} // namespace uap::modules
