#!/usr/bin/env python3
# Writes api-index/<branch>.json: every Unity type and member the compiled package references, as
# Unity's C# reference source declares it on that branch (kind, static, types, accessor visibility,
# [Obsolete]), so the test suite can check the package offline (check_references.py).
# usage: reference_index.py --reference GIT_DIR --assemblies BUILD/tests/unity/assemblies
#                           [--search DIR]... [--branch B]... [--output DIR]
# GIT_DIR is a clone (bare is fine) of Unity-Technologies/UnityCsReference with the branches fetched.
import argparse
import datetime
import json
import pathlib
import re
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import assembly_references  # noqa: E402
import csharp_declarations  # noqa: E402

HERE = pathlib.Path(__file__).parent
BRANCHES = ("2022.3", "6000.0", "6000.3", "6000.4", "6000.5")
SOURCE_KEYWORDS = {"Int32": "int", "UInt32": "uint", "Int64": "long", "UInt64": "ulong", "Single": "float",
                   "Double": "double", "Boolean": "bool", "String": "string", "Char": "char", "Byte": "byte",
                   "Void": "void"}
ACCESSOR_PREFIXES = {"get_": "get", "set_": "set", "add_": "add", "remove_": "remove"}


def git(git_dir, *arguments):
    return subprocess.run(["git", "--git-dir", git_dir] + list(arguments), capture_output=True, text=True).stdout


class SourceTypes:
    """The type declarations of one branch, loaded file by file as names are asked for."""

    def __init__(self, git_dir, branch):
        self.git_dir, self.branch = git_dir, branch
        self.types, self.files, self.searched = {}, set(), set()

    def load(self, simple_names):
        names = sorted(set(simple_names) - self.searched)
        self.searched.update(names)
        for start in range(0, len(names), 40):
            pattern = r"(class|struct|interface|enum|delegate[^;(]*)\s+(%s)\b" % "|".join(names[start:start + 40])
            for path in git(self.git_dir, "grep", "-l", "-P", pattern, self.branch, "--", "*.cs").splitlines():
                path = path.split(":", 1)[1]
                if path in self.files:
                    continue
                self.files.add(path)
                for full, parts in csharp_declarations.types_in(git(self.git_dir, "show", f"{self.branch}:{path}")).items():
                    for part in parts:
                        part["file"] = path
                    self.types.setdefault(full, []).extend(parts)

    def load_bases(self):
        """Loads every type the loaded ones derive from, until nothing new is named."""
        while True:
            names = {re.sub(r"<.*$", "", base).split(".")[-1].strip()
                     for parts in list(self.types.values()) for part in parts for base in csharp_declarations.bases_of(part)}
            if not names - self.searched:
                return
            self.load(names)

    def find(self, full_name):
        self.load([re.split(r"[./]", full_name)[-1].split("`")[0]])
        return self.types.get(full_name)

    def resolve(self, simple, near):
        """A type named in a declaration of `near` (a part), as a full name."""
        simple = re.sub(r"<.*$", "", simple).strip()
        arity = ""
        self.load([simple.split(".")[-1]])
        if "." in simple and simple in self.types:
            return simple
        for namespace in [near.get("namespace", "")] + near.get("usings", []) + ["UnityEngine", "UnityEditor"]:
            candidate = (namespace + "." if namespace else "") + simple + arity
            if candidate in self.types:
                return candidate
        return None


def canonical_source_type(text, part, method_generics):
    text = re.sub(r"\s+", "", text).replace("global::", "")
    suffix = ""
    while True:
        if text.endswith("[]"):
            suffix = "[]" + suffix; text = text[:-2]
        elif text.endswith("&"):
            suffix = "&" + suffix; text = text[:-1]
        elif text.endswith("*"):
            suffix = "*" + suffix; text = text[:-1]
        elif re.search(r"\[,+\]$", text):
            suffix = text[text.rindex("["):] + suffix; text = text[:text.rindex("[")]
        else:
            break
    if text.endswith("?"):
        return "Nullable<" + canonical_source_type(text[:-1], part, method_generics) + ">" + suffix
    arguments = ""
    if text.endswith(">") and "<" in text:
        opening = text.index("<")
        arguments = "<" + ",".join(canonical_source_type(a, part, method_generics)
                                   for a in csharp_declarations.split_top_level(text[opening + 1:-1])) + ">"
        text = text[:opening]
    text = part.get("aliases", {}).get(text, text)
    if text in method_generics:
        return "!!%d" % method_generics.index(text) + suffix
    if text in part.get("generics", []):
        return "!%d" % part["generics"].index(text) + suffix
    if text in ("System.Object",):
        return "object" + suffix
    simple = text.split(".")[-1]
    if "<" in simple:
        simple, _, rest = simple.partition("<")
        arguments = arguments or "<" + rest
    return SOURCE_KEYWORDS.get(simple, simple) + arguments + suffix


def described(member, part, declared_in):
    generics = member.get("generic", [])
    entry = {"declaredIn": declared_in, "member": member["member"], "visibility": member["visibility"],
             "static": member["static"], "returns": canonical_source_type(member.get("returns", "void"), part, generics),
             "obsolete": member["obsolete"]}
    if "parameters" in member:
        entry["parameters"] = [canonical_source_type(p, part, generics) for p in member["parameters"]]
    if "accessors" in member:
        entry["accessors"] = member["accessors"]
    if "value" in member:
        entry["value"] = member["value"]
    if generics:
        entry["genericArity"] = len(generics)
    return entry


