// Install scratch folders: creation under a lock, and the removal of abandoned ones.
#include "modules/install_scratch.hpp"

#include "support/random.hpp"
#include "support/utf8_path.hpp"

#include <chrono>

namespace uap::modules {

namespace fs = std::filesystem;

namespace {

constexpr const char* lock_file_name = ".lock";
// A scratch folder without its lock file is left alone this long: its install may be between
// creating the folder and locking it (microseconds), and is surely dead after a minute.
constexpr auto unlocked_grace = std::chrono::minutes(1);
constexpr int creation_attempts = 8;

bool is_scratch_name(const fs::path& path) {
    std::string name = utf8::from_path(path.filename());
    return name.rfind(install_scratch_prefix, 0) == 0 && name.size() > std::string(install_scratch_prefix).size();
}

// Deletes what is inside the scratch folder except its lock file (while the caller holds the
// lock), then the lock file and the folder once the lock is released.
void remove_contents(const sdk::FileJail& plugins, const std::string& folder) {
    std::error_code error;
    for (auto& entry : fs::directory_iterator(plugins.host_path(folder), error)) {
        std::string name = utf8::from_path(entry.path().filename());
        if (name != lock_file_name)
            static_cast<void>(plugins.remove_tree(folder + "/" + name));  // What stays is reported by the next clean-up.
    }
}

bool remove_folder(const sdk::FileJail& plugins, const std::string& folder) {
    static_cast<void>(plugins.remove_entry(folder + "/" + lock_file_name));
    return plugins.remove_entry(folder).ok();
}

bool older_than(const fs::path& path, std::chrono::minutes age) {
    std::error_code error;
    auto written = fs::last_write_time(path, error);
    return !error && fs::file_time_type::clock::now() - written > age;
}

} // namespace

Expected<InstallScratch> InstallScratch::create(const sdk::FileJail& plugins) {
    for (int attempt = 0; attempt < creation_attempts; ++attempt) {
        std::string name = install_scratch_prefix + random::unique_suffix();
        fs::path folder = plugins.host_path(name);
        // Only a fresh name is used: a name that exists may be another install's.
        auto existing = plugins.kind(name);
        if (!existing)
            return Error("cannot create the scratch folder " + utf8::from_path(folder) + ": " + existing.error().message);
        if (existing.value() != sdk::EntryKind::Missing)
            continue;
        if (auto made = plugins.make_folders(name); !made)
            return Error("cannot create the scratch folder " + utf8::from_path(folder) + ": " + made.error().message);
        bool was_link = false;
        auto lock = platform::FileLock::open(folder / lock_file_name, was_link);
        if (!lock)
            return Error("cannot create the scratch folder's lock " + utf8::from_path(folder / lock_file_name) + ": " + lock.error().message());
        auto locked = lock->try_lock();
        if (locked && *locked == platform::FileLock::Outcome::Acquired)
            return InstallScratch(plugins, name, std::move(*lock));
        // A cleaner took the lock in the instant before this install did: the folder is its to remove.
    }
    return Error("cannot take a scratch folder in " + utf8::from_path(plugins.root()) + " after " + std::to_string(creation_attempts) +
                 " attempts; run the install again");
}

InstallScratch::InstallScratch(InstallScratch&& other) noexcept
    : m_plugins(other.m_plugins), m_name(std::move(other.m_name)), m_path(std::move(other.m_path)), m_lock(std::move(other.m_lock)) {
    other.m_lock.reset();
    other.m_name.clear();
}

InstallScratch::~InstallScratch() {
    if (m_name.empty() || !m_lock)
        return;
    remove_contents(m_plugins, m_name);
    m_lock.reset(); // Released before its file is deleted: Windows deletes an open file only once it is closed.
    remove_folder(m_plugins, m_name);
}

size_t remove_abandoned_scratch(const sdk::FileJail& plugins) {
    size_t removed = 0;
    std::error_code error;
    for (auto& entry : fs::directory_iterator(plugins.root(), error)) {
        std::error_code status_error;
        if (!is_scratch_name(entry.path()) || entry.is_symlink(status_error) || !entry.is_directory(status_error))
            continue;
        std::string name = utf8::from_path(entry.path().filename());
        fs::path lock_path = entry.path() / lock_file_name;
        std::error_code exists_error;
        if (!fs::exists(lock_path, exists_error)) {
            if (!older_than(entry.path(), unlocked_grace))
                continue;
            remove_contents(plugins, name);
        } else {
            bool was_link = false;
            auto lock = platform::FileLock::open(lock_path, was_link);
            if (!lock)
                continue;
            auto locked = lock->try_lock();
            if (!locked || *locked != platform::FileLock::Outcome::Acquired)
                continue; // A running install holds it.
            remove_contents(plugins, name);
        }
        if (remove_folder(plugins, name))
            ++removed;
    }
    return removed;
}

} // namespace uap::modules
