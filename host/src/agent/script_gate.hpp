// The script gate: the agent may not write C# scripts (.cs, .asmdef) straight into Assets/ (each
// write would trigger a compile and domain reload mid-turn), nor the host's own settings and hook
// files. Used by the PreToolUse hook (`uap-host hook pre-tool-use`) and by the permission broker.
#pragma once

#include <rapidjson/document.h>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace uap::agent {

enum class GatedKind { None, Script, HostFile };

// Lexically normalised, '/'-separated, lower-cased form of path (relative ones resolved against
// base), with Windows' rules when base is a Windows path (agent/gate_paths.hpp).
std::string normalise_for_gate(std::string_view path, const std::filesystem::path& base);

// What kind of gated file a path names, for a project rooted at `project`.
GatedKind classify_path(std::string_view path, const std::filesystem::path& base, const std::filesystem::path& project);

// The files a shell command would write to: redirections (>, >>, >|, &>), tee, sed -i, the last
// argument of cp/mv/install, dd of=. A rough tokeniser; quotes are honoured.
std::vector<std::string> shell_write_targets(std::string_view command);

// The same for a PowerShell command (the CLI's shell tool on Windows without Git Bash):
// redirections (>, >>, 2>, *>), Set-Content/Add-Content/Out-File/New-Item/Tee-Object/Clear-Content
// paths, Copy-Item/Move-Item destinations, Rename-Item's new name; aliases and abbreviated parameter
// names included. .NET calls ([IO.File]::WriteAllText) and Invoke-Expression are not seen.
std::vector<std::string> powershell_write_targets(std::string_view command);

// The guidance text given to the model when a write is refused.
std::string gate_guidance(GatedKind kind, std::string_view path);

// The gate refusing one tool call: what the model is told instead (where the file goes, which tool
// commits it). A verdict rather than a failure: the gate worked, and the call must not run.
struct GateRefusal {
    std::string guidance;
};

// The gate's verdict on one tool call: its refusal, or nullopt when the call may go on.
std::optional<GateRefusal> check_tool_call(std::string_view tool_name, const rapidjson::Value& input, const std::filesystem::path& cwd,
                                           const std::filesystem::path& project);

} // namespace uap::agent
