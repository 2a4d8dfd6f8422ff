// The host vtable: the only way module code reaches the host.
#include "modules/host_services.hpp"

#include "modules/event_dispatch.hpp"
#include "modules/manifest.hpp"
#include "modules/status_codes.hpp"
#include "support/json.hpp"
#include "support/json_writer.hpp"
#include "version.hpp"

#include <rapidjson/document.h>

#include <spdlog/spdlog.h>

namespace uap::modules {

namespace {

std::string_view view(uap_string_view text) { return text.data ? std::string_view(text.data, text.size) : std::string_view(); }

uap_status write(uap_sink* sink, std::string_view text) {
    if (!sink || !sink->write)
        return UAP_STATUS_INVALID_ARGUMENT;
    return sink->write(sink->receiver, text.data(), text.size());
}

void log(uap_host_context* host, uap_log_level level, uap_string_view message) {
    auto spd_level = level <= UAP_LOG_DEBUG    ? spdlog::level::debug
                     : level == UAP_LOG_INFO    ? spdlog::level::info
                     : level == UAP_LOG_WARNING ? spdlog::level::warn
                                                : spdlog::level::err;
    spdlog::log(spd_level, "[{}] {}", host ? host->module_id : std::string("?"), view(message));
}

int32_t is_cancelled(uap_call_context* call) {
    return call && call->control && call->control->cancelled.load(std::memory_order_relaxed) ? 1 : 0;
}

void report_progress(uap_call_context* call, double progress, double total, uap_string_view message) {
    if (call && call->on_progress)
        call->on_progress(progress, total, view(message));
}

uap_status read_settings(uap_host_context* host, uap_sink* out) { return write(out, host->settings_json); }

// An editor answer as a module receives it: the result, or the editor's error object. A failure without
// one still gets an object of its kind, since modules read the object.
uap_status answer_to_sink(const Expected<std::string>& answer, uap_sink* out) {
    if (answer)
        return write(out, *answer);
    const Error& failure = answer.error();
    write(out, failure.detail().empty() ? json::error_object(to_string(failure.code()), failure.message()) : failure.detail());
    return to_status(failure.code());
}

uap_status editor_call(uap_host_context* host, uap_call_context* call, uap_string_view method, uap_string_view params,
                       uint32_t timeout_ms, uap_sink* out) {
    api::NoEditor fallback;
    api::EditorLink* editor = host->environment->editor ? host->environment->editor : &fallback;
    return answer_to_sink(editor->call(view(method), view(params), timeout_ms, call ? call->control : nullptr), out);
}

uap_status editor_call_all(uap_host_context* host, uap_call_context* call, uap_editor_request* requests, uint64_t count,
                           uint32_t timeout_ms) {
    if (!requests && count > 0)
        return UAP_STATUS_INVALID_ARGUMENT;
    std::vector<api::EditorRequest> sent;
    sent.reserve(count);
    for (uint64_t index = 0; index < count; ++index)
        sent.push_back({view(requests[index].method), view(requests[index].params_json)});
    api::NoEditor fallback;
    api::EditorLink* editor = host->environment->editor ? host->environment->editor : &fallback;
    auto answers = editor->call_all(sent, timeout_ms, call ? call->control : nullptr);
    for (uint64_t index = 0; index < count; ++index)
        requests[index].status = answer_to_sink(answers[index], requests[index].out);
    return UAP_STATUS_OK;
}

uap_status host_info(uap_host_context* host, uap_sink* out) {
    const auto& environment = *host->environment;
    auto uptime = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - environment.started);
    api::NoEditor fallback;
    // Every editor tool asks for this before it runs, so the editor's state, which the host wrote
    // itself, goes in as written rather than parsed and written again.
    std::string editor = environment.editor ? environment.editor->state_json() : fallback.state_json();
    json::TextWriter writer;
    writer.begin_object().field("version", std::string_view(host_version)).field("abiVersion", int64_t{UAP_ABI_VERSION});
    writer.field("uptimeMs", static_cast<int64_t>(uptime.count()));
    if (!editor.empty())
        writer.raw_field("editor", editor);
    return write(out, writer.end_object().text());
}

uap_status subscribe_events(uap_host_context* host, uap_string_view names, uap_event_handler handler, void* user_data,
                            uint64_t* out_subscription) {
    if (!host || !out_subscription)
        return UAP_STATUS_INVALID_ARGUMENT;
    if (!host->environment->events) {
        spdlog::warn("[{}] subscribe_events refused: this host has no editor event source", host->module_id);
        return UAP_STATUS_UNAVAILABLE;
    }
    auto subscribed = host->environment->events->subscribe(host, view(names), handler, user_data);
    if (!subscribed) {
        spdlog::warn("[{}] {}", host->module_id, subscribed.error().message());
        return UAP_STATUS_INVALID_ARGUMENT;
    }
    *out_subscription = *subscribed;
    return UAP_STATUS_OK;
}

uap_status unsubscribe_events(uap_host_context* host, uint64_t subscription) {
    if (!host || !host->environment->events)
        return UAP_STATUS_INVALID_ARGUMENT;
    return host->environment->events->unsubscribe(host, subscription);
}

uint64_t monotonic_ms(uap_host_context* host) { return host ? host->environment->clock->now_ms() : 0; }

} // namespace

// The table ends with the field the newest revision appended, and the revision the manifests are
// checked against is the header's: appending a field without raising both fails here.
static_assert(sizeof(uap_host_api) == offsetof(uap_host_api, editor_call_all) + sizeof(uap_host_api::editor_call_all),
              "a field was appended to uap_host_api: raise UAP_ABI_REVISION and host_api_revision and document the revision");
static_assert(host_api_revision == UAP_ABI_REVISION, "host_api_revision (modules/manifest.hpp) must equal UAP_ABI_REVISION");

const uap_host_api& host_api() {
    static const uap_host_api table = {
        sizeof(uap_host_api), UAP_ABI_VERSION, &log,     &is_cancelled, &report_progress, &read_settings, &editor_call,
        &host_info,           &subscribe_events, &unsubscribe_events, &monotonic_ms,    &editor_call_all,
    };
    return table;
}

} // namespace uap::modules
