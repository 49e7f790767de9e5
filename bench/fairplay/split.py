#!/usr/bin/env python3
"""The event's players in two halves, for a baseline measured on one half
and the other half screened against it (neither half sees the players it
screens):

    split.py EVENT.analysis.jsonl OUT_DIR
        writes OUT_DIR/half-a.analysis.jsonl and half-b.analysis.jsonl:
        the players by name, alternately, each with his own sides only.
    split.py --half NAME
        (with the event's halves written) the half a player is in.
"""
import json
import os
import sys


def halves(path):
    with open(path, encoding="utf-8") as f:
        header = f.readline()
        sides = [line for line in f if line.strip()]
    names = sorted({json.loads(s)["player"] for s in sides})
    half = {name: "ab"[i % 2] for i, name in enumerate(names)}
    return header, sides, half


header, sides, half = halves(sys.argv[1])
out = sys.argv[2]
for h in "ab":
    with open(os.path.join(out, f"half-{h}.analysis.jsonl"), "w", encoding="utf-8") as f:
        f.write(header)
        f.writelines(s for s in sides if half[json.loads(s)["player"]] == h)
with open(os.path.join(out, "halves.json"), "w", encoding="utf-8") as f:
    json.dump(half, f, indent=1, ensure_ascii=False)
