#!/usr/bin/env python3
"""Checks that code on an injected clock reads no other time.

Usage: wall_clock_check.py SOURCE_ROOT [FILE...]

In the places below (the host's bridge and the editor simulator's runtime) every time, timeout and
wait goes through a uap::Clock (support/clock.hpp), so their tests move a manual clock instead of
sleeping. A read of a standard or Poco clock, a sleep, or a
condition-variable wait handed a lock directly (rather than through Clock::wait_until or
MutexLock::wait_until) is refused. Given FILEs are checked instead of the folders.
"""
import pathlib
import re
import sys

PLACES = (
    "host/src/bridge",
    "tools/editor-sim/src/simulated_editor.cpp",
    "tools/editor-sim/src/tick_gaps.hpp",
    "tools/editor-sim/include/uap/editor_sim/simulated_editor.hpp",
)
SUFFIXES = {".cpp", ".hpp", ".h"}
READS = [
    (re.compile(r"\b(steady_clock|system_clock|high_resolution_clock|file_clock|utc_clock)\b"), "reads a standard clock"),
    (re.compile(r"\b(sleep_for|sleep_until|usleep|nanosleep)\s*\("), "sleeps"),
    (re.compile(r"\bPoco::(Timestamp|Clock|Stopwatch|Thread::sleep)\b"), "reads Poco's clock"),
    # A bare call of the C library's time functions; member calls such as `m_clock.now()` do not match.
    (re.compile(r"(?<![\w.>:])(time|clock|gettimeofday|clock_gettime)\s*\("), "reads the C library's clock"),
    (re.compile(r"\bwait_(for|until)\s*\(\s*(\w+\.waitable\(\)|lock\b|guard\b)"), "waits on a condition variable by its own timer"),
]
COMMENT = re.compile(r"^\s*//")


def offences(text: str, relative: str):
    for number, line in enumerate(text.splitlines(), start=1):
        if COMMENT.match(line):
            continue
        code = line.split("//", 1)[0]
        for pattern, what in READS:
            match = pattern.search(code)
            if not match:
                continue
            yield f"{relative}:{number}: {what} (`{match.group(0).strip()}`); take the time from the injected uap::Clock (support/clock.hpp)"
            break


def sources(place: pathlib.Path):
    if place.is_file():
        return [place]
    return [path for path in sorted(place.rglob("*")) if path.suffix in SUFFIXES]


def main(argv) -> int:
    root = pathlib.Path(argv[1]).resolve()
    given = [pathlib.Path(name) for name in argv[2:]]
    files = given or [path for place in PLACES for path in sources(root / place)]
    found = []
    for path in files:
        relative = path.name if given else path.relative_to(root).as_posix()
        found.extend(offences(path.read_text(encoding="utf-8"), relative))
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} wall-clock reads in code that runs on an injected clock")
        return 1
    print(f"no wall-clock read in {len(files)} files of {', '.join(PLACES) if not given else 'the given files'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
