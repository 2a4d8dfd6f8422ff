// uap-host modules list | enable | disable | isolate | inline | install | remove | manifest | new |
// keygen | sign | trust
#include "app/isolated_packs.hpp"
#include "cli/action_command.hpp"
#include "cli/cli_text.hpp"
#include "cli/commands.hpp"
#include "cli/host_setup.hpp"
#include "cli/pack_scaffold.hpp"
#include "cli/skills_export.hpp"
#include "modules/fault_records.hpp"
#include "modules/library_description.hpp"
#include "modules/pack_installer.hpp"
#include "modules/pack_json.hpp"
#include "support/files.hpp"
#include "support/json.hpp"
#include "support/paths.hpp"
#include "support/platform/platform.hpp"
#include "support/processes.hpp"
#include "support/utf8_path.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <iostream>

namespace uap::cli {

namespace fs = std::filesystem;

namespace {

const std::vector<Action>& actions() {
    static const std::vector<Action> all = {
        {"list",
         {{"uap-host modules list [--json] [--project DIR] [--plugins DIR]..."},
          cli_text("modules.list_summary"),
          {{"json", Takes::Nothing, "", cli_text("common.json_help")}, project_option(), plugins_option()},
          ""}},
        {"enable",
         {{"uap-host modules enable ID --project DIR [--plugins DIR]..."}, cli_text("modules.enable_summary"), {project_option(), plugins_option()}, ""}},
        {"disable",
         {{"uap-host modules disable ID --project DIR [--plugins DIR]..."}, cli_text("modules.disable_summary"), {project_option(), plugins_option()}, ""}},
        {"isolate",
         {{"uap-host modules isolate ID --project DIR [--plugins DIR]..."}, cli_text("modules.isolate_summary"), {project_option(), plugins_option()}, ""}},
        {"inline",
         {{"uap-host modules inline ID --project DIR [--plugins DIR]..."}, cli_text("modules.inline_summary"), {project_option(), plugins_option()}, ""}},
        {"install",
         {{"uap-host modules install PATH [--replace] [--allow-unsigned] [--project DIR] [--max-total-mib N] [--max-entry-mib N] "
           "[--max-entries N]"},
          cli_text("modules.install_summary"),
          {{"replace", Takes::Nothing, "", cli_text("modules.replace_help")},
           {"allow-unsigned", Takes::Nothing, "", cli_text("modules.allow_unsigned_help")},
           {"project", Takes::Value, "DIR", cli_text("modules.install_project_help")},
           {"max-total-mib", Takes::Value, "N", cli_text("modules.max_total_help")},
           {"max-entry-mib", Takes::Value, "N", cli_text("modules.max_entry_help")},
           {"max-entries", Takes::Value, "N", cli_text("modules.max_entries_help")}},
          ""}},
        {"remove", {{"uap-host modules remove ID"}, cli_text("modules.remove_summary"), {}, ""}},
        {"keygen",
         {{"uap-host modules keygen --publisher NAME --output FILE"},
          cli_text("modules.keygen_summary"),
          {{"publisher", Takes::Value, "NAME", cli_text("modules.publisher_help")},
           {"output", Takes::Value, "FILE", cli_text("modules.key_output_help")}},
          ""}},
        {"sign",
         {{"uap-host modules sign FOLDER --key FILE"},
          cli_text("modules.sign_summary"),
          {{"key", Takes::Value, "FILE", cli_text("modules.key_help")}},
          ""}},
        {"trust",
         {{"uap-host modules trust KEY --publisher NAME [--project DIR]"},
          cli_text("modules.trust_summary"),
          {{"publisher", Takes::Value, "NAME", cli_text("modules.trust_publisher_help")}, project_option()},
          ""}},
        {"manifest",
         {{"uap-host modules manifest LIBRARY --template FILE --output FILE"},
          cli_text("modules.manifest_summary"),
          {{"template", Takes::Value, "FILE", cli_text("modules.template_help")},
           {"output", Takes::Value, "FILE", cli_text("modules.manifest_output_help")}},
          ""}},
        {"new",
         {{"uap-host modules new ID [--dir DIR]"},
          cli_text("modules.new_summary"),
          {{"dir", Takes::Value, "DIR", cli_text("modules.dir_help")}},
          cli_text("modules.new_details")}},
    };
    return all;
}

const Command& modules_group() {
    static const Command command = action_group(cli_text("modules.summary"), actions());
    return command;
}

// Packs the project's running host disabled for its run, as a note per pack id.
using RunNotes = std::map<std::string, std::string>;

RunNotes disabled_in_running_host(const Arguments& arguments) {
    RunNotes notes;
    auto project = arguments.value("project");
    if (!project)
        return notes;
    auto disabled = modules::read_disabled_packs(fs::absolute(utf8::to_path(*project)));
    if (!disabled || !processes::may_be_running(disabled->pid))
        return notes;
    for (auto& [id, reason] : disabled->packs)
        notes[id] = "disabled for this run of the host (pid " + std::to_string(disabled->pid) + "): " + reason;
    return notes;
}

void print_json(const modules::ModuleHost& host, const settings::ProjectSettings& settings, const RunNotes& notes,
                const std::vector<std::string>& package_notes) {
    rapidjson::Document document(rapidjson::kObjectType);
    auto& allocator = document.GetAllocator();
    auto text = [&](const std::string& value) { return json::string_value(value, allocator); };
    rapidjson::Value packs = modules::packs_json(host, allocator);
    // What a running host of this project reports about a pack (disabled after crashes, ...).
    for (auto& entry : packs.GetArray())
        if (auto note = notes.find(entry["id"].GetString()); note != notes.end())
            entry.AddMember("runningHost", text(note->second), allocator);
    document.AddMember("packs", packs, allocator);
    rapidjson::Value settings_info(rapidjson::kObjectType);
    settings_info.AddMember("file", text(utf8::from_path(settings.file())), allocator);
    if (settings.recovery_note())
        settings_info.AddMember("recovered", text(*settings.recovery_note()), allocator);
    document.AddMember("settings", settings_info, allocator);
    // Why packages of the project gave no packs (a malformed packages-lock.json, a linked package folder).
    rapidjson::Value package_notes_json(rapidjson::kArrayType);
    for (auto& note : package_notes)
        package_notes_json.PushBack(text(note), allocator);
    document.AddMember("packageNotes", package_notes_json, allocator);
    std::cout << json::to_pretty_text(document) << "\n";
}

// One line on who signed a pack and whether that holds.
std::string signature_in_words(const modules::SignatureCheck& check) {
    switch (check.state) {
    case modules::SignatureState::Trusted:
        return "    publisher: " + check.publisher + " (signature checked, key " + check.public_key + ")";
    case modules::SignatureState::Untrusted:
        return "    publisher: \"" + check.publisher + "\" claims it, with a key no trust file lists (" + check.public_key +
               "); trust it with `uap-host modules trust " + check.public_key + " --publisher NAME`";
    case modules::SignatureState::Broken:
        return "    signature: does not hold: " + check.detail;
    case modules::SignatureState::Unsigned:
        break;
    }
    return "    publisher: unsigned (nothing says who made it)";
}

void print_text(const modules::ModuleHost& host, const RunNotes& notes) {
    if (host.packs().empty())
        std::cout << "no module packs found\n";
    for (auto& pack : host.packs()) {
        std::cout << pack->id();
        if (pack->manifest)
            std::cout << " " << pack->manifest->version;
        std::cout << "  " << to_string(pack->state) << ", " << modules::to_string(pack->isolation) << "  (" << pack->source << ": "
                  << utf8::from_path(pack->folder) << ")\n";
        if (pack->manifest && !(pack->manifest->author.empty() && pack->manifest->license.empty() && pack->manifest->homepage.empty()))
            std::cout << "    by " << (pack->manifest->author.empty() ? "(unknown author)" : pack->manifest->author) << ", license "
                      << (pack->manifest->license.empty() ? "(not stated)" : pack->manifest->license)
                      << (pack->manifest->homepage.empty() ? "" : ", " + pack->manifest->homepage) << "\n";
        if (pack->manifest)
            std::cout << signature_in_words(pack->signature) << "\n";
        if (pack->abi_version)
            std::cout << "    ABI: generation " << pack->abi_version << ", "
                      << (pack->abi_revision ? "built against revision " + std::to_string(pack->abi_revision)
                                             : std::string("revision not recorded (built without the C++ SDK or before it recorded one)"))
                      << "; this host is revision " << modules::host_api_revision << "\n";
        if (pack->manifest)
            std::cout << "    tools: "
                      << (pack->manifest->listing != modules::Listing::Always ? std::string("found through uap_tool_search")
                          : pack->manifest->listed_tools.empty()
                              ? std::string("listed in tools/list")
                              : std::to_string(pack->manifest->listed_tools.size()) + " of " + std::to_string(pack->manifest->tools.size()) +
                                    " listed in tools/list, the others found through uap_tool_search")
                      << "\n";
        if (!pack->reason.empty())
            std::cout << "    reason: " << pack->reason << "\n";
        if (auto note = notes.find(pack->id()); note != notes.end())
            std::cout << "    running host: " << note->second << "\n";
        for (auto& warning : pack->warnings)
            std::cout << "    warning: " << warning << "\n";
        for (auto& tool : pack->tools)
            std::cout << "    " << tool.name << "  [" << modules::traits_in_words(tool.metadata) << "]  " << tool.description << "\n";
    }
}

int list(const Arguments& arguments) {
    auto host = load_host(arguments);
    if (!host)
        return fail(Failure, host.error().message());
    RunNotes notes = disabled_in_running_host(arguments);
    if (arguments.has("json"))
        print_json(*host->modules, *host->settings, notes, host->package_notes);
    else
        print_text(*host->modules, notes);
    return Success;
}

int toggle(const Arguments& arguments, settings::Toggle state) {
    if (arguments.positional().size() != 2)
        return fail(UsageError, cli_text("modules.toggle_needs_id",
                                         {{"action", state == settings::Toggle::Enabled ? "enable" : "disable"},
                                          {"example", settings::toggle_command(state, "ID", arguments.value("project").value_or(""))}}));
    if (!arguments.value("project"))
        return fail(UsageError,
                    cli_text("modules.toggle_needs_project", {{"command", settings::toggle_command(state, arguments.positional()[1], "")}}));
    auto settings = load_settings(arguments);
    if (!settings)
        return fail(Failure, settings.error().message());
    const std::string& id = arguments.positional()[1];
    std::optional<std::string> toggle_id;
    if (id == settings::project_tools_toggle)
        toggle_id = id; // The project's C# tools: a group of their own, not a pack.
    for (auto& candidate : modules::find_pack_candidates(plugin_folders(arguments, **settings))) {
        auto manifest = modules::read_manifest(candidate.folder);
        if (manifest && (manifest->id == id || manifest->toggle == id))
            toggle_id = manifest->toggle;
    }
    if (!toggle_id)
        return fail(Failure, cli_text("modules.no_pack_or_toggle", {{"id", id}, {"project", *arguments.value("project")}}));
    (*settings)->set_toggle(*toggle_id, state);
    if (auto saved = (*settings)->save(); !saved)
        return fail(Failure, saved.error().message());
    std::cout << "toggle \"" << *toggle_id << "\" " << (state == settings::Toggle::Enabled ? "enabled" : "disabled") << " in "
              << utf8::from_path((*settings)->file()) << "\n";
    // Exported skills follow the toggles, so an agent is never sent to a disabled pack's tools.
    return refresh_exported_skills(fs::absolute(utf8::to_path(*arguments.value("project"))), arguments.values("plugins"));
}

// The manifests of every pack the command can see (unreadable ones are skipped: list reports them).
std::vector<modules::Manifest> visible_manifests(const Arguments& arguments, const settings::ProjectSettings& settings) {
    std::vector<modules::Manifest> manifests;
    for (auto& candidate : modules::find_pack_candidates(plugin_folders(arguments, settings)))
        if (auto manifest = modules::read_manifest(candidate.folder))
            manifests.push_back(std::move(*manifest));
    return manifests;
}

int choose_isolation(const Arguments& arguments, modules::Isolation isolation) {
    const char* verb = isolation == modules::Isolation::Isolated ? "isolate" : "inline";
    if (arguments.positional().size() != 2)
        return fail(UsageError, cli_text("modules.isolation_needs_id", {{"action", verb}}));
    if (!arguments.value("project"))
        return fail(UsageError, cli_text("modules.isolation_needs_project"));
    auto settings = load_settings(arguments);
    if (!settings)
        return fail(Failure, settings.error().message());
    const std::string& id = arguments.positional()[1];
    bool found = false;
    for (auto& manifest : visible_manifests(arguments, **settings))
        found = found || manifest.id == id;
    if (!found)
        return fail(Failure, cli_text("modules.no_pack", {{"id", id}}));
    (*settings)->set_isolation(id, isolation);
    if (auto saved = (*settings)->save(); !saved)
        return fail(Failure, saved.error().message());
    std::cout << "module pack \"" << id << "\" runs " << (isolation == modules::Isolation::Isolated ? "in a module runner process" : "inside uap-host")
              << " from the next start of the host (" << utf8::from_path((*settings)->file()) << ")\n";
    return Success;
}

// A positive whole number given to --NAME, or the fallback when the option is absent.
Expected<uint64_t> count_option(const Arguments& arguments, const std::string& name, uint64_t fallback) {
    auto text = arguments.value(name);
    if (!text)
        return fallback;
    uint64_t value = 0;
    auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), value);
    if (error != std::errc() || end != text->data() + text->size() || value == 0)
        return Error(cli_text("modules.not_a_count", {{"option", name}}));
    return value;
}

