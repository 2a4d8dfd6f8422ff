#!/usr/bin/env bash
# Builds everything with the dev preset (Debug, AddressSanitizer + UBSan) and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --with-node-packages
cmake --preset dev
cmake --build --preset dev
ctest --preset dev -j 2
