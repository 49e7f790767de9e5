"""Answers its third search with a move that is well formed but illegal."""
from uci_base import Engine, fault_at


class Illegal(Engine):
    name = "illegal"

    def on_go(self, args):
        if self.searches == fault_at():
            legal = {m.uci() for m in self.board.legal_moves}
            for move in ("e1e8", "a1h8", "h1a8", "e8e1", "a8h1"):
                if move not in legal:
                    self.send("bestmove " + move)
                    return
        super().on_go(args)


Illegal().run()
