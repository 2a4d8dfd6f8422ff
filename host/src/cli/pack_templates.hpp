// The files of sdk/templates/pack, compiled into uap-host at build time (cmake/EmbedFiles.cmake),
// so `uap-host modules new` works from any install without a data folder to find.
#pragma once

#include <string_view>
#include <vector>

namespace uap::cli {

struct TemplateFile {
    std::string_view name; // Relative to the pack folder, with '/' between folders.
    std::string_view text; // With @PLACEHOLDER@ words that pack_scaffold fills in.
};

const std::vector<TemplateFile>& pack_templates();

} // namespace uap::cli
