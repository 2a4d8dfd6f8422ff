// The simulated editor runtime: main thread, socket thread, ledger, faults.
#include <uap/editor_sim/simulated_editor.hpp>

#include "tick_gaps.hpp"

#include <Poco/Buffer.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/NetException.h>
#include <Poco/Net/WebSocket.h>

#include "support/json.hpp"
#include "support/json_writer.hpp"
#include "support/platform/readable_socket.hpp"

#include <rapidjson/document.h>

namespace uap::editor_sim {

namespace {


std::string response_envelope(const std::string& id, const editor_sim::Reply& reply) {
    constexpr std::size_t envelope_bytes = 32; // {"id":"","result":} around the id and the answer.
    return json::TextWriter(reply.json.size() + id.size() + envelope_bytes)
        .begin_object()
        .field("id", id)
        .raw_field(reply.ok() ? "result" : "error", reply.json)
        .end_object()
        .text();
}

std::string error_envelope(const std::string& id, std::string_view code, std::string_view message) {
    return json::TextWriter().begin_object().field("id", id).raw_field("error", json::error_object(code, message)).end_object().text();
}

// {"state": state, "<key>": <json>}: one answer of request.status.
std::string status_answer(std::string_view state, std::string_view key = {}, std::string_view json_value = {}) {
    json::TextWriter writer;
    writer.begin_object().field("state", state);
    if (!key.empty())
        writer.raw_field(key, json_value);
    return writer.end_object().text();
}

constexpr std::size_t ledger_limit = 10000;
// An unthrottled main thread with nothing to do still ticks this often, as the editor's idle loop does.
constexpr std::chrono::milliseconds idle_tick{50};
// How long the compile after a refresh that imported scripts keeps the main thread "compiling".
constexpr std::chrono::milliseconds script_compile_duration{100};

} // namespace

SimulatedEditor::SimulatedEditor(editor_sim::EditorSimulator& simulator, HostEndpoint endpoint, Reporter reporter, const Clock& clock)
    : m_simulator(simulator), m_endpoint(std::move(endpoint)), m_reporter(std::move(reporter)), m_clock(clock),
      m_tick_gaps(std::make_unique<TickGaps>()) {}

void SimulatedEditor::throttle_main_thread(std::chrono::milliseconds tick_interval, WakeOnRequest wake) {
    {
        std::lock_guard lock(m_mutex);
        m_tick_interval = tick_interval;
        m_wake = wake;
    }
    m_changed.notify_all();
}

SimulatedEditor::~SimulatedEditor() { stop(); }

void SimulatedEditor::start() {
    m_main = std::thread([this] { main_loop(); });
    m_connection = std::thread([this] { connection_loop(); });
}

void SimulatedEditor::stop() {
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_changed.notify_all();
    if (m_main.joinable())
        m_main.join();
    if (m_connection.joinable())
        m_connection.join();
}

void SimulatedEditor::enqueue(Task task) {
    {
        std::lock_guard lock(m_mutex);
        m_tasks.push_back(std::move(task));
    }
    m_changed.notify_all();
}

void SimulatedEditor::inject_reload(std::chrono::milliseconds duration) { enqueue(Task{Task::Kind::Reload, {}, {}, {}, duration, {}}); }
void SimulatedEditor::inject_stall(std::chrono::milliseconds duration) { enqueue(Task{Task::Kind::Stall, {}, {}, {}, duration, {}}); }
void SimulatedEditor::inject_modal(std::string title, std::chrono::milliseconds duration) {
    enqueue(Task{Task::Kind::Modal, {}, {}, {}, duration, std::move(title)});
}
void SimulatedEditor::inject_compile(std::chrono::milliseconds duration, std::string error_message) {
    enqueue(Task{Task::Kind::Compile, {}, {}, {}, duration, std::move(error_message)});
}

void SimulatedEditor::send_event(const std::string& name, const std::string& data_json) {
    send(json::event_frame(name, data_json));
}

std::string SimulatedEditor::user_action(Reply reply) {
    if (!reply.ok())
        return reply.json;
    flush_events();
    return {};
}

std::string SimulatedEditor::place_pin(const std::string& data_json) { return user_action(m_simulator.place_pin(data_json)); }

std::string SimulatedEditor::finish_stroke(const std::string& data_json) { return user_action(m_simulator.finish_stroke(data_json)); }

bool SimulatedEditor::wait_connected(std::chrono::milliseconds timeout) {
    const Clock& real_time = SteadyClock::instance();
    std::unique_lock lock(m_mutex);
    return uap::wait_until(real_time, m_changed, lock, real_time.now() + timeout, [this] { return m_connected || m_refused; }) &&
           m_connected;
}

std::size_t SimulatedEditor::queued_requests() const {
    std::lock_guard lock(m_mutex);
    return m_queued_ids.size();
}

bool SimulatedEditor::ticking() const {
    std::lock_guard lock(m_mutex);
    return m_tick_gaps->in_tick();
}

std::string SimulatedEditor::refusal() const {
    std::lock_guard lock(m_mutex);
    return m_refusal;
}

RuntimeCounters SimulatedEditor::counters() const {
    std::lock_guard lock(m_mutex);
    return m_counters;
}

std::string SimulatedEditor::hello_json() {
    const auto& identity = m_simulator.identity();
    json::TextWriter writer;
    writer.begin_object().field("event", "hello").key("data").begin_object();
    writer.field("protocolVersion", 1)
        .field("unityVersion", identity.unity_version)
        .field("projectPath", identity.project_path)
        .field("editorPid", identity.editor_pid)
        .field("editorSessionId", identity.editor_session_id);
    writer.key("primitives").begin_array();
    for (const auto& method : m_simulator.implemented_methods())
        writer.value(method);
    writer.end_array().field("simulator", true);
    if (std::string tools = m_simulator.project_tools_json(); !tools.empty())
        writer.raw_field("projectTools", tools);
    writer.key("completed").begin_array();
    {
        std::lock_guard lock(m_mutex);
        for (const auto& id : m_undelivered) {
            auto found = m_ledger.find(id);
            if (found != m_ledger.end())
                writer.raw(found->second);
        }
    }
    return writer.end_array().end_object().end_object().text();
}

bool SimulatedEditor::send(const std::string& frame) {
    std::lock_guard guard(m_send_mutex);
    return send_locked(frame);
}

bool SimulatedEditor::send_locked(const std::string& frame) {
    if (!m_socket)
        return false;
    try {
        m_socket->sendFrame(frame.data(), static_cast<int>(frame.size()), Poco::Net::WebSocket::FRAME_TEXT);
        return true;
    } catch (const Poco::Exception&) {
        return false;
    }
}

void SimulatedEditor::deliver(const std::string& id, const std::string& response) {
    // Under the send lock, so a reconnection's hello either carries this answer or goes out before it.
    std::lock_guard guard(m_send_mutex);
    if (!send_locked(response)) {
        std::lock_guard lock(m_mutex);
        m_undelivered.insert(id);
    }
}

void SimulatedEditor::flush_events() {
    for (const auto& event : m_simulator.take_events())
        send(event);
}

std::string SimulatedEditor::main_thread_json() {
    bool compiling = m_simulator.compiling(), importing = m_simulator.importing();
    std::lock_guard lock(m_mutex);
    bool busy = !m_current_id.empty() || !m_busy_kind.empty();
    json::TextWriter writer;
    writer.begin_object().field("busy", busy);
    if (busy)
        writer.field("busySinceMs", (m_clock.now() - m_busy_since).count())
            .field("busyWith", m_current_id.empty() ? m_busy_kind : "request");
    if (!m_current_id.empty())
        writer.field("currentRequest", m_current_id);
    writer.field("queued", m_queued_ids.size()).field("compiling", compiling).field("importing", importing).field("playMode", m_play_mode);
    if (!m_modal_title.empty())
        writer.field("modalDialog", m_modal_title);
    if (m_tick_gaps->measured()) {
        auto now = m_clock.now();
        writer.field("tickGapMs", m_tick_gaps->tick_gap(now).count()).field("sinceTickMs", m_tick_gaps->since_tick(now).count());
    }
    return writer.end_object().text();
}

void SimulatedEditor::main_loop() {
    while (true) {
        {
            std::unique_lock lock(m_mutex);
            wait_for_tick(lock);
            if (m_stopping)
                return;
            m_wake_requested = false;
            m_tick_gaps->begin(m_clock.now());
        }
        run_tick();
        std::lock_guard lock(m_mutex);
        m_tick_gaps->end(m_clock.now());
    }
}

void SimulatedEditor::wait_for_tick(std::unique_lock<std::mutex>& lock) {
    if (m_tick_interval.count() == 0) {
        bool woken = wait_on_clock(lock, idle_tick, [this] { return m_stopping || !m_tasks.empty() || m_tick_interval.count() > 0; });
        // A throttle that starts meanwhile keeps its schedule from the start: no tick at once.
        if (!woken || m_stopping || m_tick_interval.count() == 0)
            return;
    }
    auto next = (m_tick_gaps->measured() ? m_tick_gaps->last_end() : m_clock.now()) + m_tick_interval;
    uap::wait_until(m_clock, m_changed, lock, next, [this] {
        return m_stopping || m_tick_interval.count() == 0 || (m_wake == WakeOnRequest::Honoured && m_wake_requested);
    });
}

void SimulatedEditor::run_tick() {
    while (true) {
        Task task;
        {
            std::lock_guard lock(m_mutex);
            if (m_stopping || m_tasks.empty())
                return;
            task = std::move(m_tasks.front());
            m_tasks.pop_front();
            if (task.kind == Task::Kind::Request) {
                m_queued_ids.erase(task.id);
                m_current_id = task.id;
                m_busy_since = m_clock.now();
            }
        }
        execute(task);
    }
}

void SimulatedEditor::busy_for(std::chrono::milliseconds duration, const std::string& modal_title) {
    {
        std::lock_guard lock(m_mutex);
        m_busy_kind = modal_title.empty() ? "stall" : "modalDialog";
        m_modal_title = modal_title;
        m_busy_since = m_clock.now();
    }
    if (!modal_title.empty())
        send_event("modalDialog", json::TextWriter().begin_object().field("title", modal_title).field("open", true).end_object().text());
    std::unique_lock lock(m_mutex);
    wait_on_clock(lock, duration, [this] { return m_stopping; });
    m_busy_kind.clear();
    m_modal_title.clear();
    lock.unlock();
    if (!modal_title.empty())
        send_event("modalDialog", json::TextWriter().begin_object().field("title", modal_title).field("open", false).end_object().text());
}

void SimulatedEditor::perform_reload(std::chrono::milliseconds duration) {
    send_event("reloading", "{}");
    m_simulator.forget_domain_state();
    std::unique_lock lock(m_mutex);
    // A domain reload loses the managed request queue; the host re-sends what was never answered.
    for (const auto& task : m_tasks)
        if (task.kind == Task::Kind::Request)
            ++m_counters.dropped_by_reload;
    m_tasks.erase(std::remove_if(m_tasks.begin(), m_tasks.end(), [](const Task& task) { return task.kind == Task::Kind::Request; }),
                  m_tasks.end());
    m_queued_ids.clear();
    m_reloading = true;
    m_busy_kind = "reloading";
    m_busy_since = m_clock.now();
    ++m_counters.reloads;
    m_changed.notify_all();
    wait_on_clock(lock, std::chrono::seconds(5), [this] { return !m_connected || m_stopping; });
    wait_on_clock(lock, duration, [this] { return m_stopping; });
    m_reloading = false;
    m_busy_kind.clear();
    m_announce_reloaded = true;
    m_changed.notify_all();
    if (m_reporter)
        m_reporter("reloaded");
}

void SimulatedEditor::compile(std::chrono::milliseconds duration, const std::string& injected_error) {
    send_event("compileStarted", "{}");
    m_simulator.set_compiling(true);
    busy_for(duration, {});
    editor_sim::CompileResult result;
    if (injected_error.empty()) {
        result = m_simulator.compile_scripts();
    } else {
        m_simulator.log(editor_sim::ConsoleKind::Error, injected_error);
        result.failed = true;
        result.finished_json = json::TextWriter()
                                   .begin_object()
                                   .key("errors")
                                   .begin_array()
                                   .begin_object()
                                   .field("message", injected_error)
                                   .field("severity", "error")
                                   .end_object()
                                   .end_array()
                                   .key("warnings")
                                   .begin_array()
                                   .end_array()
                                   .field("errorCount", 1)
                                   .field("warningCount", 0)
                                   .end_object()
                                   .text();
    }
    m_simulator.set_compiling(false);
    flush_events();
    send_event("compileFinished", result.finished_json);
    // Unity reloads the domain after a compile that succeeded, and keeps the old one after a failure.
    if (!result.failed)
        perform_reload(std::chrono::milliseconds(200));
}

void SimulatedEditor::execute(const Task& task) {
    switch (task.kind) {
    case Task::Kind::Reload:
        perform_reload(task.duration);
        return;
    case Task::Kind::Stall:
        busy_for(task.duration, {});
        return;
    case Task::Kind::Modal:
        busy_for(task.duration, task.text.empty() ? "Modal dialog" : task.text);
        return;
    case Task::Kind::Compile:
        compile(task.duration, task.text);
        return;
    case Task::Kind::Request:
        break;
    }
    editor_sim::Reply reply = m_simulator.answer_host_request(task.method, task.params);
    std::string response = response_envelope(task.id, reply);
    std::size_t cap;
    {
        std::lock_guard lock(m_mutex);
        cap = m_max_result_bytes;
    }
    if (response.size() > cap)
        response = error_envelope(task.id, "result_too_large",
                                  "the result was " + std::to_string(response.size()) + " bytes; the host accepts " + std::to_string(cap) +
                                      "; page or narrow the request");
    std::string play_mode = m_simulator.play_mode();
    {
        std::lock_guard lock(m_mutex);
        m_ledger[task.id] = response;
        m_ledger_order.push_back(task.id);
        if (m_ledger_order.size() > ledger_limit) {
            m_ledger.erase(m_ledger_order.front());
            m_undelivered.erase(m_ledger_order.front());
            m_ledger_order.pop_front();
        }
        m_current_id.clear();
        m_play_mode = play_mode;
        ++m_counters.executed;
    }
    deliver(task.id, response);
    flush_events();
    if (m_simulator.take_compile_request())
        enqueue(Task{Task::Kind::Compile, {}, {}, {}, script_compile_duration, {}});
}

void SimulatedEditor::handle_frame(const std::string& frame) {
    auto parsed = json::parse(frame);
    if (!parsed || !parsed->IsObject())
        return;
    rapidjson::Document& message = *parsed;
    if (message.HasMember("event") && message["event"].IsString()) {
        handle_host_event(message["event"].GetString(), message.HasMember("data") ? &message["data"] : nullptr);
        return;
    }
    std::string id = message.HasMember("id") && message["id"].IsString() ? message["id"].GetString() : "";
    if (id.empty() || !message.HasMember("method") || !message["method"].IsString()) {
        send(error_envelope(id, "invalid_request", "a request needs a string id and a string method"));
        return;
    }
    std::string method = message["method"].GetString();
    std::string params = message.HasMember("params") ? json::to_text(message["params"]) : "{}";
    // ping and request.status are answered off the main thread, as the Unity package does.
    if (method == "ping")
        send(response_envelope(id, editor_sim::Reply{editor_sim::Reply::Kind::Result,
                                                     json::TextWriter().begin_object().raw_field("mainThread", main_thread_json()).end_object().text()}));
    else if (method == "request.status")
        answer_status_request(id, params);
    else
        accept_request(id, method, params);
}

void SimulatedEditor::handle_host_event(const std::string& name, const rapidjson::Value* data) {
    if (name == "welcome") {
        bool announce = false;
        {
            std::lock_guard lock(m_mutex);
            m_connected = true;
            ++m_counters.connections;
            if (data && data->HasMember("maxResultBytes") && (*data)["maxResultBytes"].IsUint64())
                m_max_result_bytes = (*data)["maxResultBytes"].GetUint64();
            announce = std::exchange(m_announce_reloaded, false);
        }
        m_changed.notify_all();
        if (announce)
            send_event("reloaded", "{}");
        if (m_reporter)
            m_reporter("connected " + session_id());
    } else if (name == "refused") {
        {
            std::lock_guard lock(m_mutex);
            m_refusal = data ? json::to_text(*data) : "{}";
        }
        m_refused = true;
        m_changed.notify_all();
        if (m_reporter)
            m_reporter("refused " + refusal());
    } else if (name == "protocolError") {
        {
            std::lock_guard lock(m_mutex);
            ++m_counters.protocol_errors;
        }
        if (m_reporter)
            m_reporter("protocolError " + (data ? json::to_text(*data) : std::string()));
    }
}

void SimulatedEditor::answer_status_request(const std::string& id, const std::string& params) {
    rapidjson::Document status;
    if (auto parsed_params = json::parse(params))
        status = std::move(parsed_params).value();
    if (!status.IsObject() || !status.HasMember("requestId") || !status["requestId"].IsString()) {
        send(error_envelope(id, "invalid_params", "request.status needs a string requestId"));
        return;
    }
    std::string target = status["requestId"].GetString();
    bool withdraw = status.HasMember("withdrawIfQueued") && status["withdrawIfQueued"].IsBool() && status["withdrawIfQueued"].GetBool();
    std::string main_thread = main_thread_json();
    std::string result;
    {
        std::lock_guard lock(m_mutex);
        if (m_ledger.count(target)) {
            result = status_answer("completed", "response", m_ledger[target]);
        } else if (m_current_id == target) {
            result = status_answer("running", "mainThread", main_thread);
        } else if (m_queued_ids.count(target)) {
            if (withdraw) {
                m_queued_ids.erase(target);
                m_tasks.erase(std::remove_if(m_tasks.begin(), m_tasks.end(), [&](const Task& task) { return task.id == target; }), m_tasks.end());
                result = status_answer("withdrawn");
            } else {
                result = status_answer("queued", "mainThread", main_thread);
            }
        } else {
            result = status_answer("unknown");
        }
    }
    send(response_envelope(id, editor_sim::Reply{editor_sim::Reply::Kind::Result, result}));
}

void SimulatedEditor::accept_request(const std::string& id, const std::string& method, const std::string& params) {
    std::string replay;
    {
        std::lock_guard lock(m_mutex);
        auto found = m_ledger.find(id);
        if (found != m_ledger.end()) {
            // Answered before: the ledger's answer again, never a second execution.
            ++m_counters.deduplicated;
            replay = found->second;
            m_undelivered.erase(id);
        } else if (m_queued_ids.count(id) || m_current_id == id) {
            ++m_counters.deduplicated;
            return;
        } else {
            m_queued_ids.insert(id);
            m_tasks.push_back(Task{Task::Kind::Request, id, method, params, {}, {}});
            m_wake_requested = true;
        }
    }
    if (!replay.empty()) {
        send(replay);
        return;
    }
    m_changed.notify_all();
}

void SimulatedEditor::read_loop(Poco::Net::WebSocket& socket) {
    socket.setReceiveTimeout(Poco::Timespan(10, 0));
    Poco::Buffer<char> buffer(0);
    ReadableSocket readable(socket);
    while (true) {
        {
            std::lock_guard lock(m_mutex);
            if (m_stopping || m_reloading)
                return;
        }
        if (m_refused)
            return;
        if (!readable.within(Poco::Timespan(0, 100000)))
            continue;
        int flags = 0;
        buffer.resize(0);
        int received = socket.receiveFrame(buffer, flags);
        int opcode = flags & Poco::Net::WebSocket::FRAME_OP_BITMASK;
        if ((received == 0 && flags == 0) || opcode == Poco::Net::WebSocket::FRAME_OP_CLOSE)
            return;
        if (opcode == Poco::Net::WebSocket::FRAME_OP_PING) {
            std::lock_guard guard(m_send_mutex);
            socket.sendFrame(buffer.begin(), static_cast<int>(buffer.size()),
                             int(Poco::Net::WebSocket::FRAME_FLAG_FIN) | int(Poco::Net::WebSocket::FRAME_OP_PONG));
            continue;
        }
        if (opcode == Poco::Net::WebSocket::FRAME_OP_TEXT)
            handle_frame(std::string(buffer.begin(), buffer.size()));
    }
}

void SimulatedEditor::connection_loop() {
    bool reported_failure = false;
    while (true) {
        {
            std::unique_lock lock(m_mutex);
            m_changed.wait(lock, [this] { return m_stopping || !m_reloading; });
            if (m_stopping || m_refused)
                return;
        }
        try {
            Poco::Net::HTTPClientSession session(m_endpoint.address, m_endpoint.port);
            session.setTimeout(Poco::Timespan(5, 0));
            Poco::Net::HTTPRequest request(Poco::Net::HTTPRequest::HTTP_GET, m_endpoint.path, Poco::Net::HTTPMessage::HTTP_1_1);
            request.set("Authorization", "Bearer " + m_endpoint.token);
            Poco::Net::HTTPResponse response;
            auto socket = std::make_shared<Poco::Net::WebSocket>(session, request, response);
            socket->setNoDelay(true);
            {
                // The hello must be the socket's first frame: an answer a worker delivers meanwhile
                // waits for the send lock, then follows the hello (which carries what was undelivered).
                std::lock_guard guard(m_send_mutex);
                m_socket = socket;
                if (send_locked(hello_json())) {
                    std::lock_guard lock(m_mutex);
                    m_undelivered.clear();
                }
            }
            reported_failure = false;
            read_loop(*socket);
            try {
                socket->shutdown();
            } catch (const Poco::Exception&) {
            }
            bool reloading = false;
            {
                std::lock_guard lock(m_mutex);
                reloading = m_reloading;
            }
            // The host is gone (a reload keeps the socket's owner alive): give the user's imports back.
            if (!reloading)
                m_simulator.host_disconnected();
        } catch (const Poco::Exception& exception) {
            if (m_reporter && !reported_failure)
                m_reporter("connect failed: " + exception.displayText());
            reported_failure = true;
        }
        {
            std::lock_guard guard(m_send_mutex);
            m_socket.reset();
        }
        {
            std::unique_lock lock(m_mutex);
            m_connected = false;
            m_changed.notify_all();
            wait_on_clock(lock, std::chrono::milliseconds(100), [this] { return m_stopping; });
        }
    }
}

} // namespace uap::editor_sim
