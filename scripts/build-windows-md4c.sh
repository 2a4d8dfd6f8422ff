#!/usr/bin/env bash
# Builds md4c (the host's Markdown parser) for Windows from Debian's source package into its own
# cache folder, beside the one of scripts/build-windows-deps.sh; prints the prefix. Usage:
#   scripts/build-windows-md4c.sh            # prints the prefix to pass as UAP_WINDOWS_MD4C
# It is a script of its own because build-windows-deps.sh keys its cache on its own text: adding
# md4c there would rebuild Poco and the rest for every clone with a warm cache. The key here covers
# md4c's source version, the toolchain and this script. Cache root as for build-windows-deps.sh.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
toolchain="$here/cmake/mingw-w64-x86_64.cmake"

for tool in x86_64-w64-mingw32-gcc-posix dpkg-source cmake ninja; do
  command -v "$tool" >/dev/null || { echo "build-windows-md4c: $tool is missing; run scripts/install-deps.sh" >&2; exit 1; }
done
version="$(apt-cache showsrc --only-source md4c 2>/dev/null | sed -n 's/^Version: //p' | sort -V | tail -1)"
[ -n "$version" ] || { echo "build-windows-md4c: Debian's source index has no md4c; run scripts/build-windows-deps.sh first (it adds the deb-src line)" >&2; exit 1; }
versions="md4c=$version gcc=$(x86_64-w64-mingw32-gcc-posix -dumpfullversion) mingw=$(dpkg-query -W -f='${Version}' mingw-w64-x86-64-dev) "
versions+="recipe=$(cat "$0" "$toolchain" | sha256sum | cut -c1-16)"
cache_root="${UAP_WINDOWS_DEPS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/uap-windows-deps}"
prefix="$cache_root/md4c-$(echo "$versions" | sha256sum | cut -c1-16)"
if [ -f "$prefix/.complete" ]; then
  echo "$prefix"
  exit 0
fi

started=$(date +%s)
work="$prefix.work"
rm -rf "$work"
mkdir -p "$work"
echo "build-windows-md4c: building into $prefix ($versions)" >&2
# Some archive mirrors lack Debian's packaging tarball (debian.tar.xz); md4c's build needs only the
# upstream tarball, so when apt-get source stops there, that tarball is used once its SHA-256 matches
# Debian's source index.
if ! (cd "$work" && apt-get source -qq md4c >/dev/null 2>"$work/apt-source.log"); then
  orig="$(find "$work" -maxdepth 1 -name 'md4c_*.orig.tar.gz' | head -1)"
  expected="$(apt-cache showsrc --only-source md4c | awk -v name="$(basename "${orig:-none}")" '/^Checksums-Sha256:/ { inside = 1; next }
    /^[^ ]/ { inside = 0 } inside && $3 == name { print $1; exit }')"
  if [ -z "$orig" ] || [ -z "$expected" ] || [ "$(sha256sum "$orig" | cut -d' ' -f1)" != "$expected" ]; then
    cat "$work/apt-source.log" >&2
    echo "build-windows-md4c: md4c's upstream tarball is missing or does not match Debian's index" >&2
    exit 1
  fi
  echo "build-windows-md4c: without Debian's packaging tarball (the mirror lacks it); building the checked upstream tarball" >&2
  tar -xzf "$orig" -C "$work"
fi
source="$(find "$work" -mindepth 1 -maxdepth 1 -type d -name 'md4c-*' | head -1)"
# A static library: the host links it like the other Windows dependencies, with no DLL to ship.
{ cmake -S "$source" -B "$work/build" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$prefix" -DBUILD_SHARED_LIBS=OFF &&
  nice -n 10 cmake --build "$work/build" -j"${UAP_WINDOWS_DEPS_JOBS:-2}" &&
  cmake --install "$work/build"; } > "$work/md4c.log" 2>&1 || { tail -30 "$work/md4c.log" >&2; exit 1; }
echo "$versions" > "$prefix/versions.txt"
rm -rf "$work"
touch "$prefix/.complete"
echo "build-windows-md4c: done in $(( $(date +%s) - started )) s" >&2
echo "$prefix"
