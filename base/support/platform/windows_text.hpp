// Windows-only helpers of the platform layer: UTF-8 <-> UTF-16 (the host's strings are UTF-8; the
// wide APIs take UTF-16), command-line quoting, and the current user's owner-only ACL.
#pragma once

#include <uap/sdk/file_jail.hpp>

#include "support/expected.hpp"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

namespace uap::platform::windows {

std::wstring widen(std::string_view text);
std::string narrow(std::wstring_view text);
// The text of GetLastError() (or `error`), in English where the system has it.
std::string error_text(DWORD error = GetLastError());

// Quotes one argument so that CommandLineToArgvW and the C runtime read it back unchanged.
std::wstring quote_argument(std::wstring_view argument);
// The program and its arguments as one command line, refused past the 32,767-character limit
// (long texts travel in files or on stdin instead).
Expected<std::wstring> command_line(const std::vector<std::string>& words);

// Owner-only security and the current user's SID live with the SDK's file jail, which creates
// owner-only files too; the platform layer uses the same ones for its lock file.
using OwnerOnlySecurity = sdk::jail_detail::OwnerOnlySecurity;
using sdk::jail_detail::current_user_sid;

} // namespace uap::platform::windows
