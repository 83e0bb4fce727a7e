"""Strength of the strong Dots and Boxes AIs on 4 x 4, under the referee's move limit.

    python bench/dots_strength.py [--games 200] [--limit 0.5] [--serial]

Two series through the headless arena, alternating who starts: hard against
normal (target: hard wins at least 95%) and expert against hard (target:
expert scores at least 70%, a draw counting half). The arena times every move
as the referee does; the slowest move of each AI and the count of moves over
the limit (target: 0) are printed with the results.

The series run side by side, one per core: each has its own AI process and
only one AI thinks at a time in it, so no move shares a core with another
search and the timings stay honest. --serial runs them one after the other.
"""
from __future__ import annotations

import argparse
import time

from benchlib import run_series

from boardhub.core.arena import SeriesResult, play_series

OPTIONS = {"rows": 4, "cols": 4}
# (a, b, seed, what a must reach, how it is counted)
SERIES = (("hard", "normal", 0, 0.95, "wins"), ("expert", "hard", 10_000, 0.70, "score"))


def run(a: str, b: str, games: int, limit: float, seed: int) -> tuple[SeriesResult, float]:
    started = time.monotonic()
    result = play_series("dots", a, b, games, limit=limit, seed=seed, options=OPTIONS, progress=False)
    return result, time.monotonic() - started


def report(r: SeriesResult, seconds: float, target: float, counted: str, limit: float) -> None:
    share = r.a_wins / r.games if counted == "wins" else r.a_score
    print(r.line())
    print(f"{r.a} vs {r.b} on 4x4: {r.a} won {r.a_wins}, drew {r.draws}, lost {r.b_wins} of {r.games}; "
          f"{r.a} {counted} {share:.1%} (target >= {target:.0%}) -> {'OK' if share >= target else 'MISSED'}")
    print(f"  slowest move: {r.a} {r.slowest.get('a', 0.0):.3f} s, {r.b} {r.slowest.get('b', 0.0):.3f} s; "
          f"moves over the {limit:g} s limit: {r.late}; forfeits: {len(r.forfeits)}; "
          f"series took {seconds:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--limit", type=float, default=0.5)
    parser.add_argument("--serial", action="store_true", help="one series after the other")
    args = parser.parse_args()
    jobs = [(a, b, args.games, args.limit, seed) for a, b, seed, _, _ in SERIES]
    results = run_series(run, jobs, args.serial, len(jobs))
    for (result, seconds), (_, _, _, target, counted) in zip(results, SERIES):
        report(result, seconds, target, counted, args.limit)


if __name__ == "__main__":
    main()
