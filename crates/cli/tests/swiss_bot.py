"""One side of a Swiss game, played by a bot over lichess's Board API
through berserk: an opening, then the game's end chosen from the game's id
(a resignation by one side, or a draw offered and accepted), so that the
results of a round vary. Shared by the berserk Swiss tests' scripts.
"""

OPENING = ["e2e4", "e7e5", "g1f3", "b8c6"]


def play(c, game_id, color):
    """Plays one game to its end from one side."""
    ending = sum(map(ord, game_id)) % 3  # 0 White wins, 1 Black wins, 2 draw
    acted = set()
    for state in c.board.stream_game_state(game_id):
        if state["type"] == "gameFull":
            state = state["state"]
        if state["type"] != "gameState":
            continue
        if state["status"] != "started":
            if state["status"] == "created":
                continue
            break
        moves = state["moves"].split() if state["moves"] else []
        n = len(moves)
        my_turn = (n % 2 == 0) == (color == "white")
        if n < len(OPENING):
            if my_turn and n not in acted:
                acted.add(n)
                c.board.make_move(game_id, OPENING[n])
            continue
        if ending == 0 and color == "black" and "resign" not in acted:
            acted.add("resign")
            c.board.resign_game(game_id)
        elif ending == 1 and color == "white" and "resign" not in acted:
            acted.add("resign")
            c.board.resign_game(game_id)
        elif ending == 2 and color == "white" and "offer" not in acted:
            acted.add("offer")
            c.board.offer_draw(game_id)
        elif ending == 2 and color == "black" and state.get("wdraw") and "accept" not in acted:
            acted.add("accept")
            c.board.accept_draw(game_id)
