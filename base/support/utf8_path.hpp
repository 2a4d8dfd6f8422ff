// Paths to and from the host's UTF-8 text. Every command-line option, JSON, settings or environment
// value that becomes a path, and every path written out (logs, JSON, messages), goes through these.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace uap::utf8 {

// Why not std::filesystem::path(std::string) and path.string(): on Windows, mingw-w64's libstdc++
// (and MSVC's) convert narrow text with the ANSI code page (1252, 932, ...), not UTF-8, unless the
// process runs with the UTF-8 code page, which Wine and pre-1903 Windows ignore. On POSIX a path is
// bytes, and these keep the bytes exactly (not even invalid UTF-8 is changed). On Windows they
// convert UTF-8 <-> UTF-16 and never throw: a byte that is not UTF-8, or a lone surrogate in a file
// name, becomes U+FFFD. Defined in the platform layer (posix.cpp, windows.cpp).
std::filesystem::path to_path(std::string_view text);
std::string from_path(const std::filesystem::path& path);
// The same with '/' between the parts on every system (path.generic_string() has the same problem).
std::string generic_from_path(const std::filesystem::path& path);

} // namespace uap::utf8