int install(const Arguments& arguments) {
    if (arguments.positional().size() != 2)
        return fail(UsageError, cli_text("modules.install_needs_path"));
    modules::ArchiveLimits limits;
    auto total = count_option(arguments, "max-total-mib", limits.max_total_bytes / (1024 * 1024));
    auto entry = count_option(arguments, "max-entry-mib", limits.max_entry_bytes / (1024 * 1024));
    auto entries = count_option(arguments, "max-entries", limits.max_entries);
    for (auto* parsed : {&total, &entry, &entries})
        if (!*parsed)
            return fail(UsageError, parsed->error().message());
    limits = {*total * 1024 * 1024, *entry * 1024 * 1024, *entries};
    std::optional<fs::path> project;
    if (auto folder = arguments.value("project"))
        project = fs::absolute(utf8::to_path(*folder));
    auto trust = modules::PublisherTrust::read(modules::trust_files(project));
    if (!trust)
        return fail(Failure, cli_text("modules.cannot_install", {{"error", trust.error().message()}}));
    auto installed = modules::install_pack(
        fs::absolute(utf8::to_path(arguments.positional()[1])), {paths::user_plugins_folder(), paths::bundled_plugins_folder()},
        arguments.has("replace") ? modules::ExistingPack::Replace : modules::ExistingPack::Refuse,
        {*trust, arguments.has("allow-unsigned") ? modules::UnsignedPacks::Allow : modules::UnsignedPacks::Refuse},
        app::isolated_pack_starter(), limits);
    if (!installed)
        return fail(Failure, cli_text("modules.cannot_install", {{"error", installed.error().message()}}));
    std::cout << "installed " << utf8::from_path(installed->folder) << "\n" << signature_in_words(installed->signature) << "\n";
    return Success;
}

