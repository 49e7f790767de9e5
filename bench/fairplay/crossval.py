#!/usr/bin/env python3
"""Summaries of the split-event calibration (crossval.sh):

    crossval.py false-positives THRESHOLD EVENT-A.jsonl EVENT-B.jsonl
        each half screened against the other's baseline, taken together.
    crossval.py power THRESHOLD HALVES.json ASSISTED-A.jsonl ASSISTED-B.jsonl
        each assisted player screened against the baseline of the half his
        real self is not in (ORIGINALS: the players assisted-games.py chose
        with --seed 1, in order).
"""
import json
import statistics
import sys

# The six players assisted-games.py --players 6 --games 9 --seed 1 chose
# from the event, in the order of their aliases #01 to #06.
ORIGINALS = [
    "Bolivar Castro, Alejandro",
    "Pap, Misa",
    "Sosa Suarez, Carla Cristina",
    "Barski, Radoslaw",
    "Garcia Brion, Eduardo",
    "Blanco Garcia Bajo, David",
]


def lines(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def false_positives(threshold, paths):
    players = [p for path in paths for p in lines(path)]
    zs = [p["z"] for p in players if p["z"] is not None]
    print(f"players screened: {len(players)}, with a z-score: {len(zs)}")
    print(f"at z >= {threshold:.2f}: {sum(z >= threshold for z in zs)}")
    print(f"z: mean {statistics.mean(zs):+.2f}, sd {statistics.pstdev(zs):.2f}, max {max(zs):+.2f}")
    for cut in (2.0, 3.0):
        print(f"z >= {cut}: {sum(z >= cut for z in zs)} ({sum(z >= cut for z in zs) / len(zs):.1%})")


def power(threshold, halves_path, path_a, path_b):
    with open(halves_path, encoding="utf-8") as f:
        half = json.load(f)
    by_half = {"a": lines(path_a), "b": lines(path_b)}
    chosen = []
    for index, original in enumerate(ORIGINALS):
        # Screened against the baseline of the other half.
        other = "b" if half[original] == "a" else "a"
        alias = f"#{index + 1:02d}"
        chosen += [p for p in by_half[other] if p["player"].startswith("Assisted") and p["player"].endswith(alias)]
    zs = sorted(p["z"] for p in chosen if p["z"] is not None)
    med = lambda values: statistics.median(values) if values else float("nan")
    parts = [f"{sum(z >= threshold for z in zs)}/{len(chosen)} reach {threshold:.2f}",
             f"median z {med(zs):+.2f}", f"min {zs[0]:+.2f}", f"max {zs[-1]:+.2f}",
             f"moves {med([p['moves'] for p in chosen]):.0f}"]
    for name in ("top1", "top3", "acpl", "accuracy"):
        parts.append(f"z {name} {med([p['z_scores'][name] for p in chosen if p['z_scores']]):+.2f}")
    print(f"{path_a.replace('-a.jsonl', '')}: " + ", ".join(parts))


if sys.argv[1] == "false-positives":
    false_positives(float(sys.argv[2]), sys.argv[3:])
else:
    power(float(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5])
