// uap-module-runner: runs one module pack in its own process for uap-host. It loads the pack's
// library through the same ABI as the host, offers the module a host table whose functions
// travel over the pipes to the host, and runs calls on the thread that reads them; a call that
// takes longer than a moment leaves that thread to it while another one carries on reading.
// Results go into the host's result slots where it offers them, else on the pipe.
#include "loader/module_library.hpp"
#include "runner/result_slots.hpp"
#include "runner/runner_frames.hpp"
#include "runner/runner_protocol.hpp"
#include "support/json.hpp"
#include "support/platform/platform.hpp"
#include "support/utf8_path.hpp"

#include <uap/sdk/json.hpp>

#include <atomic>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstring>
#include <iostream>
#include <map>
#include <mutex>
#include <thread>

namespace uap::runner {
namespace {

struct RunnerCall {
    int64_t id;
    std::atomic<bool> cancelled{false};
};

// What a tool call returned, before it is sent to the host.
struct CallOutcome {
    uap_status status = UAP_STATUS_INTERNAL_ERROR;
    bool overflowed = false;
    uint64_t offered = 0;
    std::string text;
};

struct Question {
    std::condition_variable answered;
    bool done = false;
    uap_status status = UAP_STATUS_UNAVAILABLE;
    std::string output;
};

// How long one call may hold the reading thread before another thread takes over reading (the
// standby checks this often while calls run), and how long without calls before it sleeps.
constexpr std::chrono::milliseconds slow_call_check{1};
constexpr std::chrono::milliseconds idle_before_sleep{50};

std::string_view view(uap_string_view text) { return sdk::from_view(text); }

class Runner {
public:
    Runner(platform::NativeHandle input, platform::NativeHandle output, std::unique_ptr<ResultSlots> slots)
        : m_writer([output](std::string_view bytes) { return write_frame(output, bytes); }), m_slots(std::move(slots)),
          m_reader(input, max_frame_bytes) {}

    int serve() {
        std::thread([this] { stand_by(); }).detach();
        read_frames(0);
        // Another thread reads now (it ends the process when the host goes); this one is done.
        while (true)
            std::this_thread::sleep_for(std::chrono::hours(24));
    }

    // The host table: each function finds the runner through the context it was given. It stops at
    // revision 2: editor events and the host's clock are not relayed over the pipe, so an isolated
    // module sees a host without them (uap_host_api_has is false) rather than stubs that do nothing.
    static const uap_host_api& table() {
        static const uap_host_api api = {
            static_cast<uint32_t>(offsetof(uap_host_api, subscribe_events)), UAP_ABI_VERSION, &log, &is_cancelled, &report_progress,
            &read_settings, &editor_call, &host_info,
        };
        return api;
    }

private:
    static Runner& of(uap_host_context* context) { return *reinterpret_cast<Runner*>(context); }
    uap_host_context* as_context() { return reinterpret_cast<uap_host_context*>(this); }
    static RunnerCall* call_of(uap_call_context* context) { return reinterpret_cast<RunnerCall*>(context); }

    static void log(uap_host_context* context, uap_log_level level, uap_string_view message) {
        OutgoingMessage out("log");
        out.integer("level", level);
        out.string("message", valid_utf8(view(message)) ? view(message) : std::string_view("(a log line that is not UTF-8)"));
        of(context).send(out.finish());
    }

    static int32_t is_cancelled(uap_call_context* call) { return call && call_of(call)->cancelled.load(std::memory_order_relaxed) ? 1 : 0; }

    static void report_progress(uap_call_context* call, double progress, double total, uap_string_view message) {
        if (!call)
            return;
        OutgoingMessage out("progress");
        out.integer("call", call_of(call)->id);
        out.number("progress", progress);
        out.number("total", total);
        out.string("message", valid_utf8(view(message)) ? view(message) : std::string_view());
        instance().send(out.finish());
    }

    static uap_status read_settings(uap_host_context* context, uap_sink* out) { return sdk::write_to_sink(out, of(context).m_settings); }

