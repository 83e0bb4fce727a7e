"""Strength of Othello's expert and learned AIs under the referee's move limit.

    python bench/othello_strength.py [--games 100] [--limit 0.5] [--serial]

Three series through the headless arena, colours alternating game by game:
expert against greedy:5 and expert against positional:5 (target: the expert
scores at least 95% in each, a draw counting half), and positional:5 against
random (target: at least 90%). The arena times every move as the referee
does; the slowest move of each side and the count of moves over the limit
(target: 0) are printed with the results.

By default two series run side by side, one per core: each has its own AI
process in which only one AI thinks at a time, so no search shares a core
with another of this benchmark (other work on the machine still can; the AIs
watch the wall clock, so a busy machine costs depth, not time). --serial runs
the series one after the other.
"""
from __future__ import annotations

import argparse
import time

from benchlib import load_note, run_series

from boardhub.core.arena import SeriesResult, play_series

# (a, b, seed, the score a must reach)
SERIES = (("expert", "greedy:5", 0, 0.95),
          ("expert", "positional:5", 10_000, 0.95),
          ("positional:5", "random", 20_000, 0.90))


def run(a: str, b: str, games: int, limit: float, seed: int) -> tuple[SeriesResult, float]:
    started = time.monotonic()
    result = play_series("othello", a, b, games, limit=limit, seed=seed, progress=False)
    return result, time.monotonic() - started


def report(r: SeriesResult, seconds: float, target: float, limit: float) -> None:
    print(r.line())
    print(f"{r.a} vs {r.b}: {r.a} won {r.a_wins}, drew {r.draws}, lost {r.b_wins} of {r.games}; "
          f"{r.a} scored {r.a_score:.1%} (target >= {target:.0%}) -> {'OK' if r.a_score >= target else 'MISSED'}")
    print(f"  slowest move: {r.a} {r.slowest.get('a', 0.0):.3f} s, {r.b} {r.slowest.get('b', 0.0):.3f} s; "
          f"moves over the {limit:g} s limit: {r.late}; forfeits: {len(r.forfeits)}; "
          f"mean margin {r.margin:+.1f} discs; series took {seconds:.0f} s")
    for forfeit in r.forfeits:
        print(f"  forfeit: {forfeit}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--limit", type=float, default=0.5)
    parser.add_argument("--serial", action="store_true", help="one series after the other")
    args = parser.parse_args()
    jobs = [(a, b, args.games, args.limit, seed) for a, b, seed, _ in SERIES]
    print(f"{args.games} games a series, {args.limit:g} s a move, "
          f"{'serial' if args.serial else 'two series at a time'}; {load_note()}")
    results = run_series(run, jobs, args.serial)
    for (result, seconds), (_, _, _, target) in zip(results, SERIES):
        report(result, seconds, target, args.limit)


if __name__ == "__main__":
    main()
