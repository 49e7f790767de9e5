"""Exits with status 3 in the middle of its third search."""
import sys

from uci_base import Engine, fault_at


class Crash(Engine):
    name = "crash"

    def on_go(self, args):
        if self.searches == fault_at():
            self.send("info depth 1 score cp 10")
            sys.exit(3)
        super().on_go(args)


Crash().run()
