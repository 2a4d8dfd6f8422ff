// The file-system jail: every read, write, rename and delete of a path that came from a project's
// content, a tool argument, the editor, a front-end or an archive goes through a FileJail, which
// stays beneath one root folder and never follows a symbolic link, junction or other reparse point.
//
// A cloned Unity project is untrusted content: git stores symbolic links, so `Assets/Scripts`,
// `UapStaging` or a single file may point anywhere the user can write. The jail resolves a
// relative path one component at a time from an open handle on the root, refusing `..`, absolute
// paths and any link on the way (POSIX: `openat` with `O_NOFOLLOW` from the parent's descriptor, so
// no rename in between can redirect it; Windows: each folder held open without delete sharing and
// reparse points refused). Files are written to a fresh temporary file (`O_CREAT | O_EXCL |
// O_NOFOLLOW`) in the target folder and renamed over the target, and a delete removes only the entry
// that was read through the jail. Header-only, for the host and for pack authors alike.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace uap::sdk {

// Why the jail refused or failed; the message says what, why and what to do.
enum class JailProblem {
    Escape,     // The path is absolute, has a `..` component or is otherwise not beneath the root.
    Link,       // A component is a symbolic link, junction or other reparse point.
    Missing,    // Nothing exists at the path (or a folder above it).
    NotFolder,  // A component that must be a folder is something else.
    NotFile,    // The path is a folder, device, socket or pipe where a regular file was expected.
    TooLarge,   // The file exceeds the caller's size limit, or a listing its entry limit.
    Changed,    // The entry is no longer the one read through the jail.
    System,     // The operating system refused for another reason.
};

struct JailError {
    JailProblem problem;
    std::string message;
};

// A value or the reason there is none. [[nodiscard]]: a refusal must be handled, not dropped.
template <typename T>
class [[nodiscard]] JailResult {
public:
    JailResult(T value) : m_state(std::move(value)) {}
    JailResult(JailError error) : m_state(std::move(error)) {}
    bool ok() const { return m_state.index() == 0; }
    explicit operator bool() const { return ok(); }
    T& value() { return std::get<0>(m_state); }
    const T& value() const { return std::get<0>(m_state); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    const JailError& error() const { return std::get<1>(m_state); }

private:
    std::variant<T, JailError> m_state;
};

template <>
class [[nodiscard]] JailResult<void> {
public:
    JailResult() = default;
    JailResult(JailError error) : m_error(std::move(error)) {}
    bool ok() const { return !m_error; }
    explicit operator bool() const { return ok(); }
    const JailError& error() const { return *m_error; }

private:
    std::optional<JailError> m_error;
};

// What is at a path, seen without following it.
enum class EntryKind { Missing, File, Folder, Link, Other };

// Whether a write may create the folders above the file.
enum class Folders { Create, MustExist };
// Who may read a file the jail creates (POSIX: 0600, or 0644 before the umask; Windows: a protected
// DACL for the current user only, or the folder's inherited entries).
enum class FileAccess { OwnerOnly, Shared };
// Which bytes a read returns: the whole file (refused when larger than the limit), or its last bytes
// up to the limit (a growing log: the newest lines, whatever the file's size).
enum class ReadPart { Whole, Tail };
// Whether the jail's root itself may be reached through a link (the caller vouches for the root;
// Refuse is for roots that are themselves project content, such as a state folder).
enum class RootLinks { Follow, Refuse };

// A regular file read through the jail: its bytes and which file it was, so that a later delete
// removes this file and not whatever was put at the same name since.
struct JailFile {
    std::string relative;  // As given, with '/' separators.
    std::string content;
    std::uint64_t device = 0;
    std::uint64_t identity = 0;  // POSIX: the inode; Windows: the file index.
};

// One entry of a listing: relative to the listed folder, '/' separators.
struct JailEntry {
    std::string relative;
    EntryKind kind;
    std::uint64_t size = 0;
};

// Splits a relative path into its components: '/' and '\' both separate (a '\' in a project path
// is never meant as part of a name, and treating it as one would hide `..\..`), "." and empty
// components are dropped; absolute paths, drive letters, `..`, ':' and NUL are refused.
inline JailResult<std::vector<std::string>> split_beneath(std::string_view relative) {
    auto refuse = [&](std::string why) {
        return JailError{JailProblem::Escape, "refusing the path '" + std::string(relative) + "': " + std::move(why) +
                                                  "; give a path relative to the project, such as Assets/Scripts/Player.cs"};
    };
    if (relative.find('\0') != std::string_view::npos)
        return refuse("it contains a NUL character");
    if (!relative.empty() && (relative.front() == '/' || relative.front() == '\\'))
        return refuse("it is absolute");
    std::vector<std::string> components;
    std::size_t start = 0;
    while (start <= relative.size()) {
        std::size_t end = relative.find_first_of("/\\", start);
        std::string_view part = relative.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
        if (part == "..")
            return refuse("it has a '..' component, which could leave the project");
        // ':' is a drive letter or an NTFS alternate data stream on Windows; refused everywhere
        // so a path means the same on every platform.
        if (part.find(':') != std::string_view::npos)
            return refuse("it has a ':' (a drive letter or a Windows data stream)");
        if (!part.empty() && part != ".")
            components.emplace_back(part);
        if (end == std::string_view::npos)
            break;
        start = end + 1;
    }
    if (components.empty())
        return refuse("it names no file or folder");
    return components;
}

// Joins components with '/'.
inline std::string join_components(const std::vector<std::string>& components, std::size_t count) {
    std::string joined;
    for (std::size_t index = 0; index < count && index < components.size(); ++index) {
        if (index)
            joined += '/';
        joined += components[index];
    }
    return joined;
}

namespace jail_detail {
class Root;       // The platform's open handle on the root folder (file_jail_posix.hpp, file_jail_windows.hpp).
struct Pending;   // A temporary file being written, and where it goes.
}

// A file being written through the jail, in pieces (an archive entry, a copy): invisible under its
// name until commit(), which flushes it and renames it over the target. Dropped without commit(),
// the temporary file is removed and the target is untouched.
class [[nodiscard]] JailWriter {
public:
    JailWriter(JailWriter&&) noexcept;
    JailWriter& operator=(JailWriter&&) noexcept;
    JailWriter(const JailWriter&) = delete;
    JailWriter& operator=(const JailWriter&) = delete;
    ~JailWriter();

