#!/usr/bin/env bash
# The benchmarks side by side with an earlier commit, in one sitting: builds this tree and BASE with
# the release preset (BASE in a clone of its own under ~/.cache/uap-bench, outside this clone, so
# its build is kept for the next run), then prints, for both builds,
#   - the MCP endpoint: a trivial tool in-process and isolated, beside the official TypeScript SDK
#     server and a bare node:http server (tests/bench/mcp/bench-mcp.mjs);
#   - the editor path: uap_ping beside uap_component_list answered by uap-editor-sim running as its
#     own process (bench-mcp.mjs --editor);
#   - with --tools, also tools_bench and scale_bench of each build (minutes more).
# usage: scripts/bench.sh [BASE] [--tools] [--repeats N]     BASE: a commit, default HEAD~1
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd -P)"
base="HEAD~1"
tools=false
repeats=3
while [ $# -gt 0 ]; do
  case "$1" in
    --tools) tools=true ;;
    --repeats) repeats="$2"; shift ;;
    -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "bench.sh: unknown option $1 (see scripts/bench.sh --help)" >&2; exit 2 ;;
    *) base="$1" ;;
  esac
  shift
done
base_commit="$(git rev-parse --verify "$base^{commit}")" || { echo "bench.sh: $base is not a commit of this repository" >&2; exit 2; }

targets=(uap-host uap-module-runner uap-editor-sim mcp_load mcptest_echo mcptest_hidden uap_core uap_editor_tools uap_markers)
$tools && targets+=(tools_bench scale_bench)

build_tree() { # build_tree SOURCE_DIR
  (cd "$1" && source scripts/compiler-cache.sh && cmake --preset release "${compiler_cache[@]}" > /dev/null &&
     cmake --build --preset release --target "${targets[@]}" > /dev/null)
}

echo "building this tree ($(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ', with uncommitted changes'))"
build_tree "$root"

cache="${XDG_CACHE_HOME:-$HOME/.cache}/uap-bench"
base_source="$cache/source"
mkdir -p "$cache"
# A clone of its own, not a worktree: it must outlive this clone (CI's are fresh every run).
[ -e "$base_source/.git" ] || git clone --quiet --no-checkout "$root" "$base_source"
git -C "$base_source" fetch --quiet "$root" "$base_commit"
git -C "$base_source" checkout --quiet --detach "$base_commit"
echo "building $(git rev-parse --short "$base_commit") in $base_source"
build_tree "$base_source"

node_modules="$root/tests/node/node_modules"
[ -d "$node_modules" ] || scripts/install-deps.sh --with-node-packages > /dev/null

this_build="$root/build/release"
base_build="$base_source/build/release"
node tests/bench/mcp/bench-mcp.mjs "$this_build" --previous "$base_build" --repeats "$repeats" --memory-calls 40000
node tests/bench/mcp/bench-mcp.mjs "$this_build" --previous "$base_build" --editor --repeats "$repeats" --calls 8000
if $tools; then
  for build in "$this_build" "$base_build"; do
    echo; echo "== $build"
    "$build/bin/tools_bench"
    "$build/bin/scale_bench"
  done
fi
