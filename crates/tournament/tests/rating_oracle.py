"""An independent reading of the FIDE Rating Regulations (B.02, in force from
1 March 2024, 8.3.1 as amended from 1 October 2025), written from their text
for crates/tournament/tests/ratings.rs to compare Arbiter's figures with.

It shares no code with Arbiter: it reads the TRF's fixed columns itself and
keeps table 8.1.2 as the regulations print it (bands of D), with exact
fractions throughout.

    python3 rating_oracle.py EVENT.trf [K-FACTORS]...

prints one JSON object a line per player of each file, in file order:
{"file", "start_no", "rating", "k", "games", "score", "expected", "change",
"new_rating"}; numbers that are fractions are written as strings "p/q".
"""

import json
import sys
from fractions import Fraction

# Table 8.1.2 as printed: (lowest D, highest D, PD of the higher-rated player).
TABLE_8_1_2 = [
    (0, 3, 50), (4, 10, 51), (11, 17, 52), (18, 25, 53), (26, 32, 54),
    (33, 39, 55), (40, 46, 56), (47, 53, 57), (54, 61, 58), (62, 68, 59),
    (69, 76, 60), (77, 83, 61), (84, 91, 62), (92, 98, 63), (99, 106, 64),
    (107, 113, 65), (114, 121, 66), (122, 129, 67), (130, 137, 68),
    (138, 145, 69), (146, 153, 70), (154, 162, 71), (163, 170, 72),
    (171, 179, 73), (180, 188, 74), (189, 197, 75), (198, 206, 76),
    (207, 215, 77), (216, 225, 78), (226, 235, 79), (236, 245, 80),
    (246, 256, 81), (257, 267, 82), (268, 278, 83), (279, 290, 84),
    (291, 302, 85), (303, 315, 86), (316, 328, 87), (329, 344, 88),
    (345, 357, 89), (358, 374, 90), (375, 391, 91), (392, 411, 92),
    (412, 432, 93), (433, 456, 94), (457, 484, 95), (485, 517, 96),
    (518, 559, 97), (560, 619, 98), (620, 735, 99),
]

# Table 8.1.1 as printed: p (hundredths) to dp, from 1.0 down to .00.
TABLE_8_1_1 = dict(zip(range(100, -1, -1), [
    800, 677, 589, 538, 501, 470, 444, 422, 401, 383, 366, 351, 336, 322, 309,
    296, 284, 273, 262, 251, 240, 230, 220, 211, 202, 193, 184, 175, 166, 158,
    149, 141, 133, 125, 117, 110, 102, 95, 87, 80, 72, 65, 57, 50, 43, 36, 29,
    21, 14, 7, 0, -7, -14, -21, -29, -36, -43, -50, -57, -65, -72, -80, -87,
    -95, -102, -110, -117, -125, -133, -141, -149, -158, -166, -175, -184,
    -193, -202, -211, -220, -230, -240, -251, -262, -273, -284, -296, -309,
    -322, -336, -351, -366, -383, -401, -422, -444, -470, -501, -538, -589,
    -677, -800,
]))


def pd(own, opponent):
    """8.3.1 and 8.3.2 a): PD for the player rated `own`."""
    d = abs(own - opponent)
    if own < 2650 and d > 400:
        d = 400
    higher = next((h for lo, hi, h in TABLE_8_1_2 if lo <= d <= hi), 100)
    return Fraction(higher if own >= opponent else 100 - higher, 100)


def nearest(x):
    """Round a fraction to a whole number, 0.5 away from zero (8.3.4)."""
    sign = -1 if x < 0 else 1
    whole, rest = divmod(abs(x), 1)
    return sign * int(whole + (1 if rest >= Fraction(1, 2) else 0))


def read_trf(path):
    players, start_year = {}, None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("042 ") and start_year is None:
                parts = line[4:].replace(".", "/").replace("-", "/").split("/")
                years = [int(p) for p in parts if len(p.strip()) == 4 and p.strip().isdigit()]
                start_year = years[0] if years else None
            if not line.startswith("001"):
                continue
            number = int(line[4:8])
            rating = int(line[48:52]) if line[48:52].strip() else 0
            fide = line[57:68].strip()
            birth = line[69:79].strip()
            born = int(birth[:4]) if birth[:4].isdigit() else None
            rounds = []
            column = 91
            while column < len(line):
                cell = line[column:column + 8].ljust(8)
                opponent = cell[0:4].strip()
                rounds.append((int(opponent) if opponent.isdigit() else 0, cell[5], cell[7]))
                column += 10
            players[number] = {"rating": rating, "fide": fide, "born": born, "rounds": rounds}
    return players, start_year


def read_k_factors(path, players):
    given = {}
    if path is None:
        return given
    by_fide = {p["fide"]: n for n, p in players.items() if p["fide"]}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            ident, k = line.replace(",", " ").split()
            number = by_fide.get(ident, None) or int(ident)
            given[number] = int(k)
    return given


def rate(path, k_path):
    players, start_year = read_trf(path)
    given = read_k_factors(k_path, players)
    for number in sorted(players):
        me = players[number]
        # 5.1: unplayed games are not counted; 8.3.1/8.2.2: against rated players.
        games = []
        for opponent, colour, result in me["rounds"]:
            if result in ("1", "=", "0") and opponent and colour in ("w", "b"):
                if players[opponent]["rating"] > 0:
                    games.append((players[opponent]["rating"], {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0)}[result]))
        n = len(games)
        score = sum((s for _, s in games), Fraction(0))
        row = {"file": path, "start_no": number, "games": n, "score": str(score)}
        if me["rating"] == 0:
            row.update({"rating": None, "k": None, "expected": None, "change": None})
            # 8.2: an unrated player's first rating.
            if n == 0 or score == 0:
                row["new_rating"] = None
            else:
                ra = Fraction(sum(r for r, _ in games) + 2 * 1800, n + 2)
                p = (score + 1) / (n + 2)
                hundredths = int(p * 100 + Fraction(1, 2))  # nearest percent, .5 up
                ru = min(nearest(ra + TABLE_8_1_1[hundredths]), 2200)
                row["new_rating"] = ru if n >= 5 and ru >= 1400 else None
        else:
            r = me["rating"]
            # 8.3.3
            if number in given:
                k = given[number]
            elif start_year is not None and me["born"] is not None and start_year <= me["born"] + 18 and r < 2300:
                k = 40
            elif r >= 2400:
                k = 10
            else:
                k = 20
            if n and k * n > 700:
                k = 700 // n
            expected = sum((pd(r, o) for o, _ in games), Fraction(0))
            change = k * (score - expected)
            row.update({"rating": r, "k": k, "expected": str(expected), "change": str(change),
                        "new_rating": r + nearest(change)})
        print(json.dumps(row))


if __name__ == "__main__":
    arguments = sys.argv[1:]
    # Each TRF may be followed by its K-factors file (a path ending in .k).
    i = 0
    while i < len(arguments):
        trf = arguments[i]
        k_path = arguments[i + 1] if i + 1 < len(arguments) and arguments[i + 1].endswith(".k") else None
        rate(trf, k_path)
        i += 2 if k_path else 1
