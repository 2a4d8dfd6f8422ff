// What outlives a fault, in the project's state folder: packs a running host disabled after
// repeated runner crashes (so `modules list` in another process can say so), and the record an
// in-process pack's fatal signal leaves behind (so the next start can name the pack and tool).
#pragma once

#include "support/expected.hpp"

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>

namespace uap::modules {

// Packs the host with this pid disabled for its run: pack id → reason.
struct DisabledPacks {
    int64_t pid = 0;
    std::map<std::string, std::string> packs;
};

std::filesystem::path disabled_packs_file(const std::filesystem::path& project);
// Adds the pack to the file of the host with this pid (a file of another pid is replaced).
Expected<void> record_disabled_pack(const std::filesystem::path& project, int64_t pid, const std::string& pack_id,
                                    const std::string& reason);
// The file's content; nullopt when there is none or it cannot be read.
std::optional<DisabledPacks> read_disabled_packs(const std::filesystem::path& project);

// The crash record of an in-process pack, as the fatal-signal handler wrote it.
struct CrashRecord {
    std::string pack;
    std::string tool;
    int signal = 0;
};

std::filesystem::path crash_record_file(const std::filesystem::path& project);

// Installs handlers for SIGSEGV, SIGBUS, SIGFPE, SIGILL and SIGABRT that write which pack and
// tool the crashing thread was running into crash_record_file(project) and onto stderr, then let
// the signal end the process as it would have. Only async-signal-safe calls run in the handler.
void install_crash_recorder(const std::filesystem::path& project);

// Marks the calling thread as running a pack's tool for the crash recorder, for its lifetime.
class RunningToolMark {
public:
    RunningToolMark(const std::string& pack, std::string_view tool);
    ~RunningToolMark();
    RunningToolMark(const RunningToolMark&) = delete;
    RunningToolMark& operator=(const RunningToolMark&) = delete;

private:
    std::string m_record; // The crash file's content, prepared before anything can go wrong.
    const char* m_previous;
};

// Reads and removes the crash record; nullopt when the last run left none.
std::optional<CrashRecord> take_crash_record(const std::filesystem::path& project);

// "the last run ended in a crash in <pack>:<tool> (signal 11, SIGSEGV); ..." with the command that isolates the pack.
std::string describe_crash(const CrashRecord& record, const std::filesystem::path& project);

} // namespace uap::modules
