"""A Swiss with a password on `arbiter serve`, joined through berserk, the
lichess Python client, unmodified: only its base URL points at Arbiter.

berserk's `create_swiss` has no `password`, so the creator makes the Swiss
with a plain form POST, as lichess's documentation shows it; the players
then use berserk's `join_swiss(id, password=...)`. Without the password,
or with another, lichess answers 400 and berserk raises `ResponseError`;
with it, the player is in. `get_swiss` says that a password is asked,
never which.

Usage: berserk_swiss_password.py BASE_URL CREATOR_TOKEN PLAYER_TOKEN...
Prints `swiss ID` at the end.
"""

import sys

import berserk
import requests

base = sys.argv[1]
creator_token = sys.argv[2]
player_tokens = sys.argv[3:]
PASSWORD = "club-night"

created = requests.post(
    f"{base}/api/swiss/new/arbiter-club",
    headers={"Authorization": f"Bearer {creator_token}"},
    data={"clock.limit": 180, "clock.increment": 2, "nbRounds": 3, "password": PASSWORD},
    timeout=10,
)
assert created.status_code == 200, created.text
swiss_id = created.json()["id"]


def client(token):
    return berserk.Client(berserk.TokenSession(token), base_url=base)


def refused(join):
    """The join's error: lichess's 400 and its reason."""
    try:
        join()
    except berserk.exceptions.ResponseError as e:
        assert e.status_code == 400, e
        return e.cause
    raise AssertionError("the join was accepted")


players = [client(t) for t in player_tokens]
first, second = players[0], players[1]
cause = refused(lambda: first.tournaments.join_swiss(swiss_id))
assert cause["error"] == "wrong entry code", cause
cause = refused(lambda: first.tournaments.join_swiss(swiss_id, password="club-day"))
assert cause["error"] == "wrong entry code", cause
for p in players:
    p.tournaments.join_swiss(swiss_id, password=PASSWORD)
info = second.tournaments.get_swiss(swiss_id)
assert info["nbPlayers"] == len(players), info
assert info["password"] is True, info
assert PASSWORD not in repr(info), info
print(f"swiss {swiss_id}")
