// The file-system jail on POSIX systems (see file_jail.hpp): every step is an `*at` call relative to
// the descriptor of the folder above it, opened with O_NOFOLLOW, so a link is refused wherever it is
// and nothing renamed in the meantime can redirect a step outside the root.
#pragma once

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <random>

namespace uap::sdk {

namespace jail_detail {

// An owned descriptor.
class Descriptor {
public:
    Descriptor() = default;
    explicit Descriptor(int descriptor) : m_descriptor(descriptor) {}
    Descriptor(Descriptor&& other) noexcept : m_descriptor(std::exchange(other.m_descriptor, -1)) {}
    Descriptor& operator=(Descriptor&& other) noexcept {
        if (this != &other) {
            reset();
            m_descriptor = std::exchange(other.m_descriptor, -1);
        }
        return *this;
    }
    Descriptor(const Descriptor&) = delete;
    Descriptor& operator=(const Descriptor&) = delete;
    ~Descriptor() { reset(); }
    int get() const { return m_descriptor; }
    bool valid() const { return m_descriptor >= 0; }
    // Gives up ownership (to a DIR stream, which closes it).
    int release() { return std::exchange(m_descriptor, -1); }
    void reset() {
        if (m_descriptor >= 0)
            ::close(m_descriptor);
        m_descriptor = -1;
    }

private:
    int m_descriptor = -1;
};

class Root {
public:
    Root(std::filesystem::path path, Descriptor descriptor) : m_path(std::move(path)), m_descriptor(std::move(descriptor)) {}
    const std::filesystem::path& path() const { return m_path; }
    int descriptor() const { return m_descriptor.get(); }

private:
    std::filesystem::path m_path;
    Descriptor m_descriptor;
};

inline std::string reason(int error_number) { return std::strerror(error_number); }

inline std::string link_target(int folder, const std::string& name) {
    char buffer[4096];
    ssize_t length = ::readlinkat(folder, name.c_str(), buffer, sizeof buffer);
    return length > 0 ? std::string(buffer, static_cast<std::size_t>(length)) : std::string();
}

inline EntryKind kind_of(const struct stat& status) {
    if (S_ISLNK(status.st_mode))
        return EntryKind::Link;
    if (S_ISDIR(status.st_mode))
        return EntryKind::Folder;
    if (S_ISREG(status.st_mode))
        return EntryKind::File;
    return EntryKind::Other;
}

// What is at folder/name, never followed.
inline JailResult<EntryKind> entry_kind(const Root& root, int folder, const std::string& name, const std::string& inside) {
    struct stat status {};
    if (::fstatat(folder, name.c_str(), &status, AT_SYMLINK_NOFOLLOW) == 0)
        return kind_of(status);
    if (errno == ENOENT)
        return EntryKind::Missing;
    return system_error("looking at", root.path(), inside, reason(errno));
}

// Why folder/name could not be opened, read off the entry itself.
inline JailError explain_open_failure(const Root& root, int folder, const std::string& name, const std::string& inside,
                                      int error_number, EntryKind wanted) {
    auto kind = entry_kind(root, folder, name, inside);
    if (kind && kind.value() == EntryKind::Link)
        return link_refusal(root.path(), inside, link_target(folder, name));
    if (kind && kind.value() == EntryKind::Missing)
        return missing(root.path(), inside);
    if (kind && wanted == EntryKind::Folder && kind.value() != EntryKind::Folder)
        return not_folder(root.path(), inside);
    return system_error("opening", root.path(), inside, reason(error_number));
}

// Opens the folder made of the first `count` components, creating missing ones when asked.
inline JailResult<Descriptor> open_folder(const Root& root, const std::vector<std::string>& components, std::size_t count,
                                          Folders folders) {
    Descriptor current(::fcntl(root.descriptor(), F_DUPFD_CLOEXEC, 0));
    if (!current.valid())
        return system_error("opening", root.path(), "", reason(errno));
    for (std::size_t index = 0; index < count; ++index) {
        const std::string& name = components[index];
        const int flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
        int next = ::openat(current.get(), name.c_str(), flags);
        if (next < 0 && errno == ENOENT && folders == Folders::Create) {
            // mkdirat never follows a link; if something appeared meanwhile, the open below judges it.
            if (::mkdirat(current.get(), name.c_str(), 0777) != 0 && errno != EEXIST)
                return system_error("creating", root.path(), join_components(components, index + 1), reason(errno));
            next = ::openat(current.get(), name.c_str(), flags);
        }
        if (next < 0)
            return explain_open_failure(root, current.get(), name, join_components(components, index + 1), errno,
                                        EntryKind::Folder);
        current = Descriptor(next);
    }
    return current;
}

// The parent folder of a path and the path's last component.
struct Location {
    Descriptor folder;
    std::string name;
    std::string inside;  // The whole relative path, normalised.
};

inline JailResult<Location> locate(const Root& root, std::string_view relative, Folders folders) {
    auto components = split_beneath(relative);
    if (!components)
        return components.error();
    auto& parts = components.value();
    auto folder = open_folder(root, parts, parts.size() - 1, folders);
    if (!folder)
        return folder.error();
    return Location{std::move(folder.value()), parts.back(), join_components(parts, parts.size())};
}

// Reads to the end; ReadPart::Whole refuses more than max_bytes, ReadPart::Tail stops there (a log
// that grew since the seek keeps its newest bytes for the next read).
inline JailResult<std::string> read_bounded(const Root& root, int descriptor, const std::string& inside, std::uint64_t max_bytes,
                                            ReadPart part = ReadPart::Whole) {
    std::string content;
    char buffer[65536];
    for (;;) {
        ssize_t got = ::read(descriptor, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return system_error("reading", root.path(), inside, reason(errno));
        if (got == 0)
            return content;
        if (content.size() + static_cast<std::size_t>(got) > max_bytes && part == ReadPart::Tail) {
            content.append(buffer, static_cast<std::size_t>(max_bytes - content.size()));
            return content;
        }
        if (content.size() + static_cast<std::size_t>(got) > max_bytes)
            return JailError{JailProblem::TooLarge, path_text(root.path()) + "/" + inside + " is larger than the limit of " +
                                                        std::to_string(max_bytes) + " bytes"};
        content.append(buffer, static_cast<std::size_t>(got));
    }
}

// Opens a regular file beneath the root for reading, and reads it whole.
inline JailResult<JailFile> read_file(const Root& root, const Location& location, std::string_view relative,
                                      std::uint64_t max_bytes, ReadPart part = ReadPart::Whole) {
    // O_NONBLOCK: a planted FIFO must not hang the reader; it is refused as not a file below.
    Descriptor file(::openat(location.folder.get(), location.name.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY));
    if (!file.valid())
        return explain_open_failure(root, location.folder.get(), location.name, location.inside, errno, EntryKind::File);
    struct stat status {};
    if (::fstat(file.get(), &status) != 0)
        return system_error("looking at", root.path(), location.inside, reason(errno));
    if (!S_ISREG(status.st_mode))
        return JailError{JailProblem::NotFile, path_text(root.path()) + "/" + location.inside + " is not a regular file"};
    std::uint64_t size = static_cast<std::uint64_t>(status.st_size);
    if (size > max_bytes && part == ReadPart::Whole)
        return JailError{JailProblem::TooLarge, path_text(root.path()) + "/" + location.inside + " is " +
                                                    std::to_string(status.st_size) + " bytes; the limit is " + std::to_string(max_bytes)};
    if (size > max_bytes && ::lseek(file.get(), static_cast<off_t>(size - max_bytes), SEEK_SET) < 0)
        return system_error("seeking in", root.path(), location.inside, reason(errno));
    auto content = read_bounded(root, file.get(), location.inside, max_bytes, part);
    if (!content)
        return content.error();
    return JailFile{std::string(relative), std::move(content.value()), static_cast<std::uint64_t>(status.st_dev),
                    static_cast<std::uint64_t>(status.st_ino)};
}

inline std::string temporary_name() {
    std::random_device device;
    std::uniform_int_distribution<unsigned long long> digits;
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", digits(device));
    // A leading dot: Unity ignores hidden files, so an interrupted write is never imported.
    return ".uap-write-" + std::string(text) + ".tmp";
}

inline JailResult<void> write_all(const Root& root, int descriptor, const std::string& inside, std::string_view content) {
    std::size_t written = 0;
    while (written < content.size()) {
        ssize_t put = ::write(descriptor, content.data() + written, content.size() - written);
        if (put < 0 && errno == EINTR)
            continue;
        if (put < 0)
            return system_error("writing", root.path(), inside, reason(errno));
        written += static_cast<std::size_t>(put);
    }
    return {};
}

// The names in an open folder, sorted, without "." and "..".
inline JailResult<std::vector<std::string>> entry_names(const Root& root, int folder, const std::string& inside) {
    Descriptor copy(::fcntl(folder, F_DUPFD_CLOEXEC, 0));
    DIR* listing = copy.valid() ? ::fdopendir(copy.get()) : nullptr;
    if (!listing)
        return system_error("listing", root.path(), inside, reason(errno));
    copy.release();  // The stream owns it now and closes it.
    std::vector<std::string> names;
    while (auto* entry = ::readdir(listing))
        if (std::strcmp(entry->d_name, ".") != 0 && std::strcmp(entry->d_name, "..") != 0)
            names.emplace_back(entry->d_name);
    ::closedir(listing);
    std::sort(names.begin(), names.end());
    return names;
}

// A temporary file being written beside its target (JailWriter).
struct Pending {
    std::shared_ptr<Root> root;
    Descriptor folder;
    Descriptor file;
    std::string temporary;
    std::string name;
    std::string inside;
};

// Removes every entry inside `folder` (an open descriptor), depth-first, never following a link.
inline JailResult<void> empty_folder(const Root& root, int folder, const std::string& inside, int depth) {
    if (depth > 128)
        return system_error("removing", root.path(), inside, "folders are nested more than 128 deep");
    auto names = entry_names(root, folder, inside);
    if (!names)
        return names.error();
    for (const auto& name : names.value()) {
        std::string child = inside + "/" + name;
        auto kind = entry_kind(root, folder, name, child);
        if (!kind)
            return kind.error();
        if (kind.value() == EntryKind::Folder) {
            Descriptor inner(::openat(folder, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
            if (!inner.valid())
                return explain_open_failure(root, folder, name, child, errno, EntryKind::Folder);
            if (auto emptied = empty_folder(root, inner.get(), child, depth + 1); !emptied)
                return emptied;
        }
        if (::unlinkat(folder, name.c_str(), kind.value() == EntryKind::Folder ? AT_REMOVEDIR : 0) != 0 && errno != ENOENT)
            return system_error("removing", root.path(), child, reason(errno));
    }
    return {};
}

} // namespace jail_detail

inline JailResult<FileJail> FileJail::open(const std::filesystem::path& root, RootLinks links) {
    int flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | (links == RootLinks::Refuse ? O_NOFOLLOW : 0);
    jail_detail::Descriptor descriptor(::open(root.c_str(), flags));
    if (!descriptor.valid()) {
        int error_number = errno;
        struct stat status {};
        if (links == RootLinks::Refuse && ::lstat(root.c_str(), &status) == 0 && S_ISLNK(status.st_mode))
            return jail_detail::link_refusal(root.parent_path(), jail_detail::path_text(root.filename()), "");
        if (error_number == ENOENT)
            return JailError{JailProblem::Missing, jail_detail::path_text(root) + " does not exist"};
        if (error_number == ENOTDIR)
            return JailError{JailProblem::NotFolder, jail_detail::path_text(root) + " is not a folder"};
        return jail_detail::system_error("opening", root, "", jail_detail::reason(error_number));
    }
    return FileJail(root, std::make_shared<jail_detail::Root>(root, std::move(descriptor)));
}

inline JailResult<EntryKind> FileJail::kind(std::string_view relative) const {
    auto location = jail_detail::locate(*m_handle, relative, Folders::MustExist);
    if (!location) {
        if (location.error().problem == JailProblem::Missing)
            return EntryKind::Missing;
        return location.error();
    }
    return jail_detail::entry_kind(*m_handle, location->folder.get(), location->name, location->inside);
}

inline JailResult<JailWriter> FileJail::begin_write(std::string_view relative, FileAccess access, Folders folders) const {
    auto location = jail_detail::locate(*m_handle, relative, folders);
    if (!location)
        return location.error();
    auto& place = location.value();
    auto existing = jail_detail::entry_kind(*m_handle, place.folder.get(), place.name, place.inside);
    if (!existing)
        return existing.error();
    std::string target = existing.value() == EntryKind::Link ? jail_detail::link_target(place.folder.get(), place.name) : "";
    if (auto refusal = jail_detail::write_target_refusal(m_root_path, place.inside, existing.value(), target))
        return *refusal;
    auto pending = std::make_unique<jail_detail::Pending>();
    pending->root = m_handle;
    pending->temporary = jail_detail::temporary_name();
    pending->file = jail_detail::Descriptor(::openat(place.folder.get(), pending->temporary.c_str(),
                                                     O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                                                     access == FileAccess::OwnerOnly ? 0600 : 0644));
    if (!pending->file.valid())
        return jail_detail::system_error("creating a temporary file beside", m_root_path, place.inside, jail_detail::reason(errno));
    pending->folder = std::move(place.folder);
    pending->name = std::move(place.name);
    pending->inside = std::move(place.inside);
    return JailWriter(std::move(pending));
}

inline JailWriter::~JailWriter() {
    if (m_pending && m_pending->file.valid()) {
        m_pending->file.reset();
        ::unlinkat(m_pending->folder.get(), m_pending->temporary.c_str(), 0);
    }
}

inline JailResult<void> JailWriter::append(std::string_view bytes) {
    if (!m_pending || !m_pending->file.valid())
        return JailError{JailProblem::System, "the file was already committed or abandoned"};
    return jail_detail::write_all(*m_pending->root, m_pending->file.get(), m_pending->inside, bytes);
}

inline JailResult<void> JailWriter::commit() {
    if (!m_pending || !m_pending->file.valid())
        return JailError{JailProblem::System, "the file was already committed or abandoned"};
    auto& pending = *m_pending;
    // Flushed before the rename, so a crash leaves the old file or the whole new one, never an empty one.
    JailResult<void> done;
    if (::fsync(pending.file.get()) != 0)
        done = jail_detail::system_error("flushing", pending.root->path(), pending.inside, jail_detail::reason(errno));
    pending.file.reset();
    // renameat replaces the directory entry itself: a link planted at the name since the check is
    // replaced, never written through.
    if (done && ::renameat(pending.folder.get(), pending.temporary.c_str(), pending.folder.get(), pending.name.c_str()) != 0)
        done = jail_detail::system_error("replacing", pending.root->path(), pending.inside, jail_detail::reason(errno));
    if (!done)
        ::unlinkat(pending.folder.get(), pending.temporary.c_str(), 0);
    return done;
}

inline JailResult<void> FileJail::make_folders(std::string_view relative, FileAccess access) const {
    auto components = split_beneath(relative);
    if (!components)
        return components.error();
    auto folder = jail_detail::open_folder(*m_handle, components.value(), components->size(), Folders::Create);
    if (!folder)
        return folder.error();
    if (access == FileAccess::OwnerOnly && ::fchmod(folder->get(), 0700) != 0)
        return jail_detail::system_error("restricting to its owner", m_root_path, join_components(components.value(), components->size()),
                                         jail_detail::reason(errno));
    return {};
}

inline JailResult<void> FileJail::remove_read(const JailFile& file) const {
    auto location = jail_detail::locate(*m_handle, file.relative, Folders::MustExist);
    if (!location)
        return location.error();
    auto now = jail_detail::read_file(*m_handle, location.value(), file.relative, file.content.size());
    if (!now || now->device != file.device || now->identity != file.identity || now->content != file.content)
        return JailError{JailProblem::Changed, jail_detail::path_text(m_root_path) + "/" + location->inside +
                                                   " changed after it was read; it was left in place"};
    if (::unlinkat(location->folder.get(), location->name.c_str(), 0) != 0)
        return jail_detail::system_error("removing", m_root_path, location->inside, jail_detail::reason(errno));
    return {};
}

inline JailResult<void> FileJail::remove_entry(std::string_view relative) const {
    auto location = jail_detail::locate(*m_handle, relative, Folders::MustExist);
    if (!location)
        return location.error().problem == JailProblem::Missing ? JailResult<void>() : JailResult<void>(location.error());
    auto kind = jail_detail::entry_kind(*m_handle, location->folder.get(), location->name, location->inside);
    if (!kind)
        return kind.error();
    if (kind.value() == EntryKind::Missing)
        return {};
    int flags = kind.value() == EntryKind::Folder ? AT_REMOVEDIR : 0;
    if (::unlinkat(location->folder.get(), location->name.c_str(), flags) != 0 && errno != ENOENT)
        return jail_detail::system_error("removing", m_root_path, location->inside, jail_detail::reason(errno));
    return {};
}

inline JailResult<void> FileJail::remove_tree(std::string_view relative) const {
    auto location = jail_detail::locate(*m_handle, relative, Folders::MustExist);
    if (!location)
        return location.error().problem == JailProblem::Missing ? JailResult<void>() : JailResult<void>(location.error());
    auto& place = location.value();
    auto kind = jail_detail::entry_kind(*m_handle, place.folder.get(), place.name, place.inside);
    if (!kind)
        return kind.error();
    if (kind.value() == EntryKind::Folder) {
        jail_detail::Descriptor folder(::openat(place.folder.get(), place.name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        if (!folder.valid())
            return jail_detail::explain_open_failure(*m_handle, place.folder.get(), place.name, place.inside, errno, EntryKind::Folder);
        if (auto emptied = jail_detail::empty_folder(*m_handle, folder.get(), place.inside, 0); !emptied)
            return emptied;
    }
    return remove_entry(relative);
}

inline JailResult<void> FileJail::rename(std::string_view from, std::string_view to) const {
    auto source = jail_detail::locate(*m_handle, from, Folders::MustExist);
    if (!source)
        return source.error();
    auto target = jail_detail::locate(*m_handle, to, Folders::Create);
    if (!target)
        return target.error();
    auto existing = jail_detail::entry_kind(*m_handle, target->folder.get(), target->name, target->inside);
    if (!existing)
        return existing.error();
    if (existing.value() == EntryKind::Folder)
        return JailError{JailProblem::NotFile, jail_detail::path_text(m_root_path) + "/" + target->inside +
                                                   " is a folder; remove it before moving something to its name"};
    if (::renameat(source->folder.get(), source->name.c_str(), target->folder.get(), target->name.c_str()) != 0)
        return jail_detail::system_error("renaming " + source->inside + " to", m_root_path, target->inside, jail_detail::reason(errno));
    return {};
}

inline JailResult<std::vector<JailEntry>> FileJail::list(std::string_view folder, std::size_t max_entries) const {
    jail_detail::Descriptor start;
    std::string inside;
    if (folder.empty() || folder == ".") {
        start = jail_detail::Descriptor(::fcntl(m_handle->descriptor(), F_DUPFD_CLOEXEC, 0));
        if (!start.valid())
            return jail_detail::system_error("opening", m_root_path, "", jail_detail::reason(errno));
    } else {
        auto components = split_beneath(folder);
        if (!components)
            return components.error();
        auto opened = jail_detail::open_folder(*m_handle, components.value(), components->size(), Folders::MustExist);
        if (!opened)
            return opened.error();
        start = std::move(opened.value());
        inside = join_components(components.value(), components->size());
    }
    std::vector<JailEntry> entries;
    struct Unvisited {
        jail_detail::Descriptor folder;
        std::string prefix;
        int depth;
    };
    std::vector<Unvisited> pending;
    pending.push_back({std::move(start), "", 0});
    while (!pending.empty()) {
        Unvisited current = std::move(pending.back());
        pending.pop_back();
        if (current.depth > 64)
            return JailError{JailProblem::TooLarge, jail_detail::path_text(m_root_path) + "/" + inside +
                                                        " has folders nested more than 64 deep"};
        auto names = jail_detail::entry_names(*m_handle, current.folder.get(), inside + "/" + current.prefix);
        if (!names)
            return names.error();
        for (const auto& name : names.value()) {
            if (entries.size() == max_entries)
                return JailError{JailProblem::TooLarge, jail_detail::path_text(m_root_path) + "/" + inside + " holds more than " +
                                                            std::to_string(max_entries) + " entries"};
            struct stat status {};
            if (::fstatat(current.folder.get(), name.c_str(), &status, AT_SYMLINK_NOFOLLOW) != 0)
                continue;  // Gone since it was listed.
            JailEntry entry{current.prefix + name, jail_detail::kind_of(status), static_cast<std::uint64_t>(status.st_size)};
            if (entry.kind == EntryKind::Folder) {
                jail_detail::Descriptor inner(::openat(current.folder.get(), name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
                if (inner.valid())
                    pending.push_back({std::move(inner), entry.relative + "/", current.depth + 1});
            }
            entries.push_back(std::move(entry));
        }
    }
    std::sort(entries.begin(), entries.end(), [](const JailEntry& left, const JailEntry& right) { return left.relative < right.relative; });
    return entries;
}

} // namespace uap::sdk
