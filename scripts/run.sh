#!/usr/bin/env bash
# Builds the host (release preset) and runs its main job on the embedded default: the bundled
# modules are loaded, listed, and a tool call is answered.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release > /dev/null
cmake --build --preset release --target uap-host uap_core uap_markers
host=build/release/bin/uap-host
project=$(mktemp -d)
trap 'rm -rf "$project"' EXIT
"$host" --version
"$host" modules list --project "$project"
echo "tools call uap_ping:"
"$host" tools call uap_ping --project "$project"
