// The one place the host's ErrorCode meets the module ABI's uap_status. The codes share their
// values by design, checked here at compile time, so a failure keeps its kind across the boundary.
#pragma once

#include "support/expected.hpp"

#include <uap/abi/uap_module.h>

namespace uap::modules {

static_assert(static_cast<uap_status>(ErrorCode::Failed) == UAP_STATUS_TOOL_ERROR);
static_assert(static_cast<uap_status>(ErrorCode::InvalidArgument) == UAP_STATUS_INVALID_ARGUMENT);
static_assert(static_cast<uap_status>(ErrorCode::UnsupportedVersion) == UAP_STATUS_UNSUPPORTED_VERSION);
static_assert(static_cast<uap_status>(ErrorCode::UnknownTool) == UAP_STATUS_UNKNOWN_TOOL);
static_assert(static_cast<uap_status>(ErrorCode::Cancelled) == UAP_STATUS_CANCELLED);
static_assert(static_cast<uap_status>(ErrorCode::Timeout) == UAP_STATUS_TIMEOUT);
static_assert(static_cast<uap_status>(ErrorCode::Unavailable) == UAP_STATUS_UNAVAILABLE);
static_assert(static_cast<uap_status>(ErrorCode::Internal) == UAP_STATUS_INTERNAL_ERROR);
static_assert(static_cast<uap_status>(ErrorCode::TooLarge) == UAP_STATUS_TOO_LARGE);

constexpr uap_status to_status(ErrorCode code) { return static_cast<uap_status>(code); }

} // namespace uap::modules
