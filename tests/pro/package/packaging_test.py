#!/usr/bin/env python3
# The Pro packaging script over the test pack: the UPM tarball's layout and package.json, the same
# bytes from two runs over inputs with other times, one archive per pack, signed with a test key,
# that `uap-host modules install` accepts once the key is trusted and refuses once tampered with,
# refusals that name the fix, and scripts/package-pro.sh's note when there is no Windows cross build. Leaves the tarball in UAP_PACKAGE_DIST for the discovery and live tests.
import gzip
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tarfile
import time
import unittest
import zipfile

SOURCE = pathlib.Path(os.environ["UAP_SOURCE_DIR"])
HOST = os.environ["UAP_HOST"]
PLUGINS = pathlib.Path(os.environ["UAP_PACKAGE_TEST_PLUGINS"])
DIST = pathlib.Path(os.environ["UAP_PACKAGE_DIST"])
WORK = pathlib.Path(os.environ["UAP_PACKAGE_WORK"])
SCRIPT = SOURCE / "scripts" / "package_pro.py"
PACK_ID = "test.pro.package"
CORE = json.loads((SOURCE / "unity-shim" / "package.json").read_text())
PRO = json.loads((SOURCE / "modules" / "pro" / "package" / "package.json").read_text())
TARBALL_NAME = f"com.agentpanel.pro-{PRO['version']}.tgz"


def package(plugins, output, *extra):
    return subprocess.run([sys.executable, str(SCRIPT), "--platform", f"linux-x64={plugins}",
                           "--package-dir", str(SOURCE / "modules/pro/package"), "--core", str(SOURCE / "unity-shim/package.json"),
                           "--profiles", str(SOURCE / "modules/pro/profiles"), "--output", str(output), *extra],
                          capture_output=True, text=True)


def copy_plugins(name, timestamp):
    """A copy of the test plugins folder whose files all carry the given time."""
    copy = WORK / name
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(PLUGINS, copy)
    for path in [copy, *copy.rglob("*")]:
        os.utime(path, (timestamp, timestamp))
    return copy


