// Path normalisation for the script gate: one set of rules for POSIX and Windows paths, pure string
// logic (no file system), so the gate decides the same on every platform and is tested on Linux.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace uap::agent {

// A path reduced to a root and lower-case segments. root: "" (POSIX root), "c:" (a drive) or
// "//server/share" (UNC). Segments have `.`/`..` resolved, an alternate data stream (`:name`)
// removed and trailing dots and spaces stripped, as Windows does when it opens the file.
struct GatePath {
    std::string root;
    std::vector<std::string> segments;
    // "root/seg/seg" with '/' separators ("/seg/seg" for the POSIX root).
    std::string text() const;
};

// Resolves `path` against `base` (an absolute directory) with Windows' rules where the text is a
// Windows path: `\` and `/` both separate, `\\?\` and `\\.\` prefixes go, `C:rest` is relative to
// the base when the base is on drive C and to C:'s root otherwise, `/rest` stays on the base's
// drive, and Git Bash's `/c/rest` and `/cygdrive/c/rest` mean `c:/rest` when the base has a drive.
GatePath normalise_gate_path(std::string_view path, std::string_view base);

// Whether a path segment names `name` (both lower-case): equal, or an 8.3 short name of it
// (`userse~1` for `usersettings`), which Windows accepts in place of the long name.
bool segment_names(std::string_view segment, std::string_view name);

} // namespace uap::agent
