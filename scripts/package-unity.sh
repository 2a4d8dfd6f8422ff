#!/usr/bin/env bash
# Builds uap-host and the bundled module packs for this platform, puts them into the Unity package's
# Bin~/<platform>/ folder (bin/, lib/uap/plugins/, share/uap/profiles/, and the shared libraries a machine without the
# build's -dev packages would lack), and writes the package as a tarball for Unity's
# "Add package from tarball...". Folders ending in "~" are never imported by Unity.
# usage: scripts/package-unity.sh [OUTPUT_DIR]      (UAP_BUILD_DIR selects the build tree; default build/release)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${UAP_BUILD_DIR:-build/release}"
output="${1:-dist}"

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) platform=linux-x64 ;;
  Linux-aarch64) platform=linux-arm64 ;;
  Darwin-*) platform=osx ;;
  *) echo "package-unity.sh: no package layout for $(uname -s)-$(uname -m)" >&2; exit 1 ;;
esac

if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake --preset release -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache
fi
cmake --build "$build" -j2 --target uap-host uap_core uap_markers

binaries="unity-shim/Bin~/$platform"
rm -rf "$binaries"
mkdir -p "$binaries/bin" "$binaries/lib/uap/plugins"
cp "$build/bin/uap-host" "$binaries/bin/"
cp -R "$build/lib/uap/plugins/." "$binaries/lib/uap/plugins/"
# The bundled extension profiles, found at <bin>/../share/uap/profiles.
mkdir -p "$binaries/share/uap"
cp -R "$build/share/uap/profiles" "$binaries/share/uap/"
# The host finds its bundled packs at <bin>/../lib/uap/plugins; the launcher adds <bin>/../lib to the
# library path, so the non-system shared libraries travel with it (glibc and the C++ runtime do not).
if [ "$platform" != osx ]; then
  for binary in "$binaries/bin/uap-host" "$binaries"/lib/uap/plugins/*/*.so; do
    ldd "$binary" | awk '/=> \// { print $3 }'
  done | sort -u | grep -v -E '/(libc|libm|libdl|libpthread|librt|libstdc\+\+|libgcc_s|ld-linux[^/]*)\.so' |
    while read -r library; do cp -L "$library" "$binaries/lib/"; done
fi

version="$(python3 -c 'import json; print(json.load(open("unity-shim/package.json"))["version"])')"
mkdir -p "$output"
tarball="$output/com.agentpanel.unity-$version-$platform.tgz"
# UPM tarballs hold the package under a top-level "package/" folder, as npm's do.
tar -czf "$tarball" --exclude='.gitignore' --transform 's,^\.,package,' -C unity-shim .
echo "$tarball"
