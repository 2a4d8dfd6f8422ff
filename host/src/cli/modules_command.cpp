// uap-host modules list | enable | disable | install | remove
#include "cli/commands.hpp"
#include "cli/host_setup.hpp"
#include "modules/library_description.hpp"
#include "modules/pack_installer.hpp"
#include "support/files.hpp"
#include "support/json.hpp"
#include "support/paths.hpp"

#include <algorithm>
#include <iostream>

namespace uap::cli {

namespace fs = std::filesystem;

namespace {

struct Action {
    std::string name;
    Command command;
};

const std::vector<Action>& actions() {
    static const std::vector<Action> all = {
        {"list",
         {{"uap-host modules list [--json] [--project DIR] [--plugins DIR]..."},
          "Lists every pack found, its state (loaded, disabled, failed, incompatible, shadowed), why, and its tools.",
          {{"json", Takes::Nothing, "", "print JSON instead of text"}, project_option(), plugins_option()},
          ""}},
        {"enable",
         {{"uap-host modules enable ID --project DIR [--plugins DIR]..."},
          "Turns a pack on in the project's settings (ID is the pack id or its toggle). A running host picks it up.",
          {project_option(), plugins_option()},
          ""}},
        {"disable",
         {{"uap-host modules disable ID --project DIR [--plugins DIR]..."},
          "Turns a pack off in the project's settings; its library is then never loaded. A running host picks it up.",
          {project_option(), plugins_option()},
          ""}},
        {"install",
         {{"uap-host modules install PATH [--replace]"},
          "Installs a pack (a folder or a .zip of one) into the per-user plugins folder, after checking its manifest, "
          "its library and that it takes no bundled tool's name.",
          {{"replace", Takes::Nothing, "", "replace an installed pack of the same id"}},
          ""}},
        {"remove",
         {{"uap-host modules remove ID"}, "Removes an installed pack from the per-user plugins folder.", {}, ""}},
        {"manifest",
         {{"uap-host modules manifest LIBRARY --template FILE --output FILE"},
          "Writes a pack's manifest from its module library: the template's fields plus the tool names the library "
          "describes. uap_add_module() runs it after every build, so a tool's name is written once, in its C++ class.",
          {{"template", Takes::Value, "FILE", "the manifest without tools (uap_add_module writes it at configure time)"},
           {"output", Takes::Value, "FILE", "where to write uap-module.json"}},
          ""}},
    };
    return all;
}

const Command& modules_group() {
    static const Command command = [] {
        Command group{{}, "Manages module packs. `uap-host modules ACTION --help` lists an action's options.", {}, ""};
        for (auto& action : actions())
            group.usage.push_back(action.command.usage[0]);
        return group;
    }();
    return command;
}

rapidjson::Value metadata_json(const modules::ToolMetadata& metadata, rapidjson::Document::AllocatorType& allocator) {
    rapidjson::Value value(rapidjson::kObjectType);
    value.AddMember("readOnly", metadata.read_only, allocator);
    value.AddMember("undoable", metadata.undoable, allocator);
    value.AddMember("destructive", metadata.destructive, allocator);
    value.AddMember("idempotent", metadata.idempotent, allocator);
    value.AddMember("longRunning", metadata.long_running, allocator);
    return value;
}

std::string metadata_words(const modules::ToolMetadata& metadata) {
    std::string words = metadata.read_only ? "read-only" : "writes";
    words += metadata.undoable ? ", undoable" : ", not undoable";
    if (metadata.destructive)
        words += ", destructive";
    if (metadata.idempotent)
        words += ", idempotent";
    if (metadata.long_running)
        words += ", long-running";
    return words;
}

void print_json(const modules::ModuleHost& host, const settings::ProjectSettings& settings) {
    rapidjson::Document document(rapidjson::kObjectType);
    auto& allocator = document.GetAllocator();
    auto text = [&](const std::string& value) { return json::string_value(value, allocator); };
    rapidjson::Value packs(rapidjson::kArrayType);
    for (auto& pack : host.packs()) {
        rapidjson::Value entry(rapidjson::kObjectType);
        entry.AddMember("id", text(pack->id()), allocator);
        if (pack->manifest) {
            entry.AddMember("name", text(pack->manifest->name), allocator);
            entry.AddMember("version", text(pack->manifest->version), allocator);
            entry.AddMember("toggle", text(pack->manifest->toggle), allocator);
            for (auto [field, value] : {std::pair{"author", &pack->manifest->author}, {"license", &pack->manifest->license},
                                        {"homepage", &pack->manifest->homepage}})
                if (!value->empty())
                    entry.AddMember(rapidjson::StringRef(field), text(*value), allocator);
            entry.AddMember("minHostRevision", pack->manifest->min_host_revision, allocator);
        }
        entry.AddMember("state", text(to_string(pack->state)), allocator);
        if (!pack->reason.empty())
            entry.AddMember("reason", text(pack->reason), allocator);
        entry.AddMember("origin", text(to_string(pack->origin)), allocator);
        entry.AddMember("folder", text(pack->folder.string()), allocator);
        if (pack->abi_version)
            entry.AddMember("abiVersion", pack->abi_version, allocator);
        rapidjson::Value warnings(rapidjson::kArrayType);
        for (auto& warning : pack->warnings)
            warnings.PushBack(text(warning), allocator);
        entry.AddMember("warnings", warnings, allocator);
        rapidjson::Value tools(rapidjson::kArrayType);
        for (auto& tool : pack->tools) {
            rapidjson::Value item(rapidjson::kObjectType);
            item.AddMember("name", text(tool.name), allocator);
            item.AddMember("description", text(tool.description), allocator);
            item.AddMember("metadata", metadata_json(tool.metadata, allocator), allocator);
            tools.PushBack(item, allocator);
        }
        entry.AddMember("tools", tools, allocator);
        packs.PushBack(entry, allocator);
    }
    document.AddMember("packs", packs, allocator);
    rapidjson::Value settings_info(rapidjson::kObjectType);
    settings_info.AddMember("file", text(settings.file().string()), allocator);
    if (settings.recovery_note())
        settings_info.AddMember("recovered", text(*settings.recovery_note()), allocator);
    document.AddMember("settings", settings_info, allocator);
    std::cout << json::to_pretty_text(document) << "\n";
}

void print_text(const modules::ModuleHost& host) {
    if (host.packs().empty())
        std::cout << "no module packs found\n";
    for (auto& pack : host.packs()) {
        std::cout << pack->id();
        if (pack->manifest)
            std::cout << " " << pack->manifest->version;
        std::cout << "  " << to_string(pack->state) << "  (" << to_string(pack->origin) << ": " << pack->folder.string() << ")\n";
        if (pack->manifest && !(pack->manifest->author.empty() && pack->manifest->license.empty() && pack->manifest->homepage.empty()))
            std::cout << "    by " << (pack->manifest->author.empty() ? "(unknown author)" : pack->manifest->author) << ", license "
                      << (pack->manifest->license.empty() ? "(not stated)" : pack->manifest->license)
                      << (pack->manifest->homepage.empty() ? "" : ", " + pack->manifest->homepage) << "\n";
        if (!pack->reason.empty())
            std::cout << "    reason: " << pack->reason << "\n";
        for (auto& warning : pack->warnings)
            std::cout << "    warning: " << warning << "\n";
        for (auto& tool : pack->tools)
            std::cout << "    " << tool.name << "  [" << metadata_words(tool.metadata) << "]  " << tool.description << "\n";
    }
}

int list(const Arguments& arguments) {
    auto host = load_host(arguments);
    if (!host)
        return fail(Failure, host.error().message());
    if (arguments.has("json"))
        print_json(*host->modules, *host->settings);
    else
        print_text(*host->modules);
    return Success;
}

int toggle(const Arguments& arguments, settings::Toggle state) {
    if (arguments.positional().size() != 2)
        return fail(UsageError, std::string("modules ") + (state == settings::Toggle::Enabled ? "enable" : "disable") +
                                    " needs one ID, e.g. `" + settings::toggle_command(state, "ID", arguments.value("project").value_or("")) +
                                    "` (`uap-host modules list` shows the ids)");
    if (!arguments.value("project"))
        return fail(UsageError, "--project DIR is required: toggles are stored per project; run `" +
                                    settings::toggle_command(state, arguments.positional()[1], "") + "` with your Unity project's folder");
    auto settings = load_settings(arguments);
    if (!settings)
        return fail(Failure, settings.error().message());
    const std::string& id = arguments.positional()[1];
    std::optional<std::string> toggle_id;
    for (auto& candidate : modules::find_pack_candidates(plugin_folders(arguments, **settings))) {
        auto manifest = modules::read_manifest(candidate.folder);
        if (manifest && (manifest->id == id || manifest->toggle == id))
            toggle_id = manifest->toggle;
    }
    if (!toggle_id)
        return fail(Failure, "no module pack has the id or toggle \"" + id + "\"; `uap-host modules list --project " +
                                 *arguments.value("project") + "` shows every pack's id and toggle");
    (*settings)->set_toggle(*toggle_id, state);
    if (auto saved = (*settings)->save(); !saved)
        return fail(Failure, saved.error().message());
    std::cout << "toggle \"" << *toggle_id << "\" " << (state == settings::Toggle::Enabled ? "enabled" : "disabled") << " in "
              << (*settings)->file().string() << "\n";
    return Success;
}

int install(const Arguments& arguments) {
    if (arguments.positional().size() != 2)
        return fail(UsageError, "modules install needs one PATH (a pack folder or a .zip)");
    auto installed = modules::install_pack(fs::absolute(arguments.positional()[1]),
                                           {paths::user_plugins_folder(), paths::bundled_plugins_folder()},
                                           arguments.has("replace") ? modules::ExistingPack::Replace : modules::ExistingPack::Refuse);
    if (!installed)
        return fail(Failure, "cannot install: " + installed.error().message());
    std::cout << "installed " << installed->string() << "\n";
    return Success;
}

int write_manifest(const Arguments& arguments, const Command& command) {
    if (arguments.positional().size() != 2 || !arguments.value("template") || !arguments.value("output"))
        return usage_error("modules manifest needs LIBRARY, --template FILE and --output FILE", command);
    auto template_text = files::read(*arguments.value("template"), modules::manifest_max_bytes);
    if (!template_text)
        return fail(Failure, template_text.error().message());
    fs::path output = fs::absolute(*arguments.value("output"));
    auto manifest = modules::manifest_from_library(*template_text, arguments.positional()[1], output.parent_path());
    if (!manifest)
        return fail(Failure, "cannot write the manifest: " + manifest.error().message());
    if (auto written = files::write_atomically(output, *manifest, files::Visibility::Default); !written)
        return fail(Failure, written.error().message());
    return Success;
}

int remove(const Arguments& arguments) {
    if (arguments.positional().size() != 2)
        return fail(UsageError, "modules remove needs one ID");
    auto removed = modules::remove_pack(arguments.positional()[1], paths::user_plugins_folder());
    if (!removed)
        return fail(Failure, removed.error().message());
    std::cout << "removed " << removed->string() << "\n";
    return Success;
}

} // namespace

int run_modules_command(const std::vector<std::string>& words) {
    if (words.empty() || words[0] == "--help" || words[0] == "-h" || words[0] == "help") {
        std::cout << command_line::help_text(modules_group());
        return words.empty() ? UsageError : Success;
    }
    auto action = std::find_if(actions().begin(), actions().end(), [&](const Action& known) { return known.name == words[0]; });
    if (action == actions().end())
        return usage_error("unknown modules action \"" + words[0] + "\"", modules_group());
    auto arguments = Arguments::parse(words, action->command);
    if (!arguments)
        return usage_error(arguments.error().message(), action->command);
    if (arguments->help_requested()) {
        std::cout << command_line::help_text(action->command);
        return Success;
    }
    if (action->name == "list")
        return list(*arguments);
    if (action->name == "enable")
        return toggle(*arguments, settings::Toggle::Enabled);
    if (action->name == "disable")
        return toggle(*arguments, settings::Toggle::Disabled);
    if (action->name == "install")
        return install(*arguments);
    if (action->name == "manifest")
        return write_manifest(*arguments, action->command);
    return remove(*arguments);
}

} // namespace uap::cli
