#!/usr/bin/env bash
# Builds everything and runs the tests.
#   scripts/test.sh          the full run CI keeps: ci preset (clang, Debug, AddressSanitizer + UBSan,
#                            the stricter warnings as errors), every test, then the Windows cross build and
#                            its tests under Wine
#                            (scripts/test-windows.sh; dependencies cached outside the clone)
#   scripts/test.sh --quick  the inner loop: release preset, no sanitizers, the layout and clang-tidy
#                            checks of the changed lines (scripts/check-changed-lines.sh), and every
#                            test but the fuzz, Node, real-CLI and browser ones (both use ccache,
#                            which keeps compiled objects outside the clone)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--quick" ]; then
  scripts/install-deps.sh
  source scripts/compiler-cache.sh
  cmake --preset release "${compiler_cache[@]}" > /dev/null
  cmake --build --preset release
  changed_lines=0
  scripts/check-changed-lines.sh || changed_lines=$?
  ctest --preset release -j 2 -LE 'fuzz|node|real-cli|browser|slow'
  exit $changed_lines
fi
scripts/install-deps.sh --with-node-packages
source scripts/compiler-cache.sh
cmake --preset ci "${compiler_cache[@]}"
cmake --build --preset ci
# While the Linux tests run, the slowest builds of a machine with empty caches go ahead at the lowest
# priority (scripts/warm-up-builds.sh), taking the CPU the tests leave idle while they wait on
# sockets, timers and child processes. It is a warm-up only: the steps below build whatever it did
# not finish and report any failure themselves. It runs in a session of its own, ended with this
# script.
warm_up_log=build/ci/warm-up.log
setsid nice -n 19 scripts/warm-up-builds.sh build/ci > "$warm_up_log" 2>&1 &
warm_up=$!
trap '[ -z "$warm_up" ] || kill -- "-$warm_up" 2> /dev/null || true' EXIT
status=0
# A test that fails is run once more, as the Windows pass does: on a loaded two-core machine a
# browser test once waited out a 15 s wait. One that fails twice fails the run, and ctest names
# every retry in its output. The fuzzers are the exception: a crash one finds is a finding, and a
# second run with another seed must not hide it.
ctest --preset ci -j 2 -LE fuzz --repeat until-pass:2 || status=$?
wait "$warm_up" || echo "test.sh: part of the warm-up failed; the steps below build it again (its output: $warm_up_log)"
warm_up=""
ctest --preset ci -j 2 -L fuzz || status=$?
scripts/test-windows.sh || status=$?
exit $status
