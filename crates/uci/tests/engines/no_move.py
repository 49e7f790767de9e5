"""Answers `bestmove (none)` at its third search, though it has legal moves."""
from uci_base import Engine, fault_at


class NoMove(Engine):
    name = "no-move"

    def on_go(self, args):
        if self.searches == fault_at():
            self.send("bestmove (none)")
            return
        super().on_go(args)


NoMove().run()
