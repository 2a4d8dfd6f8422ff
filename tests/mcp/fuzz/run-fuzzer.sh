#!/bin/sh
# Builds the request-handler fuzzer with clang (its own build tree) and runs it for a bounded time
# over the corpus kept in tests/mcp/fuzz-corpus. New inputs go to the build tree, not the repo.
# usage: run-fuzzer.sh SOURCE_DIR BUILD_DIR SECONDS
set -eu
source_dir=$1
build_dir=$2
seconds=$3
command -v clang++ >/dev/null || { echo "clang++ is required (apt-get install clang)"; exit 1; }
if [ ! -f "$build_dir/build.ninja" ]; then
  CXX=clang++ cmake -S "$source_dir/tests/mcp/fuzz" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
    -DUAP_SOURCE_DIR="$source_dir" >/dev/null
fi
ninja -C "$build_dir" request_handler_fuzzer
mkdir -p "$build_dir/corpus"
cd "$build_dir"
exec ./request_handler_fuzzer -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
  corpus "$source_dir/tests/mcp/fuzz-corpus"
