"""Othello's expert against GRhino (Debian's `grhino`, a GTP engine) at levels 3 and 5.

    python bench/othello_grhino.py [--games 20] [--limit 0.5] [--levels 3,5] [--jobs J] [--save DIR]

Our expert has LIMIT seconds a move (0.5 by default, the referee's rule).
GRhino plays by search depth, set by its level, and does not read the clock:
its seat gets its own, longer limit (ENGINE_LIMITS, or --engine-limit) only
so that it never loses on time; that does not change its moves. Level 5
searches for seconds a move and minutes for some, so its series takes much
longer (about 6 minutes a game on a busy 2-core machine). Colours alternate
game by game; GRhino varies its openings from its own book.
Target: at least 90% at level 3, a draw counting half; level 5 is printed
for the record. The slowest move of each side and our moves over the limit
(target 0) are printed too.
"""
from __future__ import annotations

import argparse
import shutil
import sys
import time
from pathlib import Path

from benchlib import load_note, print_series

from boardhub.core.arena import default_jobs, play_series

GRHINO = "/usr/games/gtp-rhino"
TARGETS = {3: 0.90}
# seconds a move for GRhino's seat, by level: at level 5 its slowest move took 203 s on two cores
# shared with other work (about 6 minutes a game there)
ENGINE_LIMITS = {1: 2.0, 2: 2.0, 3: 2.0, 4: 60.0, 5: 600.0}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--limit", type=float, default=0.5, help="our expert's seconds a move")
    parser.add_argument("--levels", default="3,5", help="GRhino's levels, 1 to 5 (default 3,5)")
    parser.add_argument("--engine-limit", type=float, help="GRhino's seconds a move (default by level)")
    parser.add_argument("--jobs", type=int, default=0, help="games at a time (default: every core)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", type=Path, help="write every game into this folder, for review")
    args = parser.parse_args()
    program = shutil.which(GRHINO) or shutil.which("gtp-rhino")
    if program is None:
        print("GRhino is not installed. On Debian or Ubuntu: sudo apt-get install grhino "
              f"(it installs {GRHINO}); then run this again.")
        return 2
    jobs = args.jobs or default_jobs()
    levels = [int(v) for v in args.levels.split(",") if v.strip()]
    print(f"expert against GRhino ({program}): {args.games} games a level, {args.limit:g} s a move for the "
          f"expert, {jobs} games at a time; {load_note()}")
    for level in levels:
        engine_limit = args.engine_limit or ENGINE_LIMITS[level]
        print(f"level {level}: GRhino searches by its level's depth, not by the clock; its seat is allowed "
              f"{engine_limit:g} s a move so that it never loses on time")
        started = time.monotonic()
        r = play_series("othello", "expert", f'gtp:"{program} -l {level}"', args.games, limit=args.limit,
                        seed=args.seed, jobs=jobs, limit_b=engine_limit,
                        save=args.save / f"level{level}" if args.save else None)
        seconds = time.monotonic() - started
        print_series(r, "expert", "GRhino", seconds)
        target = TARGETS.get(level)
        verdict = f"target={target:.0%} {'PASS' if r.a_score >= target else 'MISSED'}" if target else "target=none"
        print(f"RESULT othello_grhino level={level} games={r.games} score={100 * r.a_score:.1f}% {verdict} "
              f"limit={args.limit:g} grhino_limit={engine_limit:g} slowest={r.slowest.get('a', 0):.3f} "
              f"late={r.late}")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
