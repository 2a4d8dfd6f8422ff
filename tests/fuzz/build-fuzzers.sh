#!/usr/bin/env bash
# Configures the clang fuzz tree (every host library instrumented for coverage, AddressSanitizer and
# UBSan; line tables only and lld, as in the ci preset) and builds the named libFuzzer targets, or
# all of them when none is named.
# usage: build-fuzzers.sh SOURCE_DIR BUILD_DIR [NAME...]      (NAME: request_handler, bridge_frame, panel_command, markdown)
set -euo pipefail
source_dir=$1
build_dir=$2
shift 2
command -v clang++ >/dev/null || { echo "clang++ is required (apt-get install clang)"; exit 1; }
# shellcheck source=../../scripts/compiler-cache.sh
source "$source_dir/scripts/compiler-cache.sh"
if [ ! -f "$build_dir/build.ninja" ]; then
  CC=clang CXX=clang++ cmake -S "$source_dir" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DUAP_BUILD_TESTS=OFF \
    -DUAP_FUZZ=ON -DUAP_LINKER=lld -DCMAKE_C_FLAGS_DEBUG=-g1 -DCMAKE_CXX_FLAGS_DEBUG=-g1 "${compiler_cache[@]}" >/dev/null
fi
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(request_handler bridge_frame panel_command markdown)
ninja -C "$build_dir" "${names[@]/%/_fuzzer}"
