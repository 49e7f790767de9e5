"""Stops answering at its third search: no bestmove, not even after stop."""
import time

from uci_base import Engine, fault_at


class Hang(Engine):
    name = "hang"

    def on_go(self, args):
        if self.searches == fault_at():
            while True:
                time.sleep(3600)
        super().on_go(args)


Hang().run()
