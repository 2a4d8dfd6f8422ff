#!/usr/bin/env bash
# Fails when the shipped uap-host carries test code: GoogleTest, any symbol of a test kit, or the
# manual clock (tests and the simulator's stepped mode move it; the host runs on real time).
set -euo pipefail
host="$1"
if ldd "$host" | grep -Ei 'gtest|gmock'; then
  echo "uap-host links GoogleTest"; exit 1
fi
all_symbols=$(nm -C "$host")
test_code='uap::testkit|testing::|uap::testing|uap::ManualClock'
symbols=$(grep -Ec "$test_code" <<< "$all_symbols" || true)
if [ "$symbols" != 0 ]; then
  grep -E "$test_code" <<< "$all_symbols" | head -5
  echo "uap-host contains $symbols test-kit symbols"; exit 1
fi
# The simulator is a library of its own that serve --editor sim embeds, not test code; seeing it
# proves the symbol table was read at all.
grep -q 'uap::editor_sim::EditorSimulator::' <<< "$all_symbols" || { echo "expected the simulator library in uap-host"; exit 1; }
echo "uap-host links no test code"
