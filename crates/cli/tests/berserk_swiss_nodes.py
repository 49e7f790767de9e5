"""A Swiss on three `arbiter serve --node` processes of one PostgreSQL
database, played by berserk, the lichess Python client, unmodified.

Each player's client talks to one node, the players dealt over the three
in turn; the creator's talks to the first, which so holds the Swiss. The
bots play every game over the Board API (an opening, then a resignation
or an agreed draw chosen from the game's id). In round KILL_IN, once
every game has its opening on the board, the node holding the Swiss is
killed (SIGKILL); in round PAUSE_IN, the node that took it over is
stopped (SIGSTOP) until the third has taken the Swiss from it, the games
go on meanwhile, and it is then continued (SIGCONT): it wakes having lost
its leases, and must write nothing more to the Swiss or to the games
taken from it.

Going on through another node is the client's business, as a lichess
bot retries: a player whose request fails to connect, or whose node
answers 503 while another takes its games over, makes a new berserk
client on the next node's URL with the same token (`Roaming`) and goes on
from where his game stands. Any other error fails the run.

Usage: berserk_swiss_nodes.py DB_URL ROUNDS NAME=URL=PID NAME=URL=PID
NAME=URL=PID CREATOR_TOKEN PLAYER_TOKEN...
Prints `swiss ID`, `killed NAME`, `paused NAME` and, for each game,
`game ROUND ID`.
"""

import os
import signal
import subprocess
import sys
import threading
import time

import berserk
from berserk.exceptions import ApiError, ResponseError
from requests.exceptions import RequestException

from swiss_bot import ending_from_id, open_swiss, play

KILL_IN = 3
PAUSE_IN = 4
# A stream sends a keep-alive line every 5 s: a read waiting longer is on
# a node that stopped answering.
TIMEOUT = (3, 15)
# How long a player goes on trying one game, or the driver one call.
PERSIST = 90
# The whole run's bound: the test never hangs.
RUN_AT_MOST = 420


class PatientSession(berserk.TokenSession):
    """berserk's token session, each request with a timeout (requests has
    none by default), as lichess-bot sets one."""

    def request(self, *args, **kwargs):
        kwargs.setdefault("timeout", TIMEOUT)
        return super().request(*args, **kwargs)


# What fails when a node is gone: berserk's error for a request that did
# not connect, or requests' for a stream cut short.
GONE = (ApiError, RequestException)


def passing(error):
    """Whether a failed call is one to try again: no connection to the
    node (killed, stopped), or 503 (the node lost the game or the Swiss
    to another, which is taking it over)."""
    if isinstance(error, ResponseError):
        return error.status_code == 503
    return isinstance(error, GONE)


class Roaming:
    """A player's berserk client on one node, moved on to the next node's
    URL, with the same token, when its node fails."""

    def __init__(self, token, bases, home):
        self.token = token
        self.bases = bases
        self.at = home
        self.lock = threading.Lock()
        self.client = self._client()
        self.moves = 0

    def _client(self):
        return berserk.Client(PatientSession(self.token), base_url=self.bases[self.at])

    def move_on(self, failed):
        """After `failed` (the client that failed) could not reach its
        node: the next node's client, unless another thread moved on
        already."""
        with self.lock:
            if self.client is failed:
                self.at = (self.at + 1) % len(self.bases)
                self.client = self._client()
                self.moves += 1
            return self.client

    def call(self, what):
        """`what(client)`, tried again through the next node while the
        node fails, for at most PERSIST seconds."""
        deadline = time.time() + PERSIST
        while True:
            c = self.client
            try:
                return what(c)
            except GONE as e:
                if not passing(e) or time.time() > deadline:
                    raise
                if not isinstance(e, ResponseError):
                    self.move_on(c)
                time.sleep(0.2)


class Nodes:
    """The nodes by name: their URLs, their processes and the database."""

    def __init__(self, db, specs):
        self.db = db
        self.url = {}
        self.pid = {}
        for spec in specs:
            name, url, pid = spec.split("=")
            self.url[name] = url
            self.pid[name] = int(pid)
        self.names = list(self.url)

    def holder(self, swiss_id):
        """The node holding the Swiss's lease."""
        out = subprocess.run(
            ["psql", self.db, "-Atc",
             f"SELECT node FROM tournament_leases WHERE tournament_id = '{swiss_id}'"],
            capture_output=True, text=True, check=True, timeout=10)
        return out.stdout.strip()

    def until_held_by_another(self, swiss_id, former):
        """Waits until a node other than `former` holds the Swiss: its name."""
        deadline = time.time() + 30
        while time.time() < deadline:
            holder = self.holder(swiss_id)
            if holder != former:
                return holder
            time.sleep(0.1)
        raise AssertionError(f"the Swiss stayed with {former}")


