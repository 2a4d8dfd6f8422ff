#!/usr/bin/env bash
# The author's whole loop from `uap-host modules new`: scaffold a pack into a fresh folder, build it
# against the SDK installed from this build tree, run its generated tests unchanged, package it with
# uap_package_module signed with a new publisher key, install the archive (refused until the key is
# trusted) and see `modules list` report its id, version and publisher. Then
# checks that a module reporting another version or id than its uap_add_module fails its build.
set -euo pipefail
build_dir=$1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export UAP_USER_PLUGINS_DIR="$scratch/user-plugins" XDG_CONFIG_HOME="$scratch/config"
started=$(date +%s)

cmake --install "$build_dir" --prefix "$scratch/prefix" > "$scratch/install.log"
host="$scratch/prefix/bin/uap-host"

"$host" modules new com.example.mine --dir "$scratch/mine" > "$scratch/new.log"
scaffolded=$(date +%s)

# A sanitized build installs a sanitized test kit and host; the pack must then carry the same runtime.
source "$(dirname "$0")/pack_build_flags.sh"
cmake -S "$scratch/mine" -B "$scratch/mine/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_PREFIX_PATH="$scratch/prefix" "${pack_build_flags[@]}" > "$scratch/configure.log"
cmake --build "$scratch/mine/build" > "$scratch/build.log" \
  || { cat "$scratch/build.log"; echo "FAIL: the scaffolded pack does not build"; exit 1; }
built=$(date +%s)
ctest --test-dir "$scratch/mine/build" --output-on-failure > "$scratch/pack-tests.log" \
  || { cat "$scratch/pack-tests.log"; echo "FAIL: the scaffolded pack's own tests failed"; exit 1; }
grep -q "100% tests passed, 0 tests failed out of 1" "$scratch/pack-tests.log" \
  || { cat "$scratch/pack-tests.log"; echo "FAIL: the pack's test program did not run"; exit 1; }
"$scratch/mine/build/mine_tools_tests" > "$scratch/pack-gtest.log"
grep -q "\[  PASSED  \] 4 tests" "$scratch/pack-gtest.log" \
  || { cat "$scratch/pack-gtest.log"; echo "FAIL: expected the pack's 4 generated tests to pass"; exit 1; }
tested=$(date +%s)
echo "ok: the scaffolded pack builds and its 4 generated tests pass"

"$host" modules keygen --publisher "Example Mine" --output "$scratch/signing-key.json" > "$scratch/keygen.log"
public_key=$(sed -n 's/^public key: //p' "$scratch/keygen.log")
cmake "$scratch/mine/build" -DUAP_SIGNING_KEY="$scratch/signing-key.json" > "$scratch/reconfigure.log"
cmake --build "$scratch/mine/build" --target mine_tools_package > "$scratch/package.log"
archive="$scratch/mine/build/com.example.mine-0.1.0.zip"
[ -f "$archive" ] || { cat "$scratch/package.log"; echo "FAIL: uap_package_module made no $archive"; exit 1; }
[ ! -e "$scratch/mine/build/plugins/com.example.mine/uap-signature.json" ] \
  || { echo "FAIL: packaging signed the pack folder the build loads from, not a copy"; exit 1; }
if "$host" modules install "$archive" > "$scratch/untrusted.log" 2>&1; then
  echo "FAIL: a pack signed with a key no trust file lists was installed without --allow-unsigned"; exit 1
fi
grep -qF "uap-host modules trust $public_key --publisher" "$scratch/untrusted.log" \
  || { cat "$scratch/untrusted.log"; echo "FAIL: the refusal does not give the command that trusts the key"; exit 1; }
"$host" modules trust "$public_key" --publisher "Example Mine" > /dev/null
"$host" modules install "$archive" > "$scratch/install-pack.log" \
  || { cat "$scratch/install-pack.log"; echo "FAIL: modules install refused the packaged archive"; exit 1; }
"$host" modules list --json --plugins "$UAP_USER_PLUGINS_DIR" | python3 -c '
import json, sys
packs = {p["id"]: p for p in json.load(sys.stdin)["packs"]}
pack = packs.get("com.example.mine")
assert pack, sorted(packs)
assert pack["version"] == "0.1.0", pack
assert pack["state"] == "loaded", pack
assert pack["signature"]["state"] == "trusted" and pack["signature"]["publisher"] == "Example Mine", pack["signature"]
tools = sorted(t["name"] for t in pack["tools"])
assert tools == ["mine_echo", "mine_scene_roots"], tools
print("ok: the signed archive installs once its key is trusted, and modules list shows com.example.mine 0.1.0 loaded, "
      "published by Example Mine, with its two tools")
'
finished=$(date +%s)
echo "timing: install SDK + scaffold $((scaffolded - started)) s, configure + build $((built - scaffolded)) s," \
     "tests $((tested - built)) s, package + install + list $((finished - tested)) s, total $((finished - started)) s"

# The id and version are written once; a module that reports others anyway fails its build.
# expect_mismatch <UAP_MODULE arguments> <what the failure must say>
expect_mismatch() {
  sed -i "s/^UAP_MODULE(.*)\$/UAP_MODULE($1)/" "$scratch/mine/module.cpp"
  grep -qF "UAP_MODULE($1)" "$scratch/mine/module.cpp" || { echo "FAIL: the test did not edit module.cpp"; exit 1; }
  if cmake --build "$scratch/mine/build" > "$scratch/mismatch.log" 2>&1; then
    echo "FAIL: a module with UAP_MODULE($1) built"; exit 1
  fi
  grep -qF "$2" "$scratch/mismatch.log" || { cat "$scratch/mismatch.log"; echo "FAIL: the build did not say: $2"; exit 1; }
}
expect_mismatch 'mine_pack::PackModule, UAP_PACK_ID, "9.9.9"' "reports version \"9.9.9\" but the pack's VERSION is \"0.1.0\""
expect_mismatch 'mine_pack::PackModule, "com.example.other", UAP_PACK_VERSION' \
                "reports id \"com.example.other\" but the pack's ID is \"com.example.mine\""
echo "ok: a module reporting another version or id than its uap_add_module fails its build"
