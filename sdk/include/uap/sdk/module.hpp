// The module side of the ABI for C++ authors: derive from uap::sdk::Module, add tools in the
// constructor, and write UAP_MODULE(YourModule, "id", "version") once in one source file.
#pragma once

#include <uap/sdk/tool.hpp>

#include <exception>
#include <map>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

namespace uap::sdk {

class Module {
public:
    explicit Module(const ModuleContext& context) : m_context(context) {}
    virtual ~Module() = default;
    Module(const Module&) = delete;
    Module& operator=(const Module&) = delete;

    const ModuleContext& context() const { return m_context; }
    const std::vector<std::unique_ptr<Tool>>& tools() const { return m_tools; }

    Tool* find_tool(std::string_view name) const {
        for (auto& tool : m_tools)
            if (tool->name() == name)
                return tool.get();
        return nullptr;
    }

protected:
    template <typename ToolType, typename... Arguments>
    ToolType& add_tool(Arguments&&... arguments) {
        auto tool = std::make_unique<ToolType>(std::forward<Arguments>(arguments)...);
        ToolType& reference = *tool;
        m_tools.push_back(std::move(tool));
        return reference;
    }

private:
    ModuleContext m_context;
    std::vector<std::unique_ptr<Tool>> m_tools;
};

namespace detail {

inline const char* traits_problem(const ToolTraits& traits) {
    auto bad = [](auto value, auto last) { return static_cast<int>(value) < 1 || static_cast<int>(value) > static_cast<int>(last); };
    if (bad(traits.access, Access::Writes)) return "access";
    if (bad(traits.undo, Undo::NotUndoable)) return "undo";
    if (bad(traits.impact, Impact::Destructive)) return "impact";
    if (bad(traits.repeat, Repeat::NotIdempotent)) return "repeat";
    if (bad(traits.duration, Duration::LongRunning)) return "duration";
    return nullptr;
}

// Builds the describe() document. Throws std::runtime_error on a malformed tool so the module
// fails loudly at load time rather than at first call.
inline std::string describe_module(const Module& module, std::string_view id, std::string_view version) {
    rapidjson::Document document(rapidjson::kObjectType);
    auto& allocator = document.GetAllocator();
    auto string = [&](std::string_view text) { return rapidjson::Value(text.data(), static_cast<rapidjson::SizeType>(text.size()), allocator); };
    document.AddMember("id", string(id), allocator);
    document.AddMember("version", string(version), allocator);
    document.AddMember("abiRevision", UAP_ABI_REVISION, allocator);
    rapidjson::Value tools(rapidjson::kArrayType);
    for (auto& tool : module.tools()) {
        std::string name(tool->name());
        ToolTraits traits = tool->traits();
        if (const char* field = traits_problem(traits))
            throw std::runtime_error("tool '" + name + "' leaves its '" + field + "' trait unset");
        rapidjson::Value entry(rapidjson::kObjectType);
        entry.AddMember("name", string(tool->name()), allocator);
        entry.AddMember("description", string(tool->description()), allocator);
        if (!tool->japanese_description().empty()) {
            rapidjson::Value translations(rapidjson::kObjectType);
            translations.AddMember("ja", string(tool->japanese_description()), allocator);
            entry.AddMember("descriptions", translations, allocator);
        }
        auto add_schema = [&](const char* key, std::string_view text) {
            rapidjson::Document schema(&allocator);
            schema.Parse(text.data(), text.size());
            if (schema.HasParseError())
                throw std::runtime_error("tool '" + name + "' has a " + key + " that is not valid JSON");
            entry.AddMember(rapidjson::StringRef(key), rapidjson::Value(schema, allocator), allocator);
        };
        add_schema("inputSchema", tool->input_schema());
        if (!tool->output_schema().empty())
            add_schema("outputSchema", tool->output_schema());
        rapidjson::Value metadata(rapidjson::kObjectType);
        metadata.AddMember("readOnly", traits.access == Access::ReadOnly, allocator);
        metadata.AddMember("undoable", traits.undo == Undo::Undoable, allocator);
        metadata.AddMember("destructive", traits.impact == Impact::Destructive, allocator);
        metadata.AddMember("idempotent", traits.repeat == Repeat::Idempotent, allocator);
        metadata.AddMember("longRunning", traits.duration == Duration::LongRunning, allocator);
        entry.AddMember("metadata", metadata, allocator);
        tools.PushBack(entry, allocator);
    }
    document.AddMember("tools", tools, allocator);
    return to_json_text(document);
}

// Every function the host can reach. Each one catches everything: no exception crosses the ABI.
template <typename ModuleType>
struct Adapter {
    static inline const char* id = nullptr;
    static inline const char* version = nullptr;