int write_manifest(const Arguments& arguments, const Command& command) {
    if (arguments.positional().size() != 2 || !arguments.value("template") || !arguments.value("output"))
        return usage_error(cli_text("modules.manifest_needs"), command);
    auto template_text = files::read(utf8::to_path(*arguments.value("template")), modules::manifest_max_bytes);
    if (!template_text)
        return fail(Failure, template_text.error().message());
    fs::path output = fs::absolute(utf8::to_path(*arguments.value("output")));
    auto manifest = modules::manifest_from_library(*template_text, utf8::to_path(arguments.positional()[1]), output.parent_path());
    if (!manifest)
        return fail(Failure, cli_text("modules.cannot_write_manifest", {{"error", manifest.error().message()}}));
    if (auto written = files::write_atomically(output, *manifest, files::Visibility::Default); !written)
        return fail(Failure, written.error().message());
    return Success;
}

int scaffold(const Arguments& arguments) {
    if (arguments.positional().size() != 2)
        return fail(UsageError, cli_text("modules.new_needs_id"));
    const std::string& id = arguments.positional()[1];
    fs::path folder = fs::absolute(utf8::to_path(arguments.value("dir").value_or(id)));
    auto written = scaffold_pack(id, folder);
    if (!written)
        return fail(Failure, cli_text("modules.cannot_create_pack", {{"error", written.error().message()}}));
    std::cout << "wrote the pack " << id << " into " << utf8::from_path(folder) << ":\n";
    for (auto& file : *written)
        std::cout << "  " << file << "\n";
    std::cout << "build and test it: cmake -S " << utf8::from_path(folder) << " -B " << utf8::from_path(folder / "build")
              << " -DCMAKE_PREFIX_PATH=<uap install prefix> && cmake --build " << utf8::from_path(folder / "build")
              << " && ctest --test-dir " << utf8::from_path(folder / "build") << "\n";
    return Success;
}

