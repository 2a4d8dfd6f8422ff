// The test kit's fake host: loads a module with the host's own loader (the same negotiation, on every
// platform), offers it a host table whose editor is the in-process simulator, and checks arguments
// against each tool's input schema before a call.
#include <uap/testkit/module_harness.hpp>

#include <uap/sdk/json.hpp>

#include "loader/module_library.hpp"

#include <rapidjson/document.h>
#include <rapidjson/schema.h>

#include <chrono>
#include <map>
#include <mutex>
#include <stdexcept>
#include <variant>

struct uap_host_context {
    uap::testkit::ModuleHarness* harness;
};

struct uap_call_context {
    int polls_before_cancel; // Negative: never cancelled.
    std::mutex* mutex;       // Guards progress: a module may report from its own threads.
    std::vector<uap::testkit::ProgressReport>* progress;
};

namespace uap::testkit {

struct ModuleHarness::State {
    HarnessOptions options;
    std::shared_ptr<loader::ModuleLibrary> library;
    const uap_module_api* module = nullptr;
    uap_module_instance* instance = nullptr;
    uap_host_context context{};
    uap_host_api host{};
    std::string description;
    std::map<std::string, std::unique_ptr<rapidjson::SchemaDocument>, std::less<>> input_schemas;
    std::vector<std::string> tool_names;
    std::unique_ptr<editor_sim::EditorSimulator> editor;
    std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
    int cancel_after = -1;
    std::mutex mutex; // Guards progress and log: a module may report from its own threads.
    std::vector<ProgressReport> progress;
    std::vector<std::string> log;
};

namespace {

std::string text_of(uap_string_view view) { return std::string(sdk::from_view(view)); }

} // namespace

// The host table's functions need the private state; they reach it through the context.
struct HostTable {
    static ModuleHarness::State& state(uap_host_context* context) { return *context->harness->m_state; }

    static void log(uap_host_context* context, uap_log_level level, uap_string_view message) {
        static const char* names[] = {"debug", "info", "warning", "error"};
        auto& self = state(context);
        std::lock_guard lock(self.mutex);
        self.log.push_back(std::string(level >= 0 && level <= 3 ? names[level] : "log") + ": " + text_of(message));
    }
    static int32_t is_cancelled(uap_call_context* call) {
        if (!call || call->polls_before_cancel < 0)
            return 0;
        if (call->polls_before_cancel == 0)
            return 1;
        --call->polls_before_cancel;
        return 0;
    }
    static void report_progress(uap_call_context* call, double progress, double total, uap_string_view message) {
        if (!call)
            return;
        std::lock_guard lock(*call->mutex);
        call->progress->push_back({progress, total, text_of(message)});
    }
    static uap_status read_settings(uap_host_context* context, uap_sink* out) {
        return sdk::write_to_sink(out, state(context).options.settings_json);
    }
    static uap_status editor_call(uap_host_context* context, uap_call_context*, uap_string_view method, uap_string_view params,
                                  uint32_t, uap_sink* out) {
        auto reply = state(context).editor->call(sdk::from_view(method), params.size ? sdk::from_view(params) : "{}");
        uap_status written = sdk::write_to_sink(out, reply.json);
        if (written != UAP_STATUS_OK)
            return written;
        return reply.ok() ? UAP_STATUS_OK : UAP_STATUS_TOOL_ERROR;
    }
    static uap_status host_info(uap_host_context* context, uap_sink* out) {
        auto uptime = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - state(context).started);
        rapidjson::Document info(rapidjson::kObjectType);
        auto& allocator = info.GetAllocator();
        info.AddMember("version", "testkit", allocator);
        info.AddMember("uptimeMs", static_cast<int64_t>(uptime.count()), allocator);
        rapidjson::Value editor(rapidjson::kObjectType);
        editor.AddMember("state", "connected", allocator);
        editor.AddMember("simulator", true, allocator);
        info.AddMember("editor", editor, allocator);
        return sdk::write_to_sink(out, sdk::to_json_text(info));
    }
};

