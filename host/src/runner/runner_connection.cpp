// One module runner process: launch, load, calls with deadlines and cancellation, the host-table
// questions it asks, and a precise account of how it ended.
#include "runner/runner_connection.hpp"

#include "runner/runner_frames.hpp"
#include "runner/runner_protocol.hpp"
#include "support/json.hpp"
#include "support/line_framer.hpp"
#include "support/utf8_path.hpp"

#include <uap/sdk/json.hpp>

#include <spdlog/spdlog.h>

#include <cstring>

namespace uap::runner {

using Clock = std::chrono::steady_clock;

struct RunnerConnection::PendingCall {
    int64_t id = 0;
    std::optional<uint32_t> slot; // Where the runner may store the result instead of sending it.
    bool slot_broken = false;     // What the runner stored there was not a result: wait on the pipe's side.
    std::string tool;
    std::chrono::milliseconds deadline{0};
    std::function<void(double progress, double total, std::string_view message)> on_progress;
    // What editor calls made during this call watch: set when the caller cancels or gives up.
    std::shared_ptr<api::CallControl> control = std::make_shared<api::CallControl>();
    // Guards what follows; taken after RunnerConnection::m_mutex when both are held.
    std::mutex mutex;
    std::condition_variable answered;
    bool done = false;
    int reporting = 0; // Progress reports being delivered outside the lock; the call waits for them.
    modules::ModuleOutput output;
    std::optional<std::string> failure;
};

namespace {

constexpr std::chrono::milliseconds cancellation_poll{10};
constexpr std::chrono::seconds load_limit{30};
// Editor results relayed to a runner are capped well under the frame limit (escaping can grow them).
constexpr uint64_t max_relayed_answer_bytes = max_frame_bytes / 8;

std::string seconds_text(std::chrono::milliseconds duration) {
    auto milliseconds = duration.count();
    return milliseconds % 1000 == 0 ? std::to_string(milliseconds / 1000) + " s" : std::to_string(milliseconds) + " ms";
}

} // namespace

Expected<std::shared_ptr<RunnerConnection>> RunnerConnection::launch(const std::filesystem::path& program,
                                                                     uap_host_context& context, std::shared_ptr<OutputBudget> output) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(program, error))
        return Error("the module runner " + utf8::from_path(program) + " is missing; reinstall uap-host, or run the pack in-process with "
                     "`uap-host modules inline " + context.module_id + " --project DIR`");
    LaunchSpec spec{program, {"--serve"}, {}, current_environment_without({})};
    std::unique_ptr<ResultSlots> slots;
    if (auto created = ResultSlots::create(ResultSlots::default_count, ResultSlots::default_capacity)) {
        slots = std::move(*created);
        spec.inherited = slots->descriptor();
        spec.arguments.insert(spec.arguments.end(), {"--result-slots", std::to_string(slots->count()), std::to_string(slots->capacity())});
    } else {
        spdlog::debug("[{}] results travel on the runner's pipe: {}", context.module_id, created.error().message());
    }
    auto child = ChildProcess::launch(spec);
    if (slots)
        slots->close_descriptor(); // The runner has its own copy now (or never will).
    if (!child)
        return child.error();
    std::shared_ptr<RunnerConnection> connection(new RunnerConnection(std::move(*child), std::move(slots), context, std::move(output)));
    connection->m_reader = std::thread([raw = connection.get()] { raw->read_messages(); });
    connection->m_error_reader = std::thread([raw = connection.get()] { raw->drain_errors(); });
    return connection;
}

RunnerConnection::RunnerConnection(std::unique_ptr<ChildProcess> child, std::unique_ptr<ResultSlots> slots, uap_host_context& context,
                                   std::shared_ptr<OutputBudget> output)
    : m_child(std::move(child)), m_slots(std::move(slots)), m_context(context),
      m_output(output ? std::move(output) : std::make_shared<OutputBudget>()),
      m_writer([process = m_child.get()](std::string_view bytes) { return process->write_all(bytes); }) {}

