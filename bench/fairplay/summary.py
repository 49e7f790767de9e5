#!/usr/bin/env python3
"""Summaries of `arbiter fairplay --json` runs for docs/fairplay.md.

    summary.py false-positives EVENT.jsonl
        players screened, with a z-score, marked; the spread of z; the
        threshold and the rate it states.
    summary.py power THRESHOLD_Z FILE.jsonl…
        per file, the assisted players' (named "Assisted …") combined z and
        how many reach THRESHOLD_Z, then the medians of their top-1 and
        top-3 rates and of each statistic's own z-score (which one carries
        the signal).
"""
import json
import statistics
import sys


def lines(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def false_positives(path):
    players = lines(path)
    zs = [p["z"] for p in players if p["z"] is not None]
    threshold = players[0]["screen"]["threshold"]
    marked = [p["player"] for p in players if p["review"]]
    print(f"players screened: {len(players)}")
    print(f"with a z-score: {len(zs)}")
    print(f"threshold: z >= {threshold['z']:.2f} (rate {threshold['false_positive_rate']} over {threshold['players']} players)")
    print(f"marked for review: {len(marked)} {marked}")
    print(f"z: mean {statistics.mean(zs):+.2f}, sd {statistics.pstdev(zs):.2f}, max {max(zs):+.2f}")
    for cut in (2.0, 3.0):
        share = sum(z >= cut for z in zs) / len(zs)
        print(f"z >= {cut}: {share:.1%}")


def power(threshold, paths):
    for path in paths:
        assisted = [p for p in lines(path) if p["player"].startswith("Assisted")]
        zs = sorted(p["z"] for p in assisted if p["z"] is not None)
        hits = sum(z >= threshold for z in zs)
        median = statistics.median(zs) if zs else float("nan")
        print(f"{path}: {hits}/{len(assisted)} reach {threshold:.2f}; median z {median:+.2f}; min {zs[0] if zs else float('nan'):+.2f}")
        if not assisted:
            continue
        med = lambda values: statistics.median(values) if values else float("nan")
        moves = med([p["moves"] for p in assisted])
        top1 = med([p["top1"] for p in assisted])
        top3 = med([p["top3"] for p in assisted])
        parts = [f"moves {moves:.0f}", f"top-1 {top1:.1%}", f"top-3 {top3:.1%}"]
        for name in ("top1", "top3", "acpl", "accuracy"):
            parts.append(f"z {name} {med([p['z_scores'][name] for p in assisted if p['z_scores']]):+.2f}")
        print("    median " + ", ".join(parts))


if sys.argv[1] == "false-positives":
    false_positives(sys.argv[2])
else:
    power(float(sys.argv[2]), sys.argv[3:])
