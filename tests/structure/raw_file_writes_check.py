#!/usr/bin/env python3
"""Fails when product code writes, renames, deletes or re-permissions files without the file jail.

Usage: raw_file_writes_check.py SOURCE_ROOT [FILE...]. Scans host/ and modules/ (or the given files),
skipping base/support/platform/ (the operating-system layer, which the jail's users never reach
directly), and prints every line that changes the file system through std::filesystem, an ofstream
or a C stdio/POSIX call; exits 1 when there is one. Such changes go through the SDK's jail
(sdk/include/uap/sdk/file_jail.hpp) or support/files.hpp, which is built on it.
"""
import pathlib
import re
import sys

FOLDERS = ("base", "host", "modules")
SUFFIXES = {".cpp", ".hpp", ".h", ".cc"}
PLATFORM_LAYER = pathlib.PurePosixPath("base/support/platform")

# std::filesystem (as fs:: or in full) calls that create, replace, move, delete or re-permission.
FILESYSTEM_CHANGE = re.compile(
    r'\b(std::filesystem|fs)::(remove|remove_all|rename|copy|copy_file|copy_symlink|create_directory|create_directories|'
    r'create_symlink|create_directory_symlink|create_hard_link|permissions|resize_file)\s*\(')
# Streams and C calls that open a file for writing or change the file system.
# (A bare name such as remove( is a member function or an algorithm; the C calls are written ::unlink(.)
STREAM_OR_C_CHANGE = re.compile(
    r'(?<![<\w])(std::)?(ofstream|fstream)\b|\bfopen\s*\(.*"[wa]|'
    r'(?<![\w.>:])::(unlink|unlinkat|rmdir|mkdir|mkdirat|chmod|fchmod|remove|rename|renameat|truncate|symlink)\s*\(')


def offending(line: str) -> bool:
    stripped = line.strip()
    if stripped.startswith("//") or stripped.startswith("*"):
        return False
    return bool(FILESYSTEM_CHANGE.search(line) or STREAM_OR_C_CHANGE.search(line))


def main() -> int:
    root = pathlib.Path(sys.argv[1])
    files = [pathlib.Path(name) for name in sys.argv[2:]] or [
        path for folder in FOLDERS for path in sorted((root / folder).rglob("*"))
        if path.suffix in SUFFIXES and PLATFORM_LAYER not in pathlib.PurePosixPath(path.relative_to(root).as_posix()).parents
    ]
    findings = []
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), start=1):
            if offending(line):
                findings.append(f"{path}:{number}: {line.strip()}")
    if findings:
        print("files are changed only through the file jail (sdk/include/uap/sdk/file_jail.hpp, or support/files.hpp "
              "for the host's own files), which never follows a link out of its root:")
        print("\n".join(findings))
        return 1
    print("no file-system change outside the file jail")
    return 0


if __name__ == "__main__":
    sys.exit(main())
