#!/usr/bin/env python3
"""Games in which one player had outside help, for the detection power of
`arbiter fairplay` (docs/fairplay.md).

For each of N real players of an event (the shared data's lichess
broadcast), his first G games are replayed: the real moves up to move 9,
then from move 10 on, at each of his moves, with probability P the
engine's best move at a fixed node count (the help), else a human move.
A human move is the real game's move while the game has not left the real
one, else a weak engine's (Stockfish's Skill Level). His opponents play
human moves throughout. The assisted player keeps his rating and gets a
name of his own; the games end where the real one ended, or at a
mate, a stalemate or move 100.

python-chess and Stockfish are tools here (a test oracle), not Arbiter.

    bench/fairplay/assisted-games.py EVENT.pgn OUT.pgn --share 0.5 \
        --players 10 --games 9 --nodes 100000 --seed 1
"""
import argparse
import random

import chess
import chess.engine
import chess.pgn

p = argparse.ArgumentParser()
p.add_argument("event")
p.add_argument("out")
p.add_argument("--share", type=float, required=True)
p.add_argument("--players", type=int, default=10)
p.add_argument("--games", type=int, default=9)
p.add_argument("--nodes", type=int, default=100_000)
p.add_argument("--weak-skill", type=int, default=5)
p.add_argument("--seed", type=int, default=1)
p.add_argument("--engine", default="/usr/games/stockfish")
args = p.parse_args()

rng = random.Random(args.seed)
games = []
with open(args.event, encoding="utf-8") as f:
    while (g := chess.pgn.read_game(f)) is not None:
        games.append(g)

by_player = {}
for g in games:
    for color in ("White", "Black"):
        name = g.headers.get(color, "?")
        if g.headers.get(color + "Elo", "").isdigit():
            by_player.setdefault(name, []).append((g, color))
eligible = sorted(n for n, gs in by_player.items() if len(gs) >= args.games)
chosen = rng.sample(eligible, min(args.players, len(eligible)))

strong = chess.engine.SimpleEngine.popen_uci(args.engine)
strong.configure({"Threads": 1, "Hash": 16})
weak = chess.engine.SimpleEngine.popen_uci(args.engine)
weak.configure({"Threads": 1, "Hash": 16, "Skill Level": args.weak_skill})


def human_move(board, real_moves, ply, on_track):
    if on_track and ply < len(real_moves) and real_moves[ply] in board.legal_moves:
        return real_moves[ply]
    return weak.play(board, chess.engine.Limit(nodes=5_000)).move


with open(args.out, "w", encoding="utf-8") as out:
    for index, name in enumerate(chosen):
        alias = f"Assisted {args.share:.2f} #{index + 1:02d}"
        for game, color in by_player[name][: args.games]:
            helped = chess.WHITE if color == "White" else chess.BLACK
            real_moves = list(game.mainline_moves())
            board = game.board()
            on_track = True
            ply = 0
            while not board.is_game_over() and board.fullmove_number <= 100:
                if ply >= len(real_moves) and on_track:
                    break
                if board.fullmove_number < 10:
                    move = real_moves[ply]
                elif board.turn == helped and rng.random() < args.share:
                    move = strong.play(board, chess.engine.Limit(nodes=args.nodes)).move
                else:
                    move = human_move(board, real_moves, ply, on_track)
                on_track = on_track and ply < len(real_moves) and move == real_moves[ply]
                board.push(move)
                ply += 1
            record = chess.pgn.Game.from_board(board)
            for tag in ("Event", "Site", "Date", "Round"):
                record.headers[tag] = game.headers.get(tag, "?")
            other = "Black" if color == "White" else "White"
            record.headers[color] = alias
            record.headers[color + "Elo"] = game.headers[color + "Elo"]
            record.headers[other] = game.headers.get(other, "?")
            if game.headers.get(other + "Elo", "").isdigit():
                record.headers[other + "Elo"] = game.headers[other + "Elo"]
            record.headers["Result"] = board.result(claim_draw=False) if board.is_game_over() else "*"
            print(record, file=out, end="\n\n")

strong.quit()
weak.quit()
