// IntegrationCommands: the install thread and its events, and the settings command.
#include "app/integration_commands.hpp"

#include "agent/agent_settings.hpp"
#include "agent/cli_locator.hpp"
#include "integrations/claude_plugin.hpp"
#include "integrations/integration_settings.hpp"
#include "integrations/plugin_installer.hpp"
#include "integrations/uloop.hpp"
#include "support/files.hpp"
#include "support/json.hpp"
#include "support/utf8_path.hpp"
#include "support/log.hpp"

#include <rapidjson/pointer.h>

namespace uap::app {

namespace {

constexpr uint32_t uloop_add_timeout_ms = 10 * 60 * 1000;

rapidjson::Document install_event(const std::string& phase) {
    rapidjson::Document event(rapidjson::kObjectType);
    auto& allocator = event.GetAllocator();
    event.AddMember("type", "integration_install", allocator);
    event.AddMember("id", json::string_value(integrations::unity_plugin().qualified(), allocator), allocator);
    event.AddMember("phase", json::string_value(phase, allocator), allocator);
    return event;
}

} // namespace

IntegrationCommands::IntegrationCommands(std::filesystem::path project, std::vector<std::string> cli_environment, api::EventSink& events,
                                         agent::AgentSession& session, std::chrono::milliseconds step_timeout, api::EditorLink* editor)
    : m_project(std::move(project)), m_environment(std::move(cli_environment)), m_events(events), m_session(session), m_step_timeout(step_timeout),
      m_editor(editor) {}

IntegrationCommands::~IntegrationCommands() {
    m_stopping = true;
    m_uloop_control.cancelled = true;
    std::lock_guard lock(m_mutex);
    if (m_install.joinable())
        m_install.join();
    if (m_uloop_add.joinable())
        m_uloop_add.join();
}

bool IntegrationCommands::handles(const std::string& type) const {
    return type == "install_plugin" || type == "set_integration_settings" || type == "apply_uloop_preset" || type == "preview_uloop_install" ||
           type == "install_uloop";
}

Expected<void> IntegrationCommands::run(const std::string& type, const rapidjson::Value& command, rapidjson::Document& reply) {
    if (type == "install_plugin") {
        auto id = json::string_field(command, "plugin").value_or(integrations::unity_plugin().qualified());
        if (id != integrations::unity_plugin().qualified())
            return Error("install_plugin was refused: only " + integrations::unity_plugin().qualified() + " can be installed from the panel; "
                         "install other plugins with `claude plugin install` in a terminal");
        return start_install(reply);
    }
    if (type == "apply_uloop_preset")
        return apply_preset(reply);
    if (type == "preview_uloop_install" || type == "install_uloop")
        return install_uloop(type, command, reply);
    return save_settings(command, reply);
}

Expected<void> IntegrationCommands::apply_preset(rapidjson::Document& reply) {
    integrations::PresetChange change;
    auto saved = m_session.change_always_allow([&change](const std::vector<std::string>& rules) {
        change = integrations::apply_uloop_preset(rules);
        return change.rules;
    });
    if (!saved)
        return saved;
    auto& allocator = reply.GetAllocator();
    auto list = [&](const char* name, const std::vector<std::string>& items) {
        rapidjson::Value array(rapidjson::kArrayType);
        for (auto& item : items)
            array.PushBack(json::string_value(item, allocator), allocator);
        reply.AddMember(rapidjson::StringRef(name), array, allocator);
    };
    list("added", change.added);
    list("removed", change.removed);
    // Added rules answer the next permission request; a withdrawn one restarts the CLI between turns.
    reply.AddMember("applies", "next turn", allocator);
    return {};
}

Expected<void> IntegrationCommands::install_uloop(const std::string& type, const rapidjson::Value& command, rapidjson::Document& reply) {
    auto manifest = m_project / "Packages" / "manifest.json";
    auto text = files::read(manifest, 4 * 1024 * 1024, files::Links::Refuse);
    if (!text)
        return Error(type + " was refused: " + utf8::from_path(manifest) + " could not be read (" + text.error().message() +
                     "); open the project in Unity once so it writes the manifest");
    auto edit = integrations::add_uloop_to_manifest(*text);
    if (!edit)
        return Error(type + " was refused: " + edit.error().message());
    auto& allocator = reply.GetAllocator();
    rapidjson::Value diff(rapidjson::kArrayType);
    for (auto& line : edit->diff)
        diff.PushBack(json::string_value(line, allocator), allocator);
    reply.AddMember("manifest", json::string_value(utf8::from_path(manifest), allocator), allocator);
    if (type == "preview_uloop_install") {
        reply.AddMember("diff", diff, allocator);
        return {};
    }
    // What is written must be exactly what the user was shown.
    const rapidjson::Value* shown = command.IsObject() && command.HasMember("expected_diff") ? &command["expected_diff"] : nullptr;
    bool same = shown && shown->IsArray() && shown->Size() == edit->diff.size();
    for (rapidjson::SizeType index = 0; same && index < shown->Size(); ++index)
        same = (*shown)[index].IsString() && edit->diff[index] == (*shown)[index].GetString();
    if (!same)
        return Error("install_uloop was refused: expected_diff is not the change the manifest needs now; send preview_uloop_install, "
                     "show its diff, and pass that diff as expected_diff");
    if (editor_connected()) {
        reply.AddMember("diff", diff, allocator);
        return add_uloop_through_editor(reply);
    }
    auto backup = integrations::apply_manifest_edit(m_project, *edit);
    if (!backup)
        return Error("install_uloop failed: " + backup.error().message());
    reply.AddMember("diff", diff, allocator);
    reply.AddMember("backup", json::string_value(utf8::from_path(*backup), allocator), allocator);
    reply.AddMember("via", "manifest", allocator);
    // Unity resolves the package when it next notices the manifest; the uloop entry of status says
    // "installed" only once Library/PackageCache holds it.
    reply.AddMember("state", "resolving", allocator);
    m_session.republish_status();
    return {};
}

bool IntegrationCommands::editor_connected() const {
    if (!m_editor)
        return false;
    auto state = json::parse(m_editor->state_json());
    return state && state->IsObject() && json::string_field(*state, "state").value_or("") == "connected";
}

Expected<void> IntegrationCommands::add_uloop_through_editor(rapidjson::Document& reply) {
    std::lock_guard lock(m_mutex);
    if (m_adding_uloop)
        return Error("install_uloop was refused: Unity's Package Manager is already adding uLoop; wait for the uloop_install event "
                     "with phase \"succeeded\" or \"failed\"");
    if (m_uloop_add.joinable())
        m_uloop_add.join();
    m_adding_uloop = true;
    rapidjson::Document params(rapidjson::kObjectType);
    params.AddMember("identifier", rapidjson::StringRef(integrations::uloop_git_url), params.GetAllocator());
    m_uloop_add = std::thread([this, params_json = json::to_text(params)] {
        // Package Manager clones the repository; a slow network takes minutes.
        finish_uloop_add(m_editor->call("packages.add", params_json, uloop_add_timeout_ms, &m_uloop_control));
    });
    auto& allocator = reply.GetAllocator();
    reply.AddMember("via", "package_manager", allocator);
    reply.AddMember("state", "adding", allocator);
    return {};
}

void IntegrationCommands::finish_uloop_add(const Expected<std::string>& answer) {
    rapidjson::Document event(rapidjson::kObjectType);
    auto& allocator = event.GetAllocator();
    event.AddMember("type", "uloop_install", allocator);
    auto parsed = json::parse(answer ? *answer : answer.error().detail());
    std::string package_status = answer && parsed && parsed->IsObject() ? json::string_field(*parsed, "status").value_or("") : "";
    if (package_status == "succeeded") {
        event.AddMember("phase", "succeeded", allocator);
        if (const rapidjson::Value* version = rapidjson::Pointer("/package/version").Get(*parsed); version && version->IsString())
            event.AddMember("version", json::string_value(version->GetString(), allocator), allocator);
    } else {
        std::string message = "the editor did not answer";
        if (parsed && parsed->IsObject()) {
            const rapidjson::Value* text = rapidjson::Pointer(answer ? "/error/message" : "/message").Get(*parsed);
            if (text && text->IsString())
                message = text->GetString();
        }
        event.AddMember("phase", "failed", allocator);
        event.AddMember("error", json::string_value("Unity's Package Manager could not add uLoop: " + message +
                                                        ". Send install_uloop again, or add it by hand in Window > Package Manager > + > "
                                                        "Add package from git URL: " + integrations::uloop_git_url,
                                                    allocator),
                        allocator);
    }
    m_events.publish(std::move(event));
    m_adding_uloop = false;
    m_session.republish_status(); // The PackageCache folder decides the uloop state.
}

Expected<void> IntegrationCommands::start_install(rapidjson::Document& reply) {
    const auto& plugin = integrations::unity_plugin();
    std::lock_guard lock(m_mutex);
    if (m_installing)
        return Error("install_plugin was refused: an install is already running; wait for its integration_install event with phase "
                     "\"succeeded\" or \"failed\"");
    auto settings = agent::AgentSettings::load(m_project);
    auto cli = agent::locate_cli(settings ? settings->cli_path : "");
    if (!cli)
        return Error("install_plugin was refused: the claude CLI was not found (" + cli.error().message() +
                     "). Install Claude Code or set its path in the agent settings, then try again");
    auto findings = integrations::read_static_findings(integrations::claude_config_folder(m_environment), plugin);
    if (findings.installed && !findings.enabled)
        return Error("install_plugin was refused: the plugin is installed but turned off, and installing again would not turn it on. Run `" +
                     integrations::enable_command(plugin) + "` in a terminal; it takes effect in the next chat");
    if (m_install.joinable())
        m_install.join(); // The previous install has ended (m_installing is false).
    m_installing = true;
    integrations::InstallOptions options{cli->path, m_environment, m_project, m_step_timeout, nullptr, &m_stopping};
    options.on_progress = [this](const integrations::InstallProgress& progress) {
        auto event = install_event("running");
        auto& allocator = event.GetAllocator();
        event.AddMember("step", json::string_value(progress.step, allocator), allocator);
        event.AddMember("step_index", progress.step_index, allocator);
        event.AddMember("step_count", progress.step_count, allocator);
        event.AddMember("elapsed_seconds", progress.elapsed_seconds, allocator);
        m_events.publish(std::move(event));
    };
    m_install = std::thread([this, options, &plugin] {
        auto result = integrations::install_plugin(plugin, options);
        auto event = install_event(result.installed() ? "succeeded" : "failed");
        auto& allocator = event.GetAllocator();
        event.AddMember("message", json::string_value(result.message, allocator), allocator);
        event.AddMember("failure", json::string_value(integrations::to_string(result.failure), allocator), allocator);
        event.AddMember("failed_step", json::string_value(result.failed_step, allocator), allocator);
        event.AddMember("exit_code", result.exit_code, allocator);
        event.AddMember("retried_without_yes", result.retried_without_yes, allocator);
        event.AddMember("output_tail", json::string_value(result.output_tail, allocator), allocator);
        log::integrations.info("install of {} {}: {}", plugin.qualified(), result.installed() ? "succeeded" : "failed", result.message);
        m_installing = false;
        m_events.publish(std::move(event));
        m_session.republish_status(); // The files changed: every panel sees the new state.
    });
    auto& allocator = reply.GetAllocator();
    reply.AddMember("started", true, allocator);
    reply.AddMember("note", json::string_value(integrations::installed_note(), allocator), allocator);
    return {};
}

Expected<void> IntegrationCommands::save_settings(const rapidjson::Value& command, rapidjson::Document& reply) {
    auto settings = integrations::IntegrationSettings::load(m_project);
    if (!settings)
        return settings.error();
    auto steering = json::bool_field(command, "plugin_steering");
    auto fallback = json::bool_field(command, "plugin_dir_fallback");
    if (!steering && !fallback)
        return Error("set_integration_settings needs plugin_steering or plugin_dir_fallback (true or false)");
    if (steering)
        settings->plugin_steering = *steering ? integrations::PluginSteering::On : integrations::PluginSteering::Off;
    if (fallback)
        settings->plugin_dir_fallback = *fallback ? integrations::PluginDirFallback::On : integrations::PluginDirFallback::Off;
    if (auto saved = settings->save(m_project); !saved)
        return saved;
    auto& allocator = reply.GetAllocator();
    reply.AddMember("plugin_steering", settings->plugin_steering == integrations::PluginSteering::On, allocator);
    reply.AddMember("plugin_dir_fallback", settings->plugin_dir_fallback == integrations::PluginDirFallback::On, allocator);
    reply.AddMember("applies", "next chat", allocator);
    m_session.republish_status();
    return {};
}

} // namespace uap::app
