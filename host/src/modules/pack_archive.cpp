// Pack archives: Poco's zip reader, driven entry by entry with caps and path checks, and its
// failures put into plain sentences.
#include "modules/pack_archive.hpp"

#include "modules/manifest.hpp"
#include "support/utf8_path.hpp"

#include <Poco/Exception.h>
#include <Poco/Zip/SkipCallback.h>
#include <Poco/Zip/ZipArchive.h>
#include <Poco/Zip/ZipCommon.h>
#include <Poco/Zip/ZipLocalFileHeader.h>
#include <Poco/Zip/ZipStream.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iterator>
#include <optional>
#include <set>
#include <vector>

namespace uap::modules {

namespace fs = std::filesystem;

namespace {

constexpr const char* inconsistent_directory =
    "its central directory is inconsistent (an entry is listed twice, or its headers contradict each other)";

std::string megabytes(uint64_t bytes) { return std::to_string(bytes / (1024 * 1024)) + " MiB"; }

// While Poco reads the archive's entries, notes a second entry of one name before Poco's own
// check stops on it with an assertion (whose text means nothing to a user).
class EntryNames final : public Poco::Zip::SkipCallback {
public:
    bool handleZipEntry(std::istream& zip_stream, const Poco::Zip::ZipLocalFileHeader& header) override {
        if (!m_names.insert(header.getFileName()).second && !m_duplicate)
            m_duplicate = header.getFileName();
        return SkipCallback::handleZipEntry(zip_stream, header);
    }
    const std::optional<std::string>& duplicate() const { return m_duplicate; }

private:
    std::set<std::string> m_names;
    std::optional<std::string> m_duplicate;
};

// The refusal of an archive that cannot be used as it is, with the way out.
Error malformed(const fs::path& archive, const std::string& why) {
    return Error("refused the archive " + utf8::from_path(archive) + ": " + why +
                 ". Re-create the archive from the pack folder (for example `zip -r pack.zip pack-folder`), or install the "
                 "folder itself: `uap-host modules install PACK-FOLDER`");
}

Error reader_failure(const fs::path& archive, const EntryNames& names, const Poco::Exception& exception) {
    if (names.duplicate())
        return malformed(archive, "it holds two entries named \"" + *names.duplicate() +
                                      "\", and which of them would be installed is up to whoever reads it last");
    // Poco checks its own invariants with assertions; one failing here means the archive's central
    // directory contradicts itself (an entry listed twice, or headers that do not match).
    if (dynamic_cast<const Poco::AssertionViolationException*>(&exception) || dynamic_cast<const Poco::BugcheckException*>(&exception))
        return malformed(archive, inconsistent_directory);
    return malformed(archive, "it is damaged or not a zip file (the zip reader stopped at: " + exception.message() + ")");
}

// Whether the central directory lists exactly the entries found in the archive, once each (Poco
// keeps the first of two listings of one name and moves on; its extraction then reads the wrong bytes).
bool directory_matches_entries(const Poco::Zip::ZipArchive& zip) {
    if (std::distance(zip.headerBegin(), zip.headerEnd()) != std::distance(zip.fileInfoBegin(), zip.fileInfoEnd()))
        return false;
    return std::all_of(zip.fileInfoBegin(), zip.fileInfoEnd(), [&](const auto& info) { return zip.findHeader(info.first) != zip.headerEnd(); });
}

// The same file on any file system: separators unified and ASCII case folded (Windows and macOS
// fold case, so "Data.bin" and "data.bin" are one file there).
std::string landing_key(const fs::path& relative) {
    std::string key = utf8::from_path(relative);
    std::replace(key.begin(), key.end(), '\\', '/');
    std::transform(key.begin(), key.end(), key.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return key;
}

} // namespace

Expected<fs::path> pack_root_in(const fs::path& extracted) {
    if (fs::exists(extracted / manifest_file_name))
        return extracted;
    std::vector<fs::path> folders;
    for (auto& entry : fs::directory_iterator(extracted))
        if (entry.is_directory())
            folders.push_back(entry.path());
    if (folders.size() == 1 && fs::exists(folders[0] / manifest_file_name))
        return folders[0];
    return Error(std::string("the archive holds no ") + manifest_file_name + " at its top level or in a single top-level folder");
}

// Extracts entry by entry with Poco's zip reader, counting the bytes really written, so a zip
// bomb stops at the cap instead of filling the disk. Entry paths must stay inside the folder.
Expected<void> extract_pack_archive(const fs::path& archive, const sdk::FileJail& plugins, const std::string& destination,
                                    const ArchiveLimits& limits) {
    std::ifstream input(archive, std::ios::binary);
    if (!input)
        return Error("cannot open " + utf8::from_path(archive));
    const std::string raise = " (a pack this large is unusual; if you trust it, raise the limit with "
                              "`uap-host modules install PATH --max-total-mib N --max-entry-mib N --max-entries N`)";
    EntryNames names;
    std::optional<Poco::Zip::ZipArchive> zip;
    try {
        zip.emplace(input, names);
    } catch (const Poco::Exception& exception) {
        return reader_failure(archive, names, exception);
    }
    if (names.duplicate())
        return reader_failure(archive, names, Poco::DataFormatException("duplicate entry"));
    if (zip->fileInfoBegin() == zip->fileInfoEnd() && zip->headerBegin() != zip->headerEnd())
        return malformed(archive, "it is damaged or not a zip file (it ends before its central directory, as a cut-off download does)");
    if (!directory_matches_entries(*zip))
        return malformed(archive, inconsistent_directory);
    input.clear();
    try {
        uint64_t entries = static_cast<uint64_t>(std::distance(zip->headerBegin(), zip->headerEnd()));
        if (entries > limits.max_entries)
            return Error("the archive has " + std::to_string(entries) + " entries; the limit is " + std::to_string(limits.max_entries) + raise);
        if (auto made = plugins.make_folders(destination); !made)
            return Error(made.error().message);
        uint64_t total = 0;
        std::set<std::string> landed;
        std::vector<char> buffer(64 * 1024);
        for (auto it = zip->headerBegin(); it != zip->headerEnd(); ++it) {
            const Poco::Zip::ZipLocalFileHeader& header = it->second;
            const std::string& name = header.getFileName();
            // The jail's own rules decide what an entry path may hold, and every write goes through it.
            auto components = sdk::split_beneath(name);
            if (!Poco::Zip::ZipCommon::isValidPath(name) || !components)
                return Error("the archive entry \"" + name + "\" would land outside the pack folder");
            std::string inside = sdk::join_components(components.value(), components->size());
            fs::path relative = utf8::to_path(inside);
            std::string target = destination + "/" + inside;
            if (header.isDirectory()) {
                if (auto made = plugins.make_folders(target); !made)
                    return Error(made.error().message);
                continue;
            }
            if (!landed.insert(landing_key(relative)).second)
                return malformed(archive, "two of its entries (one is \"" + name + "\") would be written to the same file");
            if (header.isEncrypted() || !header.hasSupportedCompressionMethod())
                return Error("the archive entry \"" + name + "\" is encrypted or uses an unsupported compression method");
            if (header.getUncompressedSize() > limits.max_entry_bytes)
                return Error("the archive entry \"" + name + "\" declares " + megabytes(header.getUncompressedSize()) +
                             "; the limit per entry is " + megabytes(limits.max_entry_bytes) + raise);
            auto output = plugins.begin_write(target);
            if (!output)
                return Error(output.error().message);
            Poco::Zip::ZipInputStream entry(input, header);
            uint64_t written = 0;
            while (entry) {
                entry.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
                auto got = static_cast<uint64_t>(entry.gcount());
                if (got == 0)
                    break;
                written += got;
                total += got;
                if (written > limits.max_entry_bytes)
                    return Error("the archive entry \"" + name + "\" expands past the limit per entry of " +
                                 megabytes(limits.max_entry_bytes) + " (a zip bomb?)" + raise);
                if (total > limits.max_total_bytes)
                    return Error("the archive expands past the total limit of " + megabytes(limits.max_total_bytes) + " (a zip bomb?)" + raise);
                if (auto appended = output->append(std::string_view(buffer.data(), static_cast<size_t>(got))); !appended)
                    return Error(appended.error().message);
            }
            if (auto committed = output->commit(); !committed)
                return Error(committed.error().message);
        }
    } catch (const Poco::Exception& exception) {
        return reader_failure(archive, names, exception);
    } catch (const std::exception& exception) {
        return malformed(archive, std::string("it could not be read (") + exception.what() + ")");
    }
    return {};
}

} // namespace uap::modules
