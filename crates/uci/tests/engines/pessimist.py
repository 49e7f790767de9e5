"""Plays random legal moves and reports each as lost (-10 pawns): an engine
that resignation adjudication should retire."""
from uci_base import Engine


class Pessimist(Engine):
    name = "pessimist"

    def on_go(self, args):
        move = self.rng.choice(list(self.board.legal_moves))
        self.send("info depth 1 score cp -1000 pv " + move.uci())
        self.send("bestmove " + move.uci())


Pessimist().run()
