#!/usr/bin/env bash
# Builds the host's dependencies for Windows (x86_64-w64-mingw32) from Debian's own source packages
# into a cache folder outside the clone, keyed by the source versions, the toolchain and this
# script; a second run with the same key only prints the folder. Usage:
#   scripts/build-windows-deps.sh            # prints the prefix to pass as UAP_WINDOWS_DEPS
# Cache root: $UAP_WINDOWS_DEPS_CACHE, else ${XDG_CACHE_HOME:-~/.cache}/uap-windows-deps.
# Only Debian's archive is used (apt-get source, after adding a deb-src line for it when none is
# configured). Boost is needed as headers only (Boost.DLL on std::filesystem); Debian's
# architecture-independent headers are used as they are.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
toolchain="$here/cmake/mingw-w64-x86_64.cmake"
jobs="${UAP_WINDOWS_DEPS_JOBS:-2}"

for tool in x86_64-w64-mingw32-g++-posix dpkg-source cmake ninja; do
  command -v "$tool" >/dev/null || { echo "build-windows-deps: $tool is missing; run scripts/install-deps.sh" >&2; exit 1; }
done
[ -f /usr/include/boost/version.hpp ] || { echo "build-windows-deps: Boost headers are missing; run scripts/install-deps.sh" >&2; exit 1; }

