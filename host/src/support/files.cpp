// File helpers: bounded reads and atomic owner-only writes.
#include "support/files.hpp"
#include "support/platform/platform.hpp"
#include "support/random.hpp"
#include "support/utf8_path.hpp"

#include <Poco/DateTimeFormatter.h>
#include <Poco/Timestamp.h>

#include <fstream>
#include <system_error>

namespace uap::files {

namespace fs = std::filesystem;

namespace {

Error link_refusal(const fs::path& path) {
    std::error_code error;
    fs::path target = fs::read_symlink(path, error);
    return Error("refusing to use " + utf8::from_path(path) + ": it is a symbolic link" + (error ? "" : " (to " + utf8::from_path(target) + ")") +
                 ", and the host never follows links in its state folder; remove the link (rm '" + utf8::from_path(path) +
                 "') and start the host again");
}

bool is_link(const fs::path& path) {
    std::error_code error;
    return fs::is_symlink(fs::symlink_status(path, error));
}


} // namespace

Expected<fs::path> ensure_real_folders(const fs::path& base, const fs::path& relative) {
    fs::path folder = base;
    for (auto& component : relative) {
        folder /= component;
        std::error_code error;
        auto status = fs::symlink_status(folder, error);
        if (fs::is_symlink(status))
            return link_refusal(folder);
        if (!fs::exists(status)) {
            // mkdir never follows a link, and fails if one appeared in the meantime.
            if (!fs::create_directory(folder, error) && !fs::is_directory(fs::symlink_status(folder)))
                return Error("cannot create " + utf8::from_path(folder) + ": " + error.message());
        } else if (!fs::is_directory(status)) {
            return Error("cannot use " + utf8::from_path(folder) + ": it exists and is not a folder; move it away and start the host again");
        }
    }
    return folder;
}

Expected<std::string> read(const fs::path& path, uint64_t max_bytes, Links links) {
    if (links == Links::Refuse) {
        bool was_link = false;
        auto content = platform::read_without_following(path, max_bytes, was_link);
        if (!content && was_link)
            return link_refusal(path);
        return content;
    }
    std::error_code error;
    auto size = fs::file_size(path, error);
    if (error)
        return Error("cannot read " + utf8::from_path(path) + ": " + error.message());
    if (size > max_bytes)
        return Error(utf8::from_path(path) + " is " + std::to_string(size) + " bytes; the limit is " + std::to_string(max_bytes));
    std::ifstream stream(path, std::ios::binary);
    if (!stream)
        return Error("cannot open " + utf8::from_path(path));
    std::string content(static_cast<size_t>(size), '\0');
    stream.read(content.data(), static_cast<std::streamsize>(size));
    content.resize(static_cast<size_t>(stream.gcount()));
    return content;
}

Expected<void> write_atomically(const fs::path& path, const std::string& content, Visibility visibility) {
    std::error_code error;
    if (is_link(path.parent_path()))
        return link_refusal(path.parent_path());
    if (is_link(path))
        return link_refusal(path);
    fs::create_directories(path.parent_path(), error);
    if (error)
        return Error("cannot create " + utf8::from_path(path.parent_path()) + ": " + error.message());
    fs::path temporary = path;
    temporary += ".tmp-" + random::unique_suffix();
    auto access = visibility == Visibility::OwnerOnly ? platform::FileAccess::OwnerOnly : platform::FileAccess::Shared;
    if (auto created = platform::create_new_file(temporary, content, access); !created) {
        fs::remove(temporary, error);
        return created.error();
    }
    fs::rename(temporary, path, error);
    if (error) {
        std::error_code ignored;
        fs::remove(temporary, ignored);
        return Error("cannot replace " + utf8::from_path(path) + ": " + error.message());
    }
    return {};
}

fs::path sibling_backup_name(const fs::path& path, const std::string& tag) {
    std::string stamp = Poco::DateTimeFormatter::format(Poco::Timestamp(), "%Y%m%dT%H%M%SZ");
    fs::path candidate = path;
    candidate += "." + tag + "-" + stamp;
    for (int suffix = 1; fs::exists(candidate); ++suffix) {
        candidate = path;
        candidate += "." + tag + "-" + stamp + "-" + std::to_string(suffix);
    }
    return candidate;
}

} // namespace uap::files
