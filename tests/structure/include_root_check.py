#!/usr/bin/env python3
"""Shows that the build itself refuses an include against the link graph.

Usage: include_root_check.py COMPILE_COMMANDS FOLDER ALLOWED_HEADER REFUSED_HEADER

Takes the compile command of a source of host/src/FOLDER from COMPILE_COMMANDS (the flags its
library really compiles with), and compiles, syntax only, a file that includes ALLOWED_HEADER (a
header of a library FOLDER links: it must compile, or the check would prove nothing) and then one
that includes REFUSED_HEADER (a folder FOLDER's library does not link: the compiler must not find
it). Prints what happened; exits 0 only when both came out as expected.
"""
import json
import pathlib
import shlex
import subprocess
import sys
import tempfile


def command_of(commands: list, folder: str) -> tuple[list[str], str]:
    for entry in commands:
        if f"/host/src/{folder}/" in entry["file"].replace("\\", "/"):
            words = shlex.split(entry["command"]) if "command" in entry else list(entry["arguments"])
            return words, entry["directory"]
    raise SystemExit(f"no compiled file of host/src/{folder} in the compile commands")


def compile_including(words: list[str], directory: str, header: str) -> subprocess.CompletedProcess:
    kept, skip = [], False
    for word in words:
        if skip:
            skip = False
            continue
        if word in ("-o", "-c", "-MF", "-MT", "-MQ"):
            skip = True
            continue
        if word in ("-MD", "-MMD"):
            continue
        kept.append(word)
    with tempfile.TemporaryDirectory() as folder:
        probe = pathlib.Path(folder) / "include_probe.cpp"
        probe.write_text(f'#include "{header}"\n', encoding="utf-8")
        return subprocess.run(kept + ["-fsyntax-only", str(probe)], cwd=directory, capture_output=True, text=True)


def main() -> int:
    compile_commands, folder, allowed, refused = sys.argv[1:5]
    words, directory = command_of(json.loads(pathlib.Path(compile_commands).read_text(encoding="utf-8")), folder)
    control = compile_including(words, directory, allowed)
    if control.returncode != 0:
        print(f"the control include \"{allowed}\" does not compile with {folder}'s flags, so nothing is shown:\n{control.stderr}")
        return 1
    planted = compile_including(words, directory, refused)
    if planted.returncode == 0:
        print(f"{folder}'s flags compile #include \"{refused}\": its include root reaches a library it does not link")
        return 1
    if refused not in planted.stderr:
        print(f"#include \"{refused}\" failed for another reason:\n{planted.stderr}")
        return 1
    print(f"{folder}: #include \"{allowed}\" compiles; #include \"{refused}\" is not found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
