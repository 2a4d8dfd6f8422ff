// What `uap-host skills export` knows of an enabled pack: plain values, so the skills are written
// without the module host (the composition root fills them from the loaded packs).
#pragma once

#include <string>
#include <vector>

namespace uap::integrations {

struct SkillTool {
    std::string name;              // A tool name the host accepts: [A-Za-z0-9._-], 1-64 characters.
    std::string description;       // The module's text, untrusted: any characters, any length.
    std::string input_schema_json; // The tool's input schema as the module declared it.
    std::string traits;            // "read-only, undoable, idempotent": the metadata in words.
};

struct SkillPack {
    std::string id;      // The manifest's id, e.g. "uap.core" or "com.example.mine".
    std::string name;    // The manifest's display name, untrusted like the descriptions.
    std::string version;
    std::vector<std::string> keywords; // The manifest's keywords: words a user would use for the area.
    std::vector<SkillTool> tools;      // Sorted by name.
};

} // namespace uap::integrations
