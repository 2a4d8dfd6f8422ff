#!/usr/bin/env python3
# Checks every Unity type and member a compiled assembly references (read with monodis) against the
# committed API index of one Unity branch (api-index/<branch>.json, from reference_index.py): it must
# be declared there, public, static or instance as used, with the same parameter and return types and
# accessor visibility, and not [Obsolete]. Exits 1 on any finding.
# With --from-assembly, the references checked are those into the named assemblies instead of Unity's
# own (UnityEngine, UnityEditor): the Test Framework's, against api-index/test-framework-<version>.json.
# usage: check_references.py --index api-index/6000.5.json [--search DIR]... [--allow-obsolete TYPE_OR_MEMBER]...
#                            [--from-assembly NAME]... ASSEMBLY...
import argparse
import json
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import assembly_references  # noqa: E402

ACCESSORS = {"get_": "get", "set_": "set", "add_": "add", "remove_": "remove"}
DELEGATE_MEMBERS = (".ctor", "Invoke", "BeginInvoke", "EndInvoke")


def accessor_of(name):
    return next((kind for prefix, kind in ACCESSORS.items() if name.startswith(prefix)), None)


def used_shape(reference):
    """(returned/declared type, parameter types) of a reference, as the declaration would spell them."""
    accessor = accessor_of(reference["name"])
    parameters = reference["parameters"] or []
    if accessor == "get":
        return reference["returns"], parameters
    if accessor in ("set", "add", "remove"):
        return (parameters[-1] if parameters else "void"), parameters[:-1]
    return reference["returns"], parameters


def differences(reference, entry):
    """Why a declaration does not fit a reference ([] when it does)."""
    found = []
    accessor = accessor_of(reference["name"])
    if entry["member"] in ("property", "event"):
        returned, parameters = used_shape(reference)
        declared_parameters = entry.get("parameters", [])
        if accessor is None:
            return ["used as a method, declared as a " + entry["member"]]
        visibility = entry.get("accessors", {}).get(accessor)
        if visibility is None:
            found.append(f"has no {accessor} accessor")
        elif visibility not in ("public", "protected", "protected internal"):
            found.append(f"its {accessor} accessor is {visibility}")
    elif entry["member"] == "field":
        returned, parameters, declared_parameters = reference["returns"], [], []
        if reference["parameters"] is not None:
            return ["used as a method, declared as a field"]
    else:
        returned, parameters, declared_parameters = reference["returns"], reference["parameters"] or [], entry.get("parameters", [])
    if entry["visibility"] not in ("public", "protected", "protected internal"):
        found.append(f"is {entry['visibility']}")
    if entry["member"] != "field" and entry["static"] == reference["instance"] and reference["name"] != ".ctor":
        found.append("is " + ("static" if entry["static"] else "an instance member") + ", used as " +
                     ("instance" if reference["instance"] else "static"))
    if parameters != declared_parameters:
        found.append(f"takes ({', '.join(declared_parameters)}), used with ({', '.join(parameters)})")
    if returned != entry["returns"] and reference["name"] != ".ctor":
        found.append(f"is of type {entry['returns']}, used as {returned}")
    return found


def check(index, references, type_names, allowed):
    """(number checked, findings, allowed obsolete uses)."""
    findings, allowed_uses, checked = [], [], 0
    for name in sorted(set(type_names)):
        checked += 1
        entry = index["types"].get(name)
        if entry is None:
            findings.append(f"type {name}: not in the API index (regenerate it with reference_index.py)")
        elif not entry["found"]:
            findings.append(f"type {name}: not declared on this branch")
        elif entry["visibility"] != "public":
            findings.append(f"type {name}: is {entry['visibility']}")
        elif entry["obsolete"]:
            record = (allowed_uses if name in allowed and not entry["obsolete"]["error"] else findings)
            record.append(f"type {name}: [Obsolete{'(error)' if entry['obsolete']['error'] else ''}] {entry['obsolete']['message']}")
    for reference in references:
        checked += 1
        key = f"{reference['type']}::{reference['name']}"
        label = f"{key} {reference['signature']}"
        type_entry = index["types"].get(reference["type"], {})
        if type_entry.get("kind") == "delegate" and reference["name"] in DELEGATE_MEMBERS:
            continue
        if key not in index["members"]:
            findings.append(f"{label}: not in the API index (regenerate it with reference_index.py)")
            continue
        candidates = index["members"][key]
        if not candidates:
            findings.append(f"{label}: not declared on this branch")
            continue
        fits = [entry for entry in candidates if not differences(reference, entry)]
        if not fits:
            reasons = "; ".join(" and ".join(differences(reference, entry)) for entry in candidates)
            findings.append(f"{label}: no declaration fits: {reasons}")
            continue
        obsolete = fits[0]["obsolete"]
        if obsolete:
            text = f"{label}: [Obsolete{'(error)' if obsolete['error'] else ''}] {obsolete['message']}"
            (allowed_uses if key in allowed and not obsolete["error"] else findings).append(text)
    return checked, findings, allowed_uses


