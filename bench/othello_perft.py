"""Othello perft 8 and 9 from the start: leaf counts, seconds, leaves per second.

    python bench/othello_perft.py [--repeat 3] [--baseline-depth 7]

Targets on the project machine: perft(8) under 0.6 s and perft(9) under 5 s,
with the published counts 390216 and 3005288. Each figure is the best of
--repeat runs (the machines are shared and noisy; the spread is printed too),
and every run starts with an empty transposition table.

The baseline, measured in the same run, is the plain recursion a reader
would write first: every node played through the Rules protocol
(legal_moves, apply), no counting shortcuts, no table. It runs at a lower
depth because at depth 9 it would take minutes; the ratio compares leaves
per second.
"""
from __future__ import annotations

import argparse
import time

from boardhub.games.othello.engine import START
from boardhub.games.othello.offline.perft import perft, plain_perft

PUBLISHED = {6: 8200, 7: 55092, 8: 390216, 9: 3005288}
TARGETS = {8: 0.6, 9: 5.0}


def timed(count, depth: int, repeat: int) -> tuple[int, float, float]:
    """(leaves, best seconds, worst seconds) over `repeat` runs."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        leaves = count(START, depth)
        times.append(time.perf_counter() - started)
    if depth in PUBLISHED and leaves != PUBLISHED[depth]:
        raise SystemExit(f"perft({depth}) = {leaves}, but the published count is {PUBLISHED[depth]}")
    return leaves, min(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline-depth", type=int, default=7, choices=sorted(PUBLISHED))
    args = parser.parse_args()

    leaves, best, worst = timed(plain_perft, args.baseline_depth, args.repeat)
    base_rate = leaves / best
    print(f"baseline plain recursion perft({args.baseline_depth}) = {leaves} leaves in {best:.3f} s "
          f"(worst {worst:.3f} s): {base_rate:,.0f} leaves/s")
    for depth in (8, 9):
        leaves, best, worst = timed(perft, depth, args.repeat)
        rate = leaves / best
        verdict = "OK" if best < TARGETS[depth] else "MISSED"
        print(f"perft({depth}) = {leaves} leaves in {best:.3f} s (worst {worst:.3f} s): {rate:,.0f} leaves/s, "
              f"{rate / base_rate:.0f}x the baseline; target < {TARGETS[depth]:g} s -> {verdict}")


if __name__ == "__main__":
    main()