    JailResult<void> append(std::string_view bytes);
    JailResult<void> commit();

private:
    friend class FileJail;
    explicit JailWriter(std::unique_ptr<jail_detail::Pending> pending);
    std::unique_ptr<jail_detail::Pending> m_pending;
};

class FileJail {
public:
    // Opens `root` (which must be an existing folder) as the jail's root.
    static JailResult<FileJail> open(const std::filesystem::path& root, RootLinks links = RootLinks::Follow);

    const std::filesystem::path& root() const { return m_root_path; }

    // What is at `relative`, without following a link there (links above it are refused).
    JailResult<EntryKind> kind(std::string_view relative) const;

    // A regular file's bytes; refused when it is larger than max_bytes. ReadPart::Tail instead returns
    // its last max_bytes bytes (the first line may be cut), and lets the file be written meanwhile.
    JailResult<JailFile> read(std::string_view relative, std::uint64_t max_bytes, ReadPart part = ReadPart::Whole) const;

    // Replaces the file atomically: readers see the old content or the new, never a mix. Refused when
    // the file is a link or a folder.
    JailResult<void> write(std::string_view relative, std::string_view content, FileAccess access = FileAccess::Shared,
                           Folders folders = Folders::Create) const;

    // The same, written in pieces: refused up front when the target is a link or a folder.
    JailResult<JailWriter> begin_write(std::string_view relative, FileAccess access = FileAccess::Shared,
                                       Folders folders = Folders::Create) const;

    // Creates every missing folder of `relative`; refused when one is a link or not a folder.
    // FileAccess::OwnerOnly also restricts the last folder to its owner (POSIX: mode 0700, set
    // through its descriptor; Windows: the folder keeps its inherited entries, the files the jail
    // writes into it are owner-only).
    JailResult<void> make_folders(std::string_view relative, FileAccess access = FileAccess::Shared) const;

    // Deletes the file read through this jail, only if the same file is still there with the same
    // bytes; JailProblem::Changed otherwise (the file stays).
    JailResult<void> remove_read(const JailFile& file) const;

    // Deletes the file, link or empty folder at `relative` (a link is removed, never followed);
    // succeeds when nothing is there.
    JailResult<void> remove_entry(std::string_view relative) const;

