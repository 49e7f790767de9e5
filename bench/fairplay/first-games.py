#!/usr/bin/env python3
"""Each assisted player's first GAMES games of an analysis file
(`arbiter fairplay --analysis FILE`), the other players' sides kept:

    first-games.py GAMES IN.analysis.jsonl > OUT.analysis.jsonl

A game's analysis does not depend on the games around it (each starts
with `ucinewgame`), so the first 3 or 5 of the 9 analysed are the
analysis of a screen of 3 or 5.
"""
import json
import sys

wanted = int(sys.argv[1])
kept = {}
with open(sys.argv[2], encoding="utf-8") as f:
    sys.stdout.write(f.readline())
    for line in f:
        player = json.loads(line)["player"]
        if player.startswith("Assisted"):
            kept[player] = kept.get(player, 0) + 1
            if kept[player] > wanted:
                continue
        sys.stdout.write(line)
