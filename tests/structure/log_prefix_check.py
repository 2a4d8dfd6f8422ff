#!/usr/bin/env python3
"""Checks that no log line of the host types its origin by hand.

Usage: log_prefix_check.py SOURCE_ROOT [FILE...]

A line about a part of the host goes through that part's named logger (support/log.hpp), which
writes the name; a call straight to spdlog whose message opens with a lowercase word and a colon
("bridge: ...") is refused. Lines about one pack ("[pack id] ...") and the console lines of the
serve command are spdlog calls of their own and are not affected. Given FILEs are checked instead.
"""
import pathlib
import re
import sys

HAND_TYPED = re.compile(r'\bspdlog::(trace|debug|info|warn|error|critical)\(\s*"([a-z][a-z ]*):\s')


def main(argv) -> int:
    root = pathlib.Path(argv[1]).resolve()
    given = [pathlib.Path(name) for name in argv[2:]]
    files = given or sorted(path for path in (root / "host/src").rglob("*") if path.suffix in {".cpp", ".hpp"})
    found = []
    for path in files:
        relative = path.name if given else path.relative_to(root).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            match = HAND_TYPED.search(line)
            if match:
                found.append(f"{relative}:{number}: the message types its origin \"{match.group(2)}:\" by hand; "
                             f"log through the named logger instead (support/log.hpp, e.g. log::{match.group(2).split()[0]}.{match.group(1)}(...))")
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} hand-typed log prefixes")
        return 1
    print(f"no hand-typed log prefix in {len(files)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