    static ModuleType& self(uap_module_instance* instance) { return *reinterpret_cast<ModuleType*>(instance); }

    static uap_status init(const uap_host_api* host, uap_host_context* context, uap_module_instance** out,
                           uap_sink* error) noexcept {
        try {
            *out = reinterpret_cast<uap_module_instance*>(new ModuleType(ModuleContext(host, context)));
            return UAP_STATUS_OK;
        } catch (const std::exception& exception) {
            write_to_sink(error, std::string("module constructor threw: ") + exception.what());
        } catch (...) {
            write_to_sink(error, "module constructor threw a non-standard exception");
        }
        return UAP_STATUS_INTERNAL_ERROR;
    }

    static uap_status describe(uap_module_instance* instance, uap_sink* out) noexcept {
        try {
            return write_to_sink(out, describe_module(self(instance), id, version));
        } catch (const std::exception& exception) {
            write_to_sink(out, exception.what());
        } catch (...) {
            write_to_sink(out, "describe threw a non-standard exception");
        }
        return UAP_STATUS_INTERNAL_ERROR;
    }

    static uap_status call_tool(uap_module_instance* instance, const uap_tool_call* call, uap_sink* out) noexcept {
        std::string name(from_view(call->tool_name));
        try {
            Tool* tool = self(instance).find_tool(name);
            if (!tool) {
                write_to_sink(out, "no tool named '" + name + "' in this module");
                return UAP_STATUS_UNKNOWN_TOOL;
            }
            rapidjson::Document arguments;
            std::string_view text = from_view(call->arguments_json);
            arguments.Parse(text.data(), text.size());
            if (arguments.HasParseError() || !arguments.IsObject()) {
                write_to_sink(out, "arguments are not a JSON object");
                return UAP_STATUS_INVALID_ARGUMENT;
            }
            CallContext context(self(instance).context(), call->context);
            ToolResult result = tool->call(arguments, context);
            // A host older than revision 4 would take UAP_STATUS_NEEDS_CHOICE for an internal error: it
            // gets the refusal, which lists the choices and names the argument, as a plain failure.
            if (result.needs_choice() && uap_tool_call_answers_choices(call)) {
                uap_status written = write_to_sink(out, to_json_text(result.object()));
                return written == UAP_STATUS_OK ? UAP_STATUS_NEEDS_CHOICE : written;
            }
            if (!result.is_success()) {
                write_to_sink(out, result.message());
                return result.is_cancelled() ? UAP_STATUS_CANCELLED : UAP_STATUS_TOOL_ERROR;
            }
            if (!result.object().IsObject()) {
                write_to_sink(out, "tool '" + name + "' produced a result that is not a JSON object");
                return UAP_STATUS_INTERNAL_ERROR;
            }
            uap_status status = write_to_sink(out, to_json_text(result.object()));
            return status;
        } catch (const std::exception& exception) {
            write_to_sink(out, "tool '" + name + "' threw: " + exception.what());
        } catch (...) {
            write_to_sink(out, "tool '" + name + "' threw a non-standard exception");
        }
        return UAP_STATUS_INTERNAL_ERROR;
    }

    static void shutdown(uap_module_instance* instance) noexcept {
        try {
            delete &self(instance);
        } catch (...) {
        }
    }

    static uap_status entry(uint32_t offered, uint32_t* out_version, const uap_module_api** out_module) noexcept {
        static const uap_module_api table = {
            sizeof(uap_module_api), UAP_ABI_VERSION, &init, &describe, &call_tool, &shutdown,
        };
        if (offered < UAP_ABI_VERSION)
            return UAP_STATUS_UNSUPPORTED_VERSION;
        *out_version = UAP_ABI_VERSION;
        *out_module = &table;
        return UAP_STATUS_OK;
    }
};

} // namespace detail
} // namespace uap::sdk

// Defines the module's single exported entry point. Use once per module, in one source file.
#define UAP_MODULE(ModuleType, IdLiteral, VersionLiteral)                                                     \
    extern "C" UAP_MODULE_EXPORT uap_status uap_module_entry(uint32_t offered, uint32_t* out_version,          \
                                                             const uap_module_api** out_module) {              \
        ::uap::sdk::detail::Adapter<ModuleType>::id = IdLiteral;                                                \
        ::uap::sdk::detail::Adapter<ModuleType>::version = VersionLiteral;                                      \
        return ::uap::sdk::detail::Adapter<ModuleType>::entry(offered, out_version, out_module);               \
    }
