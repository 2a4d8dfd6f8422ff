// The libyaml event walk behind parse_flat_yaml_mapping.
#include "skill_yaml.hpp"

#include <yaml.h>

#include <vector>

namespace uap::testing {

std::optional<std::string> front_matter_of(const std::string& skill_text) {
    if (skill_text.rfind("---\n", 0) != 0)
        return std::nullopt;
    auto closing = skill_text.find("\n---\n", 3);
    if (closing == std::string::npos)
        return std::nullopt;
    return skill_text.substr(4, closing - 3);
}

std::optional<std::map<std::string, std::string>> parse_flat_yaml_mapping(const std::string& yaml) {
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser))
        return std::nullopt;
    yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char*>(yaml.data()), yaml.size());
    std::vector<yaml_event_type_t> expected_frame = {YAML_STREAM_START_EVENT, YAML_DOCUMENT_START_EVENT, YAML_MAPPING_START_EVENT};
    std::map<std::string, std::string> mapping;
    std::optional<std::string> key;
    std::size_t step = 0;
    bool ok = true;
    bool done = false;
    while (ok && !done) {
        yaml_event_t event;
        if (!yaml_parser_parse(&parser, &event)) {
            ok = false;
            break;
        }
        if (step < expected_frame.size()) {
            ok = event.type == expected_frame[step++];
        } else if (event.type == YAML_SCALAR_EVENT) {
            std::string text(reinterpret_cast<const char*>(event.data.scalar.value), event.data.scalar.length);
            if (!key)
                key = text;
            else {
                ok = mapping.emplace(*key, text).second;
                key.reset();
            }
        } else if (event.type == YAML_MAPPING_END_EVENT) {
            ok = !key;
        } else if (event.type == YAML_DOCUMENT_END_EVENT) {
        } else if (event.type == YAML_STREAM_END_EVENT) {
            done = true;
        } else {
            ok = false; // A sequence, a nested mapping, an alias or a second document.
        }
        yaml_event_delete(&event);
    }
    yaml_parser_delete(&parser);
    if (!ok)
        return std::nullopt;
    return mapping;
}

} // namespace uap::testing