class Packaging(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        shutil.rmtree(WORK, ignore_errors=True)
        WORK.mkdir(parents=True)
        if not (PLUGINS / PACK_ID / "uap-module.json").is_file():
            raise RuntimeError(f"{PLUGINS / PACK_ID} is not built: build uap_pro_package_tests first")

    def test_two_runs_over_inputs_with_other_times_give_the_same_bytes(self):
        first, second = WORK / "first", WORK / "second"
        for plugins, output in ((copy_plugins("plugins-old", 1_000_000_000), first), (copy_plugins("plugins-new", time.time()), second)):
            result = package(plugins, output)
            self.assertEqual(result.returncode, 0, result.stderr)
        names = sorted(path.name for path in first.iterdir())
        self.assertEqual(names, sorted(path.name for path in second.iterdir()))
        self.assertIn(TARBALL_NAME, names)
        self.assertIn(f"{PACK_ID}-1.2.0-linux-x64.zip", names)
        for name in names:
            self.assertEqual((first / name).read_bytes(), (second / name).read_bytes(), f"{name} differs between two runs")
        # The gzip header carries no time and no file name either.
        header = (first / TARBALL_NAME).read_bytes()[:10]
        self.assertEqual(header[4:8], b"\0\0\0\0")
        self.assertEqual(header[3] & 0x08, 0, "no FNAME field")
        DIST.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(first / TARBALL_NAME, DIST / TARBALL_NAME)
        shutil.copyfile(first / f"{PACK_ID}-1.2.0-linux-x64.zip", DIST / f"{PACK_ID}-1.2.0-linux-x64.zip")

    def test_the_tarball_is_a_upm_package_with_the_packs_per_platform_and_no_meta_in_tilde_folders(self):
        output = WORK / "layout"
        result = package(PLUGINS, output)
        self.assertEqual(result.returncode, 0, result.stderr)
        with tarfile.open(output / TARBALL_NAME) as archive:
            members = archive.getmembers()
            names = [member.name for member in members]
            self.assertEqual(names, sorted(names), "entries are sorted")
            self.assertTrue(all(name.startswith("package/") for name in names), names)
            self.assertTrue(all(member.isfile() and member.mtime == 315532800 and member.uid == 0 and member.uname == "" for member in members))
            manifest = json.load(archive.extractfile("package/package.json"))
            pack_manifest = json.load(archive.extractfile(f"package/Bin~/linux-x64/plugins/{PACK_ID}/uap-module.json"))
            library = archive.getmember(f"package/Bin~/linux-x64/plugins/{PACK_ID}/{pack_manifest['library']['linux-x86_64']}")
        self.assertEqual(manifest["name"], "com.agentpanel.pro")
        self.assertEqual(manifest["version"], PRO["version"])
        self.assertTrue(manifest["displayName"])
        self.assertEqual(manifest["unity"], CORE["unity"])
        self.assertEqual(manifest["dependencies"], {CORE["name"]: CORE["version"]}, "depends on the Core package built beside it")
        self.assertIn("package/package.json.meta", names, "Unity needs the manifest's .meta in an immutable package")
        self.assertEqual([name for name in names if name.endswith(".meta") and "~/" in name], [])
        self.assertEqual(library.mode, 0o755)
        self.assertEqual(pack_manifest["id"], PACK_ID)
        profiles = sorted(f"package/Profiles~/{path.name}" for path in (SOURCE / "modules/pro/profiles").glob("*.json"))
        self.assertEqual([name for name in names if name.startswith("package/Profiles~/")], profiles)

    def test_each_pack_archive_installs_with_uap_host_modules_install(self):
        environment = {**os.environ, "UAP_USER_PLUGINS_DIR": str(WORK / "user-plugins"), "XDG_CONFIG_HOME": str(WORK / "config")}
        (WORK / "user-plugins").mkdir()
        key = WORK / "test-signing-key.json"
        generated = subprocess.run([HOST, "modules", "keygen", "--publisher", "Agent Panel test key", "--output", str(key)],
                                   capture_output=True, text=True, env=environment, check=True)
        public_key = next(line.split(": ", 1)[1] for line in generated.stdout.splitlines() if line.startswith("public key: "))
        output = WORK / "install"
        packaged = package(PLUGINS, output, "--signing-key", str(key), "--host", HOST)
        self.assertEqual(packaged.returncode, 0, packaged.stderr)
        self.assertFalse((PLUGINS / PACK_ID / "uap-signature.json").exists(), "the built pack folder stays unsigned")
        archive = output / f"{PACK_ID}-1.2.0-linux-x64.zip"
        with zipfile.ZipFile(archive) as opened:
            self.assertTrue(all(name.startswith(f"{PACK_ID}/") for name in opened.namelist()))
            self.assertIn(f"{PACK_ID}/uap-signature.json", opened.namelist())
        with tarfile.open(output / TARBALL_NAME) as tarball:
            self.assertIn(f"package/Bin~/linux-x64/plugins/{PACK_ID}/uap-signature.json", tarball.getnames())

        install = [HOST, "modules", "install", str(archive)]
        untrusted = subprocess.run(install, capture_output=True, text=True, env=environment)
        self.assertEqual(untrusted.returncode, 1)
        self.assertIn(f"uap-host modules trust {public_key} --publisher", untrusted.stderr)
        subprocess.run([HOST, "modules", "trust", public_key, "--publisher", "Agent Panel test key"], env=environment, check=True,
                       capture_output=True)
        installed = subprocess.run(install, capture_output=True, text=True, env=environment)
        self.assertEqual(installed.returncode, 0, installed.stderr)
        self.assertIn("publisher: Agent Panel test key (signature checked", installed.stdout)
        listing = json.loads(subprocess.run([HOST, "modules", "list", "--json"], capture_output=True, text=True, env=environment, check=True).stdout)
        pack = next(pack for pack in listing["packs"] if pack["id"] == PACK_ID)
        self.assertEqual((pack["state"], pack["origin"], pack["source"]), ("loaded", "user", "user"))
        self.assertEqual(pack["signature"], {"state": "trusted", "publisher": "Agent Panel test key", "publicKey": public_key})
        self.assertEqual(sorted(tool["name"] for tool in pack["tools"]), ["protest_package_echo", "protest_package_services"])

        # The same archive with one byte of its manifest changed: refused whatever the flags say.
        tampered = WORK / "tampered.zip"
        with zipfile.ZipFile(archive) as source, zipfile.ZipFile(tampered, "w") as target:
            for item in source.infolist():
                content = source.read(item)
                if item.filename == f"{PACK_ID}/uap-module.json":
                    content = content.replace(b'"1.2.0"', b'"1.2.1"')
                target.writestr(item, content)
        refused = subprocess.run([HOST, "modules", "install", "--replace", "--allow-unsigned", str(tampered)], capture_output=True,
                                 text=True, env=environment)
        self.assertEqual(refused.returncode, 1)
        self.assertIn("signature does not hold (uap-module.json was changed since it was signed)", refused.stderr)
        self.assertIn("Nothing was installed", refused.stderr)

    def test_refusals_name_what_was_refused_and_the_fix(self):
        linked = copy_plugins("plugins-linked", time.time())
        os.symlink("/etc/hostname", linked / PACK_ID / "hostname")
        result = package(linked, WORK / "refused-link")
        self.assertEqual(result.returncode, 1)
        self.assertIn("is a symbolic link; a package holds real files", result.stderr)
        self.assertFalse((WORK / "refused-link" / TARBALL_NAME).exists(), "nothing is written when a check fails")

        stray = copy_plugins("plugins-stray", time.time())
        (stray / "not-a-pack").mkdir()
        result = package(stray, WORK / "refused-stray")
        self.assertEqual(result.returncode, 1)
        self.assertIn("holds no uap-module.json", result.stderr)

        empty = WORK / "plugins-empty"
        empty.mkdir()
        result = package(empty, WORK / "refused-empty")
        self.assertEqual(result.returncode, 1)
        self.assertIn("no Pro pack was built", result.stderr)
        self.assertIn("--target uap_pro_packs", result.stderr)
        result = package(WORK / "no-such-plugins", WORK / "refused-missing")
        self.assertEqual(result.returncode, 1)
        self.assertIn("does not exist, so the package carries no linux-x64 packs", result.stderr)
        self.assertIn("no Pro pack was built", result.stderr)

        result = subprocess.run([sys.executable, str(SCRIPT), "--platform", f"amiga-68k={PLUGINS}", "--package-dir",
                                 str(SOURCE / "modules/pro/package"), "--core", str(SOURCE / "unity-shim/package.json"),
                                 "--output", str(WORK / "refused-platform")], capture_output=True, text=True)
        self.assertEqual(result.returncode, 1)
        self.assertIn("unknown platform amiga-68k", result.stderr)

        # A Windows folder that holds Linux packs is refused: the manifest names no windows-x86_64 library.
        result = subprocess.run([sys.executable, str(SCRIPT), "--platform", f"win-x64={PLUGINS}", "--package-dir",
                                 str(SOURCE / "modules/pro/package"), "--core", str(SOURCE / "unity-shim/package.json"),
                                 "--output", str(WORK / "refused-windows")], capture_output=True, text=True)
        self.assertEqual(result.returncode, 1)
        self.assertIn("names no library for windows-x86_64", result.stderr)

    def test_the_shell_script_notes_a_missing_windows_build_and_packages_the_linux_packs(self):
        build = WORK / "fake-build"
        shutil.copytree(PLUGINS, build / "pro" / "plugins")
        environment = {**os.environ, "UAP_PRO_SKIP_BUILD": "1", "UAP_BUILD_DIR": str(build),
                       "UAP_WINDOWS_BUILD_DIR": str(WORK / "no-windows-build")}
        result = subprocess.run([str(SOURCE / "scripts" / "package-pro.sh"), str(WORK / "script-output")], capture_output=True,
                                text=True, env=environment)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("no Windows cross build in", result.stderr)
        self.assertIn("carries no win-x64 packs", result.stderr)
        self.assertIn(TARBALL_NAME, result.stdout)
        reference = WORK / "script-reference"
        self.assertEqual(package(build / "pro" / "plugins", reference).returncode, 0)
        self.assertEqual((WORK / "script-output" / TARBALL_NAME).read_bytes(), (reference / TARBALL_NAME).read_bytes())


if __name__ == "__main__":
    unittest.main(verbosity=2)
