// The module packs as JSON.
#include "modules/pack_json.hpp"

#include "support/json.hpp"
#include "support/utf8_path.hpp"

namespace uap::modules {

rapidjson::Value metadata_json(const ToolMetadata& metadata, rapidjson::Document::AllocatorType& allocator) {
    rapidjson::Value value(rapidjson::kObjectType);
    value.AddMember("readOnly", metadata.read_only, allocator);
    value.AddMember("undoable", metadata.undoable, allocator);
    value.AddMember("destructive", metadata.destructive, allocator);
    value.AddMember("idempotent", metadata.idempotent, allocator);
    value.AddMember("longRunning", metadata.long_running, allocator);
    return value;
}

rapidjson::Value packs_json(const ModuleHost& host, rapidjson::Document::AllocatorType& allocator) {
    auto text = [&](const std::string& value) { return json::string_value(value, allocator); };
    rapidjson::Value packs(rapidjson::kArrayType);
    for (auto& pack : host.packs()) {
        rapidjson::Value entry(rapidjson::kObjectType);
        entry.AddMember("id", text(pack->id()), allocator);
        if (pack->manifest) {
            entry.AddMember("name", text(pack->manifest->name), allocator);
            entry.AddMember("version", text(pack->manifest->version), allocator);
            entry.AddMember("toggle", text(pack->manifest->toggle), allocator);
            for (auto [field, value] : {std::pair{"author", &pack->manifest->author}, {"license", &pack->manifest->license},
                                        {"homepage", &pack->manifest->homepage}})
                if (!value->empty())
                    entry.AddMember(rapidjson::StringRef(field), text(*value), allocator);
            entry.AddMember("minHostRevision", pack->manifest->min_host_revision, allocator);
            // Whether tools/list carries the pack's tools, or uap_tool_search finds them.
            entry.AddMember("listing", text(pack->manifest->listing == Listing::Always ? "always" : "search"), allocator);
            if (!pack->manifest->listed_tools.empty()) {
                rapidjson::Value listed(rapidjson::kArrayType);
                for (const std::string& tool : pack->manifest->listed_tools)
                    listed.PushBack(text(tool), allocator);
                entry.AddMember("listedTools", listed, allocator);
            }
        }
        entry.AddMember("state", text(to_string(pack->state)), allocator);
        entry.AddMember("isolation", text(to_string(pack->isolation)), allocator);
        if (!pack->reason.empty())
            entry.AddMember("reason", text(pack->reason), allocator);
        entry.AddMember("origin", text(to_string(pack->origin)), allocator);
        entry.AddMember("source", text(pack->source), allocator);
        entry.AddMember("folder", text(utf8::from_path(pack->folder)), allocator);
        if (pack->manifest) {
            rapidjson::Value signature(rapidjson::kObjectType);
            signature.AddMember("state", text(to_string(pack->signature.state)), allocator);
            if (!pack->signature.publisher.empty())
                signature.AddMember("publisher", text(pack->signature.publisher), allocator);
            if (!pack->signature.public_key.empty())
                signature.AddMember("publicKey", text(pack->signature.public_key), allocator);
            if (!pack->signature.detail.empty())
                signature.AddMember("detail", text(pack->signature.detail), allocator);
            entry.AddMember("signature", signature, allocator);
        }
        if (pack->abi_version)
            entry.AddMember("abiVersion", pack->abi_version, allocator);
        if (pack->abi_revision)
            entry.AddMember("abiRevision", pack->abi_revision, allocator);
        rapidjson::Value warnings(rapidjson::kArrayType);
        for (auto& warning : pack->warnings)
            warnings.PushBack(text(warning), allocator);
        entry.AddMember("warnings", warnings, allocator);
        rapidjson::Value tools(rapidjson::kArrayType);
        for (auto& tool : pack->tools) {
            rapidjson::Value item(rapidjson::kObjectType);
            item.AddMember("name", text(tool.name), allocator);
            item.AddMember("description", text(tool.description), allocator);
            item.AddMember("metadata", metadata_json(tool.metadata, allocator), allocator);
            tools.PushBack(item, allocator);
        }
        entry.AddMember("tools", tools, allocator);
        packs.PushBack(entry, allocator);
    }
    return packs;
}

} // namespace uap::modules
