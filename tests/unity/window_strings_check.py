#!/usr/bin/env python3
# Every text the window shows comes from PanelStrings' catalogue (English and Japanese): no element of
# the window is given a literal phrase as its text, label, tooltip or title, and every key the window
# looks up exists in the catalogue.
# usage: window_strings_check.py WINDOW_FOLDER CATALOGUE   (unity-shim/Editor/Unity/Window and
#        Core/Panel/PanelStrings.cs, or a planted offender)
import pathlib, re, sys

window = pathlib.Path(sys.argv[1])
catalogue = pathlib.Path(sys.argv[2]).read_text(encoding="utf-8")
keys = set(re.findall(r'\{\s*"([a-z_.0-9]+)"\s*,', catalogue))
problems = []

# A literal with a word in it, where a user would read it.
PHRASE = r'"[^"\n]*[A-Za-z]{2,}[^"\n]*"'
SHOWN = [
    (re.compile(r"new\s+(Label|Button|Toggle|Foldout|TextField|DropdownField|HelpBox)\s*\(\s*(\$?" + PHRASE + ")"), "a new {0} with the literal text {1}"),
    (re.compile(r"(?:\.|[{,]\s*)(text|label|tooltip|title)\s*=\s*(\$?" + PHRASE + ")"), "the literal {1} assigned to {0}"),
    (re.compile(r"new\s+(GUIContent)\s*\(\s*(" + PHRASE + ")"), "a {0} with the literal text {1}"),
]
LOOKUP = re.compile(r'(?:PanelStrings\.Get|Strings\.Get|\bT)\(\s*"([a-z_]+(?:\.[a-z_0-9]+)+)"')

files = sorted(window.glob("*.cs"))
if not files:
    problems.append(f"no C# files in {window}: the check is not looking at the window")
for path in files:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip().startswith("//"):
            continue
        for pattern, description in SHOWN:
            for match in pattern.finditer(line):
                problems.append(f"{path.name}:{number}: " + description.format(match.group(1), match.group(2)) +
                                "; add a key to PanelStrings (English and Japanese) and show PanelStrings.Get(key)")
        for key in LOOKUP.findall(line):
            if key not in keys:
                problems.append(f"{path.name}:{number}: the key {key} is not in the catalogue")

if problems:
    print("\n".join(problems))
    sys.exit(1)
print(f"every text in {len(files)} window files comes from the catalogue of {len(keys)} keys")
