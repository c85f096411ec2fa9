"""A real SMTP server on loopback for tests: appends every message it receives to a file.

usage: python3 smtp_sink.py PORT OUTFILE
"""
import sys
import threading

from aiosmtpd.controller import Controller


class Sink:
    def __init__(self, path):
        self.path = path

    async def handle_DATA(self, server, session, envelope):
        with open(self.path, "a", encoding="utf-8") as f:
            f.write("RCPT: " + ",".join(envelope.rcpt_tos) + "\n")
            f.write(envelope.content.decode("utf-8", "replace") + "\n----\n")
        return "250 Message accepted"


controller = Controller(Sink(sys.argv[2]), hostname="127.0.0.1", port=int(sys.argv[1]))
controller.start()
print("ready", flush=True)
# Runs until the test kills it (or its stdin closes).
threading.Event().wait() if sys.stdin.isatty() else sys.stdin.read()
controller.stop()
