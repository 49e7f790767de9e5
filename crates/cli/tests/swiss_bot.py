"""Players as bots over lichess's Board API through berserk: each listens
on its event stream and plays every game that starts for it (`gameStart`):
an opening, then the game's end (a resignation by one side, or a draw
offered and accepted). Shared by the berserk tournament tests' scripts.
"""

import threading
import time

import berserk

OPENING = ["e2e4", "e7e5", "g1f3", "b8c6"]

# How a game ends.
WHITE_WINS = 0
BLACK_WINS = 1
DRAW = 2


def client(base, token):
    """A berserk client of the server at `base`, for the account of `token`."""
    return berserk.Client(berserk.TokenSession(token), base_url=base)


def swiss_from_argv(argv):
    """`BASE_URL ROUNDS CREATOR_TOKEN PLAYER_TOKEN...`: the rounds, and
    clients for the creator and the players."""
    base, rounds, creator_token, player_tokens = argv[1], int(argv[2]), argv[3], argv[4:]
    return rounds, client(base, creator_token), [client(base, t) for t in player_tokens]


def open_swiss(creator, players, team, name, limit, increment, rounds):
    """Creates a Swiss whose rounds the creator starts by hand
    (`roundInterval` 99999999), checks what the server says of it, joins
    every player to it, and checks that all joined."""
    swiss = creator.tournaments.create_swiss(
        team,
        clockLimit=limit,
        clockIncrement=increment,
        nbRounds=rounds,
        name=name,
        startsAt=int(time.time() * 1000) + 3_600_000,
        roundInterval=99999999,
    )
    assert swiss["nbRounds"] == rounds, swiss
    assert swiss["clock"] == {"limit": limit, "increment": increment}, swiss
    assert swiss["status"] == "created", swiss
    for p in players:
        p.tournaments.join_swiss(swiss["id"])
    info = creator.tournaments.get_swiss(swiss["id"])
    assert info["nbPlayers"] == len(players), info
    return swiss


def play_round(creator, swiss_id, r, bots, seconds=180):
    """Starts round `r` now and waits until its games are over, watching
    the bots for failures: the Swiss as the server then tells it."""
    creator.tournaments.schedule_swiss_next_round(swiss_id, int(time.time() * 1000))
    deadline = time.time() + seconds
    while time.time() < deadline:
        info = creator.tournaments.get_swiss(swiss_id)
        if info["round"] == r and info["nbOngoing"] == 0:
            return info
        bots.check()
        time.sleep(0.2)
    raise AssertionError(f"round {r} did not finish: {info}")


def ending_from_id(game_id):
    """An ending chosen from the game's id, so that a round's results vary."""
    return sum(map(ord, game_id)) % 3


def play(c, game_id, color, ending=None, opened=None):
    """Plays one game to its end from one side: to `ending`, or without one
    to the ending chosen from its id. `opened`, if given, is called once
    the opening is on the board, before the ending (a caller may hold the
    game there). The game's last state, or `None` if its stream ended
    first. Called again on a game under way, it goes on from where the
    game stands."""
    if ending is None:
        ending = ending_from_id(game_id)
    acted = set()
    for state in c.board.stream_game_state(game_id):
        if state["type"] == "gameFull":
            state = state["state"]
        if state["type"] != "gameState":
            continue
        if state["status"] != "started":
            if state["status"] == "created":
                continue
            return state
        moves = state["moves"].split() if state["moves"] else []
        n = len(moves)
        my_turn = (n % 2 == 0) == (color == "white")
        if n < len(OPENING):
            if my_turn and n not in acted:
                acted.add(n)
                c.board.make_move(game_id, OPENING[n])
            continue
        if opened is not None and "opened" not in acted:
            acted.add("opened")
            opened()
        if ending == WHITE_WINS and color == "black" and "resign" not in acted:
            acted.add("resign")
            c.board.resign_game(game_id)
        elif ending == BLACK_WINS and color == "white" and "resign" not in acted:
            acted.add("resign")
            c.board.resign_game(game_id)
        elif ending == DRAW and color == "white" and "offer" not in acted and not state.get("wdraw"):
            acted.add("offer")
            c.board.offer_draw(game_id)
        elif ending == DRAW and color == "black" and state.get("wdraw") and "accept" not in acted:
            acted.add("accept")
            c.board.accept_draw(game_id)
    return None


class Bots:
    """A bot for each client: a thread on the player's event stream, and a
    thread for each game that starts for him. `ending(index, game)` (the
    player's index, the `gameStart` event's game) says how the game ends,
    or `None` if the player stays away from it; without it, the ending
    comes from the game's id. What goes wrong is kept in `errors`."""

    def __init__(self, clients, ending=None):
        self.errors = []
        self.games = []
        self.stop = threading.Event()
        self.ending = ending or (lambda index, game: ending_from_id(game["gameId"]))
        for i, c in enumerate(clients):
            threading.Thread(target=self._listen, args=(i, c), daemon=True).start()
        # The streams are open before anything is paired.
        time.sleep(1)

    def _listen(self, index, c):
        try:
            for event in c.board.stream_incoming_events():
                if self.stop.is_set():
                    break
                if event.get("type") != "gameStart":
                    continue
                game = event["game"]
                self.games.append(game["gameId"])
                threading.Thread(target=self._game, args=(index, c, game), daemon=True).start()
        except Exception as e:  # the stream ends when the server stops
            if not self.stop.is_set():
                self.errors.append(repr(e))

    def _game(self, index, c, game):
        try:
            ending = self.ending(index, game)
            if ending is not None:
                play(c, game["gameId"], game["color"], ending)
        except Exception as e:
            self.errors.append(repr(e))

    def check(self):
        """Fails on the first thing that went wrong."""
        assert not self.errors, self.errors
