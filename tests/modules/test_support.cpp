// Helpers for the module tests.
#include "test_support.hpp"

#include "support/child_process.hpp"

#include <cstdlib>
#include <fstream>
#include <list>
#include <mutex>
#include <random>
#include <sstream>
#include <thread>

namespace uap::testing {

namespace fs = std::filesystem;

TemporaryFolder::TemporaryFolder() {
    std::random_device random;
    m_path = fs::temp_directory_path() / ("uap-test-" + std::to_string(random()) + std::to_string(random()));
    fs::create_directories(m_path);
}

TemporaryFolder::~TemporaryFolder() {
    std::error_code ignored;
    fs::remove_all(m_path, ignored);
}

fs::path fixture_pack(const std::string& id) { return fs::path(UAP_TEST_FIXTURES_DIR) / id; }

std::string module_file_name(const std::string& target) { return UAP_TEST_MODULE_PREFIX + target + UAP_TEST_MODULE_SUFFIX; }

void set_environment_variable(const std::string& name, const std::string& value) {
    // putenv is in both POSIX and the Windows C runtime (setenv is POSIX only). POSIX keeps the
    // pointer it is given, so every entry lives until the process ends.
    static std::mutex mutex;
    static std::list<std::string> entries;
    std::lock_guard lock(mutex);
    entries.push_back(name + "=" + value);
    ::putenv(entries.back().data());
}

void write_text_file(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

std::string read_text_file(const fs::path& path) {
    std::ifstream stream(path, std::ios::binary);
    std::ostringstream text;
    text << stream.rdbuf();
    return text.str();
}

ProcessResult run_host(const std::vector<std::string>& arguments, const std::map<std::string, std::string>& environment) {
    return run_program(UAP_TEST_HOST_BINARY, arguments, environment);
}

namespace {

// The whole environment of a child: this process's, with `extra` replacing or adding variables. The
// locale is English unless a test names one: the tests read the CLI's English text, and a developer's
// Japanese locale would otherwise turn it into Japanese (cli/cli_text.hpp).
std::vector<std::string> environment_with(const std::map<std::string, std::string>& extra) {
    std::vector<std::string> replaced = {"LC_ALL", "LC_MESSAGES", "LANG"};
    for (auto& [name, value] : extra)
        replaced.push_back(name);
    auto entries = current_environment_without(replaced);
    if (!extra.count("LC_ALL") && !extra.count("LC_MESSAGES") && !extra.count("LANG"))
        entries.push_back("LANG=C.UTF-8");
    for (auto& [name, value] : extra)
        entries.push_back(name + "=" + value);
    return entries;
}

// Everything the child writes on one stream until it closes it.
void drain(ChildProcess& child, ChildStream which, std::string& text) {
    char buffer[4096];
    while (std::size_t count = child.read(which, buffer, sizeof buffer))
        text.append(buffer, count);
}

} // namespace

// Started through the platform layer, which quotes arguments for the Windows command line (JSON
// arguments keep their double quotes there).
ProcessResult run_program(const std::string& program, const std::vector<std::string>& arguments,
                          const std::map<std::string, std::string>& environment) {
    ProcessResult result;
    auto launched = ChildProcess::launch({program, arguments, fs::current_path(), environment_with(environment)});
    if (!launched) {
        result.err = "cannot start " + program + ": " + launched.error().message();
        return result;
    }
    auto& child = **launched;
    child.close_stdin();
    // Drain both pipes concurrently so a chatty child never blocks on a full pipe.
    std::thread error_reader([&] { drain(child, ChildStream::Errors, result.err); });
    drain(child, ChildStream::Output, result.out);
    error_reader.join();
    result.exit_code = child.wait_exit(std::chrono::minutes(5)).value_or(-1);
    return result;
}

struct ServingHost::Streams {
    std::unique_ptr<ChildProcess> child;
    std::thread error_reader;
    mutable std::mutex mutex;
    std::string error_text;
};

ServingHost::ServingHost(const std::vector<std::string>& arguments, const std::map<std::string, std::string>& environment)
    : m_streams(std::make_unique<Streams>()) {
    LaunchSpec spec;
    spec.program = UAP_TEST_HOST_BINARY;
    spec.arguments = {"serve"};
    spec.arguments.insert(spec.arguments.end(), arguments.begin(), arguments.end());
    spec.working_directory = fs::current_path();
    spec.environment = environment_with(environment);
    auto launched = ChildProcess::launch(spec);
    if (!launched) {
        m_streams->error_text = "cannot start uap-host: " + launched.error().message();
        return;
    }
    m_streams->child = std::move(*launched);
    m_pid = m_streams->child->pid();
    m_streams->error_reader = std::thread([streams = m_streams.get()] {
        char buffer[4096];
        while (std::size_t count = streams->child->read(ChildStream::Errors, buffer, sizeof buffer)) {
            std::lock_guard lock(streams->mutex);
            streams->error_text.append(buffer, count);
        }
    });
    // The host prints "uap-host: serving <url>" once the discovery file is written; the read ends
    // at end of file if it exits first.
    std::string out;
    char buffer[4096];
    while (std::size_t count = m_streams->child->read(ChildStream::Output, buffer, sizeof buffer)) {
        out.append(buffer, count);
        auto line_end = out.find('\n', out.find("serving") == std::string::npos ? out.size() : out.find("serving"));
        if (out.find("serving") != std::string::npos && line_end != std::string::npos) {
            m_serving = true;
            break;
        }
    }
}

ServingHost::~ServingHost() {
    if (!m_streams->child)
        return;
    // Windows has no polite request for a windowless child, so there the grace period is spent waiting.
    m_streams->child->terminate_tree(std::chrono::seconds(5));
    m_streams->error_reader.join();
}

std::string ServingHost::err() const {
    std::lock_guard lock(m_streams->mutex);
    return m_streams->error_text;
}

} // namespace uap::testing
