"""berserk, unmodified, plays a game whose players are on different nodes
of one database: Alice's client talks to the first node only, Bob's to the
second only (event stream, challenge, game stream, moves). Usage:
berserk_two_nodes.py NODE_ONE_URL NODE_TWO_URL ALICE_TOKEN BOB_TOKEN."""

import sys
import threading

import berserk

one, two, alice_token, bob_token = sys.argv[1:5]
alice = berserk.Client(berserk.TokenSession(alice_token), base_url=one)
bob = berserk.Client(berserk.TokenSession(bob_token), base_url=two)

# Alice challenges Bob on the first node; Bob accepts it on the second (the
# challenge's id is the game's, as on lichess). Each hears of the game on
# the event stream of his own node.
challenge = alice.challenges.create("bob", rated=False, clock_limit=300, clock_increment=3, color="white")
game_id = challenge["id"]
bob.challenges.accept(game_id)
alice_events = alice.board.stream_incoming_events()
bob_events = bob.board.stream_incoming_events()
event = next(bob_events)
assert event["type"] == "gameStart", event
assert event["game"]["gameId"] == game_id, event
assert event["game"]["color"] == "black"
event = next(alice_events)
assert event["type"] == "gameStart", event
assert event["game"]["gameId"] == game_id, event
assert event["game"]["color"] == "white"
assert [g["gameId"] for g in bob.games.get_ongoing()] == [game_id]

# Scholar's mate, each player reading his game's stream on his own node.
MOVES = {"white": ["e2e4", "f1c4", "d1h5", "h5f7"], "black": ["e7e5", "b8c6", "g8f6"]}
done = {}


def mover(client, color):
    answered = set()
    for state in client.board.stream_game_state(game_id):
        if state["type"] == "gameFull":
            state = state["state"]
        if state["type"] != "gameState":
            continue
        if state["status"] != "started":
            break
        played = state["moves"].split() if state["moves"] else []
        my_turn = (len(played) % 2 == 0) == (color == "white")
        index = len(played) // 2
        if my_turn and index < len(MOVES[color]) and index not in answered:
            answered.add(index)
            client.board.make_move(game_id, MOVES[color][index])
    done[color] = True


threads = [
    threading.Thread(target=mover, args=(alice, "white")),
    threading.Thread(target=mover, args=(bob, "black")),
]
for t in threads:
    t.start()
for t in threads:
    t.join(timeout=60)
assert done.get("white") and done.get("black"), done

finish = next(e for e in bob_events if e.get("type") == "gameFinish")
assert finish["game"]["gameId"] == game_id
assert finish["game"]["winner"] == "white", finish
print("berserk played game", game_id, "to mate across two nodes: 1-0")
