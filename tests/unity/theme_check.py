#!/usr/bin/env python3
# The window's theme holds together: every class the window's code gives an element is styled in
# Theme/AgentPanel.uss (and every styled class is used), every variable the layout uses is set by both
# skins' sheets and the two set the same ones, and no colour is written anywhere but in those two.
# usage: theme_check.py WINDOW_FOLDER   (unity-shim/Editor/Unity/Window, or a planted offender)
import pathlib, re, sys

window = pathlib.Path(sys.argv[1])
theme = window / "Theme"
problems = []

code = "\n".join(path.read_text(encoding="utf-8") for path in sorted(window.glob("*.cs")))
# Class names are literals, or a literal prefix the code completes ("uap-diff-" + kind, "uap-notice-" + level).
used = set(re.findall(r'"(uap-[a-z-]*[a-z])"', code))
prefixes = set(re.findall(r'"(uap-[a-z-]*-)"\s*\+', code))

layout = (theme / "AgentPanel.uss").read_text(encoding="utf-8")
styled = set(re.findall(r"\.(uap-[a-z-]+)\s*[{,:]", layout))
for name in sorted(used - styled):
    problems.append(f"the code gives elements the class {name}, which Theme/AgentPanel.uss does not style")
for prefix in sorted(prefixes):
    if not any(name.startswith(prefix) for name in styled):
        problems.append(f"the code builds classes starting {prefix}, and Theme/AgentPanel.uss styles none of them")
for name in sorted(styled - used - {"uap-root"}):
    if not any(name.startswith(prefix) for prefix in prefixes):
        problems.append(f"Theme/AgentPanel.uss styles {name}, which no element of the window gets")

colour = re.compile(r"#[0-9a-fA-F]{3,8}\b|\brgba?\(")
for line_number, line in enumerate(layout.splitlines(), 1):
    if colour.search(line):
        problems.append(f"Theme/AgentPanel.uss:{line_number} writes a colour; set a variable in both skins' sheets instead")
for path in sorted(window.glob("*.cs")):
    for line_number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if re.search(r"\bnew Color\b|\bColor\.[a-z]+\b|\.style\.(color|backgroundColor|border\w*Color)\b", line):
            problems.append(f"{path.name}:{line_number} sets a colour in code; give the element a class the theme colours")

needed = set(re.findall(r"var\((--uap-[a-z-]+)\)", layout))
skins = {}
for skin in ("AgentPanelDark.uss", "AgentPanelLight.uss"):
    sheet = theme / skin
    if not sheet.exists():
        problems.append(f"Theme/{skin} is missing")
        continue
    skins[skin] = set(re.findall(r"(--uap-[a-z-]+)\s*:", sheet.read_text(encoding="utf-8")))
    for variable in sorted(needed - skins[skin]):
        problems.append(f"Theme/AgentPanel.uss uses {variable}, which Theme/{skin} does not set")
if len(skins) == 2 and skins["AgentPanelDark.uss"] != skins["AgentPanelLight.uss"]:
    problems.append("the dark and light sheets set different variables: " + ", ".join(sorted(skins["AgentPanelDark.uss"] ^ skins["AgentPanelLight.uss"])))

for problem in problems:
    print(problem)
print(f"{len(used)} classes used, {len(styled)} styled, {len(needed)} variables, {len(problems)} problems")
sys.exit(1 if problems else 0)