RunnerConnection::~RunnerConnection() {
    stop(std::chrono::milliseconds(500));
    if (m_reader.joinable())
        m_reader.join();
    if (m_error_reader.joinable())
        m_error_reader.join();
    for (auto& question : m_questions)
        question.thread.join();
}

void RunnerConnection::send(const std::string& frame) {
    if (auto written = m_writer.send(frame); !written)
        spdlog::debug("[{}] {}", m_context.module_id, written.error().message());
}

Expected<LoadAnswer> RunnerConnection::load(const std::filesystem::path& library) {
    OutgoingMessage message("load");
    message.string("library", utf8::from_path(library));
    message.string("moduleId", m_context.module_id);
    message.string("settings", m_context.settings_json);
    send(message.finish());
    std::unique_lock lock(m_mutex);
    bool answered = m_changed.wait_for(lock, load_limit, [&] { return m_load_answer || m_death != Death::Alive; });
    if (m_load_answer)
        return *m_load_answer;
    lock.unlock();
    if (!answered)
        kill(Death::Stopped);
    std::string how = answered ? how_it_ended() : "it did not answer within " + seconds_text(load_limit);
    return Error::unavailable("the module runner ended while loading the pack (" + how + ")");
}

Expected<modules::ModuleOutput> RunnerConnection::call(const modules::ToolCallRequest& request) {
    UAP_ASSIGN_OR_RETURN(auto pending, send_call(request));
    await_answer(*pending, request);
    return collect_answer(*pending);
}

Expected<std::shared_ptr<RunnerConnection::PendingCall>> RunnerConnection::send_call(const modules::ToolCallRequest& request) {
    auto pending = std::make_shared<PendingCall>();
    pending->tool = std::string(request.tool);
    pending->deadline = request.options->deadline;
    pending->on_progress = request.options->on_progress;
    pending->id = m_next_call++;
    {
        std::lock_guard lock(m_mutex);
        if (m_death != Death::Alive || m_requested_death != Death::Alive)
            return Error("module pack " + m_context.module_id + " has no running runner (" + how_it_ended() + ")");
        m_calls[pending->id] = pending;
    }
    if (m_slots)
        pending->slot = m_slots->reserve(pending->id);
    OutgoingMessage message("call");
    message.integer("call", pending->id);
    if (pending->slot)
        message.integer("slot", *pending->slot);
    message.string("tool", request.tool);
    message.integer("maxBytes", static_cast<int64_t>(std::min<uint64_t>(request.max_result_bytes, max_frame_bytes / 8)));
    const api::CallControl* control = request.options->control;
    bool cancelled = control && control->cancelled.load(std::memory_order_relaxed);
    message.boolean("cancelled", cancelled);
    if (cancelled)
        pending->control->cancelled = true;
    send(message.finish(request.arguments_json));
    return pending;
}

void RunnerConnection::await_answer(PendingCall& pending, const modules::ToolCallRequest& request) {
    const api::CallControl* control = request.options->control;
    // Set by send_call when the caller had cancelled before the call went out, which the call said.
    bool cancel_sent = pending.control->cancelled.load();
    auto started = Clock::now();
    auto never = started + std::chrono::hours(24 * 365);
    auto deadline_at = pending.deadline.count() > 0 ? started + pending.deadline : never;
    // A call that ignores its cancellation would otherwise hold its caller until the deadline.
    auto kill_at = cancel_sent ? started + request.cancel_grace : never;
    std::unique_lock lock(pending.mutex);
    while (!pending.done) {
        bool watching = control && !cancel_sent;
        auto limit = std::min(deadline_at, kill_at);
        auto wake = watching ? std::min(limit, Clock::now() + cancellation_poll) : limit;
        wait_for_event(pending, lock, wake);
        if (pending.done)
            break;
        if (watching && control->cancelled.load(std::memory_order_relaxed)) {
            cancel_sent = true;
            pending.control->cancelled = true;
            kill_at = Clock::now() + request.cancel_grace;
            lock.unlock();
            OutgoingMessage cancel("cancel");
            cancel.integer("call", pending.id);
            send(cancel.finish());
            lock.lock();
            continue;
        }
        if (Clock::now() >= kill_at) {
            lock.unlock();
            stop_for_ignored_cancel(pending, request.cancel_grace);
            lock.lock();
            kill_at = never; // The reader answers this call once the process is gone.
            continue;
        }
        if (Clock::now() >= deadline_at) {
            lock.unlock();
            stop_for_deadline(pending);
            lock.lock();
            // The runner is being stopped: the reader fails this call once the process is gone.
            deadline_at = Clock::now() + std::chrono::hours(24 * 365);
        }
    }
    pending.answered.wait(lock, [&] { return pending.reporting == 0; });
}

