// Process liveness for crash detection: kill(pid, 0) plus the Linux zombie state.
#include "bridge/process_probe.hpp"

#include <fstream>
#include <string>

#if defined(_WIN32)
#include <windows.h>
#else
#include <cerrno>
#include <csignal>
#endif

namespace uap::bridge {

ProcessState probe_process(int64_t pid) {
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
    if (kill(static_cast<pid_t>(pid), 0) != 0)
        return errno == ESRCH ? ProcessState::Gone : ProcessState::Unknown;
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string content;
    if (stat && std::getline(stat, content)) {
        auto close = content.rfind(')');
        if (close != std::string::npos && close + 2 < content.size() && (content[close + 2] == 'Z' || content[close + 2] == 'X'))
            return ProcessState::Gone;
    }
    return ProcessState::Alive;
#endif
}

} // namespace uap::bridge