    static uap_status editor_call(uap_host_context* context, uap_call_context* call, uap_string_view method, uap_string_view params,
                                  uint32_t timeout_ms, uap_sink* out) {
        if (!valid_utf8(view(method)) || !valid_utf8(view(params))) {
            sdk::write_to_sink(out, R"({"code":"invalid_text","message":"the method name or parameters are not valid UTF-8"})");
            return UAP_STATUS_INVALID_ARGUMENT;
        }
        OutgoingMessage ask("ask");
        ask.string("method", "editor_call");
        ask.integer("call", call ? call_of(call)->id : no_call);
        ask.string("editorMethod", view(method));
        ask.string("params", view(params));
        ask.integer("timeoutMs", timeout_ms);
        return of(context).ask(ask, out);
    }

    static uap_status host_info(uap_host_context* context, uap_sink* out) {
        OutgoingMessage ask("ask");
        ask.string("method", "host_info");
        ask.integer("call", no_call);
        return of(context).ask(ask, out);
    }

    static Runner& instance() { return *s_instance; }

    uap_status ask(OutgoingMessage& message, uap_sink* out) {
        // The answer arrives on the pipe: a call running on the reading thread hands reading over
        // before it waits for it.
        hand_over_reading();
        auto question = std::make_shared<Question>();
        int64_t id = m_next_question++;
        message.integer("request", id);
        {
            std::lock_guard lock(m_mutex);
            m_questions[id] = question;
        }
        send(message.finish());
        std::unique_lock lock(m_mutex);
        question->answered.wait(lock, [&] { return question->done; });
        m_questions.erase(id);
        uap_status written = sdk::write_to_sink(out, question->output);
        return question->status == UAP_STATUS_OK && written != UAP_STATUS_OK ? written : question->status;
    }

    void answer(const rapidjson::Document& message) {
        std::lock_guard lock(m_mutex);
        auto found = m_questions.find(integer_of(message, "request"));
        if (found == m_questions.end())
            return;
        found->second->status = static_cast<uap_status>(integer_of(message, "status"));
        found->second->output = std::string(text_of(message, "output"));
        found->second->done = true;
        found->second->answered.notify_all();
    }

    void send(const std::string& frame) {
        m_frames_sent.fetch_add(1, std::memory_order_relaxed);
        if (!m_writer.send(frame))
            std::_Exit(0); // The host is gone.
    }

    void load(const rapidjson::Document& message) {
        m_settings = std::string(text_of(message, "settings"));
        auto opened = loader::ModuleLibrary::open(utf8::to_path(text_of(message, "library")));
        if (!opened)
            return load_failed(opened.error());
        m_library = std::move(opened).value();
        sdk::StringReceiver init_error(4096);
        uap_status status = m_library->api().init(&table(), as_context(), &m_instance, init_error.sink());
        if (status != UAP_STATUS_OK)
            return load_failed(Error("init failed (status " + std::to_string(status) + ")" +
                                     (init_error.text().empty() ? std::string() : ": " + init_error.text())));
        sdk::StringReceiver described(loader::max_description_bytes);
        status = m_library->api().describe(m_instance, described.sink());
        if (status != UAP_STATUS_OK || described.overflowed() || !valid_utf8(described.text()))
            return load_failed(Error(described.overflowed() ? std::string("describe() wrote more than 4 MiB")
                                                            : "describe() failed (status " + std::to_string(status) + "): " +
                                                                  (valid_utf8(described.text()) ? described.text() : "(not UTF-8)")));
        OutgoingMessage loaded("loaded");
        loaded.integer("abiVersion", m_library->abi_version());
        loaded.string("description", described.text());
        send(loaded.finish());
    }

    void load_failed(const Error& error) {
        OutgoingMessage failed("loadFailed");
        failed.boolean("incompatible", error.code() == ErrorCode::UnsupportedVersion);
        const std::string& reason = error.message();
        failed.string("reason", valid_utf8(reason) ? reason : std::string("the module's message is not UTF-8"));
        send(failed.finish());
    }

