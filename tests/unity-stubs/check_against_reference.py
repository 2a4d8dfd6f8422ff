#!/usr/bin/env python3
# Checks every type and member declared in these stubs against a UnityCsReference git checkout
# (branch 2022.3): each type must be declared public there under the same name, and each member
# must appear in a public declaration with its stub signature's parameter types in order.
# usage: check_against_reference.py GIT_DIR [REF]   (not part of ctest: it needs the reference source)
import pathlib, re, subprocess, sys

git_dir = sys.argv[1]
ref = sys.argv[2] if len(sys.argv) > 2 else "2022.3"
here = pathlib.Path(__file__).parent

def grep(pattern):
    result = subprocess.run(["git", "--git-dir", git_dir, "grep", "-h", "-E", pattern, ref, "--", "*.cs"],
                            capture_output=True, text=True)
    return result.stdout

failures = 0
for stub in sorted(list((here / "UnityEngine").rglob("*.cs")) + list((here / "UnityEditor").rglob("*.cs"))):
    text = stub.read_text()
    for kind, name in re.findall(r"public (?:[a-z]+ )*(class|struct|enum|interface|delegate [\w<>]+) (\w+)", text):
        if not grep(rf"public ([a-z]+ )*{kind.split()[0]} ([A-Za-z0-9_<>.]+ )?{name}\b"):
            print(f"{stub.name}: type {name} not found as a public {kind}"); failures += 1
    for returned, name, parameters in re.findall(r"public (?:static |virtual |override |abstract |extern )*([\w<>\[\]\.]+) (\w+)(?:<\w+>)?\(([^)]*)\)", text):
        if name in ("GetHashCode", "Equals", "Dispose", "GetEnumerator") or returned in ("operator",):
            continue
        declared = [p.split("=")[0].split() for p in parameters.split(",") if p.strip()]
        types = [words[-2].split(".")[-1].replace("[]", "") for words in declared if len(words) > 1]
        types = [t.split("<")[0] for t in types if t not in ("out", "params")]
        pattern = rf"public .*\b{name}(<[A-Za-z]+>)?\(" + "".join(rf".*\b{t}\b" for t in types)
        if not grep(pattern):
            print(f"{stub.name}: member {name}({', '.join(types)}) not found"); failures += 1
    for name in re.findall(r"public (?:static |virtual |override )*[\w<>\[\]\.]+ (\w+) \{ get", text):
        if not grep(rf"public .*\b{name}\b"):
            print(f"{stub.name}: property {name} not found"); failures += 1
print("all stub declarations found" if failures == 0 else f"{failures} declaration(s) not found")
sys.exit(1 if failures else 0)
