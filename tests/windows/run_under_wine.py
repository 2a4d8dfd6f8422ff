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

A test listing (--gtest_list_tests, which the build runs to discover the tests) that fails without
printing anything is run once more, saying so on stderr: Wine now and then fails a program's start-up
that way, and a listing has no effects to repeat, where a failed build has no retry of its own.
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
        self.printed = False
        self.finished_at = None
        self.passed = False
        self.failed = False


def relay(stream, transcript):
    for line in iter(stream.readline, b""):
        sys.stdout.buffer.write(line)
        sys.stdout.buffer.flush()
        transcript.printed = True
        if FINISHED.match(line):
            transcript.finished_at = time.monotonic()
        elif transcript.finished_at is not None and PASSED.match(line):
            transcript.passed = True
        elif transcript.finished_at is not None and FAILED.match(line):
            transcript.failed = True


def run(command, transcript):
    """Runs the command once; returns its exit status, or Google Test's verdict after a stall."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE)
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


def main():
    if len(sys.argv) < 3:
        sys.stderr.write("usage: run_under_wine.py WINE PROGRAM [ARGUMENTS...]\n")
        return 2
    transcript = Transcript()
    status = run(sys.argv[1:], transcript)
    if status != 0 and not transcript.printed and "--gtest_list_tests" in sys.argv:
        sys.stderr.write(f"run_under_wine: listing the tests of {sys.argv[2]} failed with status {status} and no output "
                         "(a start-up failure Wine shows now and then); listing them once more\n")
        status = run(sys.argv[1:], Transcript())
    return status


if __name__ == "__main__":
    sys.exit(main())
