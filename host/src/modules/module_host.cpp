// The module host: discovery, loading and the tool registry.
#include "modules/module_host.hpp"

#include "modules/library_description.hpp"

#include "support/json.hpp"
#include "support/paths.hpp"
#include "support/utf8_path.hpp"

#include <uap/sdk/json.hpp>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <set>

namespace uap::modules {

std::string to_string(PackState state) {
    switch (state) {
    case PackState::Loaded: return "loaded";
    case PackState::Disabled: return "disabled";
    case PackState::Failed: return "failed";
    case PackState::Incompatible: return "incompatible";
    case PackState::Shadowed: return "shadowed";
    }
    return "unknown";
}

std::string to_string(Isolation isolation) { return isolation == Isolation::Isolated ? "isolated" : "in-process"; }

InProcessModule::InProcessModule(std::shared_ptr<loader::ModuleLibrary> library, std::unique_ptr<uap_host_context> context,
                                 uap_module_instance* instance)
    : m_library(std::move(library)), m_context(std::move(context)), m_instance(instance) {}

InProcessModule::~InProcessModule() {
    if (m_context->environment->events)
        m_context->environment->events->unsubscribe_all(m_context.get());
    m_library->api().shutdown(m_instance);
}


ModuleHost::ModuleHost(Options options) {
    static const settings::ProjectSettings no_project;
    const settings::ProjectSettings& settings = options.settings ? *options.settings : no_project;
    m_environment.editor = options.editor;
    if (options.clock)
        m_environment.clock = options.clock;
    m_events = std::make_unique<EventDispatcher>(options.editor_events);
    m_environment.events = m_events.get();
    m_max_result_bytes = settings.max_tool_result_bytes();
    m_cancel_grace = settings.cancel_grace();
    m_on_pack_disabled = options.on_pack_disabled;
    m_start_isolated = std::move(options.start_isolated);
    static const PublisherTrust no_publishers;
    const PublisherTrust& trust = options.trust ? *options.trust : no_publishers;

    for (auto& candidate : find_pack_candidates(options.folders)) {
        auto pack = std::make_unique<PackReport>();
        pack->folder = candidate.folder;
        pack->origin = candidate.origin;
        pack->source = source_of(candidate);
        auto manifest = read_manifest(candidate.folder);
        if (!manifest) {
            pack->reason = manifest.error().message();
        } else {
            pack->manifest = std::move(*manifest);
            pack->signature = check_pack_signature(candidate.folder, trust);
        }
        m_packs.push_back(std::move(pack));
    }
    reject_duplicate_pack_ids();
    for (auto& pack : m_packs)
        if (pack->manifest && pack->reason.empty() && pack->state != PackState::Shadowed)
            load_pack(*pack, settings);
    build_registry();
    for (auto& [name, entry] : m_registry)
        m_deadlines[name] = entry.description->metadata.long_running ? settings.job_deadline(name) : settings.tool_deadline(name);
    for (auto& pack : m_packs)
        if (pack->state != PackState::Loaded && pack->state != PackState::Disabled && pack->state != PackState::Shadowed)
            spdlog::warn("module pack {} ({}) {}: {}", pack->id(), utf8::from_path(pack->folder), to_string(pack->state), pack->reason);
}

ModuleHost::~ModuleHost() {
    m_registry.clear();
    while (!m_modules.empty())
        m_modules.pop_back();
    while (!m_libraries.empty())
        m_libraries.pop_back();
}

void ModuleHost::reject_duplicate_pack_ids() {
    std::map<std::string, std::vector<PackReport*>> by_id;
    for (auto& pack : m_packs)
        if (pack->manifest)
            by_id[pack->manifest->id].push_back(pack.get());
    for (auto& [id, packs] : by_id) {
        if (packs.size() < 2)
            continue;
        // A pack given with --plugins is the author's working copy: it shadows the installed,
        // settings-listed or bundled copy for this run, and says so. Two working copies with one
        // id are ambiguous, so both fail as any other duplicate does.
        auto from_command_line = std::count_if(packs.begin(), packs.end(),
                                               [](const PackReport* pack) { return pack->origin == Origin::CommandLine; });
        if (from_command_line == 1) {
            auto working = *std::find_if(packs.begin(), packs.end(),
                                         [](const PackReport* pack) { return pack->origin == Origin::CommandLine; });
            for (auto* pack : packs) {
                if (pack == working)
                    continue;
                pack->state = PackState::Shadowed;
                pack->reason = "shadowed by the --plugins copy at " + utf8::from_path(working->folder);
                working->warnings.push_back("shadows the " + to_string(pack->origin) + " copy at " + utf8::from_path(pack->folder) +
                                            " (drop --plugins to use that one)");
                spdlog::warn("module pack {}: the --plugins copy at {} shadows the {} copy at {}", id, utf8::from_path(working->folder),
                             to_string(pack->origin), utf8::from_path(pack->folder));
            }
            continue;
        }
        for (auto* pack : packs) {
            std::string others;
            for (auto* other : packs)
                if (other != pack)
                    others += (others.empty() ? "" : ", ") + utf8::from_path(other->folder);
            pack->reason = "pack id \"" + id + "\" is also provided by " + others + "; remove one of them (" +
                           (pack->origin == Origin::User      ? "`uap-host modules remove " + id + "` removes the installed copy"
                            : pack->origin == Origin::Package ? "remove the " + pack->source + " in Unity's Package Manager"
                                                              : "delete the folder " + utf8::from_path(pack->folder)) +
                           ")";
        }
    }
}

void ModuleHost::load_pack(PackReport& pack, const settings::ProjectSettings& settings) {
    const Manifest& manifest = *pack.manifest;
    // Bundled packs are built and tested with the host; a third-party pack's crash must not end it.
    pack.isolation = settings.isolation(manifest.id).value_or(pack.origin == Origin::Bundled ? Isolation::InProcess
                                                                                                : Isolation::Isolated);
    if (settings.toggle(manifest.toggle) == settings::Toggle::Disabled) {
        pack.state = PackState::Disabled;
        pack.reason = "disabled in settings (toggle \"" + manifest.toggle + "\"); enable it with `" +
                      settings::toggle_command(settings::Toggle::Enabled, manifest.toggle, settings.project()) + "`";
        return;
    }
    if (manifest.abi_version < loader::oldest_abi_version || manifest.abi_version > loader::newest_abi_version) {
        pack.state = PackState::Incompatible;
        pack.reason = "the manifest declares ABI generation " + std::to_string(manifest.abi_version) + "; this host speaks " +
                      std::to_string(loader::oldest_abi_version) + " to " + std::to_string(loader::newest_abi_version);
        return;
    }
    if (auto revision = check_host_revision(manifest); !revision) {
        pack.state = PackState::Incompatible;
        pack.reason = revision.error().message();
        return;
    }
    if (pack.signature.state == SignatureState::Broken) {
        pack.reason = "its signature does not hold (" + pack.signature.detail + "), so its files are not what " +
                      (pack.signature.publisher.empty() ? std::string("its publisher") : "\"" + pack.signature.publisher + "\"") +
                      " signed and it was not loaded; install the pack again from its publisher's archive (`uap-host modules install "
                      "ARCHIVE --replace`), or remove " + std::string(signature_file_name) + " from " + utf8::from_path(pack.folder) +
                      " if it is your own pack";
        return;
    }
    auto library_file = manifest.library_for_this_platform();
    if (!library_file) {
        pack.state = PackState::Incompatible;
        pack.reason = library_file.error().message();
        return;
    }
    std::error_code error;
    if (!std::filesystem::is_regular_file(*library_file, error)) {
        pack.reason = "library " + utf8::from_path(*library_file) + " does not exist";
        return;
    }
    auto started = pack.isolation == Isolation::Isolated ? start_isolated(manifest, *library_file, settings)
                                                         : start_in_process(manifest, *library_file, settings);
    if (!started) {
        pack.state = started.error().code() == ErrorCode::UnsupportedVersion ? PackState::Incompatible : PackState::Failed;
        pack.reason = started.error().message();
        return;
    }
    auto& loaded = *started;
    auto description = parse_module_description(loaded.description);
    if (!description) {
        pack.reason = description.error().message();
        return; // The module is shut down here; an in-process library stays mapped until the host shuts down.
    }
    if (auto matches = check_manifest_matches(manifest, *description); !matches) {
        pack.reason = matches.error().message();
        return;
    }
    pack.tools = std::move(description->tools);
    pack.abi_version = loaded.abi_version;
    pack.abi_revision = description->abi_revision;
    pack.state = PackState::Loaded;
    pack.reason.clear();
    m_module_of_pack[&pack] = loaded.backend.get();
    m_modules.push_back(std::move(loaded.backend));
}

Expected<ModuleHost::Started> ModuleHost::start_in_process(const Manifest& manifest, const std::filesystem::path& library_file,
                                                           const settings::ProjectSettings& settings) {
    UAP_ASSIGN_OR_RETURN(auto library, loader::ModuleLibrary::open(library_file));
    m_libraries.push_back(library);

    auto context = std::make_unique<uap_host_context>();
    context->module_id = manifest.id;
    context->settings_json = settings.module_settings_json(manifest.id);
    context->environment = &m_environment;
    uap_module_instance* instance = nullptr;
    sdk::StringReceiver init_error(4096);
    uap_status status = library->api().init(&host_api(), context.get(), &instance, init_error.sink());
    if (status != UAP_STATUS_OK)
        m_events->unsubscribe_all(context.get());
    if (status != UAP_STATUS_OK)
        return Error("init failed (status " + std::to_string(status) + ")" +
                     (init_error.text().empty() ? std::string() : ": " + init_error.text()));
    auto module = std::make_unique<InProcessModule>(library, std::move(context), instance);

    sdk::StringReceiver described(loader::max_description_bytes);
    status = library->api().describe(instance, described.sink());
    if (status != UAP_STATUS_OK || described.overflowed())
        return Error(described.overflowed() ? std::string("describe() wrote more than 4 MiB")
                                            : "describe() failed (status " + std::to_string(status) + "): " + described.text());
    return Started{std::move(module), described.take(), library->abi_version()};
}

Expected<ModuleHost::Started> ModuleHost::start_isolated(const Manifest& manifest, const std::filesystem::path& library_file,
                                                         const settings::ProjectSettings& settings) {
    auto context = std::make_unique<uap_host_context>();
    context->module_id = manifest.id;
    context->settings_json = settings.module_settings_json(manifest.id);
    context->environment = &m_environment;
    if (!m_start_isolated)
        return Error::unavailable("this program cannot run packs in a module runner; run the pack in-process with "
                                  "`uap-host modules inline " + manifest.id + " --project DIR`");
    return m_start_isolated(IsolatedPack{library_file, std::move(context), m_on_pack_disabled});
}

void ModuleHost::build_registry() {
    std::map<std::string, std::vector<PackReport*>> providers;
    for (auto& pack : m_packs)
        if (pack->state == PackState::Loaded)
            for (auto& tool : pack->tools)
                providers[tool.name].push_back(pack.get());
    for (auto& [name, packs] : providers) {
        if (packs.size() < 2)
            continue;
        // A bundled tool is part of the host's contract (agents and docs rely on uap_ping and
        // friends), so a single bundled provider keeps it and every other copy is dropped. Among
        // equals nobody wins: neither copy is served and each names the others.
        auto bundled = std::count_if(packs.begin(), packs.end(), [](const PackReport* pack) { return pack->origin == Origin::Bundled; });
        for (auto* pack : packs) {
            if (bundled == 1 && pack->origin == Origin::Bundled)
                continue;
            std::vector<std::string> others;
            for (auto* other : packs)
                if (other != pack && (bundled != 1 || other->origin == Origin::Bundled))
                    others.push_back(other->id());
            pack->warnings.push_back(bundled == 1 ? "tool \"" + name + "\" is not served: the bundled pack " + joined_names(others) +
                                                        " provides it, and bundled tools win (rename the tool in " + pack->id() + ")"
                                                  : "tool \"" + name + "\" is also registered by " + joined_names(others) +
                                                        "; neither copy is served (rename it in one pack, or disable one with "
                                                        "`uap-host modules disable ID --project DIR`)");
            spdlog::warn("module pack {}: {}", pack->id(), pack->warnings.back());
            const std::string& clashing = name; // A structured binding cannot be captured before C++20 in clang 14.
            std::erase_if(pack->tools, [&](const ToolDescription& tool) { return tool.name == clashing; });
        }
    }
    for (auto& pack : m_packs)
        if (pack->state == PackState::Loaded)
            for (auto& tool : pack->tools)
                m_registry.emplace(tool.name, ToolEntry{&tool, m_module_of_pack.at(pack.get()), pack.get()});
}

const ToolEntry* ModuleHost::find_tool(std::string_view name) const {
    auto found = m_registry.find(name);
    return found == m_registry.end() ? nullptr : &found->second;
}

Expected<void> ModuleHost::serving(const PackReport& pack) const {
    auto found = m_module_of_pack.find(&pack);
    return found == m_module_of_pack.end() ? Expected<void>() : found->second->serving();
}

void ModuleHost::abort_calls() const {
    for (auto& module : m_modules)
        module->abort_calls();
}

void ModuleHost::retire() const {
    for (auto& module : m_modules)
        module->retire();
}

std::vector<const ToolEntry*> ModuleHost::tools() const {
    std::vector<const ToolEntry*> entries;
    for (auto& [name, entry] : m_registry)
        entries.push_back(&entry);
    return entries;
}

} // namespace uap::modules