ModuleHarness::ModuleHarness(const std::filesystem::path& library, HarnessOptions options) : m_state(std::make_unique<State>()) {
    auto& self = *m_state;
    self.options = std::move(options);
    editor_sim::SimulatorIdentity identity;
    identity.project_path = "/testkit/project";
    identity.editor_session_id = "testkit";
    self.editor = std::make_unique<editor_sim::EditorSimulator>(identity);
    if (self.options.scene == StartingScene::Sample)
        self.editor->build_sample_scene();

    // The host's loader: what loads here loads in uap-host, and what it refuses fails here with its words.
    auto opened = loader::ModuleLibrary::open(library);
    if (!opened) {
        std::string advice = opened.error().code() == ErrorCode::UnsupportedVersion
                                 ? " (rebuild the module against this SDK)"
                                 : " (build it with uap_add_module from find_package(uap-sdk))";
        throw std::runtime_error("cannot load module library " + library.string() + ": " + opened.error().message() + advice);
    }
    self.library = std::move(opened).value();
    self.module = &self.library->api();

    self.context.harness = this;
    self.host = uap_host_api{sizeof(uap_host_api), UAP_ABI_VERSION, &HostTable::log, &HostTable::is_cancelled,
                             &HostTable::report_progress, &HostTable::read_settings, &HostTable::editor_call, &HostTable::host_info};
    sdk::StringReceiver error;
    if (self.module->init(&self.host, &self.context, &self.instance, error.sink()) != UAP_STATUS_OK)
        throw std::runtime_error("the module's init failed: " + error.text());
    sdk::StringReceiver description;
    if (self.module->describe(self.instance, description.sink()) != UAP_STATUS_OK)
        throw std::runtime_error("the module's describe failed: " + description.text());
    self.description = description.take();

    rapidjson::Document parsed;
    parsed.Parse<rapidjson::kParseIterativeFlag>(self.description.c_str());
    if (parsed.HasParseError() || !parsed.IsObject() || !parsed.HasMember("tools") || !parsed["tools"].IsArray())
        throw std::runtime_error("the module's description is not an object with a tools array");
    for (const auto& tool : parsed["tools"].GetArray()) {
        if (!tool.HasMember("name") || !tool["name"].IsString() || !tool.HasMember("inputSchema"))
            throw std::runtime_error("a tool in the module's description lacks a name or an inputSchema");
        std::string name = tool["name"].GetString();
        self.tool_names.push_back(name);
        self.input_schemas[name] = std::make_unique<rapidjson::SchemaDocument>(tool["inputSchema"]);
    }
}

ModuleHarness::~ModuleHarness() {
    if (m_state->module && m_state->instance)
        m_state->module->shutdown(m_state->instance);
    // The library unloads when m_state (holding its last reference) goes, after shutdown above.
}

const std::string& ModuleHarness::description_json() const { return m_state->description; }
std::vector<std::string> ModuleHarness::tool_names() const { return m_state->tool_names; }
editor_sim::EditorSimulator& ModuleHarness::editor() { return *m_state->editor; }
void ModuleHarness::cancel_after_polls(int polls) { m_state->cancel_after = polls; }
const std::vector<ProgressReport>& ModuleHarness::progress() const { return m_state->progress; }
const std::vector<std::string>& ModuleHarness::log_lines() const { return m_state->log; }

CallResult ModuleHarness::call(std::string_view tool, std::string_view arguments_json) {
    auto& self = *m_state;
    auto schema = self.input_schemas.find(tool);
    if (schema == self.input_schemas.end())
        return {UAP_STATUS_UNKNOWN_TOOL, "the module has no tool named " + std::string(tool)};
    rapidjson::Document arguments;
    arguments.Parse<rapidjson::kParseIterativeFlag>(arguments_json.data(), arguments_json.size());
    if (arguments.HasParseError() || !arguments.IsObject())
        return {UAP_STATUS_INVALID_ARGUMENT, "the arguments are not one JSON object"};
    rapidjson::SchemaValidator validator(*schema->second);
    if (!arguments.Accept(validator))
        return {UAP_STATUS_INVALID_ARGUMENT,
                "the arguments break the input schema of " + std::string(tool) + " at keyword " + validator.GetInvalidSchemaKeyword()};

    self.progress.clear();
    uap_call_context call_context{self.cancel_after, &self.mutex, &self.progress};
    uap_tool_call call{sizeof(uap_tool_call), sdk::to_view(tool), sdk::to_view(arguments_json), &call_context};
    sdk::StringReceiver out;
    uap_status status = self.module->call_tool(self.instance, &call, out.sink());
    return {status, out.take()};
}

} // namespace uap::testkit
