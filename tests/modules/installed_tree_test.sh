#!/usr/bin/env bash
# Installs the build into a scratch prefix, builds sdk/examples/hello OUT OF TREE against the
# installed SDK (find_package), runs its unit tests against the installed test kit, and checks
# that the ALREADY-BUILT installed host lists and calls it, and that the host binary was not
# rebuilt or touched.
set -euo pipefail
build_dir=$1
source_dir=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export UAP_USER_PLUGINS_DIR="$scratch/user-plugins"

cmake --install "$build_dir" --prefix "$scratch/prefix" > "$scratch/install.log"
host="$scratch/prefix/bin/uap-host"
before=$(sha256sum "$host" "$build_dir/bin/uap-host" | awk '{print $1}' | tr '\n' ' ')
before_mtime=$(stat -c %Y "$build_dir/bin/uap-host")

# A sanitized build installs a sanitized test kit and host; the example must then carry the same runtime.
source "$(dirname "$0")/pack_build_flags.sh"
cmake -S "$source_dir/sdk/examples/hello" -B "$scratch/example" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_PREFIX_PATH="$scratch/prefix" "${pack_build_flags[@]}" > "$scratch/configure.log"
cmake --build "$scratch/example" > "$scratch/build.log"
grep -q "uap-sdk" "$scratch/example/CMakeCache.txt" && grep -q "$scratch/prefix" "$scratch/example/CMakeCache.txt" \
  || { echo "FAIL: the example was not configured against the installed SDK"; exit 1; }

# The example's unit tests link the installed test kit, and nothing of the build tree. (ldd's output
# is read whole first: `ldd | grep -q` under pipefail fails whenever grep's early exit gives ldd SIGPIPE.)
libraries=$(ldd "$scratch/example/hello_tests")
grep -q "$scratch/prefix/.*libuap-testkit.so" <<< "$libraries" \
  || { echo "$libraries"; echo "FAIL: hello_tests does not use the installed test kit"; exit 1; }
if grep -q "$build_dir" <<< "$libraries"; then
  echo "FAIL: hello_tests links something from the build tree"; exit 1
fi
ctest --test-dir "$scratch/example" --output-on-failure > "$scratch/example-tests.log" \
  || { cat "$scratch/example-tests.log"; echo "FAIL: the example's unit tests failed"; exit 1; }
echo "ok: the example's unit tests pass against the installed test kit"

mkdir -p "$scratch/plugins"
cp -r "$scratch/example/plugins/com.example.hello" "$scratch/plugins/"

listing=$("$host" modules list --json --plugins "$scratch/plugins")
echo "$listing" | python3 -c '
import json, sys
packs = {p["id"]: p for p in json.load(sys.stdin)["packs"]}
for pack_id in ("com.example.hello", "uap.core", "uap.markers"):
    assert packs[pack_id]["state"] == "loaded", (pack_id, packs[pack_id])
assert packs["uap.core"]["origin"] == "bundled", packs["uap.core"]
tools = sorted(t["name"] for t in packs["com.example.hello"]["tools"])
assert tools == ["hello_count_words", "hello_greet", "hello_place_sign"], tools
print("ok: installed host lists the out-of-tree example and its bundled packs")
'

greeting=$("$host" tools call hello_greet --args '{"name":"Unity"}' --plugins "$scratch/plugins")
[ "$greeting" = '{"greeting":"Hello, Unity!"}' ] || { echo "FAIL: hello_greet answered: $greeting"; exit 1; }
words=$("$host" tools call hello_count_words --args '{"text":"one two  three"}' --plugins "$scratch/plugins")
[ "$words" = '{"words":3}' ] || { echo "FAIL: hello_count_words answered: $words"; exit 1; }
ping=$("$host" tools call uap_ping)
echo "$ping" | python3 -c 'import json,sys; r=json.load(sys.stdin); assert r["host"]["version"] and r["editor"]["state"], r'
echo "ok: installed host calls the example's tools and uap_ping"

bash "$source_dir/tests/abi/exported_symbols_test.sh" "$scratch/plugins/com.example.hello/libhello_tools.so"

after=$(sha256sum "$host" "$build_dir/bin/uap-host" | awk '{print $1}' | tr '\n' ' ')
[ "$before" = "$after" ] && [ "$before_mtime" = "$(stat -c %Y "$build_dir/bin/uap-host")" ] \
  || { echo "FAIL: the host binary changed while building the example"; exit 1; }
echo "ok: host binaries untouched"
