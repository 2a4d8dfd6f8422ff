#!/usr/bin/env python3
# Runs a Windows test program under Wine for ctest, and ends a Google Test program whose process is
# still there well after its tests finished (a guard: the pipes Wine's system processes held open are
# dealt with by scripts/test-windows.sh's session; docs/platforms.md, "Tests under Wine").
"""Usage: run_under_wine.py WINE PROGRAM [ARGUMENTS...]

Output and exit status are passed through unchanged. Once the program has printed Google Test's
closing line ("[==========] N tests from M test suites ran."), it has `GRACE_SECONDS` to exit; past
that, this ends the process it started (by its pid) and exits with the verdict Google Test printed:
0 when it printed "[  PASSED  ]" and no "[  FAILED  ]", 1 otherwise. It says so on stderr, so a
stall is never silent. Anything that stops before the closing line runs into ctest's own timeout.
"""
import re
import subprocess
import sys
import threading
import time

GRACE_SECONDS = 20

FINISHED = re.compile(rb"^\[==========\] \d+ tests? from \d+ test suites? ran\.")
PASSED = re.compile(rb"^\[  PASSED  \] \d+ tests?\.")
FAILED = re.compile(rb"^\[  FAILED  \] ")


class Transcript:
    """What the program has said about its own verdict so far (filled by the reader thread)."""

    def __init__(self):
        self.finished_at = None
        self.passed = False
        self.failed = False


def relay(stream, transcript):
    for line in iter(stream.readline, b""):
        sys.stdout.buffer.write(line)
        sys.stdout.buffer.flush()
        if FINISHED.match(line):
            transcript.finished_at = time.monotonic()
        elif transcript.finished_at is not None and PASSED.match(line):
            transcript.passed = True
        elif transcript.finished_at is not None and FAILED.match(line):
            transcript.failed = True


def main():
    if len(sys.argv) < 3:
        sys.stderr.write("usage: run_under_wine.py WINE PROGRAM [ARGUMENTS...]\n")
        return 2
    process = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE)
    transcript = Transcript()
    reader = threading.Thread(target=relay, args=(process.stdout, transcript), daemon=True)
    reader.start()
    while True:
        try:
            status = process.wait(timeout=0.5)
            reader.join(timeout=5)
            return status if status >= 0 else 128 - status
        except subprocess.TimeoutExpired:
            pass
        finished_at = transcript.finished_at
        if finished_at is not None and time.monotonic() - finished_at > GRACE_SECONDS:
            break
    process.kill()
    process.wait()
    verdict = 0 if transcript.passed and not transcript.failed else 1
    sys.stderr.write(
        f"run_under_wine: the tests had finished ({'passed' if verdict == 0 else 'failed'}) but Wine had not "
        f"ended the process {GRACE_SECONDS} s later; ended pid {process.pid} and kept Google Test's verdict "
        "(a known Wine 8 exit stall, docs/platforms.md \"Tests under Wine\")\n")
    return verdict


if __name__ == "__main__":
    sys.exit(main())