Expected<modules::ModuleOutput> RunnerConnection::collect_answer(PendingCall& pending) {
    {
        // A result that came on the pipe took the call out of the table already; one from a slot did not.
        std::lock_guard table_lock(m_mutex);
        m_calls.erase(pending.id);
    }
    if (pending.slot)
        m_slots->release(*pending.slot);
    pending.control->cancelled = true; // An editor call it started is no longer wanted.
    if (pending.failure)
        return Error(*pending.failure);
    return std::move(pending.output);
}

void RunnerConnection::wait_for_event(PendingCall& call, std::unique_lock<std::mutex>& lock, Clock::time_point wake) {
    if (!call.slot || call.slot_broken) {
        call.answered.wait_until(lock, wake);
        return;
    }
    // The count is read before the slot is looked at: a result stored after the look raises it, so
    // the wait below returns at once rather than missing it.
    uint32_t seen = m_slots->wake_count();
    auto stored = m_slots->take(*call.slot, call.id);
    if (!stored) {
        call.slot_broken = true; // The runner is stopped; its end fails this call like the others.
        lock.unlock();
        note_protocol_error(stored.error().message());
        kill(Death::Crashed);
        lock.lock();
        return;
    }
    if (auto& result = *stored) {
        call.output.status = static_cast<uap_status>(result->status);
        call.output.text = std::move(result->text);
        call.output.overflowed = result->overflowed;
        call.output.offered_bytes = result->offered;
        call.done = true;
        return;
    }
    lock.unlock();
    m_slots->wait(*call.slot, seen, wake);
    lock.lock();
}

void RunnerConnection::wake(PendingCall& call) {
    call.answered.notify_all();
    if (call.slot)
        m_slots->wake(*call.slot);
}

void RunnerConnection::stop_for_deadline(const PendingCall& call) {
    std::lock_guard lock(m_mutex);
    if (m_requested_death != Death::Alive)
        return;
    spdlog::error("[{}] tool \"{}\" overran its deadline of {}; stopping its module runner (pid {})", m_context.module_id, call.tool,
                  seconds_text(call.deadline), m_child->pid());
    m_requested_death = Death::Deadline;
    m_serving = false;
    m_deadline_tool = call.tool;
    if (!m_reaping)
        m_child->kill_tree();
}

void RunnerConnection::stop_for_ignored_cancel(const PendingCall& call, std::chrono::milliseconds grace) {
    std::lock_guard lock(m_mutex);
    if (m_requested_death != Death::Alive)
        return;
    spdlog::warn("[{}] tool \"{}\" was cancelled and did not return within {}; stopping its module runner (pid {})", m_context.module_id,
                 call.tool, seconds_text(grace), m_child->pid());
    m_requested_death = Death::Cancelled;
    m_serving = false;
    m_cancelled_tool = call.tool;
    m_cancel_grace = grace;
    if (!m_reaping)
        m_child->kill_tree();
}

void RunnerConnection::request_stop() {
    {
        std::lock_guard lock(m_mutex);
        if (m_death != Death::Alive || m_stop_requested)
            return;
        m_stop_requested = true;
        if (m_requested_death == Death::Alive)
            m_requested_death = Death::Stopped;
        m_serving = false;
    }
    send(OutgoingMessage("shutdown").finish());
}

