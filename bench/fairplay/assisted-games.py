#!/usr/bin/env python3
"""Games in which one player had outside help, for the detection power of
`arbiter fairplay` (docs/fairplay.md).

For each of N real players of an event (the shared data's lichess
broadcast), his first G games are replayed: the real moves up to move 9,
then from move 10 on, at each of his moves, with probability P the
engine's best move (the help: Stockfish at a fixed node count, one line,
one thread, its hash cleared at each game), else a human move. A human
move is the real game's move while the game has not left the real one,
else a stand-in's: Stockfish limited to the mover's own rating
(`UCI_LimitStrength`, `UCI_Elo`), so that an assisted player's own moves
are not weaker than his rating (a stand-in far below it would hide the
help). His opponents play human moves throughout, their stand-in at their
own rating. A game ends where the real one ended, at a mate or stalemate,
at move 80, or once the help's search gives one side 5.00 or more twice
running (the screen leaves decided positions out: playing them on would
cost time and change nothing). The assisted player keeps his rating and
gets a name of his own.

The stand-in's moves are drawn at random by Stockfish: the games differ
from run to run, so the run keeps the files it screened.

python-chess and Stockfish are tools here (a test oracle), not Arbiter.

    bench/fairplay/assisted-games.py EVENT.pgn OUT.pgn --share 0.5 \
        --players 6 --games 9 --help-nodes 100000 --seed 1
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
p.add_argument("--players", type=int, default=6)
p.add_argument("--games", type=int, default=9)
p.add_argument("--help-nodes", type=int, default=100_000)
p.add_argument("--stand-in-nodes", type=int, default=20_000)
p.add_argument("--seed", type=int, default=1)
p.add_argument("--engine", default="/usr/games/stockfish")
args = p.parse_args()

DECIDED_CP = 500
LAST_MOVE = 80

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
stand_in = chess.engine.SimpleEngine.popen_uci(args.engine)
stand_in.configure({"Threads": 1, "Hash": 16, "UCI_LimitStrength": True})
elo_range = stand_in.options["UCI_Elo"]


def rating(game, color):
    value = game.headers.get(color + "Elo", "")
    return int(value) if value.isdigit() else 1500


def human_move(board, real_moves, ply, on_track, elo):
    if on_track and ply < len(real_moves) and real_moves[ply] in board.legal_moves:
        return real_moves[ply]
    elo = max(elo_range.min, min(elo_range.max, elo))
    stand_in.configure({"UCI_Elo": elo})
    return stand_in.play(board, chess.engine.Limit(nodes=args.stand_in_nodes)).move


with open(args.out, "w", encoding="utf-8") as out:
    for index, name in enumerate(chosen):
        alias = f"Assisted {args.share:.2f} #{index + 1:02d}"
        for number, (game, color) in enumerate(by_player[name][: args.games]):
            helped = chess.WHITE if color == "White" else chess.BLACK
            elo = {
                chess.WHITE: rating(game, "White"),
                chess.BLACK: rating(game, "Black"),
            }
            real_moves = list(game.mainline_moves())
            board = game.board()
            on_track = True
            ply = 0
            decided = 0
            while not board.is_game_over() and board.fullmove_number <= LAST_MOVE:
                if ply >= len(real_moves) and on_track:
                    break
                if board.fullmove_number < 10:
                    move = real_moves[ply]
                elif board.turn == helped and rng.random() < args.share:
                    played = strong.play(
                        board,
                        chess.engine.Limit(nodes=args.help_nodes),
                        info=chess.engine.INFO_SCORE,
                        game=(alias, number),
                    )
                    move = played.move
                    score = played.info.get("score")
                    cp = score.relative.score(mate_score=10_000) if score else 0
                    decided = decided + 1 if abs(cp) >= DECIDED_CP else 0
                else:
                    move = human_move(board, real_moves, ply, on_track, elo[board.turn])
                on_track = on_track and ply < len(real_moves) and move == real_moves[ply]
                board.push(move)
                ply += 1
                if decided >= 2:
                    break
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
            print(record, file=out, end="\n\n", flush=True)

strong.quit()
stand_in.quit()
