#!/usr/bin/env bash
# Style checks on the lines the working tree changes against BASE (default HEAD): their layout is
# what .clang-format gives, and clang-tidy (.clang-tidy) finds nothing in them. Untouched code keeps
# its layout and its findings until it is edited, so the rules apply from the next change on.
# New files count once git knows them (git add -N FILE). Usage: scripts/check-changed-lines.sh [BASE]
# The clang-tidy pass reads compile_commands.json from UAP_TIDY_BUILD (default build/release).
set -euo pipefail
cd "$(dirname "$0")/.."
base="${1:-HEAD}"
build="${UAP_TIDY_BUILD:-build/release}"
paths=(base host/src sdk tools modules protocol)
for tool in git-clang-format clang-tidy-diff; do
  command -v "$tool" > /dev/null || { echo "check-changed-lines: $tool is missing; run scripts/install-deps.sh" >&2; exit 1; }
done
status=0
layout="$(git clang-format --diff --extensions cpp,hpp,h "$base" -- "${paths[@]}" 2>&1 || true)"
case "$layout" in
  "" | "no modified files to format" | "clang-format did not modify any files") ;;
  *)
    echo "$layout"
    echo "check-changed-lines: the changed lines above are not laid out as .clang-format says; git clang-format $base lays them out"
    status=1
    ;;
esac
[ -f "$build/compile_commands.json" ] || { echo "check-changed-lines: no $build/compile_commands.json; build first (cmake --preset release)" >&2; exit 1; }
# The compiler's own warnings are the build's to give (the ci preset makes them errors), so they are
# off here and only the checks .clang-tidy names are reported.
findings="$(git diff -U0 "$base" -- "${paths[@]}" | clang-tidy-diff -p1 -path "$build" -quiet -extra-arg=-Wno-everything 2> /dev/null || true)"
if grep -q "warning:\|error:" <<< "$findings"; then
  echo "$findings"
  echo "check-changed-lines: clang-tidy flags the changed lines above (.clang-tidy says what it checks and why)"
  status=1
fi
exit $status
