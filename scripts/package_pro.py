#!/usr/bin/env python3
# Writes the Pro package (com.agentpanel.pro-<version>.tgz, a UPM tarball) and one pack archive per
# pack and platform (<id>-<version>-<platform>.zip, what `uap-host modules install` accepts) from built
# plugins folders. Output is deterministic: sorted entries, fixed times, owners and modes, so two runs
# over the same inputs give the same bytes. scripts/package-pro.sh builds the packs and calls this.
# usage: package_pro.py --platform NAME=PLUGINS_DIR [--platform ...] --package-dir DIR --core FILE
#                       [--profiles DIR] --output DIR
import argparse
import gzip
import hashlib
import io
import json
import os
import pathlib
import re
import shutil
import stat
import subprocess
import sys
import tarfile
import tempfile
import zipfile

# The manifests' platform key (uap_platform_key in sdk/cmake/UapModule.cmake) of each package platform
# folder (the names the Core package uses under Bin~).
MANIFEST_PLATFORM = {
    "linux-x64": "linux-x86_64",
    "linux-arm64": "linux-arm64",
    "win-x64": "windows-x86_64",
    "win-arm64": "windows-arm64",
    "osx-x64": "macos-x86_64",
    "osx-arm64": "macos-arm64",
}
# Zip cannot store times before 1980; the tarball uses the same instant.
FIXED_TIME = int(os.environ.get("SOURCE_DATE_EPOCH", "315532800"))
PACK_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$")


class PackagingError(Exception):
    pass


def fail(message):
    raise PackagingError(message)


def read_json(path, what):
    try:
        with open(path, encoding="utf-8") as file:
            return json.load(file)
    except (OSError, ValueError) as error:
        fail(f"{what} {path} cannot be read as JSON: {error}")


def files_below(folder):
    """Every regular file below folder, sorted by relative path; a link is refused (an archive holds real files)."""
    found = []
    for root, folders, files in os.walk(folder, followlinks=False):
        for name in sorted(folders + files):
            path = pathlib.Path(root) / name
            relative = path.relative_to(folder).as_posix()
            if any(part.startswith(".") for part in pathlib.PurePosixPath(relative).parts):
                continue
            mode = os.lstat(path).st_mode
            if stat.S_ISLNK(mode):
                fail(f"{path} is a symbolic link; a package holds real files: replace the link with what it points at")
            if stat.S_ISREG(mode):
                found.append((relative, path))
        folders[:] = [name for name in folders if not name.startswith(".")]
    return sorted(found)


def entry_mode(path):
    return 0o755 if os.stat(path).st_mode & stat.S_IXUSR else 0o644


def read_packs(platform, plugins):
    """The packs of one platform: [(id, version, [(relative, path)])], sorted by id."""
    if platform not in MANIFEST_PLATFORM:
        fail(f"unknown platform {platform}; use one of {', '.join(sorted(MANIFEST_PLATFORM))}")
    plugins = pathlib.Path(plugins)
    packs = []
    if not plugins.is_dir():
        # The build made no pack for this platform (modules/pro holds none yet, or none builds there).
        print(f"package_pro.py: note: {plugins} does not exist, so the package carries no {platform} packs", file=sys.stderr)
        return packs
    for folder in sorted(plugins.iterdir()):
        if folder.name.startswith(".") or not folder.is_dir():
            continue
        manifest_file = folder / "uap-module.json"
        if not manifest_file.is_file():
            fail(f"{folder} holds no uap-module.json; it is not a built pack (rebuild it, or remove the folder)")
        manifest = read_json(manifest_file, "the manifest")
        pack_id, version = manifest.get("id"), manifest.get("version")
        if not isinstance(pack_id, str) or not PACK_ID.match(pack_id) or not isinstance(version, str) or not version:
            fail(f"{manifest_file} has no valid \"id\" and \"version\"")
        if folder.name != pack_id:
            fail(f"{folder} holds the pack {pack_id}; a pack's folder is named after its id (uap_add_module does so)")
        if not isinstance(manifest.get("abiVersion"), int):
            fail(f"{manifest_file} has no integer \"abiVersion\"")
        library = (manifest.get("library") or {}).get(MANIFEST_PLATFORM[platform])
        if not isinstance(library, str) or not (folder / library).is_file():
            fail(f"{manifest_file} names no library for {MANIFEST_PLATFORM[platform]} that exists in {folder}; "
                 f"the {platform} packs must come from a {platform} build")
        packs.append((pack_id, version, files_below(folder)))
    return packs


def signed_copy(pack_id, pack_files, staging, arguments):
    """The pack's files from a copy signed with `uap-host modules sign` (ed25519 signatures are
    deterministic, so two runs still give the same bytes); the built folder itself stays unsigned."""
    folder = staging / pack_id
    shutil.rmtree(folder, ignore_errors=True)
    for relative, path in pack_files:
        target = folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
    signed = subprocess.run([arguments.host, "modules", "sign", str(folder), "--key", arguments.signing_key],
                            capture_output=True, text=True)
    if signed.returncode != 0:
        fail(f"cannot sign {pack_id}: {signed.stderr.strip()}")
    return files_below(folder)


