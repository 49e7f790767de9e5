"""A round robin and a knockout on `arbiter serve`, every game played by
berserk, the lichess Python client, unmodified (only its base URL points at
Arbiter), over the Board API: each player is a bot that answers `gameStart`
on its event stream and plays with `board.make_move` (see swiss_bot).

lichess has no round robin or knockout API, so the events are made and
run through Arbiter's own tournament API, over berserk's own session
(`berserk.TokenSession`, a requests session with the token): the creator
makes each event, the players enter with their accounts (`join` with
their token), the creator pairs and publishes every round once the one
before is over.

The round robin has five players (one rests each round); the last one
withdraws after round WITHDRAW_AFTER and stays away from his later games,
which he loses by default (FIDE 6.7.1). Its other games end as their ids
say.

The knockout has four players, matches of two games, then two rapid
games, then Armageddon (a draw puts Black through): one semi-final is won
in its two games, the other is level after them and after the rapid games
and goes to Armageddon; the final is level after its two games and won
in the rapid games.

Usage: berserk_round_robin_knockout.py BASE_URL CREATOR_TOKEN PLAYER_TOKEN...
(five players). Prints `round_robin ID` and `knockout ID` at the end.
"""

import sys
import threading
import time

import berserk

from swiss_bot import BLACK_WINS, DRAW, WHITE_WINS, Bots, ending_from_id

WITHDRAW_AFTER = 2
# The round robin's default time (FIDE 6.7.1), in milliseconds: short, so
# that a game its player stays away from ends soon.
DEFAULT_TIME_MS = 10000

base = sys.argv[1]
creator_token = sys.argv[2]
player_tokens = sys.argv[3:]
assert len(player_tokens) == 5, "five players"


# Each account's session, and its berserk client over it.
creator_session = berserk.TokenSession(creator_token)
sessions = [berserk.TokenSession(t) for t in player_tokens]
players = [berserk.Client(s, base_url=base) for s in sessions]


def api(session, method, path, body=None):
    """Arbiter's tournament API, over an account's berserk session."""
    r = session.request(method, f"{base}/api/tournament{path}", json=body)
    assert r.ok, f"{method} {path}: {r.status_code} {r.text}"
    return r.json()


def create(settings):
    created = api(creator_session, "POST", "", settings)
    return created["id"]


def enter(event, accounts):
    """The players enter with their own accounts; their numbers."""
    numbers = []
    for i, session in enumerate(accounts):
        joined = api(session, "POST", f"/{event}/join", {"name": f"Bot {i + 1}", "rating": 2400 - 50 * i})
        assert "token" not in joined, "an account of his own: none is made for him"
        numbers.append(joined["player"])
    return numbers


def state(event):
    return api(creator_session, "GET", f"/{event}")


# What the bots are told: the ending of each game, by id, once its round is
# published; a player who withdrew stays away.
plan = {}
plan_lock = threading.Condition()
withdrawn = set()


def ending(index, game):
    if index in withdrawn:
        return None
    with plan_lock:
        plan_lock.wait_for(lambda: game["gameId"] in plan, timeout=30)
        return plan.get(game["gameId"], ending_from_id(game["gameId"]))


bots = Bots(players, ending)


def play_round(event, endings=None):
    """Pairs the next round, publishes it with each board's ending (by
    board, from 1; without one, as the game's id says), and waits for its
    results; the event then."""
    paired = api(creator_session, "POST", f"/{event}/pair")
    n = paired["round"]
    published = api(creator_session, "POST", f"/{event}/publish")
    with plan_lock:
        for board, game in enumerate(published["games"], start=1):
            plan[game] = (endings or {}).get(board, ending_from_id(game))
        plan_lock.notify_all()
    deadline = time.time() + 120
    while time.time() < deadline:
        st = state(event)
        if st["rounds"][n - 1]["complete"]:
            return st
        bots.check()
        time.sleep(0.2)
    raise AssertionError(f"round {n} of {event} did not finish: {st['rounds'][n - 1]}")


# ---- The round robin --------------------------------------------------------

