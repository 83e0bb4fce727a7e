"""How often the expert's endgame solver proves a position's exact result within the move limit.

    python bench/othello_endgame.py [--positions 100] [--limit 0.5] [--empties 12 14 16]
                                    [--base REV] [--no-previous]

The positions are fixed: random games from the start, seeded, stopped at the
given number of empty squares (those whose game is already over are skipped).
Each is solved from scratch (a fresh solver, an empty table) with the full
window, so the answer is the exact final disc margin under perfect play, and
with the move limit as its deadline. Printed for each number of empties: the
share proven exactly in time, the share whose win/draw/loss alone is proven in
time, the median and slowest exact solve and the solver's nodes per second;
then a RESULT line against the target at 14 empties (>= 95% exact within 0.5 s).

The solver of REV (the last commit by default), checked out into a temporary
git worktree, solves the same positions in a subprocess, each right after this
tree's, so that both meet the same load: its share is printed beside, with the
ratio of the two times on the positions both solved in time (the two count
nodes differently). Times are wall-clock on a possibly shared machine: the
load is printed.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from benchlib import load_note
from previous import describe, previous_tree

from boardhub.games.othello.endgame import EndgameSolver, SolveTimeout
from boardhub.games.othello.engine import OthelloState, random_positions

TARGET_EMPTIES = 14
TARGET_SHARE = 0.95

# Run with PYTHONPATH at the earlier commit's worktree: one solve per line of stdin, answered at once.
EARLIER = """
import json, sys, time
from boardhub.games.othello.endgame import EndgameSolver, SolveTimeout
for line in sys.stdin:
    me, opp, alpha, beta, limit = json.loads(line)
    solver = EndgameSolver()
    started = time.monotonic()
    try:
        solver.solve(me, opp, alpha, beta, deadline=started + limit)
        done = True
    except SolveTimeout:
        done = False
    seconds = time.monotonic() - started
    print(json.dumps([done and seconds <= limit, seconds, solver.nodes]), flush=True)
"""

Solve = tuple[bool, float, int]  # (proven in time, seconds spent, nodes)


def fixed_positions(empties: int, count: int) -> list[OthelloState]:
    """`count` positions with `empties` empty squares, from random games seeded 1000 * empties, ..."""
    return random_positions(empties, count, 1000 * empties)


def timed_solve(state: OthelloState, alpha: int, beta: int, limit: float) -> Solve:
    """A fresh solver on the window (alpha, beta) with `limit` seconds."""
    solver = EndgameSolver()
    started = time.monotonic()
    try:
        solver.solve(state.me, state.opp, alpha, beta, deadline=started + limit)
    except SolveTimeout:
        return False, time.monotonic() - started, solver.nodes
    seconds = time.monotonic() - started
    return seconds <= limit, seconds, solver.nodes  # the clock is read every thousand nodes or so


class Earlier:
    """The earlier commit's solver in a subprocess, one solve at a time."""

    def __init__(self, tree: Path) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", EARLIER], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, cwd=tree,
                                        env=dict(os.environ, PYTHONPATH=str(tree)))

    def solve(self, state: OthelloState, alpha: int, beta: int, limit: float) -> Solve:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps([state.me, state.opp, alpha, beta, limit]) + "\n")
        self.process.stdin.flush()
        done, seconds, nodes = json.loads(self.process.stdout.readline())
        return done, seconds, nodes

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def summary(solves: list[Solve], limit: float) -> str:
    done = [seconds for ok, seconds, _ in solves if ok]
    nodes = sum(n for _, _, n in solves)
    spent = sum(seconds for _, seconds, _ in solves)
    median = f"{statistics.median(done):.3f}s" if done else "-"
    slowest = f"{max(done):.3f}s" if done else "-"
    return (f"exact_within_{limit:g}s={len(done) / len(solves):.1%} median_exact={median} slowest_exact={slowest} "
            f"nodes_per_s={nodes / max(spent, 1e-9):,.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--limit", type=float, default=0.5)
    parser.add_argument("--empties", type=int, nargs="+", default=[12, 14, 16])
    parser.add_argument("--base", default="HEAD", help="the earlier commit (default HEAD, the last commit)")
    parser.add_argument("--no-previous", action="store_true", help="time this tree's solver only")
    args = parser.parse_args()
    print(f"a fresh solver per position, full window, {args.limit:g} s each; {load_note()}")
    shares: dict[int, float] = {}
    with previous_tree(args.base) if not args.no_previous else contextlib.nullcontext() as tree:
        earlier = Earlier(tree) if tree is not None else None
        if earlier is not None:
            print(f"beside the solver of {describe(args.base)}")
        for empties in args.empties:
            states = fixed_positions(empties, args.positions)
            mine: list[Solve] = []
            theirs: list[Solve] = []
            for state in states:
                mine.append(timed_solve(state, -64, 64, args.limit))
                if earlier is not None:
                    theirs.append(earlier.solve(state, -64, 64, args.limit))
            wld = [timed_solve(s, -1, 1, args.limit)[0] for s in states]
            shares[empties] = sum(ok for ok, _, _ in mine) / len(states)
            print(f"ENDGAME empties={empties} positions={len(states)} {summary(mine, args.limit)} "
                  f"wld_within_{args.limit:g}s={sum(wld) / len(states):.1%}", flush=True)
            if theirs:
                both = [(a[1], b[1]) for a, b in zip(mine, theirs) if a[0] and b[0]]
                ratio = f"{sum(a for a, _ in both) / sum(b for _, b in both):.2f}" if both else "-"
                print(f"  previous empties={empties} {summary(theirs, args.limit)} "
                      f"time_ratio_this/previous={ratio} (on the {len(both)} both solved)", flush=True)
        if earlier is not None:
            earlier.close()
    if TARGET_EMPTIES in shares:
        share = shares[TARGET_EMPTIES]
        print(f"RESULT othello_endgame empties={TARGET_EMPTIES} exact_within_{args.limit:g}s={share:.1%} "
              f"target={TARGET_SHARE:.0%} {'PASS' if share >= TARGET_SHARE else 'FAIL'}")


if __name__ == "__main__":
    main()
