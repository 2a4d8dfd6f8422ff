#!/usr/bin/env bash
# Builds uap-host, the module runner and the bundled module packs, puts them into the Unity package's
# Bin~/<platform>/ folders (bin/, lib/uap/plugins/, share/uap/profiles/, and on Linux the shared
# libraries a machine without the build's -dev packages would lack), and writes the package as a
# tarball for Unity's "Add package from tarball...". Folders ending in "~" are never imported by Unity.
# Platforms: this machine's (from UAP_BUILD_DIR, default build/release), plus win-x64 when the
# mingw-w64 cross build exists (UAP_WINDOWS_BUILD_DIR, default build/windows-cross; see docs/platforms.md).
# UAP_PACKAGE_PLATFORMS="linux-x64 win-x64" names them explicitly.
# usage: scripts/package-unity.sh [OUTPUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/compiler-cache.sh
build="${UAP_BUILD_DIR:-build/release}"
windows_build="${UAP_WINDOWS_BUILD_DIR:-build/windows-cross}"
output="${1:-dist}"
packs=(uap_core uap_editor_tools uap_markers)

native="$(scripts/native-platform.sh)"

if [ -n "${UAP_PACKAGE_PLATFORMS:-}" ]; then
  read -r -a platforms <<< "$UAP_PACKAGE_PLATFORMS"
else
  platforms=("$native")
  [ -f "$windows_build/CMakeCache.txt" ] && platforms+=(win-x64)
fi

# bin/, lib/uap/plugins/, share/uap/profiles/ and share/uap/web/ of one build tree into Bin~/<platform>/.
copy_tree() {
  local from="$1" binaries="$2" suffix="$3"
  rm -rf "$binaries"
  mkdir -p "$binaries/bin" "$binaries/lib/uap/plugins" "$binaries/share/uap"
  cp "$from/bin/uap-host$suffix" "$from/bin/uap-module-runner$suffix" "$binaries/bin/"
  cp -R "$from/lib/uap/plugins/." "$binaries/lib/uap/plugins/"
  # The bundled extension profiles and the browser panel's files, found at <bin>/../share/uap/.
  cp -R "$from/share/uap/profiles" "$from/share/uap/web" "$binaries/share/uap/"
}

rm -rf unity-shim/Bin~
for platform in "${platforms[@]}"; do
  binaries="unity-shim/Bin~/$platform"
  if [ "$platform" = win-x64 ]; then
    if [ ! -f "$windows_build/CMakeCache.txt" ]; then
      echo "package-unity.sh: win-x64 needs the cross build in $windows_build (scripts/test-windows.sh, docs/platforms.md)" >&2
      exit 1
    fi
    cmake --build "$windows_build" -j2 --target uap-host uap-module-runner uap_bundled_profiles uap_web_panel "${packs[@]}"
    copy_tree "$windows_build" "$binaries" .exe
    # The cross build links the GCC runtime statically: each .exe and .dll may import only Windows' own DLLs.
    for binary in "$binaries"/bin/*.exe "$binaries"/lib/uap/plugins/*/*.dll; do
      imports="$(x86_64-w64-mingw32-objdump -p "$binary" | awk '/DLL Name:/ { print tolower($3) }')"
      if echo "$imports" | grep -q -E '^(libstdc\+\+|libgcc|libwinpthread)'; then
        echo "package-unity.sh: $binary needs a mingw runtime DLL: $imports" >&2
        exit 1
      fi
    done
    continue
  fi
  if [ "$platform" != "$native" ]; then
    echo "package-unity.sh: $platform cannot be built on this $native machine" >&2
    exit 1
  fi
  if [ ! -f "$build/CMakeCache.txt" ]; then
    cmake --preset release "${compiler_cache[@]}"
  fi
  cmake --build "$build" -j2 --target uap-host uap-module-runner uap_bundled_profiles uap_web_panel "${packs[@]}"
  copy_tree "$build" "$binaries" ""
  # The host finds its bundled packs at <bin>/../lib/uap/plugins; the launcher adds <bin>/../lib to the
  # library path, so the non-system shared libraries travel with it (glibc and the C++ runtime do not).
  if [[ "$platform" != osx-* ]]; then
    for binary in "$binaries"/bin/* "$binaries"/lib/uap/plugins/*/*.so; do
      ldd "$binary" | awk '/=> \// { print $3 }'
    done | sort -u | grep -v -E '/(libc|libm|libdl|libpthread|librt|libstdc\+\+|libgcc_s|ld-linux[^/]*)\.so' |
      while read -r library; do cp -L "$library" "$binaries/lib/"; done
  fi
done

version="$(python3 -c 'import json; print(json.load(open("unity-shim/package.json"))["version"])')"
mkdir -p "$output"
names="$(IFS=+; echo "${platforms[*]}")"
tarball="$output/com.agentpanel.unity-$version-$names.tgz"
# UPM tarballs hold the package under a top-level "package/" folder, as npm's do.
tar -czf "$tarball" --exclude='.gitignore' --transform 's,^\.,package,' -C unity-shim .
echo "$tarball"
