// uap-editor-sim: the editor simulator as a standalone process. It finds a running host through the
// project's discovery file and editor token, connects like the Unity shim, and takes fault-injection
// commands on stdin (one per line; see usage).
#include "support/command_line.hpp"

#include <uap/editor_sim/simulated_editor.hpp>

#include "support/json.hpp"
#include "support/manual_clock.hpp"
#include "support/platform/platform.hpp"
#include "support/utf8_path.hpp"
#include "support/processes.hpp"
#include "support/random.hpp"
#include "support/json_writer.hpp"

#include <Poco/Net/Net.h>
#include <rapidjson/document.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>

namespace {

const uap::command_line::Command& simulator_command() {
    using uap::command_line::Takes;
    static const uap::command_line::Command command{
        {"uap-editor-sim --project DIR [--scene sample|empty|flat:N] [--fixture FILE] [--project-tools FILE] [--session-id ID] "
         "[--wait-host SECONDS] [--manual-clock]"},
        "The Unity editor simulator, connecting to a running uap-host. It reads DIR/UserSettings/AgentPanel/host.json (field "
        "\"port\") and DIR/UserSettings/AgentPanel/tokens/editor.token, exactly like the Unity shim.",
        {{"project", Takes::Value, "DIR", "the project whose running host to connect to"},
         {"scene", Takes::Value, "SCENE", "sample (default), empty, or flat:N (N objects at the root)"},
         {"fixture", Takes::Value, "FILE", "add the objects of a fixture file (JSON) to the scene"},
         {"project-tools", Takes::Value, "FILE", "advertise the C# project tools a JSON file describes, with their canned behaviour"},
         {"session-id", Takes::Value, "ID", "the editor session id to report (default: random)"},
         {"wait-host", Takes::Value, "SECONDS", "how long to wait for the host's files to appear (default 30)"},
         {"manual-clock", Takes::Nothing, "",
          "the editor's time moves only by the advance command, so stalls, reloads and ticks end when told"}},
        R"(stdin commands (one per line):
  reload MS          domain reload: drop the socket for MS ms, keep the completed-results ledger, reconnect
  stall MS           block the main thread for MS ms (pings are still answered)
  throttle MS [ignore-wake]  tick the main thread once per MS ms, as a background editor does (0: stop);
                     with ignore-wake a new request does not wake it early
  modal MS [TITLE]   a modal dialog blocks the main thread for MS ms
  compile MS [ERROR] compile for MS ms; with ERROR it fails, otherwise it reloads afterwards
  log error|warning|log TEXT
  pin X Y Z [PATH]   the user pins a world point, on the object at PATH if given (userPin event)
  stroke X,Y,Z ...   the user finishes a sketch stroke through these points (strokeFinished event)
  advance MS         with --manual-clock: move the editor's time on by MS ms; prints "clock N", N its new reading
  stats              print counters, the requests queued now and whether a tick is running
  crash              exit at once with status 137, no goodbye
  quit               disconnect and exit 0
)"};
    return command;
}

std::mutex output_mutex;

void say(const std::string& line) {
    std::lock_guard lock(output_mutex);
    std::cout << line << std::endl;
}

std::string read_text(const std::filesystem::path& file) {
    std::ifstream stream(file, std::ios::binary);
    std::ostringstream text;
    text << stream.rdbuf();
    return text.str();
}

std::string random_session() { return "sim-" + uap::random::unique_suffix(); }

// What the command line asked for; a usage error is refused before anything starts.
struct Options {
    bool help = false;
    std::string project;
    std::string scene = "sample";
    std::string fixture;
    std::string project_tools;
    std::string session;
    int wait_host_seconds = 30;
    bool manual_clock = false;
};

uap::Expected<Options> parse_options(const std::vector<std::string>& words) {
    auto arguments = uap::command_line::Arguments::parse(words, simulator_command());
    if (!arguments)
        return arguments.error();
    Options options;
    if (arguments->help_requested()) {
        options.help = true;
        return options;
    }
    options.project = arguments->value("project").value_or("");
    options.scene = arguments->value("scene").value_or("sample");
    options.fixture = arguments->value("fixture").value_or("");
    options.project_tools = arguments->value("project-tools").value_or("");
    options.session = arguments->value("session-id").value_or(random_session());
    options.manual_clock = arguments->has("manual-clock");
    if (auto wait = arguments->value("wait-host")) {
        char* end = nullptr;
        long seconds = std::strtol(wait->c_str(), &end, 10);
        if (wait->empty() || *end != '\0' || seconds < 0 || seconds > 3600)
            return uap::Error::invalid_argument("--wait-host must be a number of seconds from 0 to 3600");
        options.wait_host_seconds = static_cast<int>(seconds);
    }
    if (options.project.empty() || !arguments->positional().empty())
        return uap::Error::invalid_argument("--project DIR is required and no other words are taken");
    return options;
}

// The running host of the project, from its discovery file and editor token, waiting for them up to
// the given time as the Unity shim does while a host starts.
uap::Expected<uap::editor_sim::HostEndpoint> find_host(const std::string& project, int wait_seconds) {
    std::filesystem::path folder = uap::utf8::to_path(project) / "UserSettings" / "AgentPanel";
    auto discovery = folder / "host.json";
    auto token_file = folder / "tokens" / "editor.token";
    auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(wait_seconds);
    while (!(std::filesystem::exists(discovery) && std::filesystem::exists(token_file))) {
        if (std::chrono::steady_clock::now() > give_up)
            return uap::Error::unavailable("no host found: " + uap::utf8::from_path(discovery) + " or " + uap::utf8::from_path(token_file) + " is missing");
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    rapidjson::Document host;
    if (auto parsed = uap::json::parse(read_text(discovery)))
        host = std::move(parsed).value();
    if (!host.IsObject() || !host.HasMember("port") || !host["port"].IsUint())
        return uap::Error::invalid_argument(uap::utf8::from_path(discovery) + " has no numeric \"port\"");
    uap::editor_sim::HostEndpoint endpoint;
    endpoint.port = static_cast<uint16_t>(host["port"].GetUint());
    if (host.HasMember("bridgePath") && host["bridgePath"].IsString())
        endpoint.path = host["bridgePath"].GetString();
    // The discovery file names the token files; the conventional path is the fallback.
    if (host.HasMember("tokenFiles") && host["tokenFiles"].IsObject() && host["tokenFiles"].HasMember("editor") &&
        host["tokenFiles"]["editor"].IsString())
        token_file = uap::utf8::to_path(host["tokenFiles"]["editor"].GetString());
    endpoint.token = read_text(token_file);
    while (!endpoint.token.empty() && (endpoint.token.back() == '\n' || endpoint.token.back() == '\r'))
        endpoint.token.pop_back();
    return endpoint;
}

uap::editor_sim::SimulatorIdentity identity_for(const Options& options) {
    uap::editor_sim::SimulatorIdentity identity;
    identity.project_path = uap::utf8::from_path(std::filesystem::absolute(uap::utf8::to_path(options.project)).lexically_normal());
    if (!identity.project_path.empty() && identity.project_path.back() == '/')
        identity.project_path.pop_back();
    identity.editor_pid = static_cast<int64_t>(uap::processes::current_id());
    identity.editor_session_id = options.session;
    return identity;
}

// The scene, the fixture's objects and the project tools the options name.
uap::Expected<void> populate(uap::editor_sim::EditorSimulator& simulator, const Options& options) {
    if (options.scene == "sample")
        simulator.build_sample_scene();
    else if (options.scene.rfind("flat:", 0) == 0)
        simulator.add_flat_objects(std::stoul(options.scene.substr(5)), "Object");
    if (!options.fixture.empty())
        if (std::string refusal = simulator.load_fixture(read_text(options.fixture)); !refusal.empty())
            return uap::Error::invalid_argument("fixture refused: " + refusal);
    if (!options.project_tools.empty())
        if (std::string refusal = simulator.load_project_tools(read_text(options.project_tools)); !refusal.empty())
            return uap::Error::invalid_argument("project tools refused: " + refusal);
    return {};
}

void log_to_console(uap::editor_sim::SimulatedEditor& editor, uap::editor_sim::EditorSimulator& simulator, std::istringstream& words) {
    std::string kind, text;
    words >> kind;
    std::getline(words >> std::ws, text);
    simulator.log(kind == "error"     ? uap::editor_sim::ConsoleKind::Error
                  : kind == "warning" ? uap::editor_sim::ConsoleKind::Warning
                                      : uap::editor_sim::ConsoleKind::Log,
                  text);
    // The simulator queued the console event as a whole frame; the editor runtime sends its data.
    for (const auto& event : simulator.take_events())
        if (auto frame = uap::json::parse(event); frame && frame->IsObject() && frame->HasMember("data"))
            editor.send_event("consoleError", uap::json::to_text((*frame)["data"]));
}

void place_pin(uap::editor_sim::SimulatedEditor& editor, std::istringstream& words) {
    double x = 0, y = 0, z = 0;
    std::string path;
    words >> x >> y >> z;
    std::getline(words >> std::ws, path);
    uap::json::TextWriter pin;
    pin.begin_object().key("position").begin_array().value(x).value(y).value(z).end_array();
    if (!path.empty())
        pin.key("object").begin_object().field("scenePath", path).end_object();
    if (auto refused = editor.place_pin(pin.end_object().text()); !refused.empty())
        say("refused " + refused);
}

void finish_stroke(uap::editor_sim::SimulatedEditor& editor, std::istringstream& words) {
    uap::json::TextWriter stroke;
    stroke.begin_object().key("points").begin_array();
    std::string point;
    while (words >> point) {
        double x = 0, y = 0, z = 0;
        if (std::sscanf(point.c_str(), "%lf,%lf,%lf", &x, &y, &z) == 3)
            stroke.begin_array().value(x).value(y).value(z).end_array();
    }
    if (auto refused = editor.finish_stroke(stroke.end_array().end_object().text()); !refused.empty())
        say("refused " + refused);
}

enum class Next { Continue, Quit };

// The editor's time as the options chose it: real, or moved by hand through advance.
struct EditorTime {
    uap::ManualClock manual;
    bool is_manual = false;
    const uap::Clock& clock() const { return is_manual ? static_cast<const uap::Clock&>(manual) : uap::SteadyClock::instance(); }
};

void advance(EditorTime& time, long long amount) {
    if (!time.is_manual) {
        say("refused advance: the editor runs on real time; start uap-editor-sim with --manual-clock to move its time by hand");
        return;
    }
    // A day at a time keeps the clock's reading far from overflowing, however many advances come.
    constexpr long long most_ms = 24LL * 60 * 60 * 1000;
    if (amount < 0 || amount > most_ms) {
        say("refused advance: give a number of milliseconds from 0 to " + std::to_string(most_ms) + " (a day); repeat it to move further");
        return;
    }
    time.manual.advance(std::chrono::milliseconds(amount));
    say("clock " + std::to_string(time.manual.now_ms()));
}

// One fault-injection command from stdin (the usage lists them).
Next run_command(const std::string& line, uap::editor_sim::SimulatedEditor& editor, uap::editor_sim::EditorSimulator& simulator,
                 EditorTime& time) {
    std::istringstream words(line);
    std::string command;
    words >> command;
    long long amount = 0;
    if (command == "reload" && words >> amount) {
        editor.inject_reload(std::chrono::milliseconds(amount));
    } else if (command == "stall" && words >> amount) {
        editor.inject_stall(std::chrono::milliseconds(amount));
    } else if (command == "throttle" && words >> amount && amount >= 0) {
        std::string wake;
        words >> wake;
        editor.throttle_main_thread(std::chrono::milliseconds(amount),
                                    wake == "ignore-wake" ? uap::editor_sim::WakeOnRequest::Ignored : uap::editor_sim::WakeOnRequest::Honoured);
    } else if (command == "modal" && words >> amount) {
        std::string title;
        std::getline(words >> std::ws, title);
        editor.inject_modal(title, std::chrono::milliseconds(amount));
    } else if (command == "compile" && words >> amount) {
        std::string error;
        std::getline(words >> std::ws, error);
        editor.inject_compile(std::chrono::milliseconds(amount), error);
    } else if (command == "log") {
        log_to_console(editor, simulator, words);
    } else if (command == "pin") {
        place_pin(editor, words);
    } else if (command == "stroke") {
        finish_stroke(editor, words);
    } else if (command == "advance" && words >> amount) {
        advance(time, amount);
    } else if (command == "stats") {
        auto counters = editor.counters();
        say("stats executed=" + std::to_string(counters.executed) + " deduplicated=" + std::to_string(counters.deduplicated) +
            " dropped_by_reload=" + std::to_string(counters.dropped_by_reload) + " reloads=" + std::to_string(counters.reloads) +
            " connections=" + std::to_string(counters.connections) + " protocol_errors=" + std::to_string(counters.protocol_errors) +
            " queued=" + std::to_string(editor.queued_requests()) + " ticking=" + (editor.ticking() ? "1" : "0"));
    } else if (command == "crash") {
        std::cout.flush();
        std::_Exit(137);
    } else if (command == "quit") {
        return Next::Quit;
    } else if (!command.empty()) {
        say("unknown command: " + line);
    }
    return Next::Continue;
}

int run(const Options& options) {
    auto endpoint = find_host(options.project, options.wait_host_seconds);
    if (!endpoint) {
        std::cerr << "uap-editor-sim: " << endpoint.error().message() << "\n";
        return 1;
    }
    uap::editor_sim::EditorSimulator simulator(identity_for(options));
    if (auto populated = populate(simulator, options); !populated) {
        std::cerr << "uap-editor-sim: " << populated.error().message() << "\n";
        return 1;
    }
    EditorTime time;
    time.is_manual = options.manual_clock;
    uap::editor_sim::SimulatedEditor editor(simulator, *endpoint, say, time.clock());
    editor.start();
    std::string line;
    while (std::getline(std::cin, line))
        if (run_command(line, editor, simulator, time) == Next::Quit)
            break;
    editor.stop();
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    // Windows sockets need starting (WSAStartup) when Poco is linked statically; elsewhere a no-op.
    Poco::Net::initializeNetwork();
    // UTF-8 whatever the ANSI code page: on Windows these come from the wide command line.
    auto words = uap::platform::utf8_arguments(argc, argv);
    auto options = parse_options(std::vector<std::string>(words.begin() + (words.empty() ? 0 : 1), words.end()));
    if (!options) {
        std::cerr << "uap-editor-sim: " << options.error().message() << "\n" << uap::command_line::help_text(simulator_command());
        return 2;
    }
    if (options->help) {
        std::cout << uap::command_line::help_text(simulator_command());
        return 0;
    }
    return run(*options);
}
