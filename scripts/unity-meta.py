#!/usr/bin/env python3
# Unity's .meta files for the package in unity-shim/: creates the missing ones with a GUID derived
# from the asset's path (so a re-run never changes a checked-in GUID), or with --check verifies that
# every asset has one with the importer Unity uses for it, no .meta is orphaned, and no GUID repeats. Folders ending in "~" and dot-files
# are invisible to Unity and get none.
# usage: unity-meta.py [--check] PACKAGE_DIR
import hashlib, pathlib, re, sys

def importer_for(path: pathlib.Path, relative: pathlib.PurePath) -> str:
    if path.is_dir():
        return "folderAsset: yes\nDefaultImporter:\n  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n"
    if path.suffix == ".cs":
        return ("MonoImporter:\n  externalObjects: {}\n  serializedVersion: 2\n  defaultReferences: []\n  executionOrder: 0\n"
                "  icon: {instanceID: 0}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n")
    if path.suffix == ".asmdef":
        return "AssemblyDefinitionImporter:\n  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n"
    if path.suffix == ".uss":
        # Unity imports stylesheets with its built-in USS importer, a ScriptedImporter named by its
        # script's fixed file id.
        return ("ScriptedImporter:\n  internalIDToNameTable: []\n  externalObjects: {}\n  serializedVersion: 2\n  userData: \n"
                "  assetBundleName: \n  assetBundleVariant: \n  script: {fileID: 12385, guid: 0000000000000000e000000000000000, type: 0}\n"
                "  disableValidation: 0\n")
    if relative == pathlib.PurePath("package.json"):
        # Unity imports a package's manifest with its own importer (PackageManifestImporter), not as text.
        return "PackageManifestImporter:\n  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n"
    if path.suffix in (".json", ".md", ".txt"):
        return "TextScriptImporter:\n  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n"
    return "DefaultImporter:\n  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n"

def visible_assets(root: pathlib.Path):
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root)
        if any(part.startswith(".") or part.endswith("~") for part in relative.parts) or path.suffix == ".meta":
            continue
        yield path, relative

def main() -> int:
    arguments = sys.argv[1:]
    check = "--check" in arguments
    root = pathlib.Path([a for a in arguments if a != "--check"][0])
    problems, guids = [], {}
    for path, relative in visible_assets(root):
        meta = path.with_name(path.name + ".meta")
        if not meta.exists():
            if check:
                problems.append(f"{relative} has no .meta (run scripts/unity-meta.py unity-shim)")
                continue
            guid = hashlib.md5(("com.agentpanel.unity/" + relative.as_posix()).encode()).hexdigest()
            meta.write_text(f"fileFormatVersion: 2\nguid: {guid}\n{importer_for(path, relative)}")
        text = meta.read_text()
        found = re.search(r"^guid: ([0-9a-f]{32})$", text, re.MULTILINE)
        expected = importer_for(path, relative).splitlines()[0]
        if expected not in text.splitlines():
            problems.append(f"{relative}.meta does not say '{expected}' (the importer Unity uses for it)")
        if not found:
            problems.append(f"{relative}.meta has no 32-digit guid")
        elif found.group(1) in guids:
            problems.append(f"{relative}.meta repeats the guid of {guids[found.group(1)]}")
        else:
            guids[found.group(1)] = relative
    for meta in sorted(root.rglob("*.meta")):
        relative = meta.relative_to(root)
        if any(part.startswith(".") or part.endswith("~") for part in relative.parts):
            continue
        if not meta.with_name(meta.name[:-5]).exists():
            problems.append(f"{relative} belongs to no asset (delete it)")
    for problem in problems:
        print(problem)
    print(f"{len(guids)} assets with .meta files" if not problems else f"{len(problems)} problem(s)")
    return 1 if problems else 0

sys.exit(main())
