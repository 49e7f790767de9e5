"""Ignores `quit` (and `stop`): only a kill ends it. It answers `go` late:
after the time it is given plus half a second, and then a second,
stale `bestmove` follows."""
import time

from uci_base import Engine


class Stubborn(Engine):
    name = "stubborn"

    def on_quit(self):
        pass

    def on_go(self, args):
        wait = 0.0
        if "movetime" in args:
            wait = int(args[args.index("movetime") + 1]) / 1000 + 0.5
        time.sleep(wait)
        super().on_go(args)
        if wait:
            self.send("bestmove a1a1")


Stubborn().run()
