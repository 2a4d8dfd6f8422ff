// The images a panel message carries: each must be base64 that decodes and encodes back to the same
// text, of a media type the Messages API takes, whose bytes start as that type's files do, so a bad
// attachment is refused here with its reason instead of failing the whole turn at the API.
#pragma once

#include "agent/wire.hpp"
#include "support/expected.hpp"

#include <rapidjson/document.h>

#include <vector>

namespace uap::panel {

// The command's "images" array (absent: none).
Expected<std::vector<agent::ImageAttachment>> parse_images(const rapidjson::Value& command);

} // namespace uap::panel
