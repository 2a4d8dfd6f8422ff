// The file-system jail on Windows (see file_jail.hpp): Windows has no openat, so each folder on the
// way is opened in turn with FILE_FLAG_OPEN_REPARSE_POINT, refused when it is a reparse point
// (symbolic link, junction, mount point), and held open without delete sharing until the operation
// ends, so none of them can be renamed or replaced by a link meanwhile.
#pragma once

#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
// No GDI: nothing here draws, and wingdi.h's GetObject macro would rename RapidJSON's GetObject()
// in every file that includes the jail.
#ifndef NOGDI
#define NOGDI
#endif
#include <windows.h>

#include <algorithm>
#include <random>

namespace uap::sdk {

namespace jail_detail {

// An owned handle.
class Handle {
public:
    Handle() = default;
    explicit Handle(HANDLE handle) : m_handle(handle) {}
    Handle(Handle&& other) noexcept : m_handle(std::exchange(other.m_handle, INVALID_HANDLE_VALUE)) {}
    Handle& operator=(Handle&& other) noexcept {
        if (this != &other) {
            reset();
            m_handle = std::exchange(other.m_handle, INVALID_HANDLE_VALUE);
        }
        return *this;
    }
    Handle(const Handle&) = delete;
    Handle& operator=(const Handle&) = delete;
    ~Handle() { reset(); }
    HANDLE get() const { return m_handle; }
    bool valid() const { return m_handle != INVALID_HANDLE_VALUE && m_handle != nullptr; }
    void reset() {
        if (valid())
            ::CloseHandle(m_handle);
        m_handle = INVALID_HANDLE_VALUE;
    }

private:
    HANDLE m_handle = INVALID_HANDLE_VALUE;
};

class Root {
public:
    Root(std::filesystem::path path, Handle handle) : m_path(std::move(path)), m_handle(std::move(handle)) {}
    const std::filesystem::path& path() const { return m_path; }

private:
    std::filesystem::path m_path;
    Handle m_handle;  // Held so the root cannot be renamed or deleted while the jail lives.
};

// The current user's SID (the TokenUser of this process), as bytes; empty when it cannot be read.
inline std::vector<unsigned char> current_user_sid() {
    HANDLE token = nullptr;
    if (!::OpenProcessToken(::GetCurrentProcess(), TOKEN_QUERY, &token))
        return {};
    DWORD size = 0;
    ::GetTokenInformation(token, TokenUser, nullptr, 0, &size);
    std::vector<unsigned char> buffer(size);
    bool read = size > 0 && ::GetTokenInformation(token, TokenUser, buffer.data(), size, &size);
    ::CloseHandle(token);
    if (!read)
        return {};
    auto* user = reinterpret_cast<TOKEN_USER*>(buffer.data());
    DWORD length = ::GetLengthSid(user->User.Sid);
    std::vector<unsigned char> sid(length);
    ::CopySid(length, sid.data(), user->User.Sid);
    return sid;
}

// A security descriptor whose protected DACL grants the current user full access and nobody else
// anything (no inherited entries); attributes() is null when the user's SID cannot be read.
class OwnerOnlySecurity {
public:
    OwnerOnlySecurity() : m_user(current_user_sid()) {
        if (m_user.empty())
            return;
        DWORD acl_size = sizeof(ACL) + sizeof(ACCESS_ALLOWED_ACE) + static_cast<DWORD>(m_user.size());
        m_acl.resize(acl_size);
        auto* acl = reinterpret_cast<ACL*>(m_acl.data());
        if (!::InitializeAcl(acl, acl_size, ACL_REVISION) || !::AddAccessAllowedAce(acl, ACL_REVISION, GENERIC_ALL, m_user.data()))
            return;
        if (!::InitializeSecurityDescriptor(&m_descriptor, SECURITY_DESCRIPTOR_REVISION) ||
            !::SetSecurityDescriptorDacl(&m_descriptor, TRUE, acl, FALSE) ||
            !::SetSecurityDescriptorControl(&m_descriptor, SE_DACL_PROTECTED, SE_DACL_PROTECTED))
            return;
        m_attributes.nLength = sizeof(m_attributes);
        m_attributes.lpSecurityDescriptor = &m_descriptor;
        m_attributes.bInheritHandle = FALSE;
        m_ready = true;
    }
    OwnerOnlySecurity(const OwnerOnlySecurity&) = delete;  // attributes() points into this object.
    OwnerOnlySecurity& operator=(const OwnerOnlySecurity&) = delete;
    SECURITY_ATTRIBUTES* attributes() { return m_ready ? &m_attributes : nullptr; }

private:
    std::vector<unsigned char> m_user;
    std::vector<unsigned char> m_acl;
    SECURITY_DESCRIPTOR m_descriptor{};
    SECURITY_ATTRIBUTES m_attributes{};
    bool m_ready = false;
};

inline std::string reason(DWORD error_number) {
    char* text = nullptr;
    DWORD length = ::FormatMessageA(FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS,
                                    nullptr, error_number, 0, reinterpret_cast<char*>(&text), 0, nullptr);
    std::string message = length && text ? std::string(text, length) : "error " + std::to_string(error_number);
    if (text)
        ::LocalFree(text);
    while (!message.empty() && (message.back() == '\n' || message.back() == '\r' || message.back() == '.'))
        message.pop_back();
    return message;
}

inline std::filesystem::path component_path(const std::string& component) {
    return std::filesystem::path(std::u8string(component.begin(), component.end()));
}

inline bool is_missing(DWORD error_number) {
    return error_number == ERROR_FILE_NOT_FOUND || error_number == ERROR_PATH_NOT_FOUND;
}

// What is at `path`, never followed.
inline JailResult<EntryKind> entry_kind_at(const Root& root, const std::filesystem::path& path, const std::string& inside) {
    DWORD attributes = ::GetFileAttributesW(path.c_str());
    if (attributes == INVALID_FILE_ATTRIBUTES) {
        DWORD error_number = ::GetLastError();
        if (is_missing(error_number))
            return EntryKind::Missing;
        return system_error("looking at", root.path(), inside, reason(error_number));
    }
    if (attributes & FILE_ATTRIBUTE_REPARSE_POINT)
        return EntryKind::Link;
    if (attributes & FILE_ATTRIBUTE_DIRECTORY)
        return EntryKind::Folder;
    if (attributes & FILE_ATTRIBUTE_DEVICE)
        return EntryKind::Other;
    return EntryKind::File;
}

// Opens a folder without following it, refusing a reparse point.
inline JailResult<Handle> hold_folder(const Root& root, const std::filesystem::path& path, const std::string& inside) {
    Handle folder(::CreateFileW(path.c_str(), FILE_READ_ATTRIBUTES, FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr, OPEN_EXISTING,
                                FILE_FLAG_BACKUP_SEMANTICS | FILE_FLAG_OPEN_REPARSE_POINT, nullptr));
    if (!folder.valid()) {
        DWORD error_number = ::GetLastError();
        if (is_missing(error_number))
            return missing(root.path(), inside);
        return system_error("opening", root.path(), inside, reason(error_number));
    }
    BY_HANDLE_FILE_INFORMATION information{};
    if (!::GetFileInformationByHandle(folder.get(), &information))
        return system_error("looking at", root.path(), inside, reason(::GetLastError()));
    if (information.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT)
        return link_refusal(root.path(), inside, "");
    if (!(information.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY))
        return not_folder(root.path(), inside);
    return folder;
}

// A path's folders, each held open, and its last component.
struct Location {
    std::vector<Handle> held;
    std::filesystem::path folder;  // The host path of the parent folder.
    std::string name;
    std::string inside;
    std::filesystem::path path() const { return folder / component_path(name); }
};

inline JailResult<Location> hold_folders(const Root& root, const std::vector<std::string>& components, std::size_t count,
                                         Folders folders) {
    Location location;
    location.folder = root.path();
    for (std::size_t index = 0; index < count; ++index) {
        std::filesystem::path next = location.folder / component_path(components[index]);
        std::string inside = join_components(components, index + 1);
        auto held = hold_folder(root, next, inside);
        if (!held && held.error().problem == JailProblem::Missing && folders == Folders::Create) {
            if (!::CreateDirectoryW(next.c_str(), nullptr) && ::GetLastError() != ERROR_ALREADY_EXISTS)
                return system_error("creating", root.path(), inside, reason(::GetLastError()));
            held = hold_folder(root, next, inside);
        }
        if (!held)
            return held.error();
        location.held.push_back(std::move(held.value()));
        location.folder = next;
    }
    return location;
}

inline JailResult<Location> locate(const Root& root, std::string_view relative, Folders folders) {
    auto components = split_beneath(relative);
    if (!components)
        return components.error();
    auto& parts = components.value();
    auto location = hold_folders(root, parts, parts.size() - 1, folders);
    if (!location)
        return location.error();
    location->name = parts.back();
    location->inside = join_components(parts, parts.size());
    return location;
}

inline JailResult<JailFile> read_file(const Root& root, const Location& location, std::string_view relative,
                                      std::uint64_t max_bytes, ReadPart part = ReadPart::Whole) {
    // A tail is read from a file another process is writing (the editor's log), so writers are shared.
    DWORD sharing = part == ReadPart::Tail ? FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE : FILE_SHARE_READ;
    Handle file(::CreateFileW(location.path().c_str(), GENERIC_READ, sharing, nullptr, OPEN_EXISTING,
                              FILE_FLAG_OPEN_REPARSE_POINT, nullptr));
    if (!file.valid()) {
        DWORD error_number = ::GetLastError();
        auto kind = entry_kind_at(root, location.path(), location.inside);
        if (kind && kind.value() == EntryKind::Folder)
            return JailError{JailProblem::NotFile, path_text(root.path()) + "/" + location.inside + " is not a regular file"};
        if (is_missing(error_number))
            return missing(root.path(), location.inside);
        return system_error("opening", root.path(), location.inside, reason(error_number));
    }
    BY_HANDLE_FILE_INFORMATION information{};
    if (!::GetFileInformationByHandle(file.get(), &information))
        return system_error("looking at", root.path(), location.inside, reason(::GetLastError()));
    if (information.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT)
        return link_refusal(root.path(), location.inside, "");
    if (information.dwFileAttributes & (FILE_ATTRIBUTE_DIRECTORY | FILE_ATTRIBUTE_DEVICE))
        return JailError{JailProblem::NotFile, path_text(root.path()) + "/" + location.inside + " is not a regular file"};
    std::uint64_t size = (static_cast<std::uint64_t>(information.nFileSizeHigh) << 32) | information.nFileSizeLow;
    if (size > max_bytes && part == ReadPart::Whole)
        return JailError{JailProblem::TooLarge, path_text(root.path()) + "/" + location.inside + " is " + std::to_string(size) +
                                                    " bytes; the limit is " + std::to_string(max_bytes)};
    if (size > max_bytes) {
        LARGE_INTEGER offset{};
        offset.QuadPart = static_cast<LONGLONG>(size - max_bytes);
        if (!::SetFilePointerEx(file.get(), offset, nullptr, FILE_BEGIN))
            return system_error("seeking in", root.path(), location.inside, reason(::GetLastError()));
    }
    std::string content;
    char buffer[65536];
    for (;;) {
        DWORD got = 0;
        if (!::ReadFile(file.get(), buffer, sizeof buffer, &got, nullptr))
            return system_error("reading", root.path(), location.inside, reason(::GetLastError()));
        if (got == 0)
            break;
        // A tail keeps what fits: the log may have grown since the seek.
        if (content.size() + got > max_bytes && part == ReadPart::Tail) {
            content.append(buffer, static_cast<std::size_t>(max_bytes - content.size()));
            break;
        }
        if (content.size() + got > max_bytes)
            return JailError{JailProblem::TooLarge, path_text(root.path()) + "/" + location.inside +
                                                        " is larger than the limit of " + std::to_string(max_bytes) + " bytes"};
        content.append(buffer, got);
    }
    return JailFile{std::string(relative), std::move(content), information.dwVolumeSerialNumber,
                    (static_cast<std::uint64_t>(information.nFileIndexHigh) << 32) | information.nFileIndexLow};
}

inline std::wstring temporary_name() {
    std::random_device device;
    std::uniform_int_distribution<unsigned long long> digits;
    wchar_t text[17];
    std::swprintf(text, 17, L"%016llx", digits(device));
    return L".uap-write-" + std::wstring(text) + L".tmp";
}

// A temporary file being written beside its target (JailWriter); the folders above stay held.
struct Pending {
    std::shared_ptr<Root> root;
    std::vector<Handle> held;
    Handle file;
    std::filesystem::path temporary;
    std::filesystem::path target;
    std::string inside;
};

// Removes every entry inside `folder`, depth-first, removing reparse points as entries.
inline JailResult<void> empty_folder(const Root& root, const std::filesystem::path& folder, const std::string& inside, int depth) {
    if (depth > 128)
        return system_error("removing", root.path(), inside, "folders are nested more than 128 deep");
    WIN32_FIND_DATAW found{};
    HANDLE search = ::FindFirstFileW((folder / L"*").c_str(), &found);
    if (search == INVALID_HANDLE_VALUE)
        return {};
    std::vector<WIN32_FIND_DATAW> entries;
    do {
        if (std::wcscmp(found.cFileName, L".") != 0 && std::wcscmp(found.cFileName, L"..") != 0)
            entries.push_back(found);
    } while (::FindNextFileW(search, &found));
    ::FindClose(search);
    for (const auto& entry : entries) {
        std::filesystem::path child = folder / entry.cFileName;
        std::string child_inside = inside + "/" + path_text(std::filesystem::path(entry.cFileName));
        bool reparse = entry.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT;
        bool directory = entry.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY;
        if (directory && !reparse)
            if (auto emptied = empty_folder(root, child, child_inside, depth + 1); !emptied)
                return emptied;
        // A junction or directory link is removed with RemoveDirectory, which never touches its target.
        BOOL removed = directory ? ::RemoveDirectoryW(child.c_str()) : ::DeleteFileW(child.c_str());
        if (!removed && !is_missing(::GetLastError()))
            return system_error("removing", root.path(), child_inside, reason(::GetLastError()));
    }
    return {};
}

} // namespace jail_detail

inline JailResult<FileJail> FileJail::open(const std::filesystem::path& root, RootLinks links) {
    DWORD flags = FILE_FLAG_BACKUP_SEMANTICS | (links == RootLinks::Refuse ? FILE_FLAG_OPEN_REPARSE_POINT : 0);
    jail_detail::Handle handle(
        ::CreateFileW(root.c_str(), FILE_READ_ATTRIBUTES, FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr, OPEN_EXISTING, flags, nullptr));
    if (!handle.valid()) {
        DWORD error_number = ::GetLastError();
        if (jail_detail::is_missing(error_number))
            return JailError{JailProblem::Missing, jail_detail::path_text(root) + " does not exist"};
        return jail_detail::system_error("opening", root, "", jail_detail::reason(error_number));
    }
    BY_HANDLE_FILE_INFORMATION information{};
    if (!::GetFileInformationByHandle(handle.get(), &information))
        return jail_detail::system_error("looking at", root, "", jail_detail::reason(::GetLastError()));
    if (links == RootLinks::Refuse && (information.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT))
        return jail_detail::link_refusal(root.parent_path(), jail_detail::path_text(root.filename()), "");
    if (!(information.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY))
        return JailError{JailProblem::NotFolder, jail_detail::path_text(root) + " is not a folder"};
    return FileJail(root, std::make_shared<jail_detail::Root>(root, std::move(handle)));
}

inline JailResult<EntryKind> FileJail::kind(std::string_view relative) const {
    auto location = jail_detail::locate(*m_handle, relative, Folders::MustExist);
    if (!location) {
        if (location.error().problem == JailProblem::Missing)
            return EntryKind::Missing;
        return location.error();
    }
    return jail_detail::entry_kind_at(*m_handle, location->path(), location->inside);
}

inline JailResult<JailWriter> FileJail::begin_write(std::string_view relative, FileAccess access, Folders folders) const {
    auto location = jail_detail::locate(*m_handle, relative, folders);
    if (!location)
        return location.error();
    auto& place = location.value();
    auto existing = jail_detail::entry_kind_at(*m_handle, place.path(), place.inside);
    if (!existing)
        return existing.error();
    if (auto refusal = jail_detail::write_target_refusal(m_root_path, place.inside, existing.value(), ""))
        return *refusal;
    auto pending = std::make_unique<jail_detail::Pending>();
    pending->root = m_handle;
    pending->temporary = place.folder / jail_detail::temporary_name();
    jail_detail::OwnerOnlySecurity owner_only;
    if (access == FileAccess::OwnerOnly && !owner_only.attributes())
        return jail_detail::system_error("creating", m_root_path, place.inside,
                                         "the current user's SID cannot be read to make the file owner-only");
    pending->file = jail_detail::Handle(::CreateFileW(pending->temporary.c_str(), GENERIC_WRITE, 0,
                                                      access == FileAccess::OwnerOnly ? owner_only.attributes() : nullptr,
                                                      CREATE_NEW, FILE_ATTRIBUTE_NORMAL, nullptr));
    if (!pending->file.valid())
        return jail_detail::system_error("creating a temporary file beside", m_root_path, place.inside,
                                         jail_detail::reason(::GetLastError()));
    pending->target = place.path();
    pending->inside = place.inside;
    pending->held = std::move(place.held);
    return JailWriter(std::move(pending));
}

inline JailWriter::~JailWriter() {
    if (m_pending && m_pending->file.valid()) {
        m_pending->file.reset();
        ::DeleteFileW(m_pending->temporary.c_str());
    }
}

inline JailResult<void> JailWriter::append(std::string_view bytes) {
    if (!m_pending || !m_pending->file.valid())
        return JailError{JailProblem::System, "the file was already committed or abandoned"};
    std::size_t offset = 0;
    while (offset < bytes.size()) {
        DWORD put = 0;
        DWORD chunk = static_cast<DWORD>(std::min<std::size_t>(bytes.size() - offset, 1u << 30));
        if (!::WriteFile(m_pending->file.get(), bytes.data() + offset, chunk, &put, nullptr))
            return jail_detail::system_error("writing", m_pending->root->path(), m_pending->inside, jail_detail::reason(::GetLastError()));
        offset += put;
    }
    return {};
}

inline JailResult<void> JailWriter::commit() {
    if (!m_pending || !m_pending->file.valid())
        return JailError{JailProblem::System, "the file was already committed or abandoned"};
    auto& pending = *m_pending;
    JailResult<void> done;
    if (!::FlushFileBuffers(pending.file.get()))
        done = jail_detail::system_error("flushing", pending.root->path(), pending.inside, jail_detail::reason(::GetLastError()));
    pending.file.reset();
    // MoveFileEx replaces the directory entry: a link planted at the name meanwhile is replaced, not followed.
    if (done && !::MoveFileExW(pending.temporary.c_str(), pending.target.c_str(), MOVEFILE_REPLACE_EXISTING))
        done = jail_detail::system_error("replacing", pending.root->path(), pending.inside, jail_detail::reason(::GetLastError()));
    if (!done)
        ::DeleteFileW(pending.temporary.c_str());
    return done;
}

inline JailResult<void> FileJail::make_folders(std::string_view relative, FileAccess) const {
    auto components = split_beneath(relative);
    if (!components)
        return components.error();
    auto location = jail_detail::hold_folders(*m_handle, components.value(), components->size(), Folders::Create);
    if (!location)
        return location.error();
    return {};
}

inline JailResult<void> FileJail::remove_read(const JailFile& file) const {
    auto location = jail_detail::locate(*m_handle, file.relative, Folders::MustExist);
    if (!location)
        return location.error();
    // Opened with DELETE access and deleted through this very handle, so the file checked is the file removed.
    jail_detail::Handle handle(::CreateFileW(location->path().c_str(), GENERIC_READ | DELETE, FILE_SHARE_READ, nullptr,
                                             OPEN_EXISTING, FILE_FLAG_OPEN_REPARSE_POINT, nullptr));
    auto changed = [&] {
        return JailError{JailProblem::Changed, jail_detail::path_text(m_root_path) + "/" + location->inside +
                                                   " changed after it was read; it was left in place"};
    };
    if (!handle.valid())
        return changed();
    BY_HANDLE_FILE_INFORMATION information{};
    if (!::GetFileInformationByHandle(handle.get(), &information) ||
        (information.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT) || information.dwVolumeSerialNumber != file.device ||
        ((static_cast<std::uint64_t>(information.nFileIndexHigh) << 32) | information.nFileIndexLow) != file.identity)
        return changed();
    std::string content(file.content.size() + 1, '\0');
    DWORD got = 0;
    if (!::ReadFile(handle.get(), content.data(), static_cast<DWORD>(content.size()), &got, nullptr) ||
        std::string_view(content.data(), got) != file.content)
        return changed();
    FILE_DISPOSITION_INFO disposition{TRUE};
    if (!::SetFileInformationByHandle(handle.get(), FileDispositionInfo, &disposition, sizeof disposition))
        return jail_detail::system_error("removing", m_root_path, location->inside, jail_detail::reason(::GetLastError()));
    return {};
}

inline JailResult<void> FileJail::remove_entry(std::string_view relative) const {
    auto location = jail_detail::locate(*m_handle, relative, Folders::MustExist);
    if (!location)
        return location.error().problem == JailProblem::Missing ? JailResult<void>() : JailResult<void>(location.error());
    DWORD attributes = ::GetFileAttributesW(location->path().c_str());
    if (attributes == INVALID_FILE_ATTRIBUTES)
        return {};
    BOOL removed = (attributes & FILE_ATTRIBUTE_DIRECTORY) ? ::RemoveDirectoryW(location->path().c_str())
                                                           : ::DeleteFileW(location->path().c_str());
    if (!removed && !jail_detail::is_missing(::GetLastError()))
        return jail_detail::system_error("removing", m_root_path, location->inside, jail_detail::reason(::GetLastError()));
    return {};
}

inline JailResult<void> FileJail::remove_tree(std::string_view relative) const {
    auto location = jail_detail::locate(*m_handle, relative, Folders::MustExist);
    if (!location)
        return location.error().problem == JailProblem::Missing ? JailResult<void>() : JailResult<void>(location.error());
    auto kind = jail_detail::entry_kind_at(*m_handle, location->path(), location->inside);
    if (!kind)
        return kind.error();
    if (kind.value() == EntryKind::Folder)
        if (auto emptied = jail_detail::empty_folder(*m_handle, location->path(), location->inside, 0); !emptied)
            return emptied;
    location.value().held.clear();
    return remove_entry(relative);
}

inline JailResult<void> FileJail::rename(std::string_view from, std::string_view to) const {
    auto source = jail_detail::locate(*m_handle, from, Folders::MustExist);
    if (!source)
        return source.error();
    auto target = jail_detail::locate(*m_handle, to, Folders::Create);
    if (!target)
        return target.error();
    auto existing = jail_detail::entry_kind_at(*m_handle, target->path(), target->inside);
    if (!existing)
        return existing.error();
    if (existing.value() == EntryKind::Folder)
        return JailError{JailProblem::NotFile, jail_detail::path_text(m_root_path) + "/" + target->inside +
                                                   " is a folder; remove it before moving something to its name"};
    // The folders above both names are held open, so the move happens where it was checked; moving a
    // folder that is itself held (a parent of `to`) fails with a sharing error, as it should.
    if (!::MoveFileExW(source->path().c_str(), target->path().c_str(), MOVEFILE_REPLACE_EXISTING))
        return jail_detail::system_error("renaming " + source->inside + " to", m_root_path, target->inside,
                                         jail_detail::reason(::GetLastError()));
    return {};
}

inline JailResult<std::vector<JailEntry>> FileJail::list(std::string_view folder, std::size_t max_entries) const {
    std::filesystem::path start = m_root_path;
    std::string inside;
    std::vector<jail_detail::Handle> held;
    if (!folder.empty() && folder != ".") {
        auto components = split_beneath(folder);
        if (!components)
            return components.error();
        auto location = jail_detail::hold_folders(*m_handle, components.value(), components->size(), Folders::MustExist);
        if (!location)
            return location.error();
        start = location->folder;
        held = std::move(location->held);
        inside = join_components(components.value(), components->size());
    }
    std::vector<JailEntry> entries;
    std::vector<std::pair<std::filesystem::path, std::string>> pending{{start, ""}};
    while (!pending.empty()) {
        auto [current, prefix] = std::move(pending.back());
        pending.pop_back();
        if (std::count(prefix.begin(), prefix.end(), '/') > 64)
            return JailError{JailProblem::TooLarge, jail_detail::path_text(m_root_path) + "/" + inside +
                                                        " has folders nested more than 64 deep"};
        WIN32_FIND_DATAW found{};
        HANDLE search = ::FindFirstFileW((current / L"*").c_str(), &found);
        if (search == INVALID_HANDLE_VALUE)
            continue;
        do {
            if (std::wcscmp(found.cFileName, L".") == 0 || std::wcscmp(found.cFileName, L"..") == 0)
                continue;
            if (entries.size() == max_entries) {
                ::FindClose(search);
                return JailError{JailProblem::TooLarge, jail_detail::path_text(m_root_path) + "/" + inside + " holds more than " +
                                                            std::to_string(max_entries) + " entries"};
            }
            std::string name = jail_detail::path_text(std::filesystem::path(found.cFileName));
            EntryKind kind = (found.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT) ? EntryKind::Link
                             : (found.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY)   ? EntryKind::Folder
                                                                                     : EntryKind::File;
            std::uint64_t size = (static_cast<std::uint64_t>(found.nFileSizeHigh) << 32) | found.nFileSizeLow;
            entries.push_back({prefix + name, kind, size});
            if (kind == EntryKind::Folder)
                pending.emplace_back(current / found.cFileName, prefix + name + "/");
        } while (::FindNextFileW(search, &found));
        ::FindClose(search);
    }
    std::sort(entries.begin(), entries.end(), [](const JailEntry& left, const JailEntry& right) { return left.relative < right.relative; });
    return entries;
}

} // namespace uap::sdk
