"""Runs the SDK tests and ends with one line in cargo's format,
`test result: ok. N passed; M failed`, which scripts/test-all.sh counts.

Usage: DIALTONE_BASE_URL=http://127.0.0.1:PORT python3 sdk-tests/run.py [-k PATTERN]
"""

import argparse
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("-k", action="append", default=[], help="only tests whose name contains this")
    args = parser.parse_args()
    loader = unittest.TestLoader()
    if args.k:
        loader.testNamePatterns = [f"*{k}*" for k in args.k]
    suite = loader.discover(HERE, pattern="test_*.py", top_level_dir=HERE)
    result = unittest.TextTestRunner(verbosity=2, stream=sys.stdout).run(suite)
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    passed = result.testsRun - failed - len(result.skipped)
    verdict = "ok" if failed == 0 and result.testsRun > 0 else "FAILED"
    print(f"test result: {verdict}. {passed} passed; {failed} failed; {len(result.skipped)} ignored (Twilio Python SDK)")
    sys.exit(0 if verdict == "ok" else 1)


if __name__ == "__main__":
    main()
