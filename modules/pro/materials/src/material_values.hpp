// Turns the natural values a tool receives (#rrggbb colours, partial vectors, texture paths with tiling
// and offset, keyword switches, a render queue) into material.set's typed writes, checked against the
// shader's property table first; and compares a separate read-back with what was written.
#pragma once

#include "editor_session.hpp"

#include <optional>
#include <string>
#include <vector>

namespace uap::materials {

using core::Allocator;

// The limits of one call: enough for any shader's Inspector, small enough to refuse a runaway request.
constexpr rapidjson::SizeType max_values = 256;
constexpr rapidjson::SizeType max_keywords = 256;

// The property row named name in a material.describe answer, or nullptr.
const rapidjson::Value* described_property(const rapidjson::Value& described, std::string_view name);

// Adds "values", "keywords" and "renderQueue" for material.set to params from the tool's arguments
// (values, keywords, renderQueue), each checked against described (the shader's table, with the
// material's current values when it has them). Returns the refusal, naming the argument and the fix,
// when any does not fit; then nothing may be written.
std::optional<std::string> plan_writes(std::string_view tool, const rapidjson::Value& arguments, const rapidjson::Value& described,
                                       rapidjson::Document& params);

// The writes of params that the read-back (a material.describe answer taken after material.set) does
// not show, one sentence each: a value that differs, a keyword in the wrong state, another queue.
std::vector<std::string> writes_not_kept(const rapidjson::Value& params, const rapidjson::Value& read_back);

// What the tool reports: each written property as read back, the enabled keywords and the queue.
rapidjson::Value observed_writes(const rapidjson::Value& params, const rapidjson::Value& read_back, Allocator& allocator);

} // namespace uap::materials
