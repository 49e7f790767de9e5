"""A broadcast made and pushed to on `arbiter serve` as a broadcaster does
it on lichess: the tour and its round made through berserk (lichess's
Python client, unmodified: only its base URL points at Arbiter), then a
round's PGN pushed with a plain POST as lichess's documentation shows it,
and lichess's answer read: `games`, each with its `tags` and `moves`.

Usage: broadcast_push.py BASE_URL TOKEN SOURCE_PGN_URL
Prints `tour ID` and `round ID`, then a line per game pushed.
"""

import sys

import berserk
import requests

base, token, source = sys.argv[1:4]
client = berserk.Client(berserk.TokenSession(token), base_url=base)

tour = client.broadcasts.create(
    name="Relay Open", description="pushed by a broadcaster", auto_leaderboard=False
)["tour"]
round_ = client.broadcasts.create_round(tour["id"], name="Round 1")["round"]
print(f"tour {tour['id']}")
print(f"round {round_['id']}")

pgn = requests.get(source, timeout=10)
assert pgn.status_code == 200, pgn.text
push = f"{base}/api/broadcast/round/{round_['id']}/push"

# Without a token, lichess refuses the push.
anonymous = requests.post(push, data=pgn.text.encode(), timeout=10)
assert anonymous.status_code == 401, anonymous.text

pushed = requests.post(
    push,
    headers={"Authorization": f"Bearer {token}", "Content-Type": "text/plain"},
    data=pgn.text.encode(),
    timeout=10,
)
assert pushed.status_code == 200, pushed.text
games = pushed.json()["games"]
assert games, pushed.text
for game in games:
    assert "error" not in game, game
    tags = game["tags"]
    print(f"{tags['Round']} {tags['GameId']} {game['moves']}")
