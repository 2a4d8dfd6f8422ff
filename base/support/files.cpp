// File helpers for the host's own files (settings, tokens, records), all through the SDK's
// file-system jail, so the host never writes, reads or deletes through a planted link.
#include "support/files.hpp"
#include "support/utf8_path.hpp"

#include <Poco/DateTimeFormatter.h>
#include <Poco/Timestamp.h>

#include <system_error>

namespace uap::files {

namespace fs = std::filesystem;

namespace {

Error from_jail(const sdk::JailError& error) { return Error(error.message); }

// The jail of `folder`, creating the folder first when it is missing: from its nearest existing
// ancestor (which the caller vouches for), never through a link below that ancestor.
Expected<sdk::FileJail> created_folder_jail(const fs::path& folder, sdk::RootLinks links) {
    auto opened = sdk::FileJail::open(folder, links);
    if (opened)
        return std::move(opened.value());
    if (opened.error().problem != sdk::JailProblem::Missing)
        return from_jail(opened.error());
    fs::path existing = folder;
    fs::path missing;
    std::error_code error;
    while (!fs::exists(fs::symlink_status(existing, error)) && existing.has_relative_path()) {
        missing = missing.empty() ? existing.filename() : existing.filename() / missing;
        existing = existing.parent_path();
    }
    auto base = sdk::FileJail::open(existing);
    if (!base)
        return from_jail(base.error());
    if (auto made = base->make_folders(utf8::generic_from_path(missing)); !made)
        return from_jail(made.error());
    auto created = sdk::FileJail::open(folder, links);
    if (!created)
        return from_jail(created.error());
    return std::move(created.value());
}

} // namespace

Expected<sdk::FileJail> folder_jail(const fs::path& folder) { return created_folder_jail(folder, sdk::RootLinks::Follow); }

Expected<fs::path> ensure_real_folders(const fs::path& base, const fs::path& relative, Visibility visibility) {
    auto root = created_folder_jail(base, sdk::RootLinks::Follow);
    if (!root)
        return root.error();
    auto access = visibility == Visibility::OwnerOnly ? sdk::FileAccess::OwnerOnly : sdk::FileAccess::Shared;
    if (auto made = root->make_folders(utf8::generic_from_path(relative), access); !made)
        return from_jail(made.error());
    return base / relative;
}

namespace {

Expected<std::string> read_part(const fs::path& path, uint64_t max_bytes, Links links, sdk::ReadPart part) {
    // The folder is the caller's; Links::Refuse refuses a link at the file itself.
    auto folder = sdk::FileJail::open(path.parent_path(), sdk::RootLinks::Follow);
    if (!folder)
        return from_jail(folder.error());
    std::string name = utf8::from_path(path.filename());
    if (links == Links::Follow) {
        auto kind = folder->kind(name);
        if (kind && kind.value() == sdk::EntryKind::Link) {
            std::error_code error;
            fs::path target = fs::canonical(path, error);
            if (error)
                return Error("cannot read " + utf8::from_path(path) + ": " + error.message());
            return read_part(target, max_bytes, Links::Refuse, part);
        }
    }
    auto file = folder->read(name, max_bytes, part);
    if (!file)
        return from_jail(file.error());
    return std::move(file->content);
}

} // namespace

Expected<std::string> read(const fs::path& path, uint64_t max_bytes, Links links) {
    return read_part(path, max_bytes, links, sdk::ReadPart::Whole);
}

Expected<std::string> read_tail(const fs::path& path, uint64_t max_bytes) {
    return read_part(path, max_bytes, Links::Follow, sdk::ReadPart::Tail);
}

Expected<void> write_atomically(const fs::path& path, const std::string& content, Visibility visibility) {
    // The folder itself may not be a link either: the host's files live in real folders.
    auto folder = created_folder_jail(path.parent_path(), sdk::RootLinks::Refuse);
    if (!folder)
        return folder.error();
    auto access = visibility == Visibility::OwnerOnly ? sdk::FileAccess::OwnerOnly : sdk::FileAccess::Shared;
    if (auto written = folder->write(utf8::from_path(path.filename()), content, access, sdk::Folders::MustExist); !written)
        return from_jail(written.error());
    return {};
}

Expected<void> remove(const fs::path& path) {
    auto folder = sdk::FileJail::open(path.parent_path(), sdk::RootLinks::Follow);
    if (!folder)
        return folder.error().problem == sdk::JailProblem::Missing ? Expected<void>() : Expected<void>(from_jail(folder.error()));
    if (auto removed = folder->remove_entry(utf8::from_path(path.filename())); !removed)
        return from_jail(removed.error());
    return {};
}

Expected<void> rename_in_folder(const fs::path& path, const fs::path& new_name) {
    auto folder = sdk::FileJail::open(path.parent_path(), sdk::RootLinks::Follow);
    if (!folder)
        return from_jail(folder.error());
    if (auto renamed = folder->rename(utf8::from_path(path.filename()), utf8::from_path(new_name.filename())); !renamed)
        return from_jail(renamed.error());
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