# Source versions come from Debian's deb-src index; add one for Debian's own archive if needed.
source_version() { apt-cache showsrc --only-source "$1" 2>/dev/null | sed -n 's/^Version: //p' | sort -V | tail -1; }
if [ -z "$(source_version poco)" ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "build-windows-deps: no deb-src line for Debian's archive; run this script as root once, or add one to /etc/apt/sources.list.d" >&2
    exit 1
  fi
  suites="$(. /etc/os-release && echo "$VERSION_CODENAME $VERSION_CODENAME-updates")"
  printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    "$suites" > /etc/apt/sources.list.d/uap-deb-src.sources
  apt-get update -qq
fi

packages=(poco fmtlib spdlog rapidjson googletest)
versions=""
for package in "${packages[@]}"; do
  version="$(source_version "$package")"
  [ -n "$version" ] || { echo "build-windows-deps: Debian has no source package $package" >&2; exit 1; }
  versions+="$package=$version "
done
versions+="gcc=$(x86_64-w64-mingw32-g++-posix -dumpfullversion) mingw=$(dpkg-query -W -f='${Version}' mingw-w64-x86-64-dev) "
versions+="boost=$(sed -n 's/^#define BOOST_LIB_VERSION "\(.*\)"/\1/p' /usr/include/boost/version.hpp) "
versions+="recipe=$(cat "$0" "$toolchain" | sha256sum | cut -c1-16)"
key="$(echo "$versions" | sha256sum | cut -c1-16)"
cache_root="${UAP_WINDOWS_DEPS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/uap-windows-deps}"
prefix="$cache_root/$key"
if [ -f "$prefix/.complete" ]; then
  echo "$prefix"
  exit 0
fi

# An interrupted run with the same key resumes: finished libraries carry a .done-<name> mark.
started=$(date +%s)
work="$prefix.work"
mkdir -p "$prefix/include" "$work"
echo "build-windows-deps: building into $prefix ($versions)" >&2
if [ ! -f "$work/.sources" ]; then
  (cd "$work" && apt-get source -qq "${packages[@]}" >/dev/null 2>"$work/apt-source.log") ||
    { cat "$work/apt-source.log" >&2; exit 1; }
  touch "$work/.sources"
fi

# Configures, builds and installs one CMake project at low priority (other jobs keep the CPU).
build() {
  local name="$1" source="$2"; shift 2
  [ -f "$prefix/.done-$name" ] && return 0
  echo "build-windows-deps: $name" >&2
  cmake -S "$source" -B "$work/build-$name" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DUAP_WINDOWS_DEPS="$prefix" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" -DBUILD_SHARED_LIBS=OFF "$@" > "$work/$name.log" 2>&1 ||
    { tail -30 "$work/$name.log" >&2; exit 1; }
  nice -n 10 cmake --build "$work/build-$name" -j"$jobs" >> "$work/$name.log" 2>&1 || { tail -30 "$work/$name.log" >&2; exit 1; }
  cmake --install "$work/build-$name" >> "$work/$name.log" 2>&1 || { tail -30 "$work/$name.log" >&2; exit 1; }
  touch "$prefix/.done-$name"
}
source_dir() { find "$work" -maxdepth 1 -type d -name "$1-*" | head -1; }

build fmt "$(source_dir fmtlib)" -DFMT_TEST=OFF -DFMT_DOC=OFF
build spdlog "$(source_dir spdlog)" -DSPDLOG_FMT_EXTERNAL=ON -DSPDLOG_BUILD_EXAMPLE=OFF -DSPDLOG_BUILD_TESTS=OFF -DSPDLOG_BUILD_BENCH=OFF
build rapidjson "$(source_dir rapidjson)" -DRAPIDJSON_BUILD_DOC=OFF -DRAPIDJSON_BUILD_EXAMPLES=OFF -DRAPIDJSON_BUILD_TESTS=OFF
build googletest "$(source_dir googletest)" -DBUILD_GMOCK=ON -DINSTALL_GTEST=ON
# Poco includes two Windows headers with capitals that mingw-w64 names in lower case; on a
# case-sensitive file system each gets a forwarding header (Poco's public headers need them too).
for header in Winsock2 Iphlpapi; do
  lower="$(echo "$header" | tr 'A-Z' 'a-z')"
  printf '// Forwards Poco'"'"'s #include <%s.h> to mingw-w64'"'"'s %s.h (case-sensitive file systems).\n#include <%s.h>\n' \
    "$header" "$lower" "$lower" > "$prefix/include/$header.h"
done
# wincrypt.h (through windows.h) defines TIMESTAMP_REQUEST, which Poco's ICMP header uses as an
# enumerator name; the header drops the macro before its enum.
icmp_header="$(source_dir poco)/Net/include/Poco/Net/ICMPv4PacketImpl.h"
grep -q 'undef TIMESTAMP_REQUEST' "$icmp_header" ||
  sed -i '0,/^namespace Poco {/s//#undef TIMESTAMP_REQUEST \/\/ wincrypt.h defines it (mingw-w64)\n\nnamespace Poco {/' "$icmp_header"
# Poco: only the libraries the host links (Foundation, XML, JSON, Util, Net, Zip), with the
# bundled zlib, PCRE and expat, and no OpenSSL.
build poco "$(source_dir poco)" -DPOCO_UNBUNDLED=OFF -DENABLE_TESTS=OFF -DCMAKE_MC_COMPILER="$(command -v x86_64-w64-mingw32-windmc)" \
  -DENABLE_FOUNDATION=ON -DENABLE_XML=ON -DENABLE_JSON=ON -DENABLE_UTIL=ON -DENABLE_NET=ON -DENABLE_ZIP=ON \
  -DENABLE_ENCODINGS=OFF -DENABLE_ENCODINGS_COMPILER=OFF -DENABLE_CRYPTO=OFF -DENABLE_JWT=OFF -DENABLE_NETSSL=OFF \
  -DENABLE_NETSSL_WIN=OFF -DENABLE_DATA=OFF -DENABLE_DATA_SQLITE=OFF -DENABLE_DATA_MYSQL=OFF -DENABLE_DATA_POSTGRESQL=OFF \
  -DENABLE_DATA_ODBC=OFF -DENABLE_MONGODB=OFF -DENABLE_REDIS=OFF -DENABLE_PDF=OFF -DENABLE_SEVENZIP=OFF \
  -DENABLE_APACHECONNECTOR=OFF -DENABLE_CPPPARSER=OFF -DENABLE_POCODOC=OFF -DENABLE_PAGECOMPILER=OFF \
  -DENABLE_PAGECOMPILER_FILE2PAGE=OFF -DENABLE_ACTIVERECORD=OFF -DENABLE_ACTIVERECORD_COMPILER=OFF \
  -DCMAKE_CXX_FLAGS="-I$prefix/include" -DCMAKE_C_FLAGS="-I$prefix/include"
# Poco names the system libraries as MSVC files ("ws2_32.lib"); GNU ld wants library names.
sed -i 's/\b\(iphlpapi\|ws2_32\)\.lib\b/\1/g' "$prefix"/cmake/PocoNetTargets.cmake
ln -sfn /usr/include/boost "$prefix/include/boost"

echo "$versions" > "$prefix/versions.txt"
rm -rf "$work"
touch "$prefix/.complete"
echo "build-windows-deps: done in $(( $(date +%s) - started )) s" >&2
echo "$prefix"
