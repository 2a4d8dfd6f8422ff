// One host per project: an exclusive lock (flock; LockFileEx on Windows) on <project>/UserSettings/AgentPanel/host.lock,
// held for the host's whole life and released by the kernel when the process ends, however it
// ends. The holder writes its pid into the file so a loser can name it.
#pragma once

#include "support/expected.hpp"
#include "support/platform/platform.hpp"

#include <chrono>
#include <filesystem>

namespace uap::server {

class ProjectLock {
public:
    // Takes the lock, or fails with a message naming the running host's pid and port (waiting up
    // to `wait_for_port` for the winner of a simultaneous start to publish its port).
    static Expected<ProjectLock> acquire(const std::filesystem::path& project,
                                         std::chrono::milliseconds wait_for_port = std::chrono::seconds(5));
    ProjectLock(ProjectLock&& other) noexcept;
    ProjectLock& operator=(ProjectLock&&) = delete;
    ProjectLock(const ProjectLock&) = delete;
    ~ProjectLock();

    static std::filesystem::path file_for(const std::filesystem::path& project);

private:
    explicit ProjectLock(platform::FileLock lock) : m_lock(std::move(lock)) {}
    platform::FileLock m_lock;
};

} // namespace uap::server
