#!/usr/bin/env bash
# Builds one of the host's smaller libraries for Windows from Debian's source package into a cache
# folder of its own, beside the one of scripts/build-windows-deps.sh; prints the prefix. Usage:
#   scripts/build-windows-package.sh md4c        # the Markdown parser; prefix for UAP_WINDOWS_MD4C
#   scripts/build-windows-package.sh libsodium   # ed25519 pack signatures; prefix for UAP_WINDOWS_SODIUM
# Each library has a cache of its own because build-windows-deps.sh keys its cache on its own text:
# adding a library there would rebuild Poco and the rest for every clone with a warm cache. The key
# here covers the library's source version, the toolchain and this script. Cache root as for
# build-windows-deps.sh. Both are built as static libraries, so there is no DLL to ship.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
toolchain="$here/cmake/mingw-w64-x86_64.cmake"
package="${1:-}"
case "$package" in
  md4c|libsodium) ;;
  *) echo "usage: scripts/build-windows-package.sh md4c|libsodium" >&2; exit 2 ;;
esac

for tool in x86_64-w64-mingw32-gcc-posix dpkg-source cmake ninja make autoreconf libtoolize; do
  command -v "$tool" >/dev/null || { echo "build-windows-package: $tool is missing; run scripts/install-deps.sh" >&2; exit 1; }
done
version="$(apt-cache showsrc --only-source "$package" 2>/dev/null | sed -n 's/^Version: //p' | sort -V | tail -1)"
[ -n "$version" ] || { echo "build-windows-package: Debian's source index has no $package; run scripts/build-windows-deps.sh first (it adds the deb-src line)" >&2; exit 1; }
versions="$package=$version gcc=$(x86_64-w64-mingw32-gcc-posix -dumpfullversion) mingw=$(dpkg-query -W -f='${Version}' mingw-w64-x86-64-dev) "
versions+="recipe=$(cat "$0" "$toolchain" | sha256sum | cut -c1-16)"
cache_root="${UAP_WINDOWS_DEPS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/uap-windows-deps}"
prefix="$cache_root/$package-$(echo "$versions" | sha256sum | cut -c1-16)"
if [ -f "$prefix/.complete" ]; then
  echo "$prefix"
  exit 0
fi

started=$(date +%s)
work="$prefix.work"
rm -rf "$work"
mkdir -p "$work"
echo "build-windows-package: building $package into $prefix ($versions)" >&2
# Some archive mirrors lack Debian's packaging tarball (debian.tar.xz); the upstream tarball is then
# used once its SHA-256 matches Debian's source index (Debian's own patches are then missing, which
# the log says).
if ! (cd "$work" && apt-get source -qq "$package" >/dev/null 2>"$work/apt-source.log"); then
  orig="$(find "$work" -maxdepth 1 -name "${package}_*.orig.tar.gz" | head -1)"
  expected="$(apt-cache showsrc --only-source "$package" | awk -v name="$(basename "${orig:-none}")" '/^Checksums-Sha256:/ { inside = 1; next }
    /^[^ ]/ { inside = 0 } inside && $3 == name { print $1; exit }')"
  if [ -z "$orig" ] || [ -z "$expected" ] || [ "$(sha256sum "$orig" | cut -d' ' -f1)" != "$expected" ]; then
    cat "$work/apt-source.log" >&2
    echo "build-windows-package: $package's upstream tarball is missing or does not match Debian's index" >&2
    exit 1
  fi
  echo "build-windows-package: without Debian's packaging tarball and patches (the mirror lacks it); building the checked upstream tarball" >&2
  tar -xzf "$orig" -C "$work"
fi
source="$(find "$work" -mindepth 1 -maxdepth 1 -type d -name "$package-*" | head -1)"
jobs="${UAP_WINDOWS_DEPS_JOBS:-2}"
case "$package" in
  md4c)
    { cmake -S "$source" -B "$work/build" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_INSTALL_PREFIX="$prefix" -DBUILD_SHARED_LIBS=OFF &&
      nice -n 10 cmake --build "$work/build" -j"$jobs" &&
      cmake --install "$work/build"; } > "$work/build.log" 2>&1 || { tail -30 "$work/build.log" >&2; exit 1; } ;;
  libsodium)
    # libsodium builds with autotools, and Debian's source carries no generated configure script.
    # The posix-threads compiler matches the rest of the Windows build.
    { cd "$source" && autoreconf -fi &&
      ./configure --host=x86_64-w64-mingw32 CC=x86_64-w64-mingw32-gcc-posix --prefix="$prefix" \
        --disable-shared --enable-static --disable-dependency-tracking &&
      nice -n 10 make -j"$jobs" &&
      make install; } > "$work/build.log" 2>&1 || { tail -30 "$work/build.log" >&2; exit 1; } ;;
esac
echo "$versions" > "$prefix/versions.txt"
rm -rf "$work"
touch "$prefix/.complete"
echo "build-windows-package: done in $(( $(date +%s) - started )) s" >&2
echo "$prefix"
