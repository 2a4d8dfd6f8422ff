// Helpers for the module tests.
#include "test_support.hpp"

#include <Poco/Pipe.h>
#include <Poco/PipeStream.h>
#include <Poco/Process.h>
#include <Poco/StreamCopier.h>

#include <fstream>
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

} // namespace uap::testing
