"""A whole Swiss on `arbiter serve` through lichess's Swiss and Board APIs,
driven by berserk, the lichess Python client, unmodified: only its base URL
points at Arbiter.

The creator makes the Swiss with `tournaments.create_swiss` (rounds started
by hand: `roundInterval` 99999999), every player joins with `join_swiss`,
and each player is a bot that answers `gameStart` on its event stream and
plays its game over the Board API: an opening, then the game's end (a
resignation by one side, or a draw offered and accepted) chosen from the
game's id, so that the results vary. One player withdraws after round 1
(`withdraw_swiss`); the creator starts each round with
`schedule_swiss_next_round` once the round before is over.

Usage: berserk_swiss.py BASE_URL ROUNDS CREATOR_TOKEN PLAYER_TOKEN...
Prints `swiss ID` at the end.
"""

import sys

from swiss_bot import Bots, open_swiss, play_round, swiss_from_argv

rounds, creator, players = swiss_from_argv(sys.argv)
swiss = open_swiss(creator, players, "arbiter-club", "Berserk Swiss", 120, 1, rounds)
swiss_id = swiss["id"]
listed = creator.tournaments.swiss_by_team("arbiter-club")
assert [s["id"] for s in listed] == [swiss_id], listed

bots = Bots(players)

for r in range(1, rounds + 1):
    info = play_round(creator, swiss_id, r, bots)
    if r == 1:
        # The last player leaves after round 1.
        players[-1].tournaments.withdraw_swiss(swiss_id)

assert info["status"] == "finished", info
bots.check()
results = list(creator.tournaments.stream_swiss_results(swiss_id))
assert len(results) == len(players), results
assert [r["rank"] for r in results] == sorted(r["rank"] for r in results), results
pgn = "".join(creator.tournaments.export_swiss_games(swiss_id, as_pgn=True))
assert pgn.count("[Event \"Berserk Swiss\"]") >= rounds * (len(players) // 2 - 1), pgn[:400]
trf = creator.tournaments.export_swiss_trf(swiss_id)
assert "012 Berserk Swiss" in trf, trf
bots.stop.set()
print("swiss", swiss_id)
