"""The scripted opponent of lichess-bot: challenges the bot, plays its games
through lichess's Board API with berserk, and prints one JSON line per game.
Usage: lichess_bot_opponent.py BASE_URL TOKEN BOT_NAME.

The games: the opponent with White, then a rematch with the colours
reversed, then one more with Black in which the opponent resigns at once.
Its moves open the way to a quick mate (f3, g4 with White; f6, g5 with
Black), then are random legal moves (seeded); past 60 of its own moves it
resigns, so that every game ends."""

import json
import random
import sys

import berserk
import chess

base, token, bot = sys.argv[1:4]
me = berserk.Client(berserk.TokenSession(token), base_url=base)
rng = random.Random(2024)
events = me.board.stream_incoming_events()

OPENINGS = {"white": ["f2f3", "g2g4"], "black": ["f7f6", "g7g5"]}


def next_event(kind):
    for event in events:
        if event.get("type") == kind:
            return event
        if event.get("type") == "challengeDeclined":
            raise SystemExit(f"the bot declined: {event}")
    raise SystemExit("the event stream ended")


def play(game_id, color, resign_at_once):
    board = chess.Board()
    mine = 0
    for state in me.board.stream_game_state(game_id):
        if state["type"] == "gameFull":
            state = state["state"]
        if state["type"] != "gameState":
            continue
        if state["status"] != "started":
            return state
        board = chess.Board()
        for mv in state["moves"].split():
            board.push_uci(mv)
        if (board.turn == chess.WHITE) != (color == "white"):
            continue
        if resign_at_once or mine >= 60:
            me.board.resign_game(game_id)
            continue
        opening = OPENINGS[color]
        planned = chess.Move.from_uci(opening[mine]) if mine < len(opening) else None
        mv = planned if planned in board.legal_moves else rng.choice(list(board.legal_moves))
        me.board.make_move(game_id, mv.uci())
        mine += 1
    raise SystemExit(f"the stream of {game_id} ended before the game")


for number, (color, rematch, resign) in enumerate(
    [("white", False, False), ("black", True, False), ("black", False, True)], 1
):
    challenge = me.challenges.create(bot, rated=False, clock_limit=180, clock_increment=2, color=color)
    start = next_event("gameStart")
    game_id = start["game"]["gameId"]
    final = play(game_id, color, resign)
    finish = next_event("gameFinish")
    print(json.dumps({
        "game": number,
        "challenge": challenge["id"],
        "id": game_id,
        "finish_id": finish["game"]["gameId"],
        "opponent_color": color,
        "rematch": rematch,
        "status": final["status"],
        "winner": final.get("winner"),
        "moves": final["moves"],
    }), flush=True)
