// The scratch folders of `modules install` inside a plugins folder, and removing those that a
// killed install left behind without touching one that a concurrent install is using.
#pragma once

#include "support/expected.hpp"
#include "support/platform/platform.hpp"

#include <filesystem>
#include <optional>

namespace uap::modules {

// Hidden, so pack discovery never takes one for a pack.
inline constexpr const char* install_scratch_prefix = ".uap-scratch-";

// A fresh scratch folder, held for this install by an exclusive lock on a `.lock` file inside it
// (released by the system however the process ends), and removed when this object ends.
class InstallScratch {
public:
    static Expected<InstallScratch> create(const std::filesystem::path& plugins);
    InstallScratch(InstallScratch&& other) noexcept;
    InstallScratch& operator=(InstallScratch&&) = delete;
    ~InstallScratch();
    const std::filesystem::path& path() const { return m_path; }

private:
    InstallScratch(std::filesystem::path path, platform::FileLock lock) : m_path(std::move(path)), m_lock(std::move(lock)) {}
    std::filesystem::path m_path;
    std::optional<platform::FileLock> m_lock;
};

// Removes every scratch folder in `plugins` that no running install holds: one whose lock can be
// taken, or one without a lock file that is older than a minute (an install killed between
// creating the folder and locking it). Returns how many were removed.
size_t remove_abandoned_scratch(const std::filesystem::path& plugins);

} // namespace uap::modules