void RunnerConnection::stop(std::chrono::milliseconds grace) {
    request_stop();
    {
        std::unique_lock lock(m_mutex);
        if (m_changed.wait_for(lock, grace, [&] { return m_death != Death::Alive; }))
            return;
    }
    kill(Death::Stopped);
}

void RunnerConnection::kill(Death cause) {
    std::lock_guard lock(m_mutex);
    if (m_death != Death::Alive || m_reaping)
        return;
    if (m_requested_death == Death::Alive)
        m_requested_death = cause;
    m_serving = false;
    m_child->kill_tree();
}

bool RunnerConnection::alive() const { return m_serving.load(std::memory_order_acquire); }

bool RunnerConnection::take_crash() {
    std::lock_guard lock(m_mutex);
    if (m_death != Death::Crashed || m_crash_taken)
        return false;
    m_crash_taken = true;
    return true;
}

std::string RunnerConnection::how_it_ended() const {
    if (m_death == Death::Alive)
        return "still running";
    if (!m_protocol_error.empty())
        return "it broke the runner protocol: " + m_protocol_error;
    return platform::describe_exit_code(m_exit_code);
}

std::string RunnerConnection::failure_text(const PendingCall& call) const {
    const std::string& pack = m_context.module_id;
    switch (m_death) {
    case Death::Deadline:
        if (call.tool == m_deadline_tool)
            return "tool \"" + call.tool + "\" of module pack " + pack + " did not finish within its deadline of " +
                   seconds_text(call.deadline) + "; its module runner was stopped and the call's effects are unknown. "
                   "The runner restarts for the next call; a user can raise the limit with \"limits.toolDeadlines\": {\"" +
                   call.tool + "\": SECONDS} in host-settings.json.";
        return "module pack " + pack + "'s runner was stopped because tool \"" + m_deadline_tool +
               "\" overran its deadline while this call of \"" + call.tool + "\" was running; the call's effects are unknown. "
               "The runner restarts for the next call.";
    case Death::Cancelled:
        return "module pack " + pack + "'s runner was stopped because a cancelled call of tool \"" + m_cancelled_tool +
               "\" did not return within " + seconds_text(m_cancel_grace) + " while this call of \"" + call.tool +
               "\" was running; the call's effects are unknown. The runner restarts for the next call.";
    case Death::Stopped:
        return "the call of tool \"" + call.tool + "\" (module pack " + pack + ") was stopped because the host is shutting down";
    default:
        return "module pack " + pack + " crashed (" + how_it_ended() + ") while running tool \"" + call.tool +
               "\"; the call's effects are unknown. Its runner restarts for the next call; if this repeats, report it to the "
               "pack's author or disable it with `uap-host modules disable " + pack + " --project DIR`.";
    }
}

std::string RunnerConnection::cancelled_text(const PendingCall& call) const {
    return "the call of tool \"" + call.tool + "\" (module pack " + m_context.module_id + ") was cancelled" +
           (call.tool == m_cancelled_tool ? " and did not stop within " + seconds_text(m_cancel_grace) : std::string()) +
           ", so its module runner was stopped; the call's effects are unknown. The runner restarts for the next call. A user can "
           "change the grace with \"limits.cancelGraceMilliseconds\" in host-settings.json.";
}

void RunnerConnection::read_messages() {
    std::string text, payload;
    json::LocalDocument message;
    FrameReader reader(m_child->stream(ChildStream::Output), max_frame_bytes);
    while (true) {
        auto end = reader.next(text, payload);
        if (!end) {
            note_protocol_error(end.error().message());
            break;
        }
        if (*end == ReadEnd::Closed)
            break;
        if (auto parsed = parse_message(text, message); !parsed) {
            note_protocol_error(parsed.error().message());
            break;
        }
        // Payloads are text that reaches clients (a tool's output), held to what a JSON string may hold.
        if (!valid_utf8(payload)) {
            note_protocol_error("a \"" + std::string(text_of(message.document(), "type")) + "\" payload that is not UTF-8");
            break;
        }
        dispatch(message.document(), payload);
    }
    finish(Death::Crashed);
}