    // Runs the call right here, on the reading thread: no hand-off to another thread, and the
    // result joins the others of this burst in one write. Returns false when another thread took
    // over reading while the call ran (this thread then ends).
    bool run_inline(const rapidjson::Document& message, const std::string& arguments, uint64_t epoch) {
        if (!m_instance)
            return true;
        auto call = std::make_shared<RunnerCall>();
        call->id = integer_of(message, "call");
        call->cancelled = flag_of(message, "cancelled");
        int64_t slot = integer_of(message, "slot", -1);
        {
            std::lock_guard lock(m_mutex);
            m_calls[call->id] = call;
            ++m_active;
        }
        uint64_t frames_before = m_frames_sent.load(std::memory_order_relaxed);
        begin_inline(epoch);
        CallOutcome outcome = run_call(*call, message, arguments);
        bool still_reader = end_inline(epoch);
        // A result in a slot would overtake what went on the pipe meanwhile (this call's progress
        // reports, log lines, questions), so after any of those it follows them on the pipe.
        bool stored = m_slots && slot >= 0 && slot < static_cast<int64_t>(m_slots->count()) &&
                      m_frames_sent.load(std::memory_order_relaxed) == frames_before &&
                      m_slots->publish(static_cast<uint32_t>(slot), call->id, outcome.status, outcome.overflowed, outcome.offered,
                                       outcome.text, still_reader ? WakeCaller::WithTheBurst : WakeCaller::Now);
        if (!stored && still_reader) {
            m_writer.queue(result_frame(call->id, outcome)); // Flushed before the reader next waits for input.
        } else if (!stored) {
            send(result_frame(call->id, outcome));
        }
        std::lock_guard lock(m_mutex);
        m_calls.erase(call->id);
        --m_active;
        m_idle.notify_all();
        return still_reader;
    }

    // Work on the reading thread that may take long (a call, loading the pack) begins: the standby
    // watches it from now on.
    void begin_inline(uint64_t epoch) {
        bool wake_standby = false;
        {
            std::lock_guard lock(m_role_mutex);
            ++m_inline_calls;
            m_inline_running = true;
            wake_standby = m_standby_asleep;
            m_standby_asleep = false;
        }
        if (wake_standby)
            m_role_changed.notify_all();
        t_reading_epoch = epoch;
        t_reading = true;
    }

    // ... and ended; false when another thread took over reading meanwhile.
    bool end_inline(uint64_t epoch) {
        t_reading = false;
        std::lock_guard lock(m_role_mutex);
        if (m_reader_epoch != epoch)
            return false;
        m_inline_running = false;
        return true;
    }

    // Runs the call. The arguments are the host's: it parsed them, checked them against the tool's
    // schema and wrote them out again, so they are passed on as they came.
    CallOutcome run_call(RunnerCall& call, const rapidjson::Document& message, std::string_view arguments) {
        std::string tool(text_of(message, "tool"));
        if (arguments.empty())
            arguments = "{}";
        sdk::StringReceiver output(static_cast<uint64_t>(integer_of(message, "maxBytes")));
        uap_tool_call request{sizeof(uap_tool_call), sdk::to_view(tool), sdk::to_view(arguments),
                              reinterpret_cast<uap_call_context*>(&call), UAP_ABI_REVISION};
        uap_status status = UAP_STATUS_INTERNAL_ERROR;
        std::string text;
        try {
            status = m_library->api().call_tool(m_instance, &request, output.sink());
            text = output.take();
        } catch (...) {
            text = "tool \"" + tool + "\" let an exception escape the module boundary";
        }
        if (!valid_utf8(text)) {
            status = UAP_STATUS_INTERNAL_ERROR;
            text = "tool \"" + tool + "\" wrote output that is not valid UTF-8";
        }
        return CallOutcome{status, output.overflowed(), output.offered_bytes(), std::move(text)};
    }

