#!/usr/bin/env python3
# Runs a command that must fail, and fails unless it did and printed the expected text (a compiler
# error code, a finding): how the negative cases prove the stubs and the reference check can refuse.
# usage: expect_failure.py --contains TEXT [--contains TEXT]... -- COMMAND...
import argparse
import subprocess
import sys

parser = argparse.ArgumentParser()
parser.add_argument("--contains", action="append", required=True)
parser.add_argument("command", nargs=argparse.REMAINDER)
arguments = parser.parse_args()
command = arguments.command[1:] if arguments.command[:1] == ["--"] else arguments.command
result = subprocess.run(command, capture_output=True, text=True)
output = result.stdout + result.stderr
print(output)
if result.returncode == 0:
    sys.exit("expected a failure, but the command succeeded")
missing = [text for text in arguments.contains if text not in output]
if missing:
    sys.exit(f"it failed, but without {missing}")
print(f"failed as expected (exit {result.returncode}, output names {arguments.contains})")
