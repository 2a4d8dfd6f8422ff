#!/usr/bin/env python3
"""Checks that locking is annotated where Clang's thread-safety analysis can see it.

Usage:
  locking_check.py members SOURCE_ROOT ALLOWED [FILE...]
      A uap::Mutex member opens the block of members it guards, which ends at the first blank line;
      each member in the block carries UAP_GUARDED_BY or UAP_PT_GUARDED_BY (condition variables and
      atomics apart). And a std::mutex member, which the analysis cannot see, is refused outside
      ALLOWED (today's files, as paths, to be converted): new code uses uap::Mutex (support/mutex.hpp).
  locking_check.py compile COMPILE_COMMANDS SOURCE_ROOT [FILE...]
      Compiles, syntax only, with clang++ -Wthread-safety -Werror=thread-safety-analysis, every
      source of a folder that uses support/mutex.hpp (or the given files, with the flags of any
      compiled file of host/src), so an access without its lock fails. A build that compiles them
      all with clang, -Wthread-safety and -Werror (the ci preset) has checked them already.
"""
import json
import pathlib
import re
import shlex
import subprocess
import sys

FOLDERS = ("base", "host/src", "tools", "modules", "sdk")
SUFFIXES = {".cpp", ".hpp", ".h"}
MUTEX_MEMBER = re.compile(r"^\s*(mutable\s+)?(uap::)?Mutex\s+(\w+)\s*;")
STD_MUTEX_MEMBER = re.compile(r"^\s*(mutable\s+)?std::mutex\s+(\w+)\s*;")
MEMBER = re.compile(r"^\s*[\w:<>,\s\*&\(\)\[\]]+?\b(\w+)\s*(UAP_\w+\([^)]*\))?\s*(=[^;]*|\{[^;]*\})?;\s*(//.*)?$")
EXEMPT = re.compile(r"condition_variable|std::atomic|^\s*(//|#)|^\s*(public|private|protected):|\busing\b|\bstatic\b|\)\s*(const\s*)?(override\s*)?;")
CLANG = "clang++"


def project_files(root: pathlib.Path):
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix in SUFFIXES and "/tests/" not in path.relative_to(root).as_posix():
                yield path


def member_offences(text: str, relative: str):
    guarding = None
    for number, line in enumerate(text.splitlines(), start=1):
        mutex = MUTEX_MEMBER.match(line)
        if mutex:
            guarding = mutex.group(3)
            continue
        if STD_MUTEX_MEMBER.match(line):
            yield "std::mutex", f"{relative}:{number}: `{STD_MUTEX_MEMBER.match(line).group(2)}` is a std::mutex, which the analysis cannot see; use uap::Mutex (support/mutex.hpp)"
        if guarding is None:
            continue
        if not line.strip() or line.strip().startswith("}"):
            guarding = None
            continue
        if EXEMPT.search(line) or "GUARDED_BY(" in line:
            continue
        member = MEMBER.match(line)
        if member:
            yield "unguarded", (f"{relative}:{number}: `{member.group(1)}` follows mutex `{guarding}` without UAP_GUARDED_BY({guarding});"
                                " annotate it, or end the guarded block with a blank line before it")


def check_members(root: pathlib.Path, allowed_file: pathlib.Path, given) -> int:
    allowed = {line.split("#", 1)[0].strip() for line in allowed_file.read_text(encoding="utf-8").splitlines()}
    allowed.discard("")
    files = given or list(project_files(root))
    if not given and len(files) < 200:
        print(f"only {len(files)} source files under {root}: the check is not looking at the project")
        return 2
    refused, with_std_mutex = [], set()
    for path in files:
        relative = path.relative_to(root).as_posix() if not given else path.as_posix()
        for kind, message in member_offences(path.read_text(encoding="utf-8", errors="replace"), relative):
            if kind == "std::mutex":
                with_std_mutex.add(relative)
                if relative in allowed:
                    continue
            refused.append(message)
    stale = sorted(allowed - with_std_mutex) if not given else []
    for path in stale:
        print(f"'{path}' has no std::mutex member any more; remove it from {allowed_file}")
    if refused:
        print("locking the analysis cannot check (docs/architecture.md, \"Locking\"):")
        print("\n".join(refused))
        return 1
    if stale:
        return 1
    print(f"every uap::Mutex's members are annotated in {len(files)} files ({len(with_std_mutex)} listed files still use std::mutex)")
    return 0


def command_arguments(entry: dict) -> list:
    return shlex.split(entry["command"]) if "command" in entry else list(entry["arguments"])


def built_under_the_analysis(entry: dict) -> bool:
    """Whether the build itself compiles this file with the analysis on and its warnings as errors."""
    arguments = command_arguments(entry)
    return "clang" in pathlib.Path(arguments[0]).name and "-Wthread-safety" in arguments and "-Werror" in arguments


def clang_command(entry: dict) -> list:
    arguments = command_arguments(entry)
    kept, skip = [CLANG], False
    for argument in arguments[1:]:
        if skip:
            skip = False
            continue
        if argument in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
            continue
        if argument in ("-c", "-MD", "-MMD") or argument == entry["file"] or argument.startswith("-fsanitize"):
            continue
        kept.append(argument)
    return kept + ["-fsyntax-only", "-Wno-everything", "-Wthread-safety", "-Werror=thread-safety-analysis"]


def check_compile(commands_file: pathlib.Path, root: pathlib.Path, given) -> int:
    entries = json.loads(commands_file.read_text(encoding="utf-8"))
    by_file = {pathlib.Path(entry["file"]).resolve(): entry for entry in entries}
    if given:
        template = next(entry for path, entry in by_file.items() if "/host/src/bridge/" in path.as_posix())
        jobs = [(pathlib.Path(name).resolve(), template) for name in given]
    else:
        users = {path.resolve().parent for path in project_files(root) if '"support/mutex.hpp"' in path.read_text(encoding="utf-8", errors="replace")}
        jobs = [(path, entry) for path, entry in sorted(by_file.items()) if path.suffix == ".cpp" and path.parent in users]
        if not jobs:
            print(f"no compiled source uses support/mutex.hpp in {commands_file}: the check is not looking at the project")
            return 2
        if all(built_under_the_analysis(entry) for _, entry in jobs):
            # The ci tree: its build already failed on any access without its lock.
            print(f"{len(jobs)} files are compiled by this build with clang -Wthread-safety -Werror, which checks their locking")
            return 0
    failed = 0
    for path, entry in jobs:
        # A planted file is compiled as C++ whatever its name says.
        source = ["-x", "c++", str(path)] if given else [str(path)]
        result = subprocess.run(clang_command(entry) + source, cwd=entry["directory"], capture_output=True, text=True)
        if result.returncode != 0:
            failed += 1
            print(result.stderr.strip())
    if failed:
        print(f"{failed} of {len(jobs)} files break the locking their annotations declare")
        return 1
    print(f"{len(jobs)} files keep the locking their annotations declare (clang -Wthread-safety)")
    return 0


def main() -> int:
    mode, arguments = sys.argv[1], sys.argv[2:]
    if mode == "members":
        return check_members(pathlib.Path(arguments[0]), pathlib.Path(arguments[1]), [pathlib.Path(name) for name in arguments[2:]])
    if mode == "compile":
        return check_compile(pathlib.Path(arguments[0]), pathlib.Path(arguments[1]), arguments[2:])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