void RunnerConnection::note_protocol_error(const std::string& problem) {
    spdlog::error("[{}] module runner broke the protocol ({}); stopping it", m_context.module_id, problem);
    std::lock_guard lock(m_mutex);
    m_protocol_error = problem;
}

void RunnerConnection::finish(Death cause) {
    {
        std::lock_guard lock(m_mutex);
        m_reaping = true;
    }
    // The pipe may close before the process is gone, or the runner broke the protocol while alive.
    auto code = m_child->wait_exit(std::chrono::milliseconds(200));
    if (!code) {
        m_child->kill_tree();
        code = m_child->wait_exit(std::chrono::seconds(5));
    }
    struct Ending {
        std::shared_ptr<PendingCall> call;
        std::string text;
        bool cancelled; // Its caller cancelled it: it ends as cancelled, not as failed.
    };
    std::vector<Ending> failed;
    {
        std::lock_guard lock(m_mutex);
        m_exit_code = code.value_or(-1);
        m_death = m_requested_death != Death::Alive ? m_requested_death : cause;
        m_serving = false;
        if (m_death == Death::Crashed)
            spdlog::error("[{}] module runner (pid {}) crashed: {}", m_context.module_id, m_child->pid(), how_it_ended());
        for (auto& [id, call] : m_calls) {
            bool cancelled = m_death == Death::Cancelled && call->control->cancelled.load();
            failed.push_back({call, cancelled ? cancelled_text(*call) : failure_text(*call), cancelled});
        }
        m_changed.notify_all();
    }
    // Every call in flight fails, each saying why (no result can come any more).
    for (auto& ending : failed) {
        auto& call = ending.call;
        {
            std::lock_guard lock(call->mutex);
            if (call->done)
                continue;
            if (ending.cancelled) {
                call->output.status = UAP_STATUS_CANCELLED;
                call->output.text = std::move(ending.text);
            } else {
                call->failure = std::move(ending.text);
            }
            call->done = true;
        }
        wake(*call);
    }
}

std::shared_ptr<RunnerConnection::PendingCall> RunnerConnection::take_call(int64_t id) {
    std::lock_guard lock(m_mutex);
    auto found = m_calls.find(id);
    if (found == m_calls.end())
        return nullptr;
    auto call = std::move(found->second);
    m_calls.erase(found);
    return call;
}

std::shared_ptr<RunnerConnection::PendingCall> RunnerConnection::find_call(int64_t id) const {
    std::lock_guard lock(m_mutex);
    auto found = m_calls.find(id);
    return found == m_calls.end() ? nullptr : found->second;
}

void RunnerConnection::dispatch(const rapidjson::Document& message, std::string& payload) {
    std::string_view type = text_of(message, "type");
    if (type == "result") {
        auto call = take_call(integer_of(message, "call"));
        if (!call)
            return; // The caller gave up (cancelled or deadline) before the answer came.
        {
            std::lock_guard lock(call->mutex);
            if (call->done)
                return;
            call->output.status = static_cast<uap_status>(integer_of(message, "status", UAP_STATUS_INTERNAL_ERROR));
            call->output.text = std::move(payload);
            call->output.overflowed = flag_of(message, "overflowed");
            call->output.offered_bytes = static_cast<uint64_t>(integer_of(message, "offered"));
            call->done = true;
        }
        // Woken after the lock is released, so the caller does not wake only to wait for it.
        wake(*call);
    } else if (type == "log") {
        auto level = static_cast<uap_log_level>(integer_of(message, "level", UAP_LOG_INFO));
        relay_output(text_of(message, "message"), [&](std::string_view line) { modules::host_api().log(&m_context, level, sdk::to_view(line)); });
    } else if (type == "progress") {
        // Delivered without the lock: a slow receiver (an event stream to a slow client) must not
        // hold up the results of other calls. The call does not return while a report is out.
        auto call = find_call(integer_of(message, "call"));
        if (!call)
            return;
        std::unique_lock lock(call->mutex);
        if (call->done || !call->on_progress)
            return;
        ++call->reporting;
        lock.unlock();
        call->on_progress(number_of(message, "progress"), number_of(message, "total"), text_of(message, "message"));
        lock.lock();
        --call->reporting;
        wake(*call);
    } else if (type == "ask") {
        answer_question(message);
    } else if (type == "loaded" || type == "loadFailed") {
        std::lock_guard lock(m_mutex);
        if (type == "loaded")
            m_load_answer = LoadAnswer{std::string(text_of(message, "description")),
                                       static_cast<uint32_t>(integer_of(message, "abiVersion"))};
        else
            m_load_answer = Error(flag_of(message, "incompatible") ? ErrorCode::UnsupportedVersion : ErrorCode::Failed,
                                  std::string(text_of(message, "reason")));
        m_changed.notify_all();
    } else if (type != "stopped") {
        spdlog::warn("[{}] module runner sent an unknown message type", m_context.module_id);
    }
}