def type_entry(types, full_name):
    parts = types.find(full_name)
    if not parts:
        return {"found": False}
    kinds = {part["kind"] for part in parts}
    modifiers = set().union(*(part["modifiers"] for part in parts))
    obsolete = next((part["obsolete"] for part in parts if part["obsolete"]), None)
    bases = []
    for part in parts:
        for base in csharp_declarations.bases_of(part):
            resolved = types.resolve(base, part)
            if resolved and resolved not in bases and types.find(resolved)[0]["kind"] == "class":
                bases.append(resolved)
    # A partial type's accessibility is written on some of its parts only; the rest inherit it.
    explicit = [part for part in parts if set(part["modifiers"]) & {"public", "internal", "protected", "private"}]
    visibility = explicit[0]["visibility"] if explicit else ("private" if "/" in full_name else "internal")
    return {"found": True, "kind": sorted(kinds)[0], "visibility": visibility, "obsolete": obsolete,
            "static": "static" in modifiers, "abstract": "abstract" in modifiers, "bases": bases,
            "files": sorted({part["file"] for part in parts})}


def members_named(types, full_name, name, seen=None):
    """Declarations of `name` on the type, else on its nearest base class that has one."""
    seen = seen or set()
    if full_name in seen:
        return []
    seen.add(full_name)
    parts = types.find(full_name) or []
    source_name = name
    for prefix in ACCESSOR_PREFIXES:
        if name.startswith(prefix):
            source_name = name[len(prefix):]
    found = []
    for part in parts:
        for member in csharp_declarations.members_of(part, full_name):
            names = member.get("names", [member["name"]])
            if (name in names and member["member"] in ("method", "field")) or \
               (source_name in names and source_name != name and member["member"] in ("property", "event")):
                found.append(described(member, part, full_name))
    if name == ".ctor":
        if not found and parts and parts[0]["kind"] in ("class", "struct") and not type_entry(types, full_name)["static"]:
            found.append({"declaredIn": full_name, "member": "method", "visibility": "public", "static": False,
                          "returns": "void", "parameters": [], "obsolete": None, "implicit": True})
        elif parts and parts[0]["kind"] == "struct":
            found.append({"declaredIn": full_name, "member": "method", "visibility": "public", "static": False,
                          "returns": "void", "parameters": [], "obsolete": None, "implicit": True})
        return found
    if found:
        return found
    for base in type_entry(types, full_name).get("bases", []):
        found = members_named(types, base, name, seen)
        if found:
            return found
    return []


def referenced(assembly_folders, search):
    """Every Unity member and type the package's assemblies reference, over every branch's build, and
    the constructors of every stub type the stubs let code call (so the check can hold the stubs to them)."""
    members, type_names = set(), set()
    for folder in assembly_folders:
        # Also the optional assemblies compiled per Test Framework version (<branch>/test-framework-<v>/).
        for assembly in sorted(list(pathlib.Path(folder).glob("*/AgentPanel.Editor*.dll")) +
                               list(pathlib.Path(folder).glob("*/test-framework-*/AgentPanel.Editor*.dll"))):
            search_path = [str(assembly.parent), str(assembly.parent.parent), str(pathlib.Path(folder))] + search
            for reference in assembly_references.member_references(str(assembly), search_path):
                members.add((reference["type"], reference["name"]))
                type_names.add(reference["type"])
            type_names.update(assembly_references.type_references(str(assembly), search_path))
        for stub in sorted(pathlib.Path(folder).glob("*/Unity*.dll")):
            for type_name in assembly_references.declared_constructors(str(stub), [str(stub.parent)]):
                members.add((type_name, ".ctor"))
                type_names.add(type_name)
    return sorted(members), sorted(type_names)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--reference", required=True)
    parser.add_argument("--assemblies", action="append", required=True)
    parser.add_argument("--search", action="append", default=[])
    parser.add_argument("--branch", action="append")
    parser.add_argument("--output", default=str(HERE.parent / "api-index"))
    arguments = parser.parse_args()
    members, type_names = referenced(arguments.assemblies, arguments.search)
    output = pathlib.Path(arguments.output)
    output.mkdir(parents=True, exist_ok=True)
    for branch in arguments.branch or BRANCHES:
        types = SourceTypes(arguments.reference, branch)
        types.load({re.split(r"[./]", name)[-1].split("`")[0] for name in type_names})
        types.load_bases()
        commit = git(arguments.reference, "rev-parse", branch).strip()
        index = {"source": {"repository": "Unity-Technologies/UnityCsReference", "branch": branch, "commit": commit,
                            "title": git(arguments.reference, "log", "-1", "--format=%s", branch).strip(),
                            "date": git(arguments.reference, "log", "-1", "--format=%cs", branch).strip()},
                 "generated": datetime.date.today().isoformat(),
                 "generator": "tests/unity-stubs/api/reference_index.py",
                 "types": {name: type_entry(types, name) for name in type_names},
                 "members": {f"{type_name}::{name}": members_named(types, type_name, name) for type_name, name in members}}
        (output / f"{branch}.json").write_text(json.dumps(index, indent=1, sort_keys=True) + "\n")
        missing = [key for key, found in index["members"].items() if not found]
        print(f"{branch}: {len(index['types'])} types, {len(index['members'])} members, {len(missing)} not declared there")


if __name__ == "__main__":
    main()
