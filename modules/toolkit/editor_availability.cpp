// Reads the host's own description (host_info) for an editor that cannot load the package: the
// host's editor-log reader puts errorCount, summary and project under editor.editorLog.
#include "editor_availability.hpp"

#include <rapidjson/document.h>
#include <rapidjson/pointer.h>

#include <string_view>

namespace uap::core {

std::optional<PackageCannotLoad> package_cannot_load(const sdk::CallContext& context) {
    sdk::HostAnswer info = context.module().host_info();
    if (!info.ok())
        return std::nullopt;
    rapidjson::Document host;
    host.Parse(info.json.c_str());
    if (host.HasParseError() || !host.IsObject())
        return std::nullopt;
    const auto* state = rapidjson::Pointer("/editor/state").Get(host);
    const auto* errors = rapidjson::Pointer("/editor/editorLog/errorCount").Get(host);
    const auto* summary = rapidjson::Pointer("/editor/editorLog/summary").Get(host);
    const auto* project = rapidjson::Pointer("/editor/editorLog/project").Get(host);
    // A reloading editor runs the package; only one that is away for good and whose log shows compile
    // errors is taken as unable to load it.
    if (!state || !state->IsString() || std::string_view(state->GetString()) == "connected" ||
        std::string_view(state->GetString()) == "reloading")
        return std::nullopt;
    if (!errors || !errors->IsUint64() || errors->GetUint64() == 0 || !summary || !summary->IsString())
        return std::nullopt;
    return PackageCannotLoad{summary->GetString(), project && project->IsString() ? project->GetString() : ""};
}

} // namespace uap::core
