#!/usr/bin/env python3
"""The positions `arbiter fairplay` searches in a PGN file (each side's
moves after the book, and the last position unless the game ended on the
board), as a file for Stockfish's own `bench`: `setoption` lines first,
then one FEN a line. Stockfish's speed on it at the same nodes is what the
screen's overhead is measured against (docs/fairplay.md).

    bench/fairplay/positions.py GAMES.pgn --book 8 --multipv 3 > positions.txt
    stockfish bench 16 1 5000 positions.txt nodes
"""
import argparse

import chess.pgn

p = argparse.ArgumentParser()
p.add_argument("pgn")
p.add_argument("--book", type=int, default=8)
p.add_argument("--multipv", type=int, default=3)
args = p.parse_args()

print(f"setoption name MultiPV value {args.multipv}")
with open(args.pgn, encoding="utf-8") as f:
    while (game := chess.pgn.read_game(f)) is not None:
        board = game.board()
        moves = list(game.mainline_moves())
        # Each side's (book + 1)th move is the first searched.
        first = next(
            (i for i in range(len(moves)) if i // 2 + 1 > args.book),
            len(moves),
        )
        for i, move in enumerate(moves):
            if i >= first:
                print(board.fen())
            board.push(move)
        if first < len(moves) and not board.is_game_over():
            print(board.fen())
