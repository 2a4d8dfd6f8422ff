// Writes a new pack from the compiled-in template: checks the id and the folder, fills the
// placeholders, and writes each file through a jail on the new folder, so nothing lands outside it.
#include "cli/pack_scaffold.hpp"

#include "cli/cli_text.hpp"
#include "cli/pack_templates.hpp"
#include "modules/manifest.hpp"
#include "support/files.hpp"
#include "support/utf8_path.hpp"

#include <algorithm>
#include <cctype>
#include <map>

namespace uap::cli {

namespace fs = std::filesystem;

namespace {

// Long enough to read, short enough that every tool name stays within the 64-character limit.
constexpr size_t short_name_limit = 40;

std::string filled(std::string_view text, const std::map<std::string, std::string>& values) {
    std::string result(text);
    for (auto& [placeholder, value] : values)
        for (size_t at = result.find(placeholder); at != std::string::npos; at = result.find(placeholder, at + value.size()))
            result.replace(at, placeholder.size(), value);
    return result;
}

bool is_empty_folder(const fs::path& folder) {
    std::error_code error;
    return fs::is_directory(folder, error) && fs::directory_iterator(folder, error) == fs::directory_iterator();
}

// The name the template's placeholders start from, e.g. com.example.mine → "mine".
std::string pack_short_name(const std::string& id) {
    std::string last = id.substr(id.rfind('.') + 1);
    std::string name;
    for (char character : last) {
        auto byte = static_cast<unsigned char>(character);
        name += std::isalnum(byte) ? static_cast<char>(std::tolower(byte)) : '_';
    }
    // A C++ namespace and a CMake target may not start with a digit.
    if (!name.empty() && std::isdigit(static_cast<unsigned char>(name[0])))
        name = "pack_" + name;
    return name.substr(0, short_name_limit);
}

} // namespace

Expected<void> check_new_pack_id(const std::string& id) {
    bool valid = modules::is_valid_identifier(id) && id.find('.') != std::string::npos && id.find("..") == std::string::npos &&
                 id.back() != '.' && id.rfind("uap.", 0) != 0;
    if (!valid)
        return Error(cli_text("modules.bad_pack_id", {{"id", id}}));
    return {};
}

Expected<std::vector<std::string>> scaffold_pack(const std::string& id, const fs::path& folder) {
    if (auto checked = check_new_pack_id(id); !checked)
        return checked.error();
    std::error_code error;
    if (fs::exists(fs::symlink_status(folder, error)) && !is_empty_folder(folder))
        return Error(cli_text("modules.folder_not_empty", {{"folder", utf8::from_path(folder)}, {"id", id}}));
    auto jail = files::folder_jail(folder);
    if (!jail)
        return jail.error();
    std::string short_name = pack_short_name(id);
    const std::map<std::string, std::string> values = {{"@PACK_ID@", id},
                                                       {"@PACK_NAMESPACE@", short_name + "_pack"},
                                                       {"@TOOL_PREFIX@", short_name},
                                                       {"@MODULE_TARGET@", short_name + "_tools"}};
    std::vector<std::string> written;
    for (auto& file : pack_templates()) {
        std::string name(file.name);
        if (auto saved = jail->write(name, filled(file.text, values)); !saved)
            return Error(cli_text("modules.cannot_write_file", {{"file", name}, {"folder", utf8::from_path(folder)}, {"error", saved.error().message}}));
        written.push_back(name);
    }
    return written;
}

} // namespace uap::cli
