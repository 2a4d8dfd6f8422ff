#!/usr/bin/env bash
# Installs what building and testing need on Debian 12, only if it is missing: the Debian
# packages (including mingw-w64 and Wine for the Windows cross build), and the pinned npm
# packages of tests/node (from its lock file).
set -euo pipefail
cd "$(dirname "$0")/.."

# libmd4c-html0: the host uses only md4c's parser, but Debian's md4c CMake package checks that the
# HTML renderer's library is there too. libyaml-dev: the skills tests read the exported front matter
# back with a real YAML parser. libdtl-dev: the diff that permission cards show for file edits
# (header-only; the Windows build reads the same headers). libstb-dev: the simulator's screenshot scaling
# and PNG/JPEG encoding, and the tests' decoding (header-only too). libsodium-dev: ed25519 signatures of module
# packs. autoconf, automake, libtool: libsodium's Windows build (its Debian source has no configure).
packages=(
  build-essential cmake ninja-build ccache pkg-config git python3 zip unzip
  libpoco-dev rapidjson-dev libboost-dev libboost-filesystem-dev libspdlog-dev libfmt-dev libssl-dev
  libgtest-dev libgmock-dev libmd4c-dev libmd4c-html0 libsodium-dev nodejs npm clang lld libclang-rt-14-dev clang-format clang-tidy
  chromium fonts-ipafont-gothic mono-mcs mono-runtime mono-utils libnewtonsoft-json-cil-dev
  g++-mingw-w64-x86-64-posix mingw-w64-x86-64-dev wine64 dpkg-dev autoconf automake libtool locales libyaml-dev libdtl-dev libstb-dev
)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
# The image may ship Node.js outside Debian's packages; that one is fine as long as it is 20+.
if command -v node >/dev/null && command -v npm >/dev/null; then
  missing=("${missing[@]/nodejs}"); missing=("${missing[@]/npm}")
fi
missing=($(printf '%s\n' "${missing[@]}" | grep -v '^$' || true))
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
fi

if [ "${1:-}" = "--with-node-packages" ]; then
  stamp=tests/node/node_modules/.uap-lock-stamp
  if [ ! -f "$stamp" ] || ! cmp -s tests/node/package-lock.json "$stamp"; then
    echo "installing pinned npm packages (tests/node/package-lock.json)"
    # npm does not retry a response body cut off mid-read (ECONNRESET), so the whole install is
    # tried again; the lock file pins every byte, so a retry installs exactly the same packages.
    for attempt in 1 2 3; do
      (cd tests/node && npm ci --no-audit --no-fund --loglevel=error) && break
      [ "$attempt" = 3 ] && { echo "npm ci failed 3 times; check the connection to registry.npmjs.org and run scripts/install-deps.sh --with-node-packages again" >&2; exit 1; }
      echo "npm ci failed (attempt $attempt of 3); trying again in $((attempt * 10)) s" >&2
      sleep $((attempt * 10))
    done
    cp tests/node/package-lock.json "$stamp"
  fi
fi