def check_stub_constructors(index, stubs):
    """Findings for stub constructors code could call (public or protected) that Unity does not offer."""
    findings, checked = [], 0
    for stub in stubs:
        for type_name, constructors in assembly_references.declared_constructors(stub, [str(pathlib.Path(stub).parent)]).items():
            if index["types"].get(type_name, {}).get("kind") == "delegate":
                continue
            declared = index["members"].get(f"{type_name}::.ctor")
            for visibility, parameters in constructors:
                checked += 1
                if declared is None:
                    findings.append(f"stub {type_name}({', '.join(parameters)}): not in the API index (regenerate it)")
                elif not any(entry["parameters"] == parameters and entry["visibility"] in ("public", "protected", "protected internal")
                             for entry in declared):
                    offered = ", ".join(f"{entry['visibility']} ({', '.join(entry['parameters'])})" for entry in declared) or "none"
                    findings.append(f"stub {type_name}: {visibility} constructor ({', '.join(parameters)}); Unity declares {offered}")
    return checked, findings


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--index", required=True)
    parser.add_argument("--search", action="append", default=[])
    parser.add_argument("--allow-obsolete", action="append", default=[],
                        help="a type or Type::member whose [Obsolete] warning the package silences on purpose")
    parser.add_argument("--stubs", action="append", default=[], help="a stub assembly whose constructors must be Unity's")
    parser.add_argument("--from-assembly", action="append", default=[],
                        help="check the references into this assembly (default: UnityEngine and UnityEditor)")
    parser.add_argument("assemblies", nargs="*")
    arguments = parser.parse_args()
    started = time.monotonic()
    index = json.loads(pathlib.Path(arguments.index).read_text())
    source = index["source"]
    total_checked, total_findings = 0, 0
    for assembly in arguments.assemblies:
        search_path = [str(pathlib.Path(assembly).parent)] + arguments.search
        checked_assemblies = tuple(arguments.from_assembly) or assembly_references.UNITY_ASSEMBLIES
        references = assembly_references.member_references(assembly, search_path, checked_assemblies)
        type_names = assembly_references.type_references(assembly, search_path, checked_assemblies)
        checked, findings, allowed_uses = check(index, references, type_names + [r["type"] for r in references],
                                                set(arguments.allow_obsolete))
        total_checked += checked
        total_findings += len(findings)
        for finding in findings:
            print(f"{pathlib.Path(assembly).name}: {finding}")
        for use in allowed_uses:
            print(f"{pathlib.Path(assembly).name}: allowed (silenced in the package with #pragma): {use}")
        errors = sum("(error)" in finding for finding in findings)
        print(f"{pathlib.Path(assembly).name} against {source['branch']} ({source['title']}, {source['commit'][:10]}): "
              f"{checked} references checked ({len(references)} members), {len(findings)} findings, "
              f"{errors} obsolete-as-error, {len(allowed_uses)} allowed obsolete warnings")
    if arguments.stubs:
        checked, findings = check_stub_constructors(index, arguments.stubs)
        for finding in findings:
            print(finding)
        print(f"stubs against {source['branch']}: {checked} constructors checked, {len(findings)} findings")
        total_checked += checked
        total_findings += len(findings)
    print(f"{total_checked} references checked, {total_findings} findings, in {time.monotonic() - started:.1f} s")
    sys.exit(1 if total_findings else 0)


if __name__ == "__main__":
    main()
