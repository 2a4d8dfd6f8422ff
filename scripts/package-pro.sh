#!/usr/bin/env bash
# Builds the Pro packs (the uap_pro_packs target: every pack modules/pro builds into
# UAP_PRO_PLUGINS_DIR) and writes the Pro package com.agentpanel.pro-<version>.tgz for Unity's
# "Add package from tarball...", plus one <id>-<version>-<platform>.zip per pack for
# `uap-host modules install` (scripts/package_pro.py; deterministic: two runs give the same bytes).
# Platforms: this machine's (from UAP_BUILD_DIR, default build/release), plus win-x64 when the mingw-w64
# cross build exists (UAP_WINDOWS_BUILD_DIR, default build/windows-cross; skipped with a note otherwise).
# UAP_PRO_SKIP_BUILD=1 packages what the build trees already hold. UAP_SIGNING_KEY=FILE (a key
# `uap-host modules keygen` wrote) signs every pack; without it the packs are unsigned, with a note.
# usage: scripts/package-pro.sh [OUTPUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/compiler-cache.sh
build="${UAP_BUILD_DIR:-build/release}"
windows_build="${UAP_WINDOWS_BUILD_DIR:-build/windows-cross}"
output="${1:-dist}"

native="$(scripts/native-platform.sh)"

if [ "${UAP_PRO_SKIP_BUILD:-}" != 1 ]; then
  if [ ! -f "$build/CMakeCache.txt" ]; then
    cmake --preset release "${compiler_cache[@]}"
  fi
  cmake --build "$build" -j2 --target uap_pro_packs
fi
platforms=(--platform "$native=$build/pro/plugins")
if [ -f "$windows_build/CMakeCache.txt" ]; then
  if [ "${UAP_PRO_SKIP_BUILD:-}" != 1 ]; then
    cmake --build "$windows_build" -j2 --target uap_pro_packs
  fi
  platforms+=(--platform "win-x64=$windows_build/pro/plugins")
else
  echo "package-pro.sh: note: no Windows cross build in $windows_build, so the package carries no win-x64 packs" \
       "(cmake --preset windows-cross makes one; docs/platforms.md)" >&2
fi

signing=()
if [ -n "${UAP_SIGNING_KEY:-}" ]; then
  [ -x "$build/bin/uap-host" ] || cmake --build "$build" -j2 --target uap-host
  signing=(--signing-key "$UAP_SIGNING_KEY" --host "$build/bin/uap-host")
else
  echo "package-pro.sh: note: UAP_SIGNING_KEY is not set, so the packs are unsigned and installing one needs" \
       "--allow-unsigned (docs/module-abi.md, \"Signed packs\")" >&2
fi

exec python3 scripts/package_pro.py "${platforms[@]}" --package-dir modules/pro/package --core unity-shim/package.json \
  --profiles modules/pro/profiles --output "$output" "${signing[@]}"
