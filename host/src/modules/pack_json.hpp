// One JSON description of the module packs (id, name, version, toggle, state, reason, origin,
// source ("package com.x@1.2.0" for a pack inside a project's package), folder, warnings, tools with their metadata), shared by `modules list --json` and the panel.
#pragma once

#include "modules/module_host.hpp"

#include <rapidjson/document.h>

namespace uap::modules {

rapidjson::Value metadata_json(const ToolMetadata& metadata, rapidjson::Document::AllocatorType& allocator);
rapidjson::Value packs_json(const ModuleHost& host, rapidjson::Document::AllocatorType& allocator);

} // namespace uap::modules
