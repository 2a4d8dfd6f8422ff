#!/usr/bin/env python3
"""Fails when a header declares a failure in a shape other than uap::Error.

Usage: error_shape_check.py SOURCE_ROOT ALLOWED [FILE...]

Failures are returned as Expected<T> (support/expected.hpp), whose Error carries an ErrorCode and a
reason. This check reads the headers of base/, host/src, tools/, protocol/ and sdk/testkit/ (or the given
files) and flags the shapes that hide a failure elsewhere: an out-parameter for the error text
(`std::string& error`), and a function returning std::optional<std::string> whose name says it
is a refusal, problem, mismatch, reason or error. ALLOWED lists today's offenders as
`path: declaration name`, to be paid down; a new offender fails, and an allowed one that is gone
is reported so the list shrinks.
"""
import pathlib
import re
import sys

FOLDERS = ("base", "host/src", "tools", "protocol", "sdk/testkit")
SUFFIXES = {".hpp", ".h"}
ERROR_OUT_PARAMETER = re.compile(r"(?<!const )std::string\s*[&*]\s*(error|reason|why|problem|message_out)\w*\s*[,)]")
OPTIONAL_STRING_FUNCTION = re.compile(r"std::optional<std::string>\s+(\w+)\s*\(")
FAILURE_WORDS = re.compile(r"refusal|problem|mismatch|reason|error|why|complaint|violation|^check_")
# An ABI status with the answer or the error text in an out-parameter: the module ABI's shape,
# which belongs at the ABI boundary only (modules/status_codes.hpp converts).
STATUS_WITH_OUT_TEXT = re.compile(r"uap_status\s+(\w+)\s*\([^;{]*?(?<!const )std::string\s*&\s*\w+", re.S)


def offences(path: pathlib.Path, relative: str):
    text = path.read_text(encoding="utf-8", errors="replace")
    for match in STATUS_WITH_OUT_TEXT.finditer(text):
        number = text.count("\n", 0, match.start()) + 1
        yield (f"{relative}: {match.group(1)}",
               f"{relative}:{number}: `{match.group(1)}` returns a uap_status with its text in an out-parameter")
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("//"):
            continue
        for match in ERROR_OUT_PARAMETER.finditer(line):
            yield f"{relative}: {match.group(1)}", f"{relative}:{number}: an error returned through `{match.group(0).rstrip(',)')}`"
        for match in OPTIONAL_STRING_FUNCTION.finditer(line):
            if FAILURE_WORDS.search(match.group(1)):
                yield (f"{relative}: {match.group(1)}",
                       f"{relative}:{number}: `{match.group(1)}` returns a failure as std::optional<std::string>")


def main() -> int:
    root = pathlib.Path(sys.argv[1])
    allowed = {line.split("#", 1)[0].strip() for line in pathlib.Path(sys.argv[2]).read_text(encoding="utf-8").splitlines()}
    allowed.discard("")
    given = [pathlib.Path(name) for name in sys.argv[3:]]
    files = given or [path for folder in FOLDERS for path in sorted((root / folder).rglob("*")) if path.suffix in SUFFIXES]
    if not given and len(files) < 50:
        print(f"only {len(files)} headers under {root}: the check is not looking at the project")
        return 2
    found, refused = set(), []
    for path in files:
        relative = path.relative_to(root).as_posix() if not given else path.as_posix()
        for key, description in offences(path, relative):
            found.add(key)
            if key not in allowed:
                refused.append(description)
    for key in sorted(allowed - found):
        if not given:
            print(f"note: '{key}' is no longer an offender; remove it from {sys.argv[2]}")
    if refused:
        print("failures in a shape other than uap::Error (return Expected<T> or Expected<void> with an Error,"
              " support/expected.hpp, which carries an ErrorCode and the reason):")
        print("\n".join(refused))
        return 1
    print(f"every failure in {len(files)} headers is an Expected (apart from {len(found)} listed offenders)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
