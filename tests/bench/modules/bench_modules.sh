#!/usr/bin/env bash
# Benchmark (not a test): host start to first answered tool call, and loading 100 copies of the
# example module under different ids. Uses the release preset; prints medians over repeated runs.
#   tests/bench/modules/bench_modules.sh [repeats]
set -euo pipefail
cd "$(dirname "$0")/../../.."
repeats=${1:-30}
cmake --preset release -DUAP_BUILD_TESTS=OFF > /dev/null
cmake --build --preset release > /dev/null
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export UAP_USER_PLUGINS_DIR="$scratch/user"
cmake --install build/release --prefix "$scratch/prefix" > /dev/null
host="$scratch/prefix/bin/uap-host"

if [ ! -d build/bench-copies/plugins ] || [ "$(ls build/bench-copies/plugins | wc -l)" -lt 100 ]; then
  echo "building 100 copies of the example module (once)..."
  cmake -S tests/bench/modules/copies -B build/bench-copies -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_PREFIX_PATH="$scratch/prefix" -DEXAMPLE_SOURCE="$PWD/sdk/examples/hello/hello_module.cpp" > /dev/null
  cmake --build build/bench-copies > /dev/null
fi

# Prints "median p90 min" in milliseconds of running the given command $repeats times.
measure() {
  local samples=()
  for _ in $(seq "$repeats"); do
    local start end
    start=$(date +%s%N)
    "$@" > /dev/null
    end=$(date +%s%N)
    samples+=($(( (end - start) / 1000 )))
  done
  printf '%s\n' "${samples[@]}" | sort -n | awk '{a[NR]=$1} END {printf "median %.2f ms  p90 %.2f ms  min %.2f ms\n", a[int((NR+1)/2)]/1000, a[int(NR*0.9+0.5)]/1000, a[1]/1000}'
}

loaded=$("$host" modules list --json --plugins build/bench-copies/plugins | python3 -c \
  'import json,sys; print(sum(p["state"]=="loaded" for p in json.load(sys.stdin)["packs"]))')
echo "packs loaded with the copies: $loaded (100 copies + 2 bundled)"
echo "host start -> first answered tool call (uap-host tools call uap_ping), $repeats runs:"
echo "  $(measure "$host" tools call uap_ping)"
echo "host start -> module list, bundled packs only:"
echo "  $(measure "$host" modules list)"
echo "host start -> load 100 example copies + bundled -> first answered call of the 100th copy:"
echo "  $(measure "$host" tools call copy100_greet --args '{"name":"bench"}' --plugins build/bench-copies/plugins)"
