#!/usr/bin/env bash
# Builds what the later steps of scripts/test.sh need and a machine with empty caches lacks: the clang
# fuzz tree, then the Windows dependencies. test.sh runs it in the background, at the lowest
# priority, while the Linux tests run. Each step is independent; one that fails is reported and the
# next goes on, since the step of test.sh that needs its result builds it again and reports why.
# usage: scripts/warm-up-builds.sh LINUX_BUILD_DIR
set -uo pipefail
cd "$(dirname "$0")/.."
build_dir=$1
status=0
tests/fuzz/build-fuzzers.sh "$PWD" "$build_dir/fuzz-build" || status=1
scripts/build-windows-deps.sh || status=1
for package in md4c libsodium; do
  scripts/build-windows-package.sh "$package" || status=1
done
exit $status
