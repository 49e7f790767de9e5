"""Oracle for tests/python_chess.rs: reads lines "MODE FEN" (MODE is std or
960) and answers each with one JSON line of what python-chess says about the
position: its FEN, legal moves (UCI, sorted), their SAN, check, outcome,
insufficient material per side and Polyglot key."""
import json
import sys

import chess
import chess.polyglot


def outcome(board):
    # The precedence Position::outcome documents: mate, dead material, stalemate.
    if board.is_checkmate():
        return "checkmate"
    if board.is_insufficient_material():
        return "insufficient_material"
    if board.is_stalemate():
        return "stalemate"
    return None


def describe(mode, fen):
    board = chess.Board(fen, chess960=(mode == "960"))
    moves = sorted(board.legal_moves, key=board.uci)
    return {
        "fen": board.fen(),
        "legal": [board.uci(m) for m in moves],
        "san": [board.san(m) for m in moves],
        "check": board.is_check(),
        "outcome": outcome(board),
        "insufficient": [
            board.has_insufficient_material(chess.WHITE),
            board.has_insufficient_material(chess.BLACK),
        ],
        "zobrist": "%016x" % chess.polyglot.zobrist_hash(board),
    }


def main():
    out = sys.stdout
    for line in sys.stdin:
        line = line.rstrip("\n")
        if not line:
            continue
        mode, fen = line.split(" ", 1)
        try:
            answer = describe(mode, fen)
        except Exception as e:  # report, so the Rust side can name the FEN
            answer = {"error": "%s: %s" % (type(e).__name__, e)}
        out.write(json.dumps(answer, ensure_ascii=False) + "\n")
    out.flush()


if __name__ == "__main__":
    main()
