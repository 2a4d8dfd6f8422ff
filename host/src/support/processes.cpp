// Process liveness: kill(pid, 0) plus the Linux zombie state; start times from /proc/<pid>/stat.
#include "support/processes.hpp"

#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#if defined(_WIN32)
#include <windows.h>
#else
#include <cerrno>
#include <csignal>
#endif

namespace uap::processes {

namespace {

// The fields of /proc/<pid>/stat after the command name, which may itself hold spaces and ')'.
std::optional<std::string> stat_fields(int64_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    auto close = text.rfind(')');
    if (close == std::string::npos || close + 2 >= text.size())
        return std::nullopt;
    return text.substr(close + 2);
}

} // namespace

ProcessState probe(int64_t pid) {
    if (pid <= 0)
        return ProcessState::Unknown;
#if defined(_WIN32)
    HANDLE process = OpenProcess(SYNCHRONIZE, FALSE, static_cast<DWORD>(pid));
    if (!process)
        return ProcessState::Gone;
    DWORD waited = WaitForSingleObject(process, 0);
    CloseHandle(process);
    return waited == WAIT_TIMEOUT ? ProcessState::Alive : ProcessState::Gone;
#else
    if (::kill(static_cast<pid_t>(pid), 0) != 0)
        return errno == ESRCH ? ProcessState::Gone : ProcessState::Alive;
    if (auto fields = stat_fields(pid); fields && !fields->empty() && ((*fields)[0] == 'Z' || (*fields)[0] == 'X'))
        return ProcessState::Gone;
    return ProcessState::Alive;
#endif
}

bool may_be_running(int64_t pid) { return pid > 0 && probe(pid) != ProcessState::Gone; }

std::optional<uint64_t> start_time(int64_t pid) {
    auto fields = stat_fields(pid);
    if (!fields)
        return std::nullopt;
    // The first field here is the state (field 3 of the line); starttime is field 22.
    std::istringstream stream(*fields);
    std::string field;
    for (int index = 3; index <= 22 && stream >> field; ++index)
        if (index == 22)
            return std::stoull(field);
    return std::nullopt;
}

} // namespace uap::processes
