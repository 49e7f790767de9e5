"""A full Swiss event on `arbiter serve` through lichess's Swiss and Board
APIs, driven by berserk, the lichess Python client, unmodified: only its
base URL points at Arbiter.

The creator makes the Swiss with `tournaments.create_swiss` (a fast clock,
rounds started by hand with `schedule_swiss_next_round`), every player
joins with `join_swiss`, and each player is a bot that answers `gameStart`
on its event stream and plays its game over the Board API: an opening,
then the game's end (a resignation by one side, or a draw offered and
accepted) chosen from the game's id, so that the scores spread. The last
player withdraws after round WITHDRAW_AFTER (an odd field from then on: a
pairing-allocated bye each round); one player of the lower half does not
come to his game of round ABSENT_IN and loses it by default.

Usage: berserk_swiss_event.py BASE_URL ROUNDS CREATOR_TOKEN PLAYER_TOKEN...
Prints `swiss ID` and `absent GAME_ID` at the end.
"""

import sys
import threading

from swiss_bot import Bots, ending_from_id, open_swiss, play_round, swiss_from_argv

WITHDRAW_AFTER = 2
ABSENT_IN = 4

rounds, creator, players = swiss_from_argv(sys.argv)
swiss = open_swiss(creator, players, "arbiter-open", "Berserk Open", 60, 1, rounds)
swiss_id = swiss["id"]

current_round = [0]
absent_games = []
absent_lock = threading.Lock()


def stays_away(index):
    """Whether this player misses his game: the first of the lower half
    to get one in round ABSENT_IN."""
    if index < len(players) // 2 or current_round[0] != ABSENT_IN:
        return False
    with absent_lock:
        if absent_games:
            return False
        absent_games.append(None)
        return True


def ending(index, game):
    """The game's ending, from its id; none for the game its player stays
    away from."""
    if stays_away(index):
        absent_games[0] = game["gameId"]
        return None
    return ending_from_id(game["gameId"])


bots = Bots(players, ending)

for r in range(1, rounds + 1):
    current_round[0] = r
    info = play_round(creator, swiss_id, r, bots)
    if r == WITHDRAW_AFTER:
        players[-1].tournaments.withdraw_swiss(swiss_id)

assert info["status"] == "finished", info
bots.check()
assert len(absent_games) == 1, absent_games
results = list(creator.tournaments.stream_swiss_results(swiss_id))
assert len(results) == len(players), results
trf = creator.tournaments.export_swiss_trf(swiss_id)
assert "012 Berserk Open" in trf, trf
bots.stop.set()
print("swiss", swiss_id)
print("absent", absent_games[0])
