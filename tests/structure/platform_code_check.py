#!/usr/bin/env python3
"""Fails when product code outside the platform layer includes a system header or tests a platform macro.

Usage: platform_code_check.py SOURCE_ROOT [--folders A,B,...] [FILE...]. Scans host/, tools/ and
modules/ (or the given folders, or the given files), skipping base/support/platform/, and prints
every offending line; exits 1 when there is one.
"""
import pathlib
import re
import sys

FOLDERS = ("base", "host", "tools", "modules")
SUFFIXES = {".cpp", ".hpp", ".h", ".cc"}
PLATFORM_LAYER = pathlib.PurePosixPath("base/support/platform")

# POSIX and Windows headers: <unistd.h>, <sys/...>, <windows.h>, <dlfcn.h> and the like.
SYSTEM_HEADER = re.compile(
    r'^\s*#\s*include\s*<(unistd|fcntl|dlfcn|spawn|poll|pthread|signal|termios|pwd|grp|netdb|libproc|'
    r'windows|winsock2|ws2tcpip|process|io|direct|shellapi|aclapi|bcrypt|tlhelp32|'
    r'sys/[\w/]+|netinet/\w+|arpa/\w+|mach/\w+|mach-o/\w+)\.h>|^\s*#\s*include\s*<csignal>')
# A conditional on the operating system or compiler family.
PLATFORM_MACRO = re.compile(r'^\s*#\s*(if|ifdef|ifndef|elif)\b.*\b(_WIN32|_WIN64|WIN32|__APPLE__|__linux__|__unix__|_MSC_VER|__MINGW\w*|__FreeBSD__)\b')


def offending(line: str) -> bool:
    return bool(SYSTEM_HEADER.search(line) or PLATFORM_MACRO.search(line))


def main() -> int:
    root = pathlib.Path(sys.argv[1])
    arguments = sys.argv[2:]
    folders = FOLDERS
    if arguments[:1] == ["--folders"]:
        folders = tuple(arguments[1].split(","))
        arguments = arguments[2:]
    files = [pathlib.Path(name) for name in arguments] or [
        path for folder in folders for path in sorted((root / folder).rglob("*"))
        if path.suffix in SUFFIXES and PLATFORM_LAYER not in pathlib.PurePosixPath(path.relative_to(root).as_posix()).parents
    ]
    findings = []
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), start=1):
            if offending(line):
                findings.append(f"{path}:{number}: {line.strip()}")
    if findings:
        print("system headers and platform conditionals belong in base/support/platform/ "
              "(add a function to support/platform/platform.hpp instead):")
        print("\n".join(findings))
        return 1
    print("no platform code outside base/support/platform/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
