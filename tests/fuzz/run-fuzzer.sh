#!/usr/bin/env bash
# Builds one libFuzzer target in the clang fuzz tree (the host libraries instrumented for coverage,
# AddressSanitizer and UBSan) and runs it for a bounded time over its corpus in tests/fuzz.
# New inputs go to the build tree, not the repository.
# usage: run-fuzzer.sh SOURCE_DIR BUILD_DIR NAME SECONDS      (NAME: request_handler, bridge_frame, panel_command, markdown)
set -euo pipefail
source_dir=$1
build_dir=$2
name=$3
seconds=$4
command -v clang++ >/dev/null || { echo "clang++ is required (apt-get install clang)"; exit 1; }
# shellcheck source=../../scripts/compiler-cache.sh
source "$source_dir/scripts/compiler-cache.sh"
if [ ! -f "$build_dir/build.ninja" ]; then
  CC=clang CXX=clang++ cmake -S "$source_dir" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DUAP_BUILD_TESTS=OFF \
    -DUAP_FUZZ=ON "${compiler_cache[@]}" >/dev/null
fi
ninja -C "$build_dir" "${name}_fuzzer"
mkdir -p "$build_dir/corpus-$name"
seeds="$source_dir/tests/fuzz/corpus-$(echo "$name" | tr _ -)"
cd "$build_dir"
export LSAN_OPTIONS="suppressions=$source_dir/tests/fuzz/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
exec "./bin/${name}_fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
  "corpus-$name" "$seeds"
