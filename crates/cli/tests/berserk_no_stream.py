"""A berserk script as written for lichess: the challenge's id is the
game's id, and the players move at once, without opening a stream. Then
the lichess URLs such a script reads: the export (JSON and PGN), the
account's games, its public data, the public move stream. Usage:
berserk_no_stream.py BASE_URL ALICE_TOKEN BOB_TOKEN."""

import io
import sys

import berserk
import chess.pgn

base, alice_token, bob_token = sys.argv[1:4]
alice = berserk.Client(berserk.TokenSession(alice_token), base_url=base)
bob = berserk.Client(berserk.TokenSession(bob_token), base_url=base)

challenge = alice.challenges.create("bob", rated=False, clock_limit=600, clock_increment=5, color="white")
game_id = challenge["id"]
bob.challenges.accept(game_id)

# No stream is opened: the game has started, and both move at once.
for client, move in [(alice, "b2b3"), (bob, "e7e5"), (alice, "b1c3"), (bob, "d7d5")]:
    client.board.make_move(game_id, move)


def refused(client, move):
    try:
        client.board.make_move(game_id, move)
    except berserk.exceptions.ResponseError as e:
        assert e.status_code == 400, e
        return
    raise AssertionError(f"{move} was accepted")


# b1 is empty: b1a3 is refused, not read as the bishop's Bc1-a3. SAN and a
# move from an empty square are refused too.
refused(alice, "b1a3")
refused(alice, "Nf3")
refused(alice, "e2e5")

game = alice.games.export(game_id)
assert game["id"] == game_id, game
assert game["status"] == "started", game
assert game["moves"] == "b3 e5 Nc3 d5", game
assert game["players"]["white"]["user"]["id"] == "alice", game
pgn = alice.games.export(game_id, as_pgn=True)
record = chess.pgn.read_game(io.StringIO(pgn))
sans = []
board = record.board()
for move in record.mainline_moves():
    sans.append(board.san(move))
    board.push(move)
assert sans == ["b3", "e5", "Nc3", "d5"], pgn

alice.board.resign_game(game_id)
game = bob.games.export(game_id)
assert game["status"] == "resign" and game["winner"] == "black", game

mine = list(alice.games.export_by_player("alice"))
assert [g["id"] for g in mine] == [game_id], mine
assert list(alice.games.export_by_player("bob", as_pgn=True))
public = bob.users.get_public_data("alice")
assert public["username"] == "Alice" and public["count"]["all"] == 1, public
streamed = list(alice.games.stream_game_moves(game_id))
assert streamed[0]["id"] == game_id and streamed[0]["status"] == "resign", streamed
print("game", game_id, "played without a stream:", game["moves"])
