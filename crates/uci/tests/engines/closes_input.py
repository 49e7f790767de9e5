"""Stops reading its input after the handshake (closes it) but keeps
running: the driver's next write meets a broken pipe."""
import os
import sys
import time

from uci_base import Engine


class ClosesInput(Engine):
    name = "closes-input"

    def run(self):
        for line in sys.stdin:
            cmd = line.strip()
            if cmd == "uci":
                self.on_uci()
            elif cmd == "isready":
                self.send("readyok")
                sys.stdin.close()
                os.close(0)
                time.sleep(30)
                return


ClosesInput().run()
