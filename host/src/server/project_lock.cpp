// ProjectLock: flock on the state folder's lock file, and the loser's message.
#include "server/project_lock.hpp"

#include "server/discovery_file.hpp"
#include "support/paths.hpp"

#include <cerrno>
#include <string>
#include <system_error>
#include <thread>
#include <utility>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace uap::server {

namespace fs = std::filesystem;

fs::path ProjectLock::file_for(const fs::path& project) { return paths::project_state_folder(project) / "host.lock"; }

Expected<ProjectLock> ProjectLock::acquire(const fs::path& project, std::chrono::milliseconds wait_for_port) {
    auto folder = paths::prepare_project_state_folder(project);
    if (!folder)
        return folder.error();
    fs::path file = file_for(project);
    int descriptor = ::open(file.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (descriptor < 0) {
        if (errno == ELOOP)
            return Error("refusing to use " + file.string() + ": it is a symbolic link, and the host never follows links in its state folder; "
                         "remove it (rm '" + file.string() + "') and start the host again");
        return Error("cannot open " + file.string() + ": " + std::generic_category().message(errno));
    }
    if (::flock(descriptor, LOCK_EX | LOCK_NB) == 0) {
        std::string pid = std::to_string(::getpid()) + "\n";
        if (::ftruncate(descriptor, 0) != 0 || ::pwrite(descriptor, pid.data(), pid.size(), 0) != static_cast<ssize_t>(pid.size())) {
            ::close(descriptor);
            return Error("cannot write " + file.string());
        }
        return ProjectLock(descriptor);
    }
    int lock_error = errno;
    if (lock_error != EWOULDBLOCK) {
        ::close(descriptor);
        return Error("cannot lock " + file.string() + ": " + std::generic_category().message(lock_error));
    }
    // Another host holds the lock: name it. Its pid is in the file as soon as it has the lock;
    // its port appears in host.json once it listens.
    auto deadline = std::chrono::steady_clock::now() + wait_for_port;
    long holder = 0;
    uint16_t port = 0;
    while (true) {
        char text[32] = {};
        if (::pread(descriptor, text, sizeof(text) - 1, 0) > 0)
            holder = std::strtol(text, nullptr, 10);
        if (auto discovery = read_discovery(project); discovery && holder > 0 && discovery->pid == holder)
            port = discovery->port;
        if (port != 0 || std::chrono::steady_clock::now() >= deadline)
            break;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ::close(descriptor);
    std::string who = holder > 0 ? "another uap-host (pid " + std::to_string(holder) : std::string("another uap-host (pid unknown");
    if (port != 0)
        return Error(who + ", port " + std::to_string(port) + ") already serves " + project.string() + "; use it (MCP at http://127.0.0.1:" +
                     std::to_string(port) + "/mcp) or stop it first" + (holder > 0 ? " (kill " + std::to_string(holder) + ")" : std::string()));
    return Error(who + ") holds " + file.string() + " and is still starting for " + project.string() + "; use it or stop it first" +
                 (holder > 0 ? " (kill " + std::to_string(holder) + ")" : std::string()));
}

ProjectLock::ProjectLock(ProjectLock&& other) noexcept : m_descriptor(std::exchange(other.m_descriptor, -1)) {}

ProjectLock::~ProjectLock() {
    if (m_descriptor >= 0)
        ::close(m_descriptor); // Closing the last descriptor releases the flock.
}

} // namespace uap::server