    static std::string result_frame(int64_t call, const CallOutcome& outcome) {
        OutgoingMessage result("result");
        result.integer("call", call);
        result.integer("status", outcome.status);
        result.boolean("overflowed", outcome.overflowed);
        result.integer("offered", static_cast<int64_t>(outcome.offered));
        return result.finish(outcome.text);
    }

    // Reads and handles the host's messages for as long as this thread holds the reading role
    // (epoch); returns when another thread took it over during a call.
    void read_frames(uint64_t epoch) {
        send_queued(); // Results the previous reader queued.
        // Each reading thread has its own: a call that runs on it holds the message while another reads.
        std::string text, payload;
        json::LocalDocument parsed;
        while (true) {
            if (!m_reader.frame_ready())
                send_queued(); // About to wait for input: results of this burst go out first.
            auto end = m_reader.next(text, payload);
            if (!end || *end == ReadEnd::Closed)
                std::_Exit(0); // The host is gone: nobody wants the results any more.
            if (!parse_message(text, parsed))
                std::_Exit(0);
            const rapidjson::Document* message = &parsed.document();
            std::string_view type = text_of(*message, "type");
            if (type == "call") {
                if (!run_inline(*message, payload, epoch))
                    return;
            } else if (type == "load") {
                begin_inline(epoch);
                load(*message);
                if (!end_inline(epoch))
                    return;
            } else if (type == "cancel") {
                cancel(integer_of(*message, "call"));
            } else if (type == "answer") {
                answer(*message);
            } else if (type == "shutdown") {
                send_queued();
                shutdown();
            }
        }
    }

    // The results of a burst of calls go out: the frames queued for the pipe, and a wake-up for
    // the callers of those stored in slots.
    void send_queued() {
        if (m_slots)
            m_slots->wake_burst();
        if (!m_writer.flush())
            std::_Exit(0); // The host is gone.
    }

    // A thread that waits while the reading thread runs a call. When one call has run through a
    // whole check interval (or asks the host a question) it takes over reading, and a new standby
    // thread starts; the slow call finishes on its own thread. With no calls for a while it sleeps
    // until the next one, so an idle runner costs no wake-ups.
    void stand_by() {
        std::unique_lock lock(m_role_mutex);
        uint64_t seen_calls = m_inline_calls;
        bool seen_running = false;
        auto last_activity = std::chrono::steady_clock::now();
        while (true) {
            if (m_hand_over_now && m_inline_running)
                break;
            m_hand_over_now = false;
            auto now = std::chrono::steady_clock::now();
            if (m_inline_running && seen_running && seen_calls == m_inline_calls)
                break; // The same call has been running since the last check.
            if (m_inline_calls != seen_calls || m_inline_running)
                last_activity = now;
            seen_calls = m_inline_calls;
            seen_running = m_inline_running;
            if (now - last_activity > idle_before_sleep) {
                m_standby_asleep = true;
                m_role_changed.wait(lock, [&] { return !m_standby_asleep; });
                last_activity = std::chrono::steady_clock::now();
                seen_calls = m_inline_calls;
                seen_running = false;
                continue;
            }
            m_role_changed.wait_for(lock, slow_call_check);
        }
        uint64_t epoch = ++m_reader_epoch;
        m_hand_over_now = false;
        m_inline_running = false; // The slow work goes on, but no longer on the reading thread.
        lock.unlock();
        std::thread([this] { stand_by(); }).detach();
        read_frames(epoch);
    }

    // Called by a call that is about to block on the host: if it runs on the reading thread,
    // another thread takes over reading now rather than at the next check.
    void hand_over_reading() {
        if (!t_reading)
            return;
        {
            std::lock_guard lock(m_role_mutex);
            if (m_reader_epoch != t_reading_epoch)
                return; // The standby took over already.
            m_hand_over_now = true;
            m_standby_asleep = false;
        }
        m_role_changed.notify_all();
        t_reading = false;
    }

    void cancel(int64_t id) {
        std::lock_guard lock(m_mutex);
        if (auto found = m_calls.find(id); found != m_calls.end())
            found->second->cancelled = true;
    }

