"""A tiny UCI engine for tests: it plays a random legal move at once.

Each misbehaving engine in this folder is this engine with one fault.
Faults are switched on at a given `go` (counted from 1 over the process's
life) through the hooks below, so a match can see the engine behave well
first and then fail.
"""
import random
import sys

import chess


class Engine:
    name = "base"
    line_end = "\n"

    def __init__(self):
        self.board = chess.Board()
        self.searches = 0
        self.rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)

    def send(self, text):
        sys.stdout.write(text + self.line_end)
        sys.stdout.flush()

    # Hooks a faulty engine overrides.
    def on_uci(self):
        self.send(f"id name {self.name}")
        self.send("id author arbiter tests")
        self.send("option name Hash type spin default 1 min 1 max 64")
        self.send("option name Threads type spin default 1 min 1 max 4")
        self.send("option name Style type combo default Normal var Solid var Normal var Risky")
        self.send("option name UCI_Chess960 type check default false")
        self.send("uciok")

    def on_go(self, args):
        moves = list(self.board.legal_moves)
        if not moves:
            self.send("bestmove (none)")
            return
        move = self.rng.choice(moves)
        self.send("info depth 1 score cp 0 time 0 pv " + move.uci())
        self.send("bestmove " + move.uci())

    def run(self):
        for line in sys.stdin:
            words = line.split()
            if not words:
                continue
            cmd = words[0]
            if cmd == "uci":
                self.on_uci()
            elif cmd == "isready":
                self.send("readyok")
            elif cmd == "ucinewgame":
                self.board = chess.Board()
            elif cmd == "position":
                self.set_position(words[1:])
            elif cmd == "go":
                self.searches += 1
                self.on_go(words[1:])
            elif cmd == "quit":
                self.on_quit()

    def on_quit(self):
        sys.exit(0)

    def set_position(self, words):
        if words[0] == "startpos":
            self.board = chess.Board()
            rest = words[1:]
        else:
            end = words.index("moves") if "moves" in words else len(words)
            self.board = chess.Board(" ".join(words[1:end]))
            rest = words[end:]
        if rest and rest[0] == "moves":
            for m in rest[1:]:
                self.board.push_uci(m)


def fault_at():
    """The search at which the fault strikes (environment FAULT_AT, default 3)."""
    import os

    return int(os.environ.get("FAULT_AT", "3"))