class Players:
    """A bot for each player (a thread on his event stream, through his
    node or the next one; a thread for each game that starts for him),
    the games as they start, and what went wrong."""

    def __init__(self, roaming):
        self.roaming = roaming
        self.errors = []
        self.lock = threading.Lock()
        self.games = {}  # game id -> round
        self.playing = set()  # (game id, player index) with a thread
        self.round = 0
        self.gate = threading.Event()
        self.gate.set()
        self.opened = set()  # (game id, color): the opening on the board
        self.over = set()  # game ids a player saw end
        for i, r in enumerate(roaming):
            threading.Thread(target=self._listen, args=(i, r), daemon=True).start()
        time.sleep(1)

    def _fail(self, what):
        with self.lock:
            self.errors.append(what)

    def _listen(self, index, r):
        """The player's event stream, opened again through the next node
        when it ends or fails: a stream opened again tells the games under
        way once more (`gameStart`), and a game already played is not
        started twice."""
        while True:
            c = r.client
            try:
                for event in c.board.stream_incoming_events():
                    if event.get("type") == "gameStart":
                        self._start(index, r, event["game"])
            except GONE as e:
                if not passing(e):
                    self._fail(f"player {index} events: {e!r}")
                    return
            except Exception as e:
                self._fail(f"player {index} events: {e!r}")
                return
            r.move_on(c)
            time.sleep(0.2)

    def _start(self, index, r, game):
        with self.lock:
            key = (game["gameId"], index)
            if key in self.playing:
                return
            self.playing.add(key)
            self.games.setdefault(game["gameId"], self.round)
        threading.Thread(target=self._play, args=(index, r, game), daemon=True).start()

    def _play(self, index, r, game):
        """Plays the game to its end through the player's node, going on
        through the next one when it fails, from where the game stands."""
        game_id, color = game["gameId"], game["color"]

        def opened():
            with self.lock:
                self.opened.add((game_id, color))
            self.gate.wait()

        deadline = time.time() + PERSIST
        while time.time() < deadline:
            c = r.client
            try:
                if play(c, game_id, color, ending_from_id(game_id), opened) is not None:
                    with self.lock:
                        self.over.add(game_id)
                    return
                # The stream ended with the game under way: its node is
                # gone, and another is taking the game over.
            except GONE as e:
                if not passing(e):
                    self._fail(f"player {index} game {game_id}: {e!r}")
                    return
                if not isinstance(e, ResponseError):
                    r.move_on(c)
            except Exception as e:
                self._fail(f"player {index} game {game_id}: {e!r}")
                return
            time.sleep(0.2)
        self._fail(f"player {index} game {game_id}: not over after {PERSIST} s")

    def hold(self):
        """Holds the next games once their openings are on the board."""
        self.gate.clear()

    def until_opened(self, boards):
        """Waits until every game of the round has its opening on the
        board, seen by both its players."""
        deadline = time.time() + 60
        while len(self.opened_in(self.round)) < 2 * boards:
            self.check()
            assert time.time() < deadline, f"{len(self.opened_in(self.round))} sides opened"
            time.sleep(0.1)

    def opened_in(self, rnd):
        with self.lock:
            return [k for k in self.opened if self.games.get(k[0]) == rnd]

    def over_in(self, rnd):
        """How many games of round `rnd` the players saw end."""
        with self.lock:
            return sum(1 for g in self.over if self.games[g] == rnd)

    def check(self):
        """Fails on the first thing that went wrong."""
        with self.lock:
            assert not self.errors, self.errors


def until_round_over(creator, swiss_id, rnd, boards, players):
    """Waits until the players saw every game of round `rnd` end and the
    Swiss has all their results: the Swiss as a node then tells it."""
    deadline = time.time() + 120
    while time.time() < deadline:
        info = creator.call(lambda c: c.tournaments.get_swiss(swiss_id))
        over = players.over_in(rnd) == boards
        if over and info["round"] == rnd and info["nbOngoing"] == 0:
            return info
        players.check()
        time.sleep(0.2)
    raise AssertionError(f"round {rnd} did not finish: {info}")


def main(argv):
    db, rounds = argv[1], int(argv[2])
    nodes = Nodes(db, argv[3:6])
    creator_token, tokens = argv[6], argv[7:]
    bases = [nodes.url[n] for n in nodes.names]
    creator = Roaming(creator_token, bases, 0)
    roaming = [Roaming(t, bases, i % len(bases)) for i, t in enumerate(tokens)]
    boards = len(tokens) // 2

    swiss = open_swiss(creator.client, [r.client for r in roaming],
                       "arbiter-nodes", "Nodes Open", 600, 0, rounds)
    swiss_id = swiss["id"]
    first = nodes.holder(swiss_id)
    assert first == nodes.names[0], first
    print("swiss", swiss_id, flush=True)
    players = Players(roaming)

    for rnd in range(1, rounds + 1):
        players.round = rnd
        if rnd in (KILL_IN, PAUSE_IN):
            players.hold()
        now = int(time.time() * 1000)
        creator.call(lambda c: c.tournaments.schedule_swiss_next_round(swiss_id, now))
        if rnd == KILL_IN:
            players.until_opened(boards)
            holder = nodes.holder(swiss_id)
            os.kill(nodes.pid[holder], signal.SIGKILL)
            print("killed", holder, flush=True)
            players.gate.set()
        elif rnd == PAUSE_IN:
            players.until_opened(boards)
            holder = nodes.holder(swiss_id)
            os.kill(nodes.pid[holder], signal.SIGSTOP)
            print("paused", holder, flush=True)
            nodes.until_held_by_another(swiss_id, holder)
            # The games go on while it sleeps; it wakes a moment later.
            players.gate.set()
            time.sleep(1)
            os.kill(nodes.pid[holder], signal.SIGCONT)
        info = until_round_over(creator, swiss_id, rnd, boards, players)

    assert info["status"] == "finished", info
    players.check()
    for game_id, rnd in sorted(players.games.items(), key=lambda g: (g[1], g[0])):
        print("game", rnd, game_id)
    moved = sum(r.moves for r in roaming)
    print("clients moved on", moved, flush=True)


def out_of_time():
    print(f"berserk_swiss_nodes.py: stopped after {RUN_AT_MOST} s", file=sys.stderr, flush=True)
    os._exit(3)


if __name__ == "__main__":
    # The run's bound: a run that outlives it fails, rather than hangs.
    bound = threading.Timer(RUN_AT_MOST, out_of_time)
    bound.daemon = True
    bound.start()
    main(sys.argv)
