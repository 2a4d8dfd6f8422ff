#!/usr/bin/env bash
# The Unity package's Windows half: scripts/package-unity.sh puts the cross build into Bin~/win-x64/,
# and the packaged uap-host.exe, started under Wine from the unpacked tarball, finds and loads its
# bundled .dll packs at <bin>/../lib/uap/plugins (the layout the Unity launcher relies on).
# usage: unity_package.sh SOURCE_DIR CROSS_BUILD_DIR WORK_DIR WINE
set -euo pipefail
source_dir=$1 build=$2 work=$3 wine=$4
rm -rf "$work"
mkdir -p "$work/unpacked" "$work/project"
fail() { echo "unity_package: $*" >&2; exit 1; }

tarball=$(cd "$source_dir" && UAP_PACKAGE_PLATFORMS=win-x64 UAP_WINDOWS_BUILD_DIR="$build" scripts/package-unity.sh "$work/dist" | tail -n 1)
case "$tarball" in *-win-x64.tgz) ;; *) fail "unexpected tarball name: $tarball" ;; esac
tar -xzf "$tarball" -C "$work/unpacked"
package="$work/unpacked/package"
bin="$package/Bin~/win-x64"
[ -f "$package/package.json" ] || fail "package.json is not under package/"
[ ! -e "$package/Bin~/linux-x64" ] || fail "a win-x64 package carries a linux-x64 folder"
for file in bin/uap-host.exe bin/uap-module-runner.exe share/uap/profiles share/uap/web/index.html share/uap/web/vendor; do
  [ -e "$bin/$file" ] || fail "Bin~/win-x64/$file is missing"
done
packs=0
for folder in "$bin"/lib/uap/plugins/*/; do
  ls "$folder"*.dll > /dev/null 2>&1 || fail "$folder has no .dll"
  [ -f "$folder/uap-module.json" ] || fail "$folder has no uap-module.json"
  packs=$((packs + 1))
done
[ "$packs" -ge 3 ] || fail "expected the three bundled packs, found $packs"

# Started from the unpacked package, the host lists the bundled packs as loaded from there.
listing=$(cd "$work" && "$wine" "$bin/bin/uap-host.exe" modules list --json --project "$work/project" 2>"$work/stderr.txt") ||
  fail "uap-host.exe modules list failed: $(cat "$work/stderr.txt")"
echo "$listing" | python3 -c '
import json, sys
packs = {pack["id"]: pack for pack in json.load(sys.stdin)["packs"]}
for id in ("uap.core", "uap.editor", "uap.markers"):
    pack = packs.get(id)
    if pack is None:
        sys.exit("unity_package: the packaged host does not list " + id)
    where = "\\unpacked\\package\\Bin~\\win-x64\\lib\\uap\\plugins\\"
    if pack["state"] != "loaded" or pack["origin"] != "bundled" or where not in pack["folder"]:
        sys.exit("unity_package: " + id + " is not loaded from the unpacked package: " + json.dumps(pack)[:400])
' || fail "the packaged host's bundled packs"
echo "unity_package: $tarball carries Bin~/win-x64 with $packs packs, and the packaged host lists them"
