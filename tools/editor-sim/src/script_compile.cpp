// The simulator's script compile after an asset refresh imported scripts: every MonoScript under
// Assets/ is read from disk and checked (script_checks.hpp); errors go to the console, as Unity's do.
#include "world.hpp"
#include "script_checks.hpp"
#include "support/utf8_path.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace uap::editor_sim {

namespace {

// Unity's predefined assemblies; asmdef files are not modelled.
std::string assembly_of(const std::string& asset_path) {
    return asset_path.find("/Editor/") != std::string::npos ? "Assembly-CSharp-Editor" : "Assembly-CSharp";
}

std::string read_text(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << file.rdbuf();
    return bytes.str();
}

} // namespace

CompileResult compile_project_scripts(Simulation& simulation) {
    // The line Unity 2022.3 and later write to Editor.log as a compile begins: the host's log reader
    // takes errors before it as stale.
    simulation.append_editor_log("[ScriptCompilation] Requested script compilation because: Assetdatabase observed changes in script compilation related files");
    std::filesystem::path project = uap::utf8::to_path(simulation.identity.project_path);
    Output out;
    int errors = 0;
    std::vector<std::string> assemblies;
    out.writer.StartObject();
    out.writer.Key("errors");
    out.writer.StartArray();
    for (const auto& [asset_path, asset] : simulation.world.assets) {
        if (asset.kind != "MonoScript")
            continue;
        const std::string& path = asset_path; // clang 14 cannot capture a structured binding.
        std::string assembly = assembly_of(path);
        if (std::find(assemblies.begin(), assemblies.end(), assembly) == assemblies.end())
            assemblies.push_back(assembly);
        check_script(read_text(project / uap::utf8::to_path(path)), [&](const ScriptDiagnostic& diagnostic) {
            ++errors;
            out.writer.StartObject();
            out.writer.Key("file");
            out.writer.String(path.c_str());
            out.writer.Key("line");
            out.writer.Int(diagnostic.line);
            out.writer.Key("column");
            out.writer.Int(diagnostic.column);
            out.writer.Key("message");
            out.writer.String(diagnostic.message.c_str());
            out.writer.Key("severity");
            out.writer.String("error");
            out.writer.Key("assembly");
            out.writer.String(assembly.c_str());
            out.writer.EndObject();
            // Unity's Console form: Assets/Foo.cs(3,14): error CS1002: ; expected
            simulation.add_console(ConsoleKind::Error, path + '(' + std::to_string(diagnostic.line) + ',' +
                                                           std::to_string(diagnostic.column) + "): " + diagnostic.message);
        });
    }
    out.writer.EndArray();
    out.writer.Key("warnings");
    out.writer.StartArray();
    out.writer.EndArray();
    out.writer.Key("errorCount");
    out.writer.Int(errors);
    out.writer.Key("warningCount");
    out.writer.Int(0);
    out.writer.Key("truncated");
    out.writer.Bool(false);
    out.writer.Key("assemblies");
    out.writer.StartArray();
    for (const auto& assembly : assemblies)
        out.writer.String(assembly.c_str());
    out.writer.EndArray();
    out.writer.Key("simulated");
    out.writer.String(script_checks_scope);
    out.writer.EndObject();
    return {out.buffer.GetString(), errors > 0};
}

} // namespace uap::editor_sim
