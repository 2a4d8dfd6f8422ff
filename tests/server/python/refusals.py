#!/usr/bin/env python3
# Readable refusals with Python's urllib: a 6 MiB body, with and without a token, reads 413 (not
# a connection reset or a broken pipe). Starts `uap-host serve` on a fresh project, ends it by pid.
import json
import os
import pathlib
import signal
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request


def check(condition, message):
    if not condition:
        raise SystemExit(f"check failed: {message}")
    print(f"ok - {message}")


def post(url, headers, body):
    request = urllib.request.Request(url, data=body, method="POST",
                                     headers={"Content-Type": "application/json", **headers})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


# In the Windows cross build the host is a .exe run through Wine (UAP_WINE): its paths are on drive
# Z:, and Wine turns SIGINT (not SIGTERM, which ends the process at once) into the Ctrl+C it stops on.
WINE = os.environ.get("UAP_WINE")
STOP_SIGNAL = signal.SIGINT if WINE else signal.SIGTERM


def host_path(unix_path):
    return "Z:" + str(unix_path).replace("/", "\\") if WINE else str(unix_path)


def local_path(path_from_host):
    return path_from_host[2:].replace("\\", "/") if WINE and path_from_host[:2].upper() == "Z:" else path_from_host


def main():
    host_command = [WINE, os.environ["UAP_HOST"]] if WINE else [os.environ["UAP_HOST"]]
    with tempfile.TemporaryDirectory(prefix="uap-refusals-") as project:
        child = subprocess.Popen([*host_command, "serve", "--project", host_path(project)], stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, env={**os.environ, "UAP_LOG_LEVEL": "warn"})
        try:
            line = child.stdout.readline().decode()
            check("serving" in line, f"the host started ({line.strip()})")
            state = pathlib.Path(project, "UserSettings", "AgentPanel")
            discovery = json.loads((state / "host.json").read_text())
            token = pathlib.Path(local_path(discovery["tokenFiles"]["mcp"])).read_text().strip()
            body = b"x" * (6 * 1024 * 1024)
            for label, headers in (("with the token", {"Authorization": f"Bearer {token}"}), ("without a token", {})):
                status, text = post(discovery["mcpUrl"], headers, body)
                check(status == 413, f"a 6 MiB body {label} reads 413 (got {status})")
                check("4194304" in text, "the 413 says the cap")
            status, _ = post(discovery["mcpUrl"], {"Authorization": "Bearer wrong"}, b"{" + b" " * (1024 * 1024) + b"}")
            check(status == 401, f"a 1 MiB body with a wrong token reads 401 (got {status})")
        finally:
            child.send_signal(STOP_SIGNAL)
            check(child.wait(timeout=15) == 0, "the host stopped cleanly")


if __name__ == "__main__":
    sys.exit(main())
