"""Writes every setoption line it receives to standard error, so a test
can see what the driver sent and in which order."""
import sys

from uci_base import Engine


class EchoOptions(Engine):
    name = "echo-options"

    def on_uci(self):
        self.send("option name Clear Hash type button")
        self.send("option name Path type string default <empty>")
        super().on_uci()

    def run(self):
        for line in sys.stdin:
            if line.startswith("setoption"):
                sys.stderr.write(line)
                sys.stderr.flush()
                continue
            if line.strip() == "isready":
                self.send("readyok")
            elif line.strip() == "uci":
                self.on_uci()
            elif line.strip() == "quit":
                return


EchoOptions().run()
