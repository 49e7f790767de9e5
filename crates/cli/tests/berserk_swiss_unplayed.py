"""A 60+0 Swiss on `arbiter serve` in which a player never moves (issue
33), driven by berserk, the lichess Python client, unmodified: only its
base URL points at Arbiter.

Two players, two rounds, rounds started by hand. In round 1 the player
with Black never opens his game: White plays his first move, and Black's
flag falls 60 s later, at the very moment his default time (also 60 s)
runs out. In round 2 both play: they may meet again, since the game of
round 1 was never played.

Usage: berserk_swiss_unplayed.py BASE_URL CREATOR_TOKEN PLAYER_TOKEN PLAYER_TOKEN
Prints `swiss ID` and `unplayed GAME_ID` at the end.
"""

import sys

from swiss_bot import WHITE_WINS, Bots, client, open_swiss, play_round

base = sys.argv[1]
creator_token = sys.argv[2]
player_tokens = sys.argv[3:]

creator = client(base, creator_token)
players = [client(base, t) for t in player_tokens]
swiss = open_swiss(creator, players, "arbiter-blitz", "Berserk Blitz", 60, 0, 2)
swiss_id = swiss["id"]

current_round = [0]
unplayed = []


def ending(index, game):
    """Round 1: Black stays away. Round 2: White wins."""
    if current_round[0] == 1 and game["color"] == "black":
        unplayed.append(game["gameId"])
        return None
    return WHITE_WINS


bots = Bots(players, ending)

for r in (1, 2):
    current_round[0] = r
    info = play_round(creator, swiss_id, r, bots)

assert info["status"] == "finished", info
bots.check()
assert len(unplayed) == 1, unplayed
bots.stop.set()
print("swiss", swiss_id)
print("unplayed", unplayed[0])
