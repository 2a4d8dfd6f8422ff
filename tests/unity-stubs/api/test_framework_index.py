#!/usr/bin/env python3
# Writes api-index/test-framework-<version>.json: every Test Framework (com.unity.test-framework) type and
# member the package's optional AgentPanel.Editor.TestRunner assembly references, as the package's own
# source declares it at that version's tag, so check_references.py --from-assembly can check it offline.
# usage: test_framework_index.py --mirror GIT_DIR --assemblies BUILD/tests/unity/assemblies
#                                [--search DIR]... [--version V]... [--output DIR]
# GIT_DIR is a clone (bare is fine) of a mirror of the package with its version tags (needle-mirror).
import argparse
import datetime
import json
import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import assembly_references  # noqa: E402
import reference_index  # noqa: E402

HERE = pathlib.Path(__file__).parent
VERSIONS = ("1.1.33", "1.4.6")
FRAMEWORK_ASSEMBLIES = ("UnityEditor.TestRunner", "UnityEngine.TestRunner")


def referenced(assembly_folders, search):
    """Every Test Framework member and type the optional assembly references, over every shape's build."""
    members, type_names = set(), set()
    for folder in assembly_folders:
        for assembly in sorted(pathlib.Path(folder).glob("*/test-framework-*/AgentPanel.Editor.TestRunner.dll")):
            search_path = [str(assembly.parent), str(assembly.parent.parent), str(pathlib.Path(folder)),
                           str(pathlib.Path(folder) / "stubs")] + search
            for reference in assembly_references.member_references(str(assembly), search_path, FRAMEWORK_ASSEMBLIES):
                members.add((reference["type"], reference["name"]))
                type_names.add(reference["type"])
            type_names.update(assembly_references.type_references(str(assembly), search_path, FRAMEWORK_ASSEMBLIES))
    return sorted(members), sorted(type_names)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mirror", required=True)
    parser.add_argument("--assemblies", action="append", required=True)
    parser.add_argument("--search", action="append", default=[])
    parser.add_argument("--version", action="append")
    parser.add_argument("--output", default=str(HERE.parent / "api-index"))
    arguments = parser.parse_args()
    members, type_names = referenced(arguments.assemblies, arguments.search)
    if not members:
        sys.exit("no AgentPanel.Editor.TestRunner.dll under " + ", ".join(arguments.assemblies) + "; build unity_shim_assemblies first")
    output = pathlib.Path(arguments.output)
    output.mkdir(parents=True, exist_ok=True)
    for version in arguments.version or VERSIONS:
        tag = "refs/tags/" + version  # a tag name can also be a branch's in the mirror
        types = reference_index.SourceTypes(arguments.mirror, tag)
        types.load({re.split(r"[./]", name)[-1].split("`")[0] for name in type_names})
        types.load_bases()
        index = {"source": {"repository": "needle-mirror/com.unity.test-framework", "branch": version,
                            "commit": reference_index.git(arguments.mirror, "rev-parse", tag + "^{commit}").strip(),
                            "title": reference_index.git(arguments.mirror, "log", "-1", "--format=%s", tag).strip()[:100],
                            "date": reference_index.git(arguments.mirror, "log", "-1", "--format=%cs", tag).strip()},
                 "generated": datetime.date.today().isoformat(),
                 "generator": "tests/unity-stubs/api/test_framework_index.py",
                 "types": {name: reference_index.type_entry(types, name) for name in type_names},
                 "members": {f"{type_name}::{name}": reference_index.members_named(types, type_name, name)
                             for type_name, name in members}}
        (output / f"test-framework-{version}.json").write_text(json.dumps(index, indent=1, sort_keys=True) + "\n")
        missing = [key for key, found in index["members"].items() if not found]
        print(f"{version}: {len(index['types'])} types, {len(index['members'])} members, {len(missing)} not declared there: {missing}")


if __name__ == "__main__":
    main()
