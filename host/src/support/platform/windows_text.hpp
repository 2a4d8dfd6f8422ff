// Windows-only helpers of the platform layer: UTF-8 <-> UTF-16 (the host's strings are UTF-8; the
// wide APIs take UTF-16), command-line quoting, and the current user's owner-only ACL.
#pragma once

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

// A security descriptor whose protected DACL grants the current user full access and nobody else
// anything (no inherited entries); null when the current user's SID cannot be read.
class OwnerOnlySecurity {
public:
    OwnerOnlySecurity();
    OwnerOnlySecurity(const OwnerOnlySecurity&) = delete; // attributes() points into this object.
    OwnerOnlySecurity& operator=(const OwnerOnlySecurity&) = delete;
    SECURITY_ATTRIBUTES* attributes() { return m_ready ? &m_attributes : nullptr; }

private:
    std::vector<unsigned char> m_user;
    std::vector<unsigned char> m_acl;
    SECURITY_DESCRIPTOR m_descriptor{};
    SECURITY_ATTRIBUTES m_attributes{};
    bool m_ready = false;
};

// The current user's SID (the TokenUser of this process), as bytes.
std::vector<unsigned char> current_user_sid();

} // namespace uap::platform::windows