int keygen(const Arguments& arguments) {
    auto publisher = arguments.value("publisher");
    auto output = arguments.value("output");
    if (arguments.positional().size() != 1 || !publisher || !output)
        return fail(UsageError, cli_text("modules.keygen_needs"));
    auto created = modules::SigningKey::create(fs::absolute(utf8::to_path(*output)), *publisher);
    if (!created)
        return fail(Failure, cli_text("modules.cannot_create_key", {{"error", created.error().message()}}));
    std::cout << "wrote the signing key of \"" << created->name << "\" to " << *output << " (owner-only; keep it secret)\n"
              << "public key: " << created->public_key << "\n"
              << "those who install your packs trust it with: uap-host modules trust " << created->public_key << " --publisher "
              << platform::shell_word(created->name) << "\n";
    return Success;
}

int sign(const Arguments& arguments) {
    auto key_file = arguments.value("key");
    if (arguments.positional().size() != 2 || !key_file)
        return fail(UsageError, cli_text("modules.sign_needs"));
    fs::path folder = fs::absolute(utf8::to_path(arguments.positional()[1]));
    if (!modules::read_manifest(folder))
        return fail(Failure, cli_text("modules.sign_no_manifest", {{"folder", utf8::from_path(folder)}, {"file", modules::manifest_file_name}}));
    auto key = modules::SigningKey::read(fs::absolute(utf8::to_path(*key_file)));
    if (!key)
        return fail(Failure, cli_text("modules.cannot_sign", {{"error", key.error().message()}}));
    auto signed_files = key->sign_pack(folder);
    if (!signed_files)
        return fail(Failure, signed_files.error().message());
    std::cout << "signed " << *signed_files << " files of " << utf8::from_path(folder) << " as \"" << key->publisher().name << "\"\n";
    return Success;
}

