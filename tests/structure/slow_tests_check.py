#!/usr/bin/env python3
"""Fails when tests/slow_tests.txt names a test that no Google Test program of its folder lists.

Usage: slow_tests_check.py BINARY_DIR LIST

Reads the test lists Google Test discovery wrote under BINARY_DIR/tests/<folder>/ and prints each line
of LIST whose test is not among them (renamed or removed: its "slow" label would silently be lost).
"""
import pathlib
import re
import sys

ADD_TEST = re.compile(r"^add_test\(\[=\[(.+?)\]=\]")


def discovered(binary_dir: pathlib.Path, folder: str) -> set[str]:
    names = set()
    for listing in (binary_dir / "tests" / folder).glob("*_tests.cmake"):
        for line in listing.read_text(encoding="utf-8", errors="replace").splitlines():
            match = ADD_TEST.match(line)
            if match:
                names.add(match.group(1))
    return names


def main() -> int:
    binary_dir, listed = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    missing, checked, folders = [], 0, {}
    for number, line in enumerate(listed.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split()
        if len(fields) != 3:
            missing.append(f"{listed.name}:{number}: expected '<folder> <label> <test>', got: {line}")
            continue
        folder, _, name = fields
        if folder not in folders:
            folders[folder] = discovered(binary_dir, folder)
        checked += 1
        if name not in folders[folder]:
            missing.append(f"{listed.name}:{number}: no test program of tests/{folder} has {name}; "
                           "rename it in the list or remove the line")
    for finding in missing:
        print(finding)
    if missing:
        return 1
    print(f"all {checked} slow tests of {listed.name} exist")
    return 0


if __name__ == "__main__":
    sys.exit(main())
