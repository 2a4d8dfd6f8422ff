// Panel commands served by another part of the host (integrations, ...), which the composition
// root hands to the endpoint, so panel/ needs to know nothing of them.
#pragma once

#include "support/expected.hpp"

#include <rapidjson/document.h>

#include <string>

namespace uap::panel {

class CommandExtension {
public:
    virtual ~CommandExtension() = default;
    virtual bool handles(const std::string& type) const = 0;
    // Runs the command; may add fields to reply. Must return quickly: long work goes to a thread
    // and reports through events.
    virtual Expected<void> run(const std::string& type, const rapidjson::Value& command, rapidjson::Document& reply) = 0;
};

} // namespace uap::panel
