#!/usr/bin/env python3
"""Fails when host code turns a path into text, or text into a path, without the UTF-8 helpers.

Usage: path_text_check.py SOURCE_ROOT [FILE...]. Scans base/ and host/src (or the given files), skipping the
platform layer (base/support/platform/), and prints every offending line; exits 1 when there is one.
On Windows, path.string(), path(std::string) and std::getenv use the ANSI code page, not UTF-8, so a
Japanese project path turns into mojibake; support/utf8_path.hpp (utf8::from_path, utf8::to_path) and
platform::environment_value are the one way (docs/platforms.md).
"""
import pathlib
import re
import sys

SUFFIXES = {".cpp", ".hpp", ".h"}
PLATFORM_LAYER = pathlib.PurePosixPath("base/support/platform")

RULES = [
    # path.string(), path->string(), generic_string(), u8string(): the path's text in the code page.
    (re.compile(r'(\.|->)(generic_)?(u8)?string\(\)'), "utf8::from_path(path) (or utf8::generic_from_path)"),
    # std::filesystem::path built from a variable (a literal is ASCII and fine).
    (re.compile(r'\b(fs|filesystem)::path\s*[({]\s*[^)"\s}]'), "utf8::to_path(text)"),
    # ... or declared from one: `fs::path path(relative);` (copy a path with `=` instead).
    (re.compile(r'\b(fs|filesystem)::path\s+\w+\s*[({]\s*([a-z_]\w*|std::string\s*\{[^}]*\})\s*[)}]'), "utf8::to_path(text)"),
    (re.compile(r'\bu8path\s*\('), "utf8::to_path(text)"),
    # An environment variable in the code page's bytes.
    (re.compile(r'\b(std::)?getenv\s*\('), "platform::environment_value(name)"),
]


def main() -> int:
    root = pathlib.Path(sys.argv[1])
    files = [pathlib.Path(name) for name in sys.argv[2:]] or [
        path for folder in ("base", "host/src") for path in sorted((root / folder).rglob("*"))
        if path.suffix in SUFFIXES and PLATFORM_LAYER not in pathlib.PurePosixPath(path.relative_to(root).as_posix()).parents
    ]
    findings = []
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), start=1):
            code = line.split("//", 1)[0]
            for pattern, instead in RULES:
                if pattern.search(code):
                    findings.append(f"{path}:{number}: {line.strip()}  (use {instead})")
    if findings:
        print("paths and text convert through support/utf8_path.hpp, environment values through "
              "platform::environment_value (the code page is not UTF-8 on Windows):")
        print("\n".join(findings))
        return 1
    print("every path-text conversion in base/ and host/src goes through the UTF-8 helpers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