    void shutdown() {
        // The ABI promises shutdown only after every call returned; calls that do not return in
        // time are abandoned with the process.
        std::unique_lock lock(m_mutex);
        for (auto& [id, call] : m_calls)
            call->cancelled = true;
        bool idle = m_idle.wait_for(lock, std::chrono::milliseconds(500), [&] { return m_active == 0; });
        lock.unlock();
        if (idle && m_instance)
            m_library->api().shutdown(m_instance);
        send(OutgoingMessage("stopped").finish());
        std::_Exit(0);
    }

public:
    static inline Runner* s_instance = nullptr;

private:
    FrameWriter m_writer;
    std::atomic<uint64_t> m_frames_sent{0}; // Frames given to the writer by send(), ever.
    std::unique_ptr<ResultSlots> m_slots;   // The host's, when it offered them.
    std::string m_settings = "{}";
    std::shared_ptr<loader::ModuleLibrary> m_library;
    uap_module_instance* m_instance = nullptr;
    std::mutex m_mutex;
    std::condition_variable m_idle;
    std::map<int64_t, std::shared_ptr<RunnerCall>> m_calls;
    std::map<int64_t, std::shared_ptr<Question>> m_questions;
    std::atomic<int64_t> m_next_question{1};
    int m_active = 0;
    FrameReader m_reader;
    // The reading role: which thread reads the host's messages, and what the standby sees of it.
    std::mutex m_role_mutex;
    std::condition_variable m_role_changed;
    uint64_t m_reader_epoch = 0;  // Raised each time the standby takes over reading.
    uint64_t m_inline_calls = 0;  // Calls started on a reading thread so far.
    bool m_inline_running = false;
    bool m_standby_asleep = false;
    bool m_hand_over_now = false;
    static inline thread_local bool t_reading = false; // This thread runs a call as the reader...
    static inline thread_local uint64_t t_reading_epoch = 0; // ... of this epoch.
};

} // namespace
} // namespace uap::runner

namespace {

uint64_t number_argument(const char* text) {
    uint64_t value = 0;
    auto [end, error] = std::from_chars(text, text + std::strlen(text), value);
    return error == std::errc() && *end == '\0' ? value : 0;
}

} // namespace

int main(int argc, char** argv) {
    // uap-module-runner --serve [--result-slots COUNT CAPACITY]; the slots are descriptor 3.
    bool serve = argc >= 2 && std::strcmp(argv[1], "--serve") == 0;
    bool with_slots = argc == 5 && std::strcmp(argv[2], "--result-slots") == 0;
    if (!serve || (argc != 2 && !with_slots)) {
        std::cerr << "uap-module-runner runs one module pack for uap-host, which starts it; it is not meant to be run by hand.\n";
        return 2;
    }
    // A pack that crashes the runner costs one call: the host sees the exit and starts another.
    uap::platform::end_process_on_faults();
    uap::platform::keep_freed_memory_for_reuse(uap::platform::kept_freed_memory_bytes);
    std::unique_ptr<uap::runner::ResultSlots> slots;
    if (with_slots) { // Before take_protocol_pipes(), which closes every descriptor above 2.
        auto adopted = uap::runner::ResultSlots::adopt(3, static_cast<uint32_t>(std::min<uint64_t>(number_argument(argv[3]), UINT32_MAX)), number_argument(argv[4]));
        if (adopted)
            slots = std::move(*adopted);
        else
            std::cerr << "uap-module-runner: results go on the pipe: " << adopted.error().message() << "\n";
    }
    // End with the host even if it dies without closing the pipes, and keep module output off the protocol.
    auto pipes = uap::platform::take_protocol_pipes();
    if (!pipes) {
        std::cerr << "uap-module-runner: " << pipes.error().message() << "\n";
        return 1;
    }
    static uap::runner::Runner runner(pipes->input, pipes->output, std::move(slots));
    uap::runner::Runner::s_instance = &runner;
    return runner.serve();
}