def package_files(arguments, staging):
    """Every file of the package as (path inside the package, bytes, mode), and the packs per platform."""
    package_dir = pathlib.Path(arguments.package_dir)
    package = read_json(package_dir / "package.json", "the package's package.json")
    core = read_json(arguments.core, "the Core package's package.json")
    if package.get("name") != "com.agentpanel.pro" or not isinstance(package.get("version"), str):
        fail(f"{package_dir / 'package.json'} must name com.agentpanel.pro and its version")
    # The Pro packs call the primitives of the Core package built from the same tree: it is the
    # oldest Core they are known to work with.
    package.setdefault("dependencies", {})[core["name"]] = core["version"]
    files = [("package.json", (json.dumps(package, indent=2, ensure_ascii=False) + "\n").encode("utf-8"), 0o644)]
    # Unity needs a .meta beside each file it imports from an immutable package; folders ending in "~"
    # are never imported, so the packs and profiles carry none.
    for relative, path in files_below(package_dir):
        if relative != "package.json":
            files.append((relative, path.read_bytes(), 0o644))
    packs_by_platform = {}
    for platform, plugins in arguments.platform:
        packs = read_packs(platform, plugins)
        if arguments.signing_key:
            packs = [(pack_id, version, signed_copy(pack_id, pack_files, staging / platform, arguments))
                     for pack_id, version, pack_files in packs]
        packs_by_platform[platform] = packs
        for pack_id, _, pack_files in packs:
            for relative, path in pack_files:
                files.append((f"Bin~/{platform}/plugins/{pack_id}/{relative}", path.read_bytes(), entry_mode(path)))
    if arguments.profiles:
        for relative, path in files_below(pathlib.Path(arguments.profiles)):
            if relative.endswith(".json"):
                files.append((f"Profiles~/{relative}", path.read_bytes(), 0o644))
    names = [name for name, _, _ in files]
    if len(names) != len(set(names)):
        fail("two inputs give the same file in the package")
    if any(name.endswith(".meta") and "~/" in name for name in names):
        fail("a .meta file inside a ~ folder: Unity never imports those folders, so they carry none")
    return package, sorted(files), packs_by_platform


def write_tarball(path, files):
    """A UPM tarball: every file under package/, in sorted order, with fixed owners, modes and times."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.GNU_FORMAT) as archive:
        for name, content, mode in files:
            info = tarfile.TarInfo("package/" + name)
            info.size, info.mode, info.mtime = len(content), mode, FIXED_TIME
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            archive.addfile(info, io.BytesIO(content))
    with open(path, "wb") as output:
        # No file name and a fixed time in the gzip header either.
        with gzip.GzipFile(filename="", mode="wb", fileobj=output, mtime=0, compresslevel=9) as compressed:
            compressed.write(buffer.getvalue())


def write_zip(path, top, files):
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for relative, source in files:
            info = zipfile.ZipInfo(f"{top}/{relative}", date_time=(1980, 1, 1, 0, 0, 0))
            info.create_system = 3  # Unix, so the mode below is read.
            info.external_attr = (stat.S_IFREG | entry_mode(source)) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, source.read_bytes())


def main():
    parser = argparse.ArgumentParser(description="Writes the Pro package tarball and one archive per pack.")
    parser.add_argument("--platform", action="append", default=[], metavar="NAME=PLUGINS_DIR",
                        type=lambda text: tuple(text.split("=", 1)) if "=" in text else fail(f"--platform {text}: expected NAME=PLUGINS_DIR"))
    parser.add_argument("--package-dir", required=True, help="the package's own files (package.json and its .meta)")
    parser.add_argument("--core", required=True, help="the Core package's package.json (its name and version become the dependency)")
    parser.add_argument("--profiles", help="extension profiles shipped in Profiles~/")
    parser.add_argument("--output", required=True)
    parser.add_argument("--signing-key", help="sign every pack with this key (a file `uap-host modules keygen` wrote)")
    parser.add_argument("--host", help="the uap-host that signs (needed with --signing-key)")
    arguments = parser.parse_args()
    if not arguments.platform:
        fail("no --platform NAME=PLUGINS_DIR given: nothing to package")
    if arguments.signing_key and not arguments.host:
        fail("--signing-key needs --host UAP_HOST: the uap-host that writes the signatures (build/release/bin/uap-host)")
    with tempfile.TemporaryDirectory() as staging:
        package, files, packs_by_platform = package_files(arguments, pathlib.Path(staging))
        write_outputs(arguments, package, files, packs_by_platform)


def write_outputs(arguments, package, files, packs_by_platform):
    if not any(packs_by_platform.values()):
        fail("no Pro pack was built (" + ", ".join(f"{p}: {d}" for p, d in arguments.platform) + " hold none); "
             "build them with `cmake --build build/release --target uap_pro_packs` (every pack modules/pro/<pack>/ defines)")
    output = pathlib.Path(arguments.output)
    output.mkdir(parents=True, exist_ok=True)
    tarball = output / f"com.agentpanel.pro-{package['version']}.tgz"
    write_tarball(tarball, files)
    print(tarball)
    for platform, packs in packs_by_platform.items():
        for pack_id, version, pack_files in packs:
            archive = output / f"{pack_id}-{version}-{platform}.zip"
            write_zip(archive, pack_id, pack_files)
            print(archive)
    print(f"sha256 {hashlib.sha256(tarball.read_bytes()).hexdigest()}  {tarball.name}", file=sys.stderr)


if __name__ == "__main__":
    try:
        main()
    except PackagingError as error:
        print(f"package_pro.py: {error}", file=sys.stderr)
        sys.exit(1)
