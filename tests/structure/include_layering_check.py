#!/usr/bin/env python3
"""Fails when a source file includes a header from a folder its own folder may not use.

Usage: include_layering_check.py SOURCE_ROOT RULES [--plant AS_PATH=FILE ...]

Builds the include graph between the architecture's units (each folder of host/src, the base
library and its platform layer, each bundled pack folder, the simulator, the SDK's headers, the test kit, the protocol
library, Boost.DLL) from every #include in product code, and prints each edge that RULES (the
allow-list beside docs/architecture.md) does not name, with the files that make it. Also prints
allowed edges that nothing uses any more, so the list shrinks as the code does. --plant reads FILE
as if it were the source file AS_PATH, for the test that proves a violation is caught.
"""
import argparse
import collections
import pathlib
import re
import sys

SCANNED = ("base", "host/src", "tools", "modules", "sdk", "protocol")
SUFFIXES = {".cpp", ".hpp", ".h", ".cc"}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def unit_of(relative: pathlib.PurePosixPath) -> str | None:
    """The architecture unit a file belongs to, or None for files outside every unit."""
    parts = relative.parts
    if parts[:3] == ("base", "support", "platform"):
        return "support/platform"
    if parts[:2] == ("base", "support"):
        return "support"
    if parts[:2] == ("host", "src"):
        if len(parts) == 3:
            return "main"
        if parts[2:4] == ("support", "platform"):
            return "support/platform"
        return parts[2]
    if parts[:2] == ("modules", "pro") and len(parts) > 3:
        return f"modules/pro/{parts[2]}"
    if parts[0] in ("tools", "modules") and len(parts) > 2:
        return f"{parts[0]}/{parts[1]}"
    if parts[:3] == ("sdk", "include", "uap") and len(parts) > 4:
        return f"sdk/{parts[3]}"
    if parts[0] == "sdk" and len(parts) > 2 and parts[1] != "include":
        return f"sdk/{parts[1]}"
    if parts[0] == "protocol":
        return "protocol"
    return None


class Tree:
    def __init__(self, root: pathlib.Path):
        self.root = root
        self.host_folders = {path.name for folder in ("host/src", "base") for path in (root / folder).iterdir() if path.is_dir()}
        self.files = [path.relative_to(root) for folder in SCANNED for path in sorted((root / folder).rglob("*"))
                      if path.suffix in SUFFIXES and path.is_file()]
        self.by_name = collections.defaultdict(list)
        for path in self.files:
            self.by_name[path.name].append(path)

    def target(self, including: pathlib.PurePosixPath, bracket: str, name: str) -> str | None:
        """The unit an include names, or None for the standard library and third-party headers."""
        parts = pathlib.PurePosixPath(name).parts
        if name.startswith("boost/dll"):
            return "boost.dll"
        if bracket == "<" and parts[0] != "uap":
            return None
        if parts[0] in self.host_folders and len(parts) > 1:
            if parts[:2] == ("support", "platform"):
                return "support/platform"
            return parts[0]
        if (self.root / including.parent / name).is_file():
            return unit_of(pathlib.PurePosixPath((including.parent / name).as_posix()))
        candidates = [path for path in self.by_name.get(parts[-1], []) if path.as_posix().endswith(name)]
        units = {unit_of(pathlib.PurePosixPath(path.as_posix())) for path in candidates}
        if len(units) == 1:
            return units.pop()
        return None  # Generated or external headers (version.hpp, Poco, RapidJSON, ...).


def read_rules(path: pathlib.Path) -> set[tuple[str, str]]:
    rules = set()
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        source, arrow, targets = text.partition("->")
        if not arrow:
            raise SystemExit(f"{path}:{number}: expected 'unit -> unit unit ...', got: {line}")
        rules.update((source.strip(), target) for target in targets.split())
    return rules


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("root", type=pathlib.Path)
    parser.add_argument("rules", type=pathlib.Path)
    parser.add_argument("--plant", action="append", default=[], metavar="AS_PATH=FILE")
    arguments = parser.parse_args()
    root = arguments.root
    rules = read_rules(arguments.rules)
    tree = Tree(root)
    if len(tree.files) < 100:
        print(f"only {len(tree.files)} source files under {root}: the check is not looking at the project")
        return 2
    planted = [argument.split("=", 1) for argument in arguments.plant]
    sources = [(path, root / path) for path in tree.files] + [(pathlib.Path(as_path), pathlib.Path(file)) for as_path, file in planted]
    edges = collections.defaultdict(list)
    for relative, file in sources:
        source = unit_of(pathlib.PurePosixPath(relative.as_posix()))
        if source is None:
            continue
        for number, line in enumerate(file.read_text(encoding="utf-8", errors="replace").splitlines(), start=1):
            match = INCLUDE.match(line)
            if not match:
                continue
            target = tree.target(pathlib.PurePosixPath(relative.as_posix()), match.group(1), match.group(2))
            if target is not None and target != source:
                edges[(source, target)].append(f"{relative.as_posix()}:{number}")
    refused = sorted(edge for edge in edges if edge not in rules)
    unused = sorted(rule for rule in rules if rule not in edges)
    for source, target in unused:
        print(f"note: the rule '{source} -> {target}' is used by nothing any more; remove it from the list")
    if refused:
        print(f"includes outside the layering in {arguments.rules} (docs/architecture.md says who may use whom;"
              " use an interface from api/ instead, or change the architecture and the list together):")
        for source, target in refused:
            print(f"  {source} -> {target}: " + ", ".join(edges[(source, target)][:5]))
        return 1
    print(f"{len(edges)} include edges between units, all within the layering")
    return 0


if __name__ == "__main__":
    sys.exit(main())
