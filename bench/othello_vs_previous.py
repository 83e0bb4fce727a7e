"""Othello's expert against the expert of an earlier commit (the last commit by default).

    python bench/othello_vs_previous.py [--base REV] [--games 200] [--limit 0.5] [--jobs J]

The working tree's expert plays the expert of REV, checked out into a
temporary git worktree and played through bench/previous.py's `py:` seat,
N games at LIMIT seconds a move, colours alternating, J games at a time
(default: every core; each game has its AIs in its own process, and only
one of them thinks at a time). Target: the new expert scores at least 75%,
a draw counting half. The slowest move of each side and the moves over the
limit (target 0) are printed too, as the referee of the arena times them.
"""
from __future__ import annotations

import argparse
import time

from benchlib import load_note, print_series
from previous import describe, previous_tree, use

from boardhub.core.arena import default_jobs, play_series

TARGET = 0.75


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="HEAD", help="the earlier commit (default HEAD, the last commit)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--limit", type=float, default=0.5)
    parser.add_argument("--jobs", type=int, default=0, help="games at a time (default: every core)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    jobs = args.jobs or default_jobs()
    print(f"the working tree's expert against the expert of {describe(args.base)}: {args.games} games, "
          f"{args.limit:g} s a move, {jobs} at a time; {load_note()}")
    with previous_tree(args.base) as tree:
        started = time.monotonic()
        r = play_series("othello", "expert", use(tree, "othello", "expert"), args.games, limit=args.limit,
                        seed=args.seed, jobs=jobs)
        seconds = time.monotonic() - started
    print_series(r, "new", "previous", seconds, f"the {args.limit:g} s limit")
    verdict = "PASS" if r.a_score >= TARGET else "MISSED"
    print(f"RESULT othello_vs_previous games={r.games} score={100 * r.a_score:.1f}% target={TARGET:.0%} {verdict} "
          f"slowest={r.slowest.get('a', 0):.3f} late={r.late}")


if __name__ == "__main__":
    main()
