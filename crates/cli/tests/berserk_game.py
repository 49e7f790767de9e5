"""A whole game against `arbiter serve` through lichess's Board API, played
by berserk, the lichess Python client, unmodified: only its base URL points
at Arbiter. Usage: berserk_game.py BASE_URL ALICE_TOKEN BOB_TOKEN."""

import sys
import threading

import berserk

base, alice_token, bob_token = sys.argv[1:4]
alice = berserk.Client(berserk.TokenSession(alice_token), base_url=base)
bob = berserk.Client(berserk.TokenSession(bob_token), base_url=base)

assert alice.account.get()["id"] == "alice"
assert bob.account.get()["username"] == "Bob"

# Alice challenges Bob to a 5+3 game, taking White; Bob accepts from his
# event stream, as a board app would.
bob_events = bob.board.stream_incoming_events()
challenge = alice.challenges.create("bob", rated=False, clock_limit=300, clock_increment=3, color="white")
event = next(bob_events)
assert event["type"] == "challenge", event
assert event["challenge"]["challenger"]["id"] == "alice"
bob.challenges.accept(event["challenge"]["id"])
event = next(bob_events)
assert event["type"] == "gameStart", event
game_id = event["game"]["gameId"]
assert event["game"]["color"] == "black"

playing = alice.games.get_ongoing()
assert [g["gameId"] for g in playing] == [game_id], playing

# Scholar's mate, with a draw offer by Black that White declines.
WHITE = ["e2e4", "f1c4", "d1h5", "h5f7"]
BLACK = ["e7e5", "b8c6", "g8f6"]
seen = {}


def mover(client, color, moves):
    stream = client.board.stream_game_state(game_id)
    # The next move is read off the record, not counted: a state may come
    # twice for one position (Black's draw offer is a state of its own,
    # and may be committed after White has already answered the move).
    answered = set()
    for state in stream:
        if state["type"] == "gameFull":
            state = state["state"]
        if state["type"] != "gameState":
            continue
        if state["status"] != "started":
            if state["status"] != "created":
                break
            continue
        played = state["moves"].split() if state["moves"] else []
        my_turn = (len(played) % 2 == 0) == (color == "white")
        if color == "white" and state.get("bdraw") and not seen.get("declined"):
            client.board.decline_draw(game_id)
            seen["declined"] = True
        index = len(played) // 2
        if my_turn and index < len(moves) and index not in answered:
            mv = moves[index]
            answered.add(index)
            if color == "black" and mv == "b8c6":
                client.board.make_move(game_id, mv)
                client.board.offer_draw(game_id)
            else:
                client.board.make_move(game_id, mv)
    seen[color + "_done"] = True


threads = [
    threading.Thread(target=mover, args=(alice, "white", WHITE)),
    threading.Thread(target=mover, args=(bob, "black", BLACK)),
]
for t in threads:
    t.start()
for t in threads:
    t.join(timeout=60)
assert seen.get("white_done") and seen.get("black_done"), seen
assert seen.get("declined"), "White saw Black's draw offer and declined it"

finish = next(e for e in bob_events if e.get("type") == "gameFinish")
assert finish["game"]["gameId"] == game_id
assert finish["game"]["winner"] == "white", finish
print("berserk played game", game_id, "to mate: 1-0")
