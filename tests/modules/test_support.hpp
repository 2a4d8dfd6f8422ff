// Helpers for the module tests: temporary folders, fixture pack paths, and running uap-host.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace uap::testing {

// A fresh folder under the system temp folder, removed with everything in it at scope exit.
class TemporaryFolder {
public:
    TemporaryFolder();
    ~TemporaryFolder();
    TemporaryFolder(const TemporaryFolder&) = delete;
    TemporaryFolder& operator=(const TemporaryFolder&) = delete;
    const std::filesystem::path& path() const { return m_path; }

private:
    std::filesystem::path m_path;
};

// The pack folder of a fixture built by tests/modules/CMakeLists.txt.
std::filesystem::path fixture_pack(const std::string& id);
// The file name of a module library built from a CMake target: libfixture_echo.so on Linux,
// libfixture_echo.dll on Windows.
std::string module_file_name(const std::string& target);

// Sets (or, with an empty value, blanks) a variable in this process's C runtime environment, where
// a module's getenv reads it on every platform.
void set_environment_variable(const std::string& name, const std::string& value);

void write_text_file(const std::filesystem::path& path, const std::string& text);
// The file's bytes; empty when it cannot be read.
std::string read_text_file(const std::filesystem::path& path);

struct ProcessResult {
    int exit_code = -1;
    std::string out;
    std::string err;
};

// Runs program with arguments and extra environment variables; waits for it to exit.
ProcessResult run_program(const std::string& program, const std::vector<std::string>& arguments,
                          const std::map<std::string, std::string>& environment = {});

// Runs the built uap-host with arguments and extra environment variables; waits for it to exit.
ProcessResult run_host(const std::vector<std::string>& arguments, const std::map<std::string, std::string>& environment = {});

// `uap-host serve` running in the background for a project until this object ends (the platform
// layer's terminate_tree: SIGTERM, then SIGKILL after 5 s on POSIX; the Job Object after 5 s on
// Windows). Construction waits until the host prints that it is serving.
class ServingHost {
public:
    ServingHost(const std::vector<std::string>& arguments, const std::map<std::string, std::string>& environment);
    ~ServingHost();
    ServingHost(const ServingHost&) = delete;
    ServingHost& operator=(const ServingHost&) = delete;
    bool serving() const { return m_serving; }
    int64_t pid() const { return m_pid; }
    std::string err() const; // What the host wrote on stderr so far.

private:
    struct Streams;
    std::unique_ptr<Streams> m_streams;
    int64_t m_pid = 0;
    bool m_serving = false;
};

// A test that runs uap-host with an empty per-user plugins folder of its own, so the developer's
// installed packs never leak in.
class HostProcessTest : public ::testing::Test {
protected:
    TemporaryFolder user_plugins;
    ProcessResult host(const std::vector<std::string>& arguments) const {
        return run_host(arguments, environment());
    }
    std::map<std::string, std::string> environment() const { return {{"UAP_USER_PLUGINS_DIR", user_plugins.path().string()}}; }
};

} // namespace uap::testing
