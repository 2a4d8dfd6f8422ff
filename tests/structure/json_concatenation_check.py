#!/usr/bin/env python3
"""Fails when product code builds JSON text by string concatenation instead of RapidJSON's writer.

Usage: json_concatenation_check.py SOURCE_ROOT [FILE...]. Scans host/, tools/ and modules/ (or the
given files) and prints every line that assembles JSON from pieces; exits 1 when there is one.
"""
import pathlib
import re
import sys

FOLDERS = ("base", "host", "tools", "modules")
SUFFIXES = {".cpp", ".hpp", ".h", ".cc"}

# An escaped JSON key opening a member inside an ordinary literal: "{\"id\":" or ",\"state\":".
ESCAPED_MEMBER = re.compile(r'[{,]\\"[A-Za-z_][\w.]*\\"\s*:')
# A raw-string JSON fragment glued to something else: R"({"x":)" + ... or ... + R"(,"y":)".
RAW_FRAGMENT = re.compile(r'(\+\s*R"\()|(\)"\s*\+)')
RAW_JSON = re.compile(r'R"\([^)]*"[A-Za-z_][\w.]*"\s*:')
# A bare bracket literal glued to text: "{" + ..., ... + "}", "[" + ..., ... + "]".
BRACKET_GLUE = re.compile(r'"[\[{]"\s*\+|\+\s*"[\]}]"|\+=\s*"[\]},]"|\+\s*"[,\]}]\\?"?"')


def offending(line: str) -> bool:
    stripped = line.strip()
    if stripped.startswith("//") or stripped.startswith("*"):
        return False
    if ESCAPED_MEMBER.search(line):
        return True
    if RAW_FRAGMENT.search(line) and RAW_JSON.search(line):
        return True
    return bool(BRACKET_GLUE.search(line))


def main() -> int:
    root = pathlib.Path(sys.argv[1])
    files = [pathlib.Path(name) for name in sys.argv[2:]] or [
        path for folder in FOLDERS for path in sorted((root / folder).rglob("*")) if path.suffix in SUFFIXES
    ]
    findings = []
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if offending(line):
                findings.append(f"{path}:{number}: {line.strip()}")
    if findings:
        print("JSON assembled by string concatenation; write it with uap::json::TextWriter "
              "(base/support/json_writer.hpp) or a rapidjson::Writer instead:")
        print("\n".join(findings))
        return 1
    print(f"checked {len(files)} files: no JSON built by concatenation")
    return 0


if __name__ == "__main__":
    sys.exit(main())