void RunnerConnection::answer_question(const rapidjson::Document& message) {
    // Editor calls block for as long as the editor takes, so each question gets its own thread.
    std::erase_if(m_questions, [](Question& question) {
        if (!question.done->load())
            return false;
        question.thread.join();
        return true;
    });
    std::shared_ptr<api::CallControl> control;
    int64_t call = integer_of(message, "call", no_call);
    if (auto found = find_call(call))
        control = found->control;
    auto done = std::make_shared<std::atomic<bool>>(false);
    auto work = [this, control, done, request = integer_of(message, "request"), method = std::string(text_of(message, "method")),
                 editor_method = std::string(text_of(message, "editorMethod")), params = std::string(text_of(message, "params")),
                 timeout = static_cast<uint32_t>(std::max<int64_t>(0, integer_of(message, "timeoutMs")))] {
        sdk::StringReceiver output(max_relayed_answer_bytes);
        uap_status status = UAP_STATUS_INVALID_ARGUMENT;
        if (method == "editor_call") {
            uap_call_context context;
            context.control = control.get();
            status = modules::host_api().editor_call(&m_context, control ? &context : nullptr, sdk::to_view(editor_method),
                                                     sdk::to_view(params), timeout, output.sink());
        } else if (method == "host_info") {
            status = modules::host_api().host_info(&m_context, output.sink());
        }
        OutgoingMessage answer("answer");
        answer.integer("request", request);
        answer.integer("status", output.overflowed() ? UAP_STATUS_TOO_LARGE : status);
        answer.string("output", output.text());
        send(answer.finish());
        done->store(true);
    };
    m_questions.push_back(Question{std::thread(std::move(work)), done});
}

void RunnerConnection::relay_output(std::string_view line, const std::function<void(std::string_view)>& log) {
    OutputDecision decision = m_output->admit(line.size());
    if (decision.notice)
        spdlog::warn("[{}] {}", m_context.module_id, *decision.notice);
    if (decision.admission == Admission::Log)
        log(line);
}

void RunnerConnection::drain_errors() {
    // What the module prints (its stdout is sent here too) goes to the host's log, line by line,
    // within the pack's output budget: the pipe is read on regardless, so the runner never blocks.
    LineFramer framer(16 * 1024);
    auto log_line = [&](std::string_view line) {
        relay_output(line, [&](std::string_view admitted) { spdlog::warn("[{}] (runner output) {}", m_context.module_id, admitted); });
    };
    char chunk[4096];
    while (true) {
        std::size_t count = m_child->read(ChildStream::Errors, chunk, sizeof(chunk));
        if (count == 0)
            break;
        framer.feed(std::string_view(chunk, static_cast<size_t>(count)), log_line);
    }
    framer.finish(log_line);
    if (auto notice = m_output->finish())
        spdlog::warn("[{}] {}", m_context.module_id, *notice);
}

} // namespace uap::runner