rr = create({
    "name": "Berserk Round Robin", "place": "Hangzhou", "start_date": "2026-12-02",
    "system": {"kind": "round_robin", "cycles": 1}, "rounds": 5,
    "time_control": "120+1", "ruleset": "fide-blitz", "mode": "online",
    "tiebreaks": ["PTS", "DE", "WIN", "SB"], "default_time_ms": DEFAULT_TIME_MS,
})
numbers = enter(rr, sessions)
leaver = numbers[-1]
st = None
for r in range(1, 6):
    st = play_round(rr)
    if r == WITHDRAW_AFTER:
        api(sessions[-1], "POST", f"/{rr}/withdraw", {"player": leaver})
        withdrawn.add(len(players) - 1)
assert st["status"] == "finished", st["status"]
# After his withdrawal the leaver lost every game he was paired in by
# default, as the referee ruled it.
later = [b for r in st["rounds"][WITHDRAW_AFTER:] for b in r["boards"] if leaver in (b["white"], b["black"])]
assert later, "the leaver keeps his place in the tables"
for b in later:
    lost = "black_wins_by_forfeit" if b["white"] == leaver else "white_wins_by_forfeit"
    assert b["result"] == lost, b
    assert b["source"]["kind"] == "game", b

# ---- The knockout -----------------------------------------------------------

ko = create({
    "name": "Berserk Cup", "place": "Suzhou", "start_date": "2026-12-03",
    "system": {"kind": "knockout"}, "rounds": 2,
    "time_control": "300+3", "ruleset": "fide-blitz", "mode": "online",
    "tiebreaks": ["PTS"],
    "knockout": {"games": 2, "tiebreaks": [
        {"tempo": "rapid", "games": 2, "time_control": "600+5"},
        {"tempo": "armageddon", "time_control": "300", "black_time_control": "240"},
    ]},
})
seeds = enter(ko, sessions[:4])


def match(st, r, m):
    return st["knockout"]["rounds"][r - 1]["matches"][m - 1]


def boards(st):
    return [(b["white"], b["black"]) for b in st["rounds"][-1]["boards"]]


s1, s2, s3, s4 = seeds
# The semi-finals' two games: seed 1 wins both; the other match is drawn
# twice.
st = play_round(ko, {1: WHITE_WINS, 2: DRAW})
assert boards(st) == [(s1, s4), (s2, s3)], boards(st)
st = play_round(ko, {1: BLACK_WINS, 2: DRAW})
assert boards(st) == [(s4, s1), (s3, s2)], boards(st)
assert match(st, 1, 1)["winner"] == s1 and match(st, 1, 1)["decided_by"] == "standard", match(st, 1, 1)
assert match(st, 1, 2)["next_stage"] == "rapid", match(st, 1, 2)
# The rapid games, one each: still level, Armageddon.
st = play_round(ko, {1: WHITE_WINS})
assert boards(st) == [(s2, s3)], boards(st)
st = play_round(ko, {1: WHITE_WINS})
assert match(st, 1, 2)["next_stage"] == "armageddon", match(st, 1, 2)
# Armageddon drawn: Black goes through.
st = play_round(ko, {1: DRAW})
black = boards(st)[0][1]
assert match(st, 1, 2)["winner"] == black, match(st, 1, 2)
assert match(st, 1, 2)["decided_by"] == "armageddon", match(st, 1, 2)
# The final: two draws, then the rapid games, both won by seed 1.
finalist = black
st = play_round(ko, {1: DRAW})
assert boards(st) == [(s1, finalist)], boards(st)
st = play_round(ko, {1: DRAW})
assert match(st, 2, 1)["next_stage"] == "rapid", match(st, 2, 1)
st = play_round(ko, {1: WHITE_WINS})
assert boards(st) == [(s1, finalist)], boards(st)
st = play_round(ko, {1: BLACK_WINS})
assert st["knockout"]["winner"] == s1, st["knockout"]
assert match(st, 2, 1)["decided_by"] == "rapid", match(st, 2, 1)
assert match(st, 2, 1)["score"] == [3, 1], match(st, 2, 1)
assert st["status"] == "finished", st["status"]

bots.check()
bots.stop.set()
print("round_robin", rr)
print("knockout", ko)
