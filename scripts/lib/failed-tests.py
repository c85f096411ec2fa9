#!/usr/bin/env python3
"""Prints the name of every failed (or retried) test found in make test's suite logs.

CI keeps only the tail of make test's output, so the summary's counts alone left a
failure unnamed (stop 63: "e2e 1 failed", which one unknown). Each log is the whole
output of one suite: cargo's libtest, vitest, unittest or node's spec reporter.
"""
import re
import sys

PATTERNS = [
    # cargo test: "test module::name ... FAILED"
    re.compile(r"^test (\S+) \.\.\. FAILED\s*$"),
    # vitest: " FAIL  e2e/phone.e2e.ts > describe > test" in its failures section
    re.compile(r"^\s*FAIL\s+(\S.*?)\s*$"),
    # the Python SDK's unittest: "FAIL: test_name (module.Class.test_name)"
    re.compile(r"^(?:FAIL|ERROR): (.+)$"),
    # the Node SDK's spec reporter: "✖ name (12.3ms)"
    re.compile(r"^\s*✖ (?!failing tests)(.+?)(?: \([\d.]+m?s\))?$"),
    # e2e tests that passed on vitest's retry (app/e2e/retried-reporter.ts)
    re.compile(r"^(RETRIED .+)$"),
]
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def failures(path):
    seen = []
    with open(path, encoding="utf-8", errors="replace") as log:
        for line in log:
            line = ANSI.sub("", line.rstrip("\n"))
            for pattern in PATTERNS:
                found = pattern.match(line)
                if found and found.group(1) not in seen:
                    seen.append(found.group(1))
    return seen


def main(paths):
    for path in paths:
        for name in failures(path):
            print(f"  {path.rsplit('/', 1)[-1].removesuffix('.log')}: {name}")


if __name__ == "__main__":
    main(sys.argv[1:])
