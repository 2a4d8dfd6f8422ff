#!/usr/bin/env bash
# Runs one libFuzzer target of the clang fuzz tree (built by build-fuzzers.sh) for a bounded time over
# its corpus in tests/fuzz.
# New inputs go to the build tree, not the repository.
# usage: run-fuzzer.sh SOURCE_DIR BUILD_DIR NAME SECONDS      (NAME: request_handler, bridge_frame, panel_command, markdown)
set -euo pipefail
source_dir=$1
build_dir=$2
name=$3
seconds=$4
[ -x "$build_dir/bin/${name}_fuzzer" ] ||
  { echo "run-fuzzer: $build_dir/bin/${name}_fuzzer is not built; run tests/fuzz/build-fuzzers.sh $source_dir $build_dir $name" >&2; exit 1; }
mkdir -p "$build_dir/corpus-$name"
seeds="$source_dir/tests/fuzz/corpus-$(echo "$name" | tr _ -)"
cd "$build_dir"
export LSAN_OPTIONS="suppressions=$source_dir/tests/fuzz/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
exec "./bin/${name}_fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
  "corpus-$name" "$seeds"
