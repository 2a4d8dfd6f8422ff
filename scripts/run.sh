#!/usr/bin/env bash
# Builds the host (release preset) and runs its main job on the embedded default: `uap-host serve`
# with the editor simulator (a small sample scene) as its editor. It shows one MCP tool call going
# through the endpoint to the simulated editor, prints how to connect an MCP client, and serves
# until Ctrl-C. Set UAP_RUN_ONCE=1 to stop after the demonstration call.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release -DUAP_BUILD_TESTS=OFF > /dev/null
cmake --build --preset release
host=$PWD/build/release/bin/uap-host
project=$PWD/build/sample-project
mkdir -p "$project/Assets"

"$host" --version
"$host" serve --project "$project" --editor sim &
host_pid=$!
trap 'kill "$host_pid" 2>/dev/null || true; wait "$host_pid" 2>/dev/null || true' EXIT INT TERM

discovery="$project/UserSettings/AgentPanel/host.json"
for _ in $(seq 100); do
  [ -s "$discovery" ] && python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$discovery" 2>/dev/null && break
  sleep 0.1
done

# One MCP session over HTTP, as any client would: initialize, then call uap_ping and a scene query.
python3 - "$discovery" <<'PY'
import json, sys, urllib.request
discovery = json.load(open(sys.argv[1]))
url = f"http://127.0.0.1:{discovery['port']}/mcp"
token = open(discovery["tokenFiles"]["mcp"]).read().strip()
headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
def post(message, session=None):
    request = urllib.request.Request(url, json.dumps(message).encode(), dict(headers, **({"Mcp-Session-Id": session} if session else {})))
    with urllib.request.urlopen(request) as response:
        body = response.read()
        return response.headers.get("Mcp-Session-Id"), (json.loads(body) if body else None)
session, _ = post({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "run.sh", "version": "1"}}})
post({"jsonrpc": "2.0", "method": "notifications/initialized"}, session)
_, tools = post({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}, session)
print("MCP tools:", ", ".join(tool["name"] for tool in tools["result"]["tools"]))
_, ping = post({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "uap_ping", "arguments": {}}}, session)
print("tools/call uap_ping ->", ping["result"]["content"][0]["text"])
PY

echo
echo "Connect an MCP client (the token stays in an owner-only file; this prints it only here):"
"$host" mcp-config --project "$project" --client claude-code
echo
echo "Open the panel in a browser (a one-time link, valid 60 s; \`uap-host open --project DIR\` opens a fresh one):"
"$host" open --project "$project" --print-only
[ "${UAP_RUN_ONCE:-}" = 1 ] && exit 0
echo "uap-host serves $project until Ctrl-C."
wait "$host_pid"