int trust(const Arguments& arguments) {
    auto publisher = arguments.value("publisher");
    if (arguments.positional().size() != 2 || !publisher)
        return fail(UsageError, cli_text("modules.trust_needs"));
    std::optional<fs::path> project;
    if (auto folder = arguments.value("project"))
        project = fs::absolute(utf8::to_path(*folder));
    auto file = modules::prepare_trust_file(project);
    if (!file)
        return fail(Failure, cli_text("modules.cannot_trust", {{"error", file.error().message()}}));
    if (auto added = modules::trust_publisher(*file, {*publisher, arguments.positional()[1]}); !added)
        return fail(Failure, cli_text("modules.cannot_trust", {{"error", added.error().message()}}));
    std::cout << "packs signed with " << arguments.positional()[1] << " are now trusted as \"" << *publisher << "\" (" << utf8::from_path(*file)
              << ")\n";
    return Success;
}

int remove(const Arguments& arguments) {
    if (arguments.positional().size() != 2)
        return fail(UsageError, cli_text("modules.remove_needs_id"));
    auto removed = modules::remove_pack(arguments.positional()[1], paths::user_plugins_folder());
    if (!removed)
        return fail(Failure, removed.error().message());
    std::cout << "removed " << utf8::from_path(*removed) << "\n";
    return Success;
}

} // namespace

int run_modules_command(const std::vector<std::string>& words) {
    return run_action(words, "modules", modules_group(), actions(), [](const Action& action, const Arguments& arguments) {
        if (action.name == "list")
            return list(arguments);
        if (action.name == "enable")
            return toggle(arguments, settings::Toggle::Enabled);
        if (action.name == "disable")
            return toggle(arguments, settings::Toggle::Disabled);
        if (action.name == "isolate")
            return choose_isolation(arguments, modules::Isolation::Isolated);
        if (action.name == "inline")
            return choose_isolation(arguments, modules::Isolation::InProcess);
        if (action.name == "install")
            return install(arguments);
        if (action.name == "manifest")
            return write_manifest(arguments, action.command);
        if (action.name == "new")
            return scaffold(arguments);
        if (action.name == "keygen")
            return keygen(arguments);
        if (action.name == "sign")
            return sign(arguments);
        if (action.name == "trust")
            return trust(arguments);
        return remove(arguments);
    });
}

} // namespace uap::cli
