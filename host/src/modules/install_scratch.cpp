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

// Deletes what is inside the folder except its lock file (while the caller holds the lock).
void remove_contents(const fs::path& folder) {
    std::error_code error;
    for (auto& entry : fs::directory_iterator(folder, error)) {
        if (entry.path().filename() == lock_file_name)
            continue;
        std::error_code ignored;
        fs::remove_all(entry.path(), ignored);
    }
}

bool older_than(const fs::path& path, std::chrono::minutes age) {
    std::error_code error;
    auto written = fs::last_write_time(path, error);
    return !error && fs::file_time_type::clock::now() - written > age;
}

} // namespace

Expected<InstallScratch> InstallScratch::create(const fs::path& plugins) {
    for (int attempt = 0; attempt < creation_attempts; ++attempt) {
        fs::path folder = plugins / (install_scratch_prefix + random::unique_suffix());
        std::error_code error;
        // Only a folder this call created is used: a name that exists may be another's.
        if (!fs::create_directory(folder, error)) {
            if (error)
                return Error("cannot create the scratch folder " + utf8::from_path(folder) + ": " + error.message());
            continue;
        }
        bool was_link = false;
        auto lock = platform::FileLock::open(folder / lock_file_name, was_link);
        if (!lock)
            return Error("cannot create the scratch folder's lock " + utf8::from_path(folder / lock_file_name) + ": " + lock.error().message());
        auto locked = lock->try_lock();
        if (locked && *locked == platform::FileLock::Outcome::Acquired)
            return InstallScratch(folder, std::move(*lock));
        // A cleaner took the lock in the instant before this install did: the folder is its to remove.
    }
    return Error("cannot take a scratch folder in " + utf8::from_path(plugins) + " after " + std::to_string(creation_attempts) +
                 " attempts; run the install again");
}

InstallScratch::InstallScratch(InstallScratch&& other) noexcept : m_path(std::move(other.m_path)), m_lock(std::move(other.m_lock)) {
    other.m_lock.reset();
    other.m_path.clear();
}

InstallScratch::~InstallScratch() {
    if (m_path.empty() || !m_lock)
        return;
    remove_contents(m_path);
    m_lock.reset(); // Released before its file is deleted: Windows deletes an open file only once it is closed.
    std::error_code ignored;
    fs::remove(m_path / lock_file_name, ignored);
    fs::remove(m_path, ignored);
}

size_t remove_abandoned_scratch(const fs::path& plugins) {
    size_t removed = 0;
    std::error_code error;
    for (auto& entry : fs::directory_iterator(plugins, error)) {
        std::error_code status_error;
        if (!is_scratch_name(entry.path()) || entry.is_symlink(status_error) || !entry.is_directory(status_error))
            continue;
        fs::path lock_path = entry.path() / lock_file_name;
        std::error_code exists_error;
        if (!fs::exists(lock_path, exists_error)) {
            if (!older_than(entry.path(), unlocked_grace))
                continue;
            remove_contents(entry.path());
        } else {
            bool was_link = false;
            auto lock = platform::FileLock::open(lock_path, was_link);
            if (!lock)
                continue;
            auto locked = lock->try_lock();
            if (!locked || *locked != platform::FileLock::Outcome::Acquired)
                continue; // A running install holds it.
            remove_contents(entry.path());
        }
        std::error_code ignored;
        fs::remove(lock_path, ignored);
        if (fs::remove(entry.path(), ignored))
            ++removed;
    }
    return removed;
}

} // namespace uap::modules
