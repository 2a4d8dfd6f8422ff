// The disabled-packs file (JSON, written atomically) and the crash record (key=value lines,
// because the handler that writes it may not allocate, format or lock).
#include "modules/fault_records.hpp"

#include "support/files.hpp"
#include "support/json.hpp"
#include "support/paths.hpp"
#include "support/platform/platform.hpp"
#include "support/utf8_path.hpp"

#include <cstdlib>
#include <cstring>
#include <sstream>

namespace uap::modules {

namespace fs = std::filesystem;

fs::path disabled_packs_file(const fs::path& project) { return paths::project_state_folder(project) / "disabled-packs.json"; }

std::optional<DisabledPacks> read_disabled_packs(const fs::path& project) {
    auto text = files::read(disabled_packs_file(project), 1024 * 1024);
    if (!text)
        return std::nullopt;
    auto document = json::parse(*text);
    if (!document || !document->IsObject())
        return std::nullopt;
    DisabledPacks result;
    result.pid = json::integer_field(*document, "pid").value_or(0);
    if (auto packs = document->FindMember("packs"); packs != document->MemberEnd() && packs->value.IsObject())
        for (auto& entry : packs->value.GetObject())
            if (entry.value.IsString())
                result.packs[entry.name.GetString()] = entry.value.GetString();
    return result;
}

Expected<void> record_disabled_pack(const fs::path& project, int64_t pid, const std::string& pack_id, const std::string& reason) {
    auto existing = read_disabled_packs(project);
    DisabledPacks packs = existing && existing->pid == pid ? *existing : DisabledPacks{pid, {}};
    packs.packs[pack_id] = reason;
    rapidjson::Document document(rapidjson::kObjectType);
    auto& allocator = document.GetAllocator();
    document.AddMember("pid", pid, allocator);
    rapidjson::Value entries(rapidjson::kObjectType);
    for (auto& [id, why] : packs.packs)
        entries.AddMember(json::string_value(id, allocator), json::string_value(why, allocator), allocator);
    document.AddMember("packs", entries, allocator);
    return files::write_atomically(disabled_packs_file(project), json::to_pretty_text(document) + "\n", files::Visibility::OwnerOnly);
}

fs::path crash_record_file(const fs::path& project) { return paths::project_state_folder(project) / "last-crash.txt"; }

namespace {

// Everything the handler touches is prepared beforehand: a fixed path buffer and, per thread,
// the finished text of the record.
char crash_path[4096];
thread_local const char* running_record = nullptr;

// Unsigned: a Windows exception code (0xC0000005) is negative as an int.
void write_number(platform::NativeHandle file, unsigned number) {
    char digits[16];
    int position = sizeof(digits) - 1;
    digits[position] = '\0';
    do {
        digits[--position] = static_cast<char>('0' + number % 10);
        number /= 10;
    } while (number > 0 && position > 0);
    platform::write_fault_text(file, digits + position);
}

void on_fatal_fault(int signal) {
    const char* record = running_record;
    if (!record || !crash_path[0])
        return;
    using platform::write_fault_text;
    if (auto file = platform::create_fault_file(crash_path); file != platform::no_handle) {
        write_fault_text(file, record);
        write_fault_text(file, "signal=");
        write_number(file, static_cast<unsigned>(signal));
        write_fault_text(file, "\n");
        platform::close_fault_file(file);
    }
    auto errors = platform::standard_error();
    write_fault_text(errors, "uap-host: fatal signal ");
    write_number(errors, static_cast<unsigned>(signal));
    write_fault_text(errors, " while an in-process module pack was running a tool; recorded in ");
    write_fault_text(errors, crash_path);
    write_fault_text(errors, ":\n");
    write_fault_text(errors, record);
}

} // namespace

void install_crash_recorder(const fs::path& project) {
    std::string path = utf8::from_path(crash_record_file(project));
    if (path.size() >= sizeof(crash_path))
        return;
    std::memcpy(crash_path, path.c_str(), path.size() + 1);
    platform::on_fatal_fault(&on_fatal_fault);
}

RunningToolMark::RunningToolMark(const std::string& pack, std::string_view tool)
    : m_record("pack=" + pack + "\ntool=" + std::string(tool) + "\n"), m_previous(running_record) {
    running_record = m_record.c_str();
}

RunningToolMark::~RunningToolMark() { running_record = m_previous; }

std::optional<CrashRecord> take_crash_record(const fs::path& project) {
    fs::path file = crash_record_file(project);
    std::error_code error;
    if (fs::is_symlink(file, error) || !fs::is_regular_file(file, error))
        return std::nullopt;
    auto text = files::read(file, 16 * 1024, files::Links::Refuse);
    // Best effort: a record that cannot be removed is reported again at the next start.
    static_cast<void>(files::remove(file));
    if (!text)
        return std::nullopt;
    CrashRecord record;
    std::istringstream lines(*text);
    for (std::string line; std::getline(lines, line);) {
        auto equals = line.find('=');
        if (equals == std::string::npos)
            continue;
        std::string key = line.substr(0, equals), value = line.substr(equals + 1);
        if (key == "pack")
            record.pack = value;
        else if (key == "tool")
            record.tool = value;
        else if (key == "signal")
            record.signal = static_cast<int>(std::strtoul(value.c_str(), nullptr, 10));
    }
    if (record.pack.empty())
        return std::nullopt;
    return record;
}

std::string describe_crash(const CrashRecord& record, const fs::path& project) {
    std::string name = record.signal != 0 ? platform::fault_name(record.signal) : std::string();
    return "the last run ended in a crash in " + record.pack + ":" + record.tool + " (signal " +
           std::to_string(static_cast<unsigned>(record.signal)) +
           (name.empty() ? std::string() : ", " + name) + "); to keep such a crash from ending the host, run the pack "
           "in a module runner: uap-host modules isolate " + record.pack + " --project " + utf8::from_path(project);
}

} // namespace uap::modules
