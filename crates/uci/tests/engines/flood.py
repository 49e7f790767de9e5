"""Floods its output before every move: thousands of info lines, a
megabyte-long line, and CRLF line ends throughout."""
from uci_base import Engine


class Flood(Engine):
    name = "flood"
    line_end = "\r\n"

    def on_go(self, args):
        for depth in range(1, 5001):
            self.send(f"info depth {depth} score cp {depth % 50} nodes {depth * 1000} pv e2e4")
        self.send("info string " + "x" * 1_000_000)
        move = self.rng.choice(list(self.board.legal_moves))
        self.send("bestmove " + move.uci())


Flood().run()
