// Helpers for the module tests.
#include "test_support.hpp"

#include <Poco/Pipe.h>
#include <Poco/PipeStream.h>
#include <Poco/Process.h>
#include <Poco/StreamCopier.h>

#include <atomic>
#include <csignal>
#include <fstream>
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

void write_text_file(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

ProcessResult run_host(const std::vector<std::string>& arguments, const std::map<std::string, std::string>& environment) {
    return run_program(UAP_TEST_HOST_BINARY, arguments, environment);
}

ProcessResult run_program(const std::string& program, const std::vector<std::string>& arguments,
                          const std::map<std::string, std::string>& environment) {
    Poco::Pipe out_pipe, err_pipe;
    Poco::Process::Env env;
    for (auto& [name, value] : environment)
        env[name] = value;
    auto handle = Poco::Process::launch(program, arguments, ".", nullptr, &out_pipe, &err_pipe, env);
    ProcessResult result;
    // Drain both pipes concurrently so a chatty child never blocks on a full pipe.
    std::thread error_reader([&] {
        Poco::PipeInputStream stream(err_pipe);
        Poco::StreamCopier::copyToString(stream, result.err);
    });
    Poco::PipeInputStream out_stream(out_pipe);
    Poco::StreamCopier::copyToString(out_stream, result.out);
    error_reader.join();
    result.exit_code = handle.wait();
    return result;
}

struct ServingHost::Streams {
    Poco::Pipe out;
    Poco::Pipe err;
    std::unique_ptr<Poco::ProcessHandle> handle;
    std::thread error_reader;
    mutable std::mutex mutex;
    std::string error_text;
};

ServingHost::ServingHost(const std::vector<std::string>& arguments, const std::map<std::string, std::string>& environment)
    : m_streams(std::make_unique<Streams>()) {
    Poco::Process::Env env;
    for (auto& [name, value] : environment)
        env[name] = value;
    std::vector<std::string> words = {"serve"};
    words.insert(words.end(), arguments.begin(), arguments.end());
    m_streams->handle = std::make_unique<Poco::ProcessHandle>(
        Poco::Process::launch(UAP_TEST_HOST_BINARY, words, ".", nullptr, &m_streams->out, &m_streams->err, env));
    m_pid = m_streams->handle->id();
    m_streams->error_reader = std::thread([streams = m_streams.get()] {
        Poco::PipeInputStream stream(streams->err);
        std::string line;
        while (std::getline(stream, line)) {
            std::lock_guard lock(streams->mutex);
            streams->error_text += line + "\n";
        }
    });
    // The host prints "uap-host: serving <url>" once the discovery file is written; the read ends
    // at end of file if it exits first.
    Poco::PipeInputStream out(m_streams->out);
    std::string line;
    while (std::getline(out, line))
        if (line.find("serving") != std::string::npos) {
            m_serving = true;
            break;
        }
}

ServingHost::~ServingHost() {
    ::kill(static_cast<pid_t>(m_pid), SIGTERM);
    std::atomic<bool> exited{false};
    std::thread killer([&exited, pid = m_pid] {
        for (int waited = 0; waited < 100 && !exited; ++waited)
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        if (!exited)
            ::kill(static_cast<pid_t>(pid), SIGKILL);
    });
    m_streams->handle->wait();
    exited = true;
    killer.join();
    m_streams->out.close();
    m_streams->error_reader.join();
}

std::string ServingHost::err() const {
    std::lock_guard lock(m_streams->mutex);
    return m_streams->error_text;
}

} // namespace uap::testing
