// File helpers: bounded reads and atomic owner-only writes.
#include "support/files.hpp"
#include "support/random.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <system_error>

#ifndef _WIN32
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace uap::files {

namespace fs = std::filesystem;

Expected<std::string> read(const fs::path& path, uint64_t max_bytes) {
    std::error_code error;
    auto size = fs::file_size(path, error);
    if (error)
        return Error("cannot read " + path.string() + ": " + error.message());
    if (size > max_bytes)
        return Error(path.string() + " is " + std::to_string(size) + " bytes; the limit is " + std::to_string(max_bytes));
    std::ifstream stream(path, std::ios::binary);
    if (!stream)
        return Error("cannot open " + path.string());
    std::string content(static_cast<size_t>(size), '\0');
    stream.read(content.data(), static_cast<std::streamsize>(size));
    content.resize(static_cast<size_t>(stream.gcount()));
    return content;
}

Expected<void> write_atomically(const fs::path& path, const std::string& content, Visibility visibility) {
    std::error_code error;
    fs::create_directories(path.parent_path(), error);
    if (error)
        return Error("cannot create " + path.parent_path().string() + ": " + error.message());
    fs::path temporary = path;
    temporary += ".tmp-" + random::unique_suffix();
#ifndef _WIN32
    int mode = visibility == Visibility::OwnerOnly ? 0600 : 0644;
    int descriptor = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (descriptor < 0)
        return Error("cannot create " + temporary.string() + ": " + std::generic_category().message(errno));
    size_t written = 0;
    while (written < content.size()) {
        ssize_t count = ::write(descriptor, content.data() + written, content.size() - written);
        if (count < 0) {
            ::close(descriptor);
            fs::remove(temporary, error);
            return Error("cannot write " + temporary.string());
        }
        written += static_cast<size_t>(count);
    }
    bool synced = ::fsync(descriptor) == 0;
    ::close(descriptor);
    if (!synced) {
        fs::remove(temporary, error);
        return Error("cannot flush " + temporary.string());
    }
#else
    (void)visibility;
    {
        std::ofstream stream(temporary, std::ios::binary | std::ios::trunc);
        stream.write(content.data(), static_cast<std::streamsize>(content.size()));
        if (!stream.flush())
            return Error("cannot write " + temporary.string());
    }
#endif
    fs::rename(temporary, path, error);
    if (error) {
        std::error_code ignored;
        fs::remove(temporary, ignored);
        return Error("cannot replace " + path.string() + ": " + error.message());
    }
    return {};
}

fs::path sibling_backup_name(const fs::path& path, const std::string& tag) {
    std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    char stamp[32];
    std::tm utc{};
#ifdef _WIN32
    gmtime_s(&utc, &now);
#else
    gmtime_r(&now, &utc);
#endif
    std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &utc);
    fs::path candidate = path;
    candidate += "." + tag + "-" + stamp;
    for (int suffix = 1; fs::exists(candidate); ++suffix) {
        candidate = path;
        candidate += "." + tag + "-" + stamp + "-" + std::to_string(suffix);
    }
    return candidate;
}

} // namespace uap::files
