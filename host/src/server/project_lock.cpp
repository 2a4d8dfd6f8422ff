// ProjectLock: the platform's exclusive lock on the state folder's lock file, and the loser's message.
#include "server/project_lock.hpp"

#include "server/discovery_file.hpp"
#include "support/paths.hpp"
#include "support/processes.hpp"
#include "support/utf8_path.hpp"

#include <string>
#include <thread>
#include <utility>


namespace uap::server {

namespace fs = std::filesystem;

fs::path ProjectLock::file_for(const fs::path& project) { return paths::project_state_folder(project) / "host.lock"; }

Expected<ProjectLock> ProjectLock::acquire(const fs::path& project, std::chrono::milliseconds wait_for_port) {
    auto folder = paths::prepare_project_state_folder(project);
    if (!folder)
        return folder.error();
    fs::path file = file_for(project);
    bool was_link = false;
    auto opened = platform::FileLock::open(file, was_link);
    if (!opened) {
        if (was_link)
            return Error("refusing to use " + utf8::from_path(file) + ": it is a symbolic link, and the host never follows links in its state folder; "
                         "remove it (rm '" + utf8::from_path(file) + "') and start the host again");
        return opened.error();
    }
    platform::FileLock lock = std::move(*opened);
    auto locked = lock.try_lock();
    if (!locked)
        return Error("cannot lock " + utf8::from_path(file) + ": " + locked.error().message());
    if (*locked == platform::FileLock::Outcome::Acquired) {
        if (auto written = lock.replace_text(std::to_string(processes::current_id()) + "\n"); !written)
            return Error("cannot write " + utf8::from_path(file) + ": " + written.error().message());
        return ProjectLock(std::move(lock));
    }
    // Another host holds the lock: name it. Its pid is in the file as soon as it has the lock;
    // its port appears in host.json once it listens.
    auto deadline = std::chrono::steady_clock::now() + wait_for_port;
    long holder = 0;
    uint16_t port = 0;
    while (true) {
        if (auto text = lock.read_text(31); !text.empty())
            holder = std::strtol(text.c_str(), nullptr, 10);
        if (auto discovery = read_discovery(project); discovery && holder > 0 && discovery->pid == holder)
            port = discovery->port;
        if (port != 0 || std::chrono::steady_clock::now() >= deadline)
            break;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    std::string who = holder > 0 ? "another uap-host (pid " + std::to_string(holder) : std::string("another uap-host (pid unknown");
    if (port != 0)
        return Error(who + ", port " + std::to_string(port) + ") already serves " + utf8::from_path(project) + "; use it (MCP at http://127.0.0.1:" +
                     std::to_string(port) + "/mcp) or stop it first" + (holder > 0 ? " (" + platform::stop_process_command(holder) + ")" : std::string()));
    return Error(who + ") holds " + utf8::from_path(file) + " and is still starting for " + utf8::from_path(project) + "; use it or stop it first" +
                 (holder > 0 ? " (" + platform::stop_process_command(holder) + ")" : std::string()));
}

ProjectLock::ProjectLock(ProjectLock&& other) noexcept = default;

ProjectLock::~ProjectLock() = default; // The lock's handle closes, which releases it.

} // namespace uap::server
