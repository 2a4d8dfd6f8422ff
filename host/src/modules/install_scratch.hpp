// The scratch folders of `modules install` inside a plugins folder, and removing those that a
// killed install left behind without touching one that a concurrent install is using.
#pragma once

#include "support/expected.hpp"
#include "support/platform/platform.hpp"

#include <uap/sdk/file_jail.hpp>

#include <filesystem>
#include <optional>

namespace uap::modules {

// Hidden, so pack discovery never takes one for a pack.
inline constexpr const char* install_scratch_prefix = ".uap-scratch-";

// A fresh scratch folder, held for this install by an exclusive lock on a `.lock` file inside it
// (released by the system however the process ends), and removed when this object ends. Created
// and removed through the plugins folder's jail, so a link planted inside is removed, never followed.
class InstallScratch {
public:
    static Expected<InstallScratch> create(const sdk::FileJail& plugins);
    InstallScratch(InstallScratch&& other) noexcept;
    InstallScratch& operator=(InstallScratch&&) = delete;
    ~InstallScratch();
    const std::filesystem::path& path() const { return m_path; }
    // A name inside the scratch folder, relative to the plugins folder's jail.
    std::string relative(std::string_view inside) const { return m_name + "/" + std::string(inside); }

private:
    InstallScratch(sdk::FileJail plugins, std::string name, platform::FileLock lock)
        : m_plugins(std::move(plugins)), m_name(std::move(name)), m_path(m_plugins.host_path(m_name)), m_lock(std::move(lock)) {}
    sdk::FileJail m_plugins;
    std::string m_name;
    std::filesystem::path m_path;
    std::optional<platform::FileLock> m_lock;
};

// Removes every scratch folder in the plugins folder that no running install holds: one whose lock
// can be taken, or one without a lock file that is older than a minute (an install killed between
// creating the folder and locking it). Returns how many were removed.
size_t remove_abandoned_scratch(const sdk::FileJail& plugins);

} // namespace uap::modules
