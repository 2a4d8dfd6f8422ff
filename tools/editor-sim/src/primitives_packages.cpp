// Simulator primitive packages.add: what Unity's Package Manager does for Client.Add, on disk. It
// adds the dependency to Packages/manifest.json and a Library/PackageCache/<name>@<version> folder,
// or answers "failed" with the Package Manager's kind of error (unknown git URL, bad name, a failure
// a test asked for). Also whether the project has a package, which decides the types a package defines.
#include "world.hpp"

#include "support/files.hpp"
#include "support/json.hpp"
#include "support/utf8_path.hpp"

#include <filesystem>

namespace uap::editor_sim {

namespace fs = std::filesystem;

namespace {

bool is_package_name(std::string_view name) {
    if (name.empty() || name.size() > 214)
        return false;
    for (char c : name)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_'))
            return false;
    return true;
}

bool looks_like_url(std::string_view identifier) {
    return identifier.find("://") != std::string_view::npos || identifier.rfind("git+", 0) == 0 || identifier.rfind("file:", 0) == 0 ||
           identifier.find(".git") != std::string_view::npos;
}

Reply failed(std::string_view code, std::string_view message) {
    Output out;
    out.writer.StartObject();
    out.writer.Key("status");
    out.writer.String("failed");
    out.writer.Key("error");
    out.writer.StartObject();
    out.writer.Key("code");
    out.writer.String(code.data(), static_cast<rapidjson::SizeType>(code.size()));
    out.writer.Key("message");
    out.writer.String(message.data(), static_cast<rapidjson::SizeType>(message.size()));
    out.writer.EndObject();
    out.writer.EndObject();
    return out.reply();
}

// Sets dependencies[name] = value in the project's manifest, keeping every other key, written with
// two-space indentation as Unity writes it.
std::string add_dependency(const fs::path& manifest_file, const std::string& name, const std::string& value) {
    auto text = files::read(manifest_file, 4 * 1024 * 1024);
    if (!text)
        return "cannot read " + manifest_file.string() + ": " + text.error().message();
    auto manifest = json::parse(*text);
    if (!manifest || !manifest->IsObject())
        return manifest_file.string() + " is not a JSON object";
    auto& allocator = manifest->GetAllocator();
    if (!manifest->HasMember("dependencies"))
        manifest->AddMember("dependencies", rapidjson::Value(rapidjson::kObjectType), allocator);
    rapidjson::Value& dependencies = (*manifest)["dependencies"];
    if (!dependencies.IsObject())
        return manifest_file.string() + ": \"dependencies\" is not an object";
    dependencies.RemoveMember(name.c_str());
    dependencies.AddMember(json::string_value(name, allocator), json::string_value(value, allocator), allocator);
    std::string written = json::to_pretty_text(*manifest) + "\n";
    if (auto saved = files::write_atomically(manifest_file, written, files::Visibility::Default); !saved)
        return saved.error().message();
    return {};
}

Reply packages_add(Simulation& simulation, const rapidjson::Value& params) {
    std::string identifier = params["identifier"].GetString();
    if (simulation.package_add_failure)
        return failed(simulation.package_add_failure->first, simulation.package_add_failure->second);
    std::string name, version, dependency;
    if (auto known = simulation.package_sources.find(identifier); known != simulation.package_sources.end()) {
        name = known->second.first;
        version = known->second.second;
        dependency = identifier;
    } else if (looks_like_url(identifier)) {
        return failed("NotFound", "Cannot perform upm operation: Unable to add package [" + identifier +
                                      "]: the simulator knows no package at this URL (tests register one with add_package_source)");
    } else {
        auto at = identifier.find('@');
        name = identifier.substr(0, at);
        version = at == std::string::npos ? "1.0.0" : identifier.substr(at + 1);
        dependency = version;
        if (!is_package_name(name) || version.empty())
            return failed("InvalidParameter", "Cannot perform upm operation: Unable to add package [" + identifier + "]: invalid package name or version");
    }
    fs::path project = uap::utf8::to_path(simulation.identity.project_path);
    fs::path manifest_file = project / "Packages" / "manifest.json";
    std::error_code error;
    if (project.empty() || !fs::is_regular_file(manifest_file, error))
        return failed("Unknown", "Cannot perform upm operation: the project has no Packages/manifest.json");
    if (std::string problem = add_dependency(manifest_file, name, dependency); !problem.empty())
        return failed("Unknown", "Cannot perform upm operation: " + problem);
    fs::path cache = project / "Library" / "PackageCache" / (name + "@" + version);
    fs::create_directories(cache, error);
    rapidjson::Document package(rapidjson::kObjectType);
    package.AddMember("name", json::string_value(name, package.GetAllocator()), package.GetAllocator());
    package.AddMember("version", json::string_value(version, package.GetAllocator()), package.GetAllocator());
    if (error || !files::write_atomically(cache / "package.json", json::to_pretty_text(package) + "\n", files::Visibility::Default))
        return failed("Unknown", "Cannot perform upm operation: cannot write " + cache.string());

    Output out;
    out.writer.StartObject();
    out.writer.Key("status");
    out.writer.String("succeeded");
    out.writer.Key("package");
    out.writer.StartObject();
    out.writer.Key("name");
    out.writer.String(name.c_str());
    out.writer.Key("version");
    out.writer.String(version.c_str());
    out.writer.Key("packageId");
    out.writer.String((name + "@" + dependency).c_str());
    out.writer.Key("resolvedPath");
    out.writer.String(cache.string().c_str());
    out.writer.EndObject();
    out.writer.EndObject();
    return out.reply();
}

} // namespace

bool project_has_package(const std::string& project_path, std::string_view name) {
    if (project_path.empty())
        return false;
    auto text = files::read(uap::utf8::to_path(project_path) / "Packages" / "manifest.json", 4 * 1024 * 1024);
    if (!text)
        return false;
    auto manifest = json::parse(*text);
    if (!manifest || !manifest->IsObject() || !manifest->HasMember("dependencies") || !(*manifest)["dependencies"].IsObject())
        return false;
    return (*manifest)["dependencies"].HasMember(std::string(name).c_str());
}

void register_package_primitives(std::map<std::string, Primitive, std::less<>>& table) { table["packages.add"] = &packages_add; }

} // namespace uap::editor_sim
