#!/usr/bin/env bash
# The Windows build as a third-party module author meets it, run under Wine: installs the cross
# build into a scratch prefix, cross-builds sdk/examples/hello OUT OF TREE against the installed SDK
# (find_package(uap-sdk) with the mingw-w64 toolchain), checks that its .dll exports only the entry
# point and that its manifest names the Windows library, runs its unit tests against the installed
# test kit (libuap-testkit.dll), then lists, calls and installs it (from a zip) with the installed
# uap-host.exe. Usage: installed_tree_under_wine.sh <windows-cross build folder> <source folder>
set -euo pipefail
build_dir=$1
source_dir=$2
wine=${UAP_WINE:-/usr/lib/wine/wine64}
cache_value() { sed -n "s/^$1:[A-Z]*=//p" "$build_dir/CMakeCache.txt"; }
deps=$(cache_value UAP_WINDOWS_DEPS)
[ -d "$deps" ] || { echo "FAIL: UAP_WINDOWS_DEPS of $build_dir is not a folder ($deps); configure with the windows-cross preset"; exit 1; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export UAP_USER_PLUGINS_DIR="$scratch/user-plugins"

cmake --install "$build_dir" --prefix "$scratch/prefix" > "$scratch/install.log"
host="$scratch/prefix/bin/uap-host.exe"
[ -f "$host" ] && [ -f "$scratch/prefix/bin/libuap-testkit.dll" ] || { ls -R "$scratch/prefix" | head -40; echo "FAIL: the install lacks uap-host.exe or libuap-testkit.dll"; exit 1; }

# As an author cross-compiling would: the toolchain file, the dependencies' prefix, and the SDK's
# package folder (<Package>_DIR, which a cross build's root-path rules do not re-root).
if ! cmake -S "$source_dir/sdk/examples/hello" -B "$scratch/example" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_TOOLCHAIN_FILE="$source_dir/cmake/mingw-w64-x86_64.cmake" -DUAP_WINDOWS_DEPS="$deps" \
      -DRapidJSON_DIR="$deps/cmake" -Duap-sdk_DIR="$scratch/prefix/lib/cmake/uap-sdk" > "$scratch/configure.log" 2>&1; then
  cat "$scratch/configure.log"; echo "FAIL: the example does not configure against the installed SDK"; exit 1
fi
started=$(date +%s)
cmake --build "$scratch/example" > "$scratch/build.log" 2>&1 || { cat "$scratch/build.log"; echo "FAIL: the example does not build"; exit 1; }
echo "ok: the example cross-built against the installed SDK in $(( $(date +%s) - started )) s"

pack="$scratch/example/plugins/com.example.hello"
python3 - "$pack/uap-module.json" <<'PY'
import json, sys
manifest = json.load(open(sys.argv[1]))
assert manifest["library"] == {"windows-x86_64": "libhello_tools.dll"}, manifest["library"]
assert sorted(manifest["tools"]) == ["hello_count_words", "hello_greet", "hello_place_sign"], manifest["tools"]
print("ok: the manifest names the Windows library and the tools uap-host.exe read from it")
PY
bash "$source_dir/tests/abi/exported_symbols_test.sh" "$pack/libhello_tools.dll"
# The module needs no mingw runtime DLL: it imports system DLLs only.
imports=$(x86_64-w64-mingw32-objdump -p "$pack/libhello_tools.dll" | sed -n 's/^\s*DLL Name: //p' | sort -u | tr '\n' ' ')
case "$imports" in
  *libstdc++*|*libgcc*|*libwinpthread*) echo "FAIL: libhello_tools.dll needs mingw runtime DLLs: $imports"; exit 1 ;;
esac
echo "ok: libhello_tools.dll imports only $imports"

# The unit tests use the installed test kit: the copy beside hello_tests.exe is the installed one.
cmp -s "$scratch/example/libuap-testkit.dll" "$scratch/prefix/bin/libuap-testkit.dll" \
  || { ls "$scratch/example"; echo "FAIL: hello_tests.exe has no copy of the installed libuap-testkit.dll beside it"; exit 1; }
ctest --test-dir "$scratch/example" --output-on-failure > "$scratch/example-tests.log" 2>&1 \
  || { cat "$scratch/example-tests.log"; echo "FAIL: the example's unit tests failed under Wine"; exit 1; }
echo "ok: the example's unit tests pass under Wine against the installed test kit"

mkdir -p "$scratch/plugins"
cp -r "$pack" "$scratch/plugins/"
"$wine" "$host" modules list --json --plugins "$scratch/plugins" > "$scratch/listing.json" 2> "$scratch/listing.err" \
  || { cat "$scratch/listing.err"; echo "FAIL: uap-host.exe modules list failed"; exit 1; }
python3 - "$scratch/listing.json" <<'PY'
import json, sys
packs = {p["id"]: p for p in json.load(open(sys.argv[1], encoding="utf-8"))["packs"]}
for pack_id in ("com.example.hello", "uap.core", "uap.editor", "uap.markers"):
    assert packs[pack_id]["state"] == "loaded", (pack_id, packs[pack_id])
assert packs["uap.core"]["origin"] == "bundled", packs["uap.core"]
tools = sorted(t["name"] for t in packs["com.example.hello"]["tools"])
assert tools == ["hello_count_words", "hello_greet", "hello_place_sign"], tools
print("ok: uap-host.exe lists the out-of-tree example and the bundled packs as loaded")
PY
greeting=$("$wine" "$host" tools call hello_greet --args '{"name":"Unity"}' --plugins "$scratch/plugins" 2>/dev/null | tr -d '\r')
[ "$greeting" = '{"greeting":"Hello, Unity!"}' ] || { echo "FAIL: hello_greet answered: $greeting"; exit 1; }
echo "ok: uap-host.exe calls the example's tool"

# `modules install` of a zip of the pack, into the per-user folder; then the tool answers without --plugins.
(cd "$scratch/example/plugins" && python3 -m zipfile -c "$scratch/hello.zip" com.example.hello)
"$wine" "$host" modules install --allow-unsigned "$scratch/hello.zip" > "$scratch/install-pack.log" 2>&1 \
  || { cat "$scratch/install-pack.log"; echo "FAIL: uap-host.exe modules install of a zip failed"; exit 1; }
[ -f "$UAP_USER_PLUGINS_DIR/com.example.hello/libhello_tools.dll" ] || { ls -R "$UAP_USER_PLUGINS_DIR"; echo "FAIL: the zip was not installed"; exit 1; }
words=$("$wine" "$host" tools call hello_count_words --args '{"text":"one two  three"}' 2>/dev/null | tr -d '\r')
[ "$words" = '{"words":3}' ] || { echo "FAIL: the installed pack's hello_count_words answered: $words"; exit 1; }
echo "ok: uap-host.exe installs the pack from a zip and calls it from the per-user folder"