    // Deletes a folder and everything under it without following links (links are removed as
    // entries); succeeds when nothing is there.
    JailResult<void> remove_tree(std::string_view relative) const;

    // Renames an entry within the jail, replacing a file at `to` (never a folder).
    JailResult<void> rename(std::string_view from, std::string_view to) const;

    // Every entry under `folder` ("" or "." for the root), recursively, sorted by relative path; links
    // are listed as EntryKind::Link and never entered. Refused past max_entries.
    JailResult<std::vector<JailEntry>> list(std::string_view folder, std::size_t max_entries) const;

    // The same path as a host path (for messages and for handing to tools that take paths).
    std::filesystem::path host_path(std::string_view relative) const;

private:
    FileJail(std::filesystem::path root, std::shared_ptr<jail_detail::Root> handle)
        : m_root_path(std::move(root)), m_handle(std::move(handle)) {}

    std::filesystem::path m_root_path;
    std::shared_ptr<jail_detail::Root> m_handle;
};

namespace jail_detail {

inline std::string path_text(const std::filesystem::path& path) {
    auto text = path.generic_u8string();
    return std::string(text.begin(), text.end());
}

inline JailError link_refusal(const std::filesystem::path& root, const std::string& inside, const std::string& target) {
    std::string where = path_text(root / std::filesystem::path(std::u8string(inside.begin(), inside.end())));
    return {JailProblem::Link, "refusing to follow " + where + ": it is a symbolic link or junction" +
                                   (target.empty() ? std::string() : " (to " + target + ")") +
                                   ", and a project's content may not lead the host outside the project; replace it with a "
                                   "real folder or file (remove the link: rm '" + where + "') and try again"};
}

inline JailError missing(const std::filesystem::path& root, const std::string& inside) {
    return {JailProblem::Missing, path_text(root) + "/" + inside + " does not exist"};
}

inline JailError not_folder(const std::filesystem::path& root, const std::string& inside) {
    return {JailProblem::NotFolder,
            path_text(root) + "/" + inside + " is not a folder; move it away so a folder can take its place"};
}

inline JailError system_error(const std::string& action, const std::filesystem::path& root, const std::string& inside,
                              const std::string& reason) {
    return {JailProblem::System, action + " " + path_text(root) + (inside.empty() ? "" : "/" + inside) + " failed: " + reason};
}

// Why something already at a write's target refuses the write: a link (never written through) or
// anything but a regular file; nothing when the target is a file or missing.
inline std::optional<JailError> write_target_refusal(const std::filesystem::path& root, const std::string& inside, EntryKind kind,
                                                     const std::string& link_target) {
    if (kind == EntryKind::Link)
        return link_refusal(root, inside, link_target);
    if (kind == EntryKind::Folder || kind == EntryKind::Other)
        return JailError{JailProblem::NotFile, path_text(root) + "/" + inside + " exists and is not a regular file; move it away and try again"};
    return std::nullopt;
}

} // namespace jail_detail

} // namespace uap::sdk

#if defined(_WIN32)
#include <uap/sdk/detail/file_jail_windows.hpp>
#else
#include <uap/sdk/detail/file_jail_posix.hpp>
#endif

namespace uap::sdk {

// What does not depend on the platform, on top of the platform's locate, read_file and begin_write.

inline JailResult<JailFile> FileJail::read(std::string_view relative, std::uint64_t max_bytes, ReadPart part) const {
    auto location = jail_detail::locate(*m_handle, relative, Folders::MustExist);
    if (!location)
        return location.error();
    return jail_detail::read_file(*m_handle, location.value(), relative, max_bytes, part);
}

inline JailResult<void> FileJail::write(std::string_view relative, std::string_view content, FileAccess access,
                                        Folders folders) const {
    auto writer = begin_write(relative, access, folders);
    if (!writer)
        return writer.error();
    if (auto appended = writer->append(content); !appended)
        return appended;
    return writer->commit();
}

inline JailWriter::JailWriter(std::unique_ptr<jail_detail::Pending> pending) : m_pending(std::move(pending)) {}
inline JailWriter::JailWriter(JailWriter&&) noexcept = default;
inline JailWriter& JailWriter::operator=(JailWriter&&) noexcept = default;

inline std::filesystem::path FileJail::host_path(std::string_view relative) const {
    return m_root_path / std::filesystem::path(std::u8string(relative.begin(), relative.end()));
}

} // namespace uap::sdk
